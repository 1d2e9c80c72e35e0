/**
 * The game as the worker's copy was left: what it is made of (the same
 * objects) and the numbers a command changes. A game that no longer
 * matches was changed by something the worker did not see (a test, a tool,
 * a game loaded), and is sent again.
 *
 * @module
 */
import { type Entity, type GameMap, type GameState, playerOf } from "../engine/mod.ts";

/** See the module's comment. */
export interface Fingerprint {
  readonly state: GameState;
  readonly map: GameMap;
  readonly entities: readonly Entity[];
  readonly count: number;
  readonly turn: number;
  readonly floor: number;
  readonly nextId: number;
  readonly rng: string;
  /** The player as JSON: what tests and tools most often change by hand. */
  readonly player: string;
}

/** `state`'s fingerprint as it is now. */
export function fingerprint(state: GameState): Fingerprint {
  const { map, entities, turn, floor, nextId } = state;
  const player = JSON.stringify(playerOf(state));
  return { state, map, entities, count: entities.length, turn, floor, nextId, rng: state.rng.join(), player };
}

/** Whether `state` is still the game `f` was taken of. */
export function matches(f: Fingerprint, state: GameState): boolean {
  return f.state === state && f.map === state.map && f.entities === state.entities &&
    f.count === state.entities.length && f.turn === state.turn && f.floor === state.floor &&
    f.nextId === state.nextId && f.rng === state.rng.join() && f.player === JSON.stringify(playerOf(state));
}
