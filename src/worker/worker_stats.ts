/**
 * What a worker runner did, counted as it plays: for tests that must know
 * where each turn's monsters were decided, and for the tools and benches
 * that report it.
 *
 * @module
 */
import type { Answer } from "./protocol.ts";

/** What kind of command a turn was: a step or a wait of the player's, a walk's step, or another. */
export type TurnKind = "step" | "wait" | "walk" | "other";

/** A count for each kind of turn. */
export type ByKind = Record<TurnKind, number>;

const none = (): ByKind => ({ step: 0, wait: 0, walk: 0, other: 0 });

/** A worker runner's counts; see each. */
export class WorkerStats {
  /** Turns whose monsters came from an answer thought ahead, by kind. */
  readonly aheadTurns: ByKind = none();
  /** Turns whose answer was asked of the worker and waited for, by kind. */
  readonly askedTurns: ByKind = none();
  /** Turns whose monsters were decided here, by kind. */
  readonly hereTurns: ByKind = none();
  /** Milliseconds the worker spent on the answers used, as it measured. */
  workerMs = 0;
  /** Of those, its monster phases alone. */
  workerPhaseMs = 0;
  /** Answers the worker sent (used or not). */
  answers = 0;
  /** Milliseconds the worker has been busy in all, as it last said. */
  busyMs = 0;
  /** Copies of the game sent to the worker. */
  loads = 0;
  /** Walk steps among `aheadTurns` whose answer came while the step waited for it. */
  waited = 0;

  /** Turns the worker answered, thought ahead or asked. */
  get workerTurns(): number {
    return total(this.aheadTurns) + total(this.askedTurns);
  }

  /** Counts a turn of `kind` played with an answer thought ahead. */
  ahead(kind: TurnKind, answer: Answer): void {
    this.aheadTurns[kind]++;
    this.#used(answer);
  }

  /** Counts a turn of `kind` played with an answer asked for. */
  asked(kind: TurnKind, answer: Answer): void {
    this.askedTurns[kind]++;
    this.#used(answer);
  }

  /** Counts a turn of `kind` whose monsters played here. */
  here(kind: TurnKind): void {
    this.hereTurns[kind]++;
  }

  /** Notes an answer as it came. */
  thought(answer: Answer): void {
    this.answers++;
    this.busyMs = Math.max(this.busyMs, answer.busyMs);
  }

  #used(answer: Answer): void {
    this.workerMs += answer.computeMs;
    this.workerPhaseMs += answer.phaseMs;
  }
}

/** The sum of `counts`. */
export function total(counts: ByKind): number {
  return counts.step + counts.wait + counts.walk + counts.other;
}
