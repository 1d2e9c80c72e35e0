/**
 * One way of answering `--help`/`-h` (the command's flags with their
 * defaults) and `--version`/`-v` for every command (play, replay, sim,
 * fuzz, validate, schema, bench, soak), and of reading a command's line
 * with them: its flags by the one parser (parse_flags.ts), a mistake said
 * in one line followed by the usage.
 *
 * @module
 */
import { wrapText } from "../ui/mod.ts";
import { askedFor, UsageError } from "./parse_flags.ts";
import { say as sayLine, sayOut } from "./say.ts";
import { VERSION } from "./version.ts";

/** A command as `--help` describes it. */
export interface CommandHelp {
  /** As in `delve NAME: …` before a mistake. */
  readonly name: string;
  /** What it does, in a line or two. */
  readonly about: string;
  /** `Usage: …` and every flag with its default; `HELP_USAGE` (parse_flags.ts) closes it. */
  readonly usage: string;
}

/** The width help is written for: the narrowest terminal Delve plays in. */
export const HELP_COLUMNS = 80;

/** What `--help` prints for `command`: the about text wrapped to {@link HELP_COLUMNS}, then the usage. */
export function helpText(command: CommandHelp): string {
  return `${wrapText(command.about.replaceAll("\n", " "), HELP_COLUMNS).join("\n")}\n\n${command.usage}`;
}

/**
 * What `--version` prints: Delve's version, and the Deno it runs on (`deno
 * task play` runs the game on the `deno` PATH finds: see launch.ts).
 */
export function versionText(): string {
  return `delve ${VERSION} (deno ${Deno.version.deno})`;
}

/** Where a command's lines go (the console by default; tests collect them). */
export interface CommandOutput {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/** What a command line asks: to run with these flags, or to exit with this status (answered or refused). */
export type CommandLine<T> = { readonly run: T } | { readonly exit: number };

/**
 * Reads `command`'s line `args`: help or the version is printed to stdout
 * (exit 0); otherwise `read` parses the flags. A mistake is said in one
 * line, `delve NAME: …`, followed by the usage (exit 2).
 */
export function readCommandLine<T>(
  command: CommandHelp,
  args: readonly string[],
  read: () => T,
  output: CommandOutput = { out: sayOut, err: sayLine },
): CommandLine<T> {
  const asked = askedFor(args);
  if (asked) {
    output.out(asked === "help" ? helpText(command) : versionText());
    return { exit: 0 };
  }
  try {
    return { run: read() };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    output.err(`delve ${command.name}: ${e.message}\n${command.usage}`);
    return { exit: 2 };
  }
}
