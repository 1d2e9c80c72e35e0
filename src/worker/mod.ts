/**
 * The AI worker as the rest of the program sees it: who plays the player's
 * commands (with the monsters in the worker, which keeps its own copy of
 * the game and thinks ahead of the player, replaced by in-process play when
 * it fails; or all in-process), and the worker's own side, which
 * `workers/ai_worker.ts` runs. The messages between them are protocol.ts's.
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
export { commandKey, keyOf } from "./command_key.ts";
export { LOADS_TRIED, WorkerConnection } from "./connection.ts";
export {
  InProcessRunner,
  isLostTurn,
  type LostTurn,
  type MonsterRunner,
  type TurnOutcome,
  type WorkerFault,
} from "./runner.ts";
export { EVERY_TURN, SERVER_TURNS, TurnPolicy, type TurnWhere } from "./turn_policy.ts";
export { type ByKind, total, type TurnKind, WorkerStats } from "./worker_stats.ts";
export { Thinker, type ThinkerThread } from "./handler/thinker.ts";
export { WarmUp } from "./handler/warm_up.ts";
export type { Answer, FromWorker, MirrorState, ToWorker, WalkAhead } from "./protocol.ts";
export { mirrorOf } from "./protocol.ts";
export { PHASE_US_PER_CELL, PHASE_US_PER_MONSTER, phaseEstimateUs } from "./phase_estimate.ts";
