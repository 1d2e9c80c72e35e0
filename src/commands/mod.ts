/**
 * The commands a user runs besides play: `sim`, `replay` and `validate`.
 *
 * @module
 */
export { readRecording } from "./replay.ts";
export { simulate } from "./sim/simulate.ts";
