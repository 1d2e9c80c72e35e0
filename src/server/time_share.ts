/**
 * A share of a thread's time that many showings spend between them: a
 * {@link TokenBucket} of milliseconds, filling at a steady rate up to a
 * small reserve; each spends what its work took, and one that finds it
 * overdrawn waits until it has filled again.
 *
 * @module
 */
import { TokenBucket } from "./http_parts.ts";

/** The thread's time a share allows: so many ms a second, with a reserve of so many ms. */
export interface ShareLimits {
  readonly msPerSecond: number;
  readonly reserveMs: number;
}

/** A share of a thread's time; see the module doc. */
export class TimeShare {
  readonly #bucket: TokenBucket;

  constructor(readonly limits: ShareLimits, readonly clock: () => number = () => performance.now()) {
    this.#bucket = new TokenBucket(limits.msPerSecond, clock(), limits.reserveMs);
  }

  /** What the share holds now, in ms (below 0 while overdrawn). */
  get balance(): number {
    return this.#bucket.balance(this.clock());
  }

  /** Spends `ms` of the thread; resolves once the share is no longer overdrawn. */
  async spend(ms: number): Promise<void> {
    let left = this.#bucket.charge(ms, this.clock());
    while (left < 0) {
      const wait = (-left * 1000) / this.limits.msPerSecond;
      await new Promise((resolve) => setTimeout(resolve, wait));
      left = this.balance;
    }
  }
}
