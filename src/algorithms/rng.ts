/**
 * Seeded random numbers whose whole state is a plain array, so it can live in
 * the game state, travel to a worker and go into a save.
 *
 * @module
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { JumpableRandomGenerator } from "pure-rand/types/JumpableRandomGenerator";
import { MAX_SEED } from "./seed.ts";

/** The serialisable state of an {@link Rng}: four 32-bit integers. */
export type RngState = readonly number[];

/** A seeded generator. Draw from it, then store {@link Rng.state} back. */
export class Rng {
  #gen: JumpableRandomGenerator;

  private constructor(gen: JumpableRandomGenerator) {
    this.#gen = gen;
  }

  /** A generator started from `seed` (an integer in [0, {@link MAX_SEED}]). */
  static fromSeed(seed: number): Rng {
    if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
      throw new RangeError(`seed must be an integer in [0, ${MAX_SEED}]`);
    }
    return new Rng(xoroshiro128plus(seed | 0));
  }

  /** A generator that continues from a state saved by {@link Rng.state}. */
  static fromState(state: RngState): Rng {
    return new Rng(xoroshiro128plusFromState(state));
  }

  /** A uniformly drawn integer in [lo, hi], both ends included. */
  int(lo: number, hi: number): number {
    return uniformInt(this.#gen, lo, hi);
  }

  /** A copy of the current state, to store in the game state. */
  state(): number[] {
    return [...this.#gen.getState()];
  }
}
