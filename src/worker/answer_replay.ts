/**
 * One answer of the AI worker replayed on the game, after the player's half
 * of the turn: its checks against the game first, then its moves decoded
 * and made with the engine's own functions, the RNG set as the worker left
 * it, the turn finished, and the game after it checked against the
 * worker's copy after it (`turn_digest.ts`).
 *
 * @module
 */
import { finishTurn, type GameEvent, type GameState, MoveReplay, type Rules } from "../engine/mod.ts";
import { decodeMoves, type EncodedMoves } from "./moves.ts";
import type { Checks } from "./protocol.ts";
import { turnDigest } from "./turn_digest.ts";

/** What came of a replay. */
export type Replayed =
  /** The monsters' turn is played, and the turn finished: its events. */
  | { readonly kind: "played"; readonly events: GameEvent[] }
  /** The answer does not fit the game, found before any of its moves was made: the game is as it was. */
  | { readonly kind: "unfit" }
  /** The answer stopped fitting once some of its moves were made, or its game after differs. */
  | { readonly kind: "broken"; readonly why: string };

/**
 * Replays `moves` on `state`, the player's half of the turn played, and
 * sets the RNG to `rng`. The turn is finished (engine `finishTurn`) only
 * when it is played whole.
 */
export function replayAnswer(
  state: GameState,
  rules: Rules,
  moves: EncodedMoves,
  checks: Checks,
  rng: number[],
): Replayed {
  if (checks.turn !== state.turn || checks.entities !== state.entities.length) return { kind: "unfit" };
  const replay = new MoveReplay(state, rules);
  let decoded;
  try {
    decoded = decodeMoves(moves, replay.byId);
  } catch {
    // A move this game cannot hold: the copy is not this game.
    return { kind: "unfit" };
  }
  try {
    replay.apply(decoded);
    replay.finish();
  } catch (e) {
    return { kind: "broken", why: `its moves stopped fitting the game: ${(e as Error).message}` };
  }
  state.rng = rng;
  const events = finishTurn(state, rules, replay.events);
  if (turnDigest(state) !== checks.after) return { kind: "broken", why: "the game after its moves differs" };
  return { kind: "played", events };
}
