/**
 * The AI worker as the rest of the program sees it: who plays the player's
 * commands (with the monsters in the worker, which keeps its own copy of
 * the game, restarted and replaced by in-process play when it fails; or all
 * in-process).
 *
 * @module
 */
export {
  AI_WORKER_OPTIONS,
  AI_WORKER_URL,
  WORKER_STARTUP_MS,
  WORKER_TIMEOUT_MS,
  WorkerRunner,
  type WorkerRunnerOptions,
} from "./client.ts";
export { CHECK_EVERY } from "./checksum_schedule.ts";
export {
  InProcessRunner,
  isLostTurn,
  type LostTurn,
  type MonsterRunner,
  type TurnOutcome,
  type WorkerFault,
} from "./runner.ts";
export { EVERY_TURN, SERVER_TURNS, TERMINAL_TURNS, type TurnKind, TurnPolicy } from "./turn_policy.ts";
export { WorkerStats } from "./worker_stats.ts";
export { handleToWorker } from "./handler/mirror.ts";
export type { WorkerMemory } from "./handler/mirror.ts";
export type { FromWorker, ToWorker } from "./protocol.ts";
export { PARK_ACTIVE_MS, PARK_SLICE_MS } from "./connection.ts";
export { takeMessage, type WorkerBell } from "./doorbell.ts";
export { ChannelEnd, openWorkerEnd } from "./channel.ts";
