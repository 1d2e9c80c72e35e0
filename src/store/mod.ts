/**
 * What Delve keeps on disk, and every file it reads back as hostile input: saves (their
 * format, schema and checks), replays' file format, high scores, morgue files, the options
 * file, locks, the paths the game writes and the grants they need, and the helpers all of
 * them share (atomic writes, gzip, bounded reading).
 *
 * @module
 */
export { LockRefused, lockSave, tryLock, withLock } from "./file_lock.ts";
export { addHighScore, readScores, SCORES_LIMITS, ScoresNotWritten } from "./high_scores.ts";
export { MORGUE_REPLAY_EXT, writeMorgue, writeMorgueReplay, writeReplayBeside } from "./morgue_file.ts";
export { defaultOptionsPath, defaultSaveDir, KEPT_FOLDER_NAME, TEMP_SUFFIX } from "./default_places.ts";
export {
  DEFAULT_OPTIONS,
  optionsJsonSchema,
  optionsText,
  parseOptions,
  readOptions,
  saveOptionsFile,
} from "./options_file.ts";
export { briefly } from "./os_error.ts";
export { BUNDLED_DATA_DIR, userDir, xdgBase } from "./paths.ts";
export {
  continueRecording,
  decodeRecording,
  playRecording,
  record,
  recordedData,
  REPLAY_LIMITS,
  REPLAY_VERSION,
  ReplayError,
  replaySteps,
  startRecording,
} from "./replay_format.ts";
export type { Command, Recording } from "./replay_format.ts";
export {
  bundledArchive,
  bundledData,
  bundledFolders,
  type DataFound,
  DataShelf,
  type FoundData,
} from "./data_shelf.ts";
export {
  checksumNamedBy,
  type KeptVersion,
  namedNow,
  VERSION_FILE_VERSION,
  VERSION_FORMAT,
  VERSION_LIMITS,
  versionFile,
  versionFromJson,
  type VersionReader,
  VersionRefused,
  type VersionStore,
} from "./data_versions.ts";
export { FolderVersions, VersionArchive, VERSIONS_FOLDER_NAME } from "./version_folder.ts";
export {
  deleteSave,
  gzip,
  keepUnreadable,
  LinkRefused,
  makeOwnFolder,
  readJsonFile,
  readSave,
  SAVE_LIMITS,
  writeFileAtomic,
  writeSave,
} from "./save_file.ts";
export type { SaveRead } from "./save_file.ts";
export {
  type DailyMark,
  type DataStamp,
  dataStamp,
  decodeSave,
  encodeSave,
  SAVE_VERSION,
  savedReplay,
  SaveError,
  summarizeSave,
} from "./save_format.ts";
export {
  abandonQuestion,
  examineSave,
  type SavedGame,
  savedGameLine,
  setAsideQuestion,
  whyNotLoaded,
} from "./saved_game.ts";
export {
  checkGrants,
  checkPlaces,
  grantFolder,
  grantsFor,
  LOCK_SUFFIX,
  NO_SAVE_PLACE,
  PlaceRefused,
  playFiles,
} from "./write_paths.ts";
