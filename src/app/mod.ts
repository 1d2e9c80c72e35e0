/**
 * The program the player runs: command line, the title and the game loop, saves,
 * scores, morgue files and exits that restore the terminal.
 *
 * @module
 */
export { loadDataOr, readEnv } from "./data_dir.ts";
export { CRASH_EXIT, crashMessage, guardExits } from "./exit_guard.ts";
export { HELP_USAGE, intFlag, parseFlags, pathFlag, readCommandLine, UsageError } from "./flags.ts";
export type { CommandOutput } from "./flags.ts";
export { GameSession } from "./game_session.ts";
export { readScores } from "./high_scores.ts";
export { optionsJsonSchema } from "./options_file.ts";
export { readPlayerOptions } from "./player_options.ts";
export { debugging, main, randomSeed } from "./main.ts";
export { runLaunch } from "./launch.ts";
export { type ReplayPace, showReplay } from "./replay_show.ts";
export { BUNDLED_DATA_DIR, userDir } from "./paths.ts";
export { DelveProgram } from "./program.ts";
export {
  decodeRecording,
  playRecording,
  record,
  REPLAY_LIMITS,
  ReplayError,
  replaySteps,
  startRecording,
} from "./replay_format.ts";
export type { Command, Recording } from "./replay_format.ts";
export { bundledDataWith } from "./save_data.ts";
export { gzip, readJsonFile, readSave, writeFileAtomic, writeSave } from "./save_file.ts";
export { VERSION } from "./version.ts";
export type { SaveRead } from "./save_file.ts";
export { dataStamp, decodeSave, encodeSave, SaveError } from "./save_format.ts";
export { examineSave, savedGameLine, whyNotLoaded } from "./saved_game.ts";
export { say, sayJson, sayOut } from "./say.ts";
export {
  DEFAULT_PALETTE,
  drawnThings,
  knownPalette,
  type PaletteCheck,
  paletteCheck,
  paletteChoices,
  paletteIds,
  paletteName,
  themeFromContent,
} from "./theme_from_content.ts";
