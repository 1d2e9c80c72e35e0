/**
 * The monsters' moves in shared memory: the worker writes each part's
 * numbers into a buffer the app also holds, and the message says only where
 * they lie. Why: a message carrying an array buffer is slow to take here
 * (about 0.36 ms for the 28 KB of a thousand moves, moved or copied alike),
 * where a message of a few numbers takes a few microseconds.
 *
 * An answer's parts are written one after another from the start of the
 * buffer; the next command starts it again, once the app has replayed the
 * whole of the last answer (it asks nothing before). The buffer grows as a
 * turn needs, up to `MAX_MOVE_BYTES`; a part that does not fit then travels
 * in its message as before.
 *
 * @module
 */
import type { EncodedMoves } from "./moves.ts";

/** Moves whose numbers wait in the shared buffer, from `at`, `length` of them. */
export interface PlacedMoves {
  readonly at: number;
  readonly length: number;
  readonly objects: EncodedMoves["objects"];
}

/** Moves as a message carries them: their numbers, or where they lie in the shared buffer. */
export type WireMoves = EncodedMoves | PlacedMoves;

/** The buffer's first size: a turn of a few thousand moves. */
const FIRST_MOVE_BYTES = 1 << 18;

/** As large as the buffer grows (virtual memory: reserved, not used, until a turn needs it). */
export const MAX_MOVE_BYTES = 1 << 28;

type GrowableBuffer = SharedArrayBuffer & { grow(bytes: number): void; readonly maxByteLength: number };

/** A new growable shared buffer for moves, or undefined where this runtime has none. */
export function newMoveBuffer(
  firstBytes = FIRST_MOVE_BYTES,
  maxBytes = MAX_MOVE_BYTES,
): SharedArrayBuffer | undefined {
  try {
    const make = SharedArrayBuffer as unknown as new (
      bytes: number,
      options: { maxByteLength: number },
    ) => GrowableBuffer;
    const buffer = new make(firstBytes, { maxByteLength: maxBytes });
    return typeof buffer.grow === "function" ? buffer : undefined;
  } catch {
    return undefined;
  }
}

/** One side's view of the shared move buffer. */
export class MoveBuffer {
  /** Tracks the buffer's length as it grows (on either side). */
  readonly #ints: Int32Array;
  #cursor = 0;

  constructor(readonly buffer: SharedArrayBuffer) {
    this.#ints = new Int32Array(buffer);
  }

  /** The worker, as a command comes: the app has replayed every part written before. */
  rewind(): void {
    this.#cursor = 0;
  }

  /** The worker: writes `moves`' numbers after the parts before them; the moves as the message then says them. */
  place(moves: EncodedMoves): WireMoves {
    const at = this.#cursor, length = moves.ints.length, need = (at + length) * 4;
    const buffer = this.buffer as GrowableBuffer;
    if (need > buffer.byteLength) {
      if (need > buffer.maxByteLength) return moves;
      buffer.grow(Math.min(buffer.maxByteLength, Math.max(need, buffer.byteLength * 2)));
    }
    this.#ints.set(moves.ints, at);
    this.#cursor = at + length;
    return { at, length, objects: moves.objects };
  }

  /**
   * The app: the numbers of `moves`, seen where they lie (to be read before
   * the next command, which lets the worker write over them). Throws on a
   * place outside the buffer.
   */
  take(moves: WireMoves): EncodedMoves {
    if ("ints" in moves) return moves;
    const { at, length } = moves;
    if (
      !Number.isInteger(at) || !Number.isInteger(length) || at < 0 || length < 0 ||
      at + length > this.#ints.length
    ) {
      throw new Error(`moves at ${at}+${length} lie outside the shared buffer of ${this.#ints.length}`);
    }
    return { ints: this.#ints.subarray(at, at + length) as Int32Array<ArrayBuffer>, objects: moves.objects };
  }
}
