/**
 * The commands a user runs besides play: `sim`, `replay`, `validate`, `palettes` and `serve`.
 *
 * @module
 */
export { readRecording, replayMain } from "./replay.ts";
export { type FloorRow, floorRows, floorTable } from "./replay_floors.ts";
export { type GameResult, simulate } from "./sim/simulate.ts";
export { parseServeArgs, SERVE_HELP } from "./serve_flags.ts";
export type { ServeCommand } from "./serve_flags.ts";
export { bundleWorker, launchArgs, serveArgs, workerBundlePath } from "./serve_launch.ts";
export { palettesCommand } from "./palettes.ts";
export { balanceCharts, quantile, wilsonInterval } from "./sim/balance_charts.ts";
export { simulateInWorkers, simulateSerially } from "./sim/jobs.ts";
export { escapeHtml, reportPage } from "./sim/report_page.ts";
export { simCommand } from "./sim.ts";
export { balanceReport } from "./sim/balance_report.ts";
