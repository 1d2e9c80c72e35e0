/**
 * A quick digest of what a turn changes: the counters, the RNG streams, and
 * every entity's place, HP and energy. The worker sends it with each answer,
 * taken of its copy after the turn, and the app takes it of the game after
 * replaying the answer's moves: a difference undoes the turn (it is played
 * again in-process), so a wrong answer never changes the game. It costs a
 * pass over the floor's entities, where the full digest (engine
 * state_digest.ts), compared every hundred turns, walks the whole game.
 *
 * @module
 */
import type { GameState } from "../engine/mod.ts";

const OFFSET = 0x811c9dc5, PRIME = 0x01000193;

function mix(h: number, n: number): number {
  return Math.imul(h ^ (n | 0), PRIME);
}

/** See the module's comment. */
export function turnDigest(state: GameState): number {
  let h = mix(mix(mix(mix(OFFSET, state.turn), state.ticks ?? -1), state.floor), state.nextId);
  for (const n of state.rng) h = mix(h, n);
  for (const n of state.rolls ?? []) h = mix(h, n);
  h = mix(h, state.entities.length);
  for (const e of state.entities) {
    h = mix(mix(mix(mix(h, e.id), e.x), e.y), e.fighter?.hp ?? -1);
    h = mix(h, e.energy ?? -1);
  }
  return h >>> 0;
}
