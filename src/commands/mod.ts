/**
 * The commands a user runs besides play: `sim`, `replay`, `validate`, `palettes` and `serve`.
 *
 * @module
 */
export { readRecording } from "./replay.ts";
export { simulate } from "./sim/simulate.ts";
export { parseServeArgs, SERVE_HELP } from "./serve_flags.ts";
export type { ServeCommand } from "./serve_flags.ts";
export { bundleWorker, launchArgs, serveArgs, workerBundlePath } from "./serve_launch.ts";
