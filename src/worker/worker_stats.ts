/**
 * What a worker runner did, counted as it plays: for tests that must know
 * the worker took the turns, and for the tools and benches that report it.
 *
 * @module
 */

/** A worker runner's counts; see each. */
export class WorkerStats {
  /** Turns the worker answered. */
  workerTurns = 0;
  /** Milliseconds the worker spent on them, as it measured. */
  workerMs = 0;
  /** Of those, its monster phases alone. */
  workerPhaseMs = 0;
  /** Copies of the game sent to the worker. */
  loads = 0;
  /** Turns played here, the worker's copy left behind (the turn policy's "here"). */
  hereTurns = 0;

  /** Counts a turn the worker answered, with its own clock's figures. */
  answered(computeMs: number, phaseMs: number): void {
    this.workerTurns++;
    this.workerMs += computeMs;
    this.workerPhaseMs += phaseMs;
  }
}
