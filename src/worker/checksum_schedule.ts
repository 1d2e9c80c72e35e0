/**
 * When the worker's copy is compared with the game by checksum: every
 * `checkEvery` commands told to it, on the first of each floor (which it
 * made itself), and when the app asks (after a command the worker should
 * have thought of but had not: a worker that died is found so). Between
 * those, every answer's checks and its game after the turn are compared
 * (engine `turnDigest`), and the game here for changes the worker was not told
 * of (`fingerprint.ts`).
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
  #wanted = false;

  constructor(readonly checkEvery: number = CHECK_EVERY) {}

  /** The copy was just sent the game, or compared with it, on `floor`. */
  compared(floor: number): void {
    this.#since = 0;
    this.#floor = floor;
    this.#wanted = false;
  }

  /** A command was told to the copy. */
  told(): void {
    this.#since++;
  }

  /** A comparison is wanted as soon as it can be made. */
  want(): void {
    this.#wanted = true;
  }

  /** Whether the copy, on `floor`, is due to be compared. */
  due(floor: number): boolean {
    return this.#wanted || this.#since >= this.checkEvery || floor !== this.#floor;
  }
}
