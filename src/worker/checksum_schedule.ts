/**
 * When the worker's copy is compared with the game by checksum: every
 * `checkEvery` of the worker's turns, and on the first turn of each floor
 * it made itself (each side sums itself as the command found it, at the
 * same time; the message log aside, which the copy does not keep). Between
 * those turns every answer is checked for the turn count and the number of
 * entities, and the game here for changes the worker was not told of
 * (`fingerprint.ts`).
 *
 * @module
 */

/** How often the copies are compared by checksum, by default. */
export const CHECK_EVERY = 100;

/** See the module's comment. */
export class ChecksumSchedule {
  #since = 0;
  /** The floor of the last checksum (or copy sent). */
  #floor = 0;

  constructor(readonly checkEvery: number = CHECK_EVERY) {}

  /** The copy was just sent the game, on `floor`: as good as a checksum. */
  loaded(floor: number): void {
    this.#since = 0;
    this.#floor = floor;
  }

  /** Whether the worker's next turn, on `floor`, carries a checksum (counted as asked). */
  due(floor: number): boolean {
    const check = ++this.#since >= this.checkEvery || floor !== this.#floor;
    if (check) this.loaded(floor);
    return check;
  }
}
