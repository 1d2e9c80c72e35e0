/**
 * A share of a thread's time that many showings spend between them: it
 * fills at a steady rate up to a small reserve, each spends what its work
 * took, and one that finds it overdrawn waits until it has filled again.
 *
 * @module
 */

/** The thread's time a share allows: so many ms a second, with a reserve of so many ms. */
export interface ShareLimits {
  readonly msPerSecond: number;
  readonly reserveMs: number;
}

/** A share of a thread's time; see the module doc. */
export class TimeShare {
  #balance: number;
  #at: number;

  constructor(readonly limits: ShareLimits, readonly clock: () => number = () => performance.now()) {
    this.#balance = limits.reserveMs;
    this.#at = clock();
  }

  #fill(): void {
    const now = this.clock();
    const filled = ((now - this.#at) * this.limits.msPerSecond) / 1000;
    this.#balance = Math.min(this.limits.reserveMs, this.#balance + filled);
    this.#at = now;
  }

  /** What the share holds now, in ms (below 0 while overdrawn). */
  get balance(): number {
    this.#fill();
    return this.#balance;
  }

  /** Spends `ms` of the thread; resolves once the share is no longer overdrawn. */
  async spend(ms: number): Promise<void> {
    this.#fill();
    this.#balance -= ms;
    while (this.#balance < 0) {
      const wait = (-this.#balance * 1000) / this.limits.msPerSecond;
      await new Promise((resolve) => setTimeout(resolve, wait));
      this.#fill();
    }
  }
}
