/**
 * The program the player runs: command line, the title and the game loop, saves,
 * scores, morgue files and exits that restore the terminal.
 *
 * @module
 */
export { loadDataOr, readEnv } from "./data_dir.ts";
export { CRASH_EXIT, crashMessage, guardExits } from "./exit_guard.ts";
export { askedFor, HELP_USAGE, intFlag, parseFlags, pathFlag, readCommandLine, UsageError } from "./flags.ts";
export type { CommandOutput } from "./flags.ts";
export { type ExitReason, GameSession, type GameSessionOptions } from "./game_session.ts";
export { addHighScore, readScores, SCORES_LIMITS, ScoresNotWritten } from "./high_scores.ts";
export {
  DEFAULT_OPTIONS,
  defaultOptionsPath,
  optionsJsonSchema,
  optionsText,
  parseOptions,
  readOptions,
} from "./options_file.ts";
export { readPlayerOptions } from "./player_options.ts";
export { debugging, main, randomSeed } from "./main.ts";
export { GAME_FLAGS, type Launch, launchPlan, runLaunch } from "./launch.ts";
export { type ReplayPace, showReplay } from "./replay_show.ts";
export { BUNDLED_DATA_DIR, userDir } from "./paths.ts";
export { DelveProgram, SaveOnLeavingFailed } from "./program.ts";
export { type DelveOptions } from "./delve_options.ts";
export {
  continueRecording,
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
export {
  gzip,
  keepUnreadable,
  KEPT_FOLDER_NAME,
  LinkRefused,
  readJsonFile,
  readSave,
  SAVE_LIMITS,
  TEMP_SUFFIX,
  writeFileAtomic,
  writeSave,
} from "./save_file.ts";
export { VERSION } from "./version.ts";
export type { SaveRead } from "./save_file.ts";
export {
  dataStamp,
  decodeSave,
  encodeSave,
  SAVE_VERSION,
  savedReplay,
  SaveError,
  summarizeSave,
} from "./save_format.ts";
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
export { parseCli } from "./cli.ts";
export { dailyLine, dailySeed, utcDate } from "./daily.ts";
export { LockRefused, lockSave, tryLock } from "./file_lock.ts";
export { addScoreOf, type RecordPlaces, writeMorgueOf } from "./game_records.ts";
export { runAndLeave } from "./leaving.ts";
export { MORGUE_REPLAY_EXT, writeMorgue } from "./morgue_file.ts";
export { warmUp } from "./warm_up.ts";
export { checkPlaces, LOCK_SUFFIX, PlaceRefused, playFiles } from "./write_paths.ts";
