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
export { AppBell, type BellMessage, canShareMemory, takeMessage, WorkerBell } from "./doorbell.ts";
export { ChannelEnd, type ChannelMessage, openAppEnd, openWorkerEnd, type OwnWay } from "./channel.ts";
export { MoveBuffer, newMoveBuffer, type WireMoves } from "./move_buffer.ts";
export { decodeMoves, type EncodedMoves, encodeMoves, entitiesById, MoveEncoder } from "./moves.ts";
export { PHASE_US_PER_CELL, PHASE_US_PER_MONSTER, phaseEstimateUs } from "./phase_estimate.ts";
export { mirrorOf, type MovesPart } from "./protocol.ts";
