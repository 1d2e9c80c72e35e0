/**
 * One answer of the AI worker, replayed on the game as its parts come: the
 * checks of its first part against the game, then each part's moves
 * decoded and made with the engine's own functions, and why the answer
 * could not be used, if it could not.
 *
 * @module
 */
import { type GameEvent, type GameState, type MonsterMove, MoveReplay, type Rules } from "../engine/mod.ts";
import { decodeMoves, type EncodedMoves } from "./moves.ts";
import type { Checks } from "./protocol.ts";
import type { WorkerFault } from "./runner.ts";

/**
 * The moves of one answer, replayed on the game a part at a time as they
 * come, once the copy's checks agree with the game; none if they do not.
 */
export class AnswerReplay {
  #replay: MoveReplay | undefined;
  /** Whether the answer's checks agreed with the game (on its first part). */
  #agreed = false;
  #parts = 0;
  /** Why the answer cannot be used, if it cannot (some of it may have been replayed: {@link started}). */
  fault: WorkerFault | undefined;
  /**
   * A part that did not fit the game after others had been replayed: the
   * game is then half way through the monsters' turn.
   */
  broken: Error | undefined;

  constructor(readonly state: GameState, readonly rules: Rules, readonly sum: number | undefined) {}

  /**
   * Builds the replay (its index of who stands where, the order monsters
   * act in) while the app waits for the first part, not after it: it
   * changes nothing in the game, so an answer found wrong loses nothing.
   */
  prepare(): MoveReplay {
    return this.#replay ??= new MoveReplay(this.state, this.rules);
  }

  /** Replays `moves` (the next part), if the answer can still be used. */
  part(moves: EncodedMoves, checks: Checks): void {
    if (this.fault || this.broken) return;
    const { state } = this;
    if (!this.#agreed) {
      const agrees = checks.sum === this.sum && checks.turn === state.turn &&
        checks.entities === state.entities.length;
      if (!agrees) {
        this.fault = "diverged";
        return;
      }
      this.#agreed = true;
    }
    const replay = this.prepare();
    let decoded: MonsterMove[];
    try {
      decoded = decodeMoves(moves, replay.byId);
    } catch (e) {
      // A move this game cannot hold: the copy is not this game.
      if (this.#parts === 0) this.fault = "diverged";
      else this.broken = stoppedFitting(e);
      return;
    }
    try {
      replay.apply(decoded);
    } catch (e) {
      // A move out of the scheduler's turn: the game may be half way through the monsters' turn.
      this.broken = stoppedFitting(e);
      return;
    }
    this.#parts++;
  }

  /** Ends the replayed phase (the end of its turns: statuses, regeneration, energy), after its last part. */
  finish(): void {
    if (this.fault || this.broken || !this.#agreed) return;
    try {
      this.prepare().finish();
    } catch (e) {
      this.broken = stoppedFitting(e);
    }
  }

  /** Whether any of the answer's moves were made on the game. */
  get started(): boolean {
    return this.#parts > 0;
  }

  /** What the moves replayed did. */
  get events(): GameEvent[] {
    return this.#replay?.events ?? [];
  }
}

/** Why a replay broke off half way: a move of the answer that did not fit the game. */
function stoppedFitting(e: unknown): Error {
  return new Error(`the AI worker's moves stopped fitting the game: ${(e as Error).message}`);
}
