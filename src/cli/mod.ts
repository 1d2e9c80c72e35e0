/**
 * The kit every entry point uses (the game, its launcher, the server, `sim` and the other
 * commands, the tools): flags and help text, one-line output, exit codes and the guard that
 * runs the clean-up on every way out, the version, and the data folder a command plays by.
 *
 * @module
 */
export { loadDataOr, type LoadedData, readEnv } from "./data_dir.ts";
export { CRASH_EXIT, crashMessage, guardExits, notSavedLine, saveThenRestore } from "./exit_guard.ts";
export { helpText, readCommandLine, versionText } from "./flags.ts";
export type { CommandOutput } from "./flags.ts";
export {
  askedFor,
  HELP_USAGE,
  intFlag,
  MAX_FLAG_VALUE,
  parseFlags,
  pathFlag,
  pathFlags,
  UsageError,
} from "./parse_flags.ts";
export { say, sayJson, sayOut } from "./say.ts";
export { shownValue } from "../text/mod.ts";
export { VERSION } from "./version.ts";
