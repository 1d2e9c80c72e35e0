/**
 * A quick digest of the game state for comparing two live copies of it (the
 * game and the AI worker's copy). It walks the state in place, allocating
 * nothing, where `stateChecksum` writes the whole state out as sorted JSON;
 * it is for a question asked every hundred turns, not for replays, whose
 * recorded sums must stay `stateChecksum`'s.
 *
 * @module
 */
import type { GameState } from "./state.ts";

const OFFSET = 0x811c9dc5, PRIME = 0x01000193;
const NUMBER = new Float64Array(1), NUMBER_WORDS = new Uint32Array(NUMBER.buffer);

/** Murmur3's finaliser: spreads every input bit over the output, so sums of finished hashes stay distinct. */
function finish(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function mix(h: number, n: number): number {
  return Math.imul(h ^ n, PRIME);
}

function text(h: number, value: string): number {
  for (let i = 0; i < value.length; i++) h = mix(h, value.charCodeAt(i));
  return mix(h, 0x10000 + value.length);
}

function bytes(h: number, value: ArrayBufferView): number {
  const view = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  for (let i = 0; i < view.length; i++) h = mix(h, view[i]);
  return mix(h, 0x20000);
}

/**
 * `value` mixed into `h`. Object keys count in any order (each key's hash is
 * summed), as a loaded game builds its objects in another order than a
 * played one; a key whose value is undefined counts as absent, as in JSON.
 */
function digest(h: number, value: unknown): number {
  switch (typeof value) {
    case "number":
      NUMBER[0] = value;
      return mix(mix(mix(h, 1), NUMBER_WORDS[0]), NUMBER_WORDS[1]);
    case "string":
      return text(mix(h, 2), value);
    case "boolean":
      return mix(h, value ? 3 : 4);
    case "object": {
      if (value === null) return mix(h, 5);
      if (ArrayBuffer.isView(value)) return bytes(mix(h, 6), value);
      if (Array.isArray(value)) {
        h = mix(h, 7);
        for (const item of value) h = digest(h, item);
        return mix(h, 0x30000 + value.length);
      }
      let sum = 0;
      const object = value as Record<string, unknown>;
      for (const key in object) {
        const field = object[key];
        if (field !== undefined) sum = (sum + finish(digest(text(OFFSET, key), field))) | 0;
      }
      return mix(mix(h, 8), sum);
    }
    default:
      return mix(h, 9);
  }
}

/** The state's digest, message log left out (the worker's copy keeps none). */
export function stateDigest(state: GameState): number {
  const { log: _log, ...rest } = state;
  return finish(digest(OFFSET, rest)) >>> 0;
}

/** The digest of one value of the state (an entity, the chronicle), as `stateDigest` counts it. */
export function valueDigest(value: unknown): number {
  return finish(digest(OFFSET, value)) >>> 0;
}

function mixInt(h: number, n: number): number {
  return Math.imul(h ^ (n | 0), PRIME);
}

/**
 * A quick digest of what a turn changes: the counters, the RNG streams, and
 * every entity's place, HP and energy. The AI worker sends it with each
 * answer, taken of its copy before and after the turn, and the app takes it
 * of its own game: a pass over the floor's entities, where
 * {@link stateDigest} walks the whole game.
 */
export function turnDigest(state: GameState): number {
  let h = mixInt(mixInt(mixInt(mixInt(OFFSET, state.turn), state.ticks ?? -1), state.floor), state.nextId);
  for (const n of state.rng) h = mixInt(h, n);
  for (const n of state.rolls ?? []) h = mixInt(h, n);
  h = mixInt(h, state.entities.length);
  for (const e of state.entities) {
    h = mixInt(mixInt(mixInt(mixInt(h, e.id), e.x), e.y), e.fighter?.hp ?? -1);
    h = mixInt(h, e.energy ?? -1);
  }
  return h >>> 0;
}
