/**
 * Which turns are asked of the AI worker: a turn whose monster phase is
 * estimated (phase_estimate.ts) too small to be worth the hand-off plays in
 * the app's own thread (asking, the worker's copy is then left behind, and
 * sent the game again when a larger turn comes; a worker not started yet is
 * not started for it). Two thresholds with hysteresis: a turn goes to the
 * worker from `toWorkerUs`, and once the copy follows (as it always does
 * when thinking ahead), it keeps going to the worker down to `backHereUs`,
 * so that a floor near the line does not send the game again and again.
 *
 * @module
 */
import type { GameState } from "../engine/mod.ts";
import { phaseEstimateUs } from "./phase_estimate.ts";

/** Where a turn plays: here, the worker's copy left behind; or by the worker, its moves replayed here. */
export type TurnWhere = "here" | "worker";

/** The turn policy: see the module's comment. */
export class TurnPolicy {
  /** `backHereUs` is kept at most `toWorkerUs`. */
  constructor(readonly toWorkerUs: number, readonly backHereUs: number = toWorkerUs) {
    this.backHereUs = Math.min(backHereUs, toWorkerUs);
  }

  /** Where a turn of `state` plays, `following` whether the worker's copy is the game as it is. */
  kind(state: GameState, following: boolean): TurnWhere {
    // Every turn to the worker: no estimate to make.
    if (this.toWorkerUs <= 0) return "worker";
    return this.kindAt(phaseEstimateUs(state), following);
  }

  /** Where a turn whose phase is estimated at `estimateUs` plays. */
  kindAt(estimateUs: number, following: boolean): TurnWhere {
    return estimateUs < (following ? this.backHereUs : this.toWorkerUs) ? "here" : "worker";
  }
}

/** Every turn through the worker (tests, tools and benches compare its game with in-process play). */
export const EVERY_TURN: TurnPolicy = new TurnPolicy(0);

/**
 * The server's games share one thread, which waits for a worker's answer in
 * its event loop playing the others meanwhile: a phase of half a
 * millisecond or more goes to the worker, a smaller one costing this thread
 * less played here than its hand-off and the replay of its moves.
 */
export const SERVER_TURNS: TurnPolicy = new TurnPolicy(500, 250);
