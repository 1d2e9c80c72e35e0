/**
 * What a seed is: an unsigned 32-bit integer. Apart from the generator
 * (rng.ts) because the launcher checks a `--seed` with it and loads nothing
 * else of the algorithms (src/app/play_flags.ts).
 *
 * @module
 */

/** The largest seed accepted; seeds are unsigned 32-bit integers. */
export const MAX_SEED = 0xffff_ffff;
