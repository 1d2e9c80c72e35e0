/**
 * The game as data: reading untrusted files within limits, checking `data/*.json`
 * against its schemas and turning it into the rules and templates the engine plays.
 *
 * @module
 */
export { FLOOR_TRIAL_SEEDS, floorTrialProblems, trialSeeds } from "./floor_trials.ts";
export { jsonSchemaFiles } from "./json_schemas.ts";
export { DATA_LIMITS, MAP_BUDGET, NAME_LIMITS, REACHABLE, WORK_LIMITS } from "./limits.ts";
export { contentOfJson, loadContent, parseColor } from "./load_content.ts";
export type { Content, DataJson, LoadOptions, ModFolder, ModStamp } from "./load_content.ts";
export { contentOfVersion, type DataLook, lookOf } from "./data_version.ts";
export { ContentError, describeValue } from "./problems.ts";
export { parseToFirstProblem } from "./first_problem.ts";
export { THING_ROLES, VISIONS } from "./palettes_schema.ts";
export type { PaletteConfig, Palettes, Vision } from "./palettes_schema.ts";
export {
  check as checkJson,
  DATA_FILE_MAX_BYTES,
  DATA_FILE_MAX_DEPTH,
  DATA_FILE_MAX_KEYS,
  DATA_FILE_MAX_VALUES,
} from "./read_json.ts";
export {
  diceSchema,
  effectSchema,
  equippableSchema,
  glyphSchema,
  idSchema,
  itemPartSchema,
  textSchema,
} from "./schemas.ts";
export { isSystemPathRefusal, readBoundedFile, SYSTEM_PATH } from "./bounded_file.ts";
export {
  bytesInWords,
  describeJsonProblem,
  heldBytes,
  parseUntrustedJson,
  readUntrustedJson,
  untrustedJsonOf,
} from "./untrusted_json.ts";
export type { JsonLimits } from "./untrusted_json.ts";
export { scanJson } from "./json_scan.ts";
