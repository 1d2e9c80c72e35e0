/**
 * A 10 ms timer's lateness, counted: how long the process it runs in was
 * kept from its event loop, at the worst and at the 99th percentile. The
 * attack bench times its own process and an idle one beside the server
 * with it, to tell the measuring's and the machine's share of a key's time
 * from the server's.
 *
 * @module
 */
import { PROBE_MS, TimeHistogram } from "../../src/server/mod.ts";

/** How late a timer came back over a period, in ms. */
export interface Lateness {
  /** At the worst: the process's longest pause. */
  readonly longestMs: number;
  /** At the 99th percentile. */
  readonly p99Ms: number;
}

/** A timer every {@link PROBE_MS} ms whose lateness is counted until {@link TimerLateness.stop}. */
export class TimerLateness {
  readonly #late = new TimeHistogram();
  #expected = performance.now() + PROBE_MS;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor() {
    this.#timer = setInterval(() => {
      const now = performance.now();
      this.#late.add(Math.max(0, now - this.#expected));
      this.#expected = now + PROBE_MS;
    }, PROBE_MS);
    // Counting alone never keeps a process alive that has nothing else to do.
    Deno.unrefTimer(this.#timer);
  }

  /** The lateness since the last take (or the start); the next period begun. */
  take(): Lateness {
    const seen = { longestMs: this.#late.longest, p99Ms: this.#late.quantile(0.99) };
    this.#late.clear();
    return seen;
  }

  /** Ends the timer. */
  stop(): void {
    clearInterval(this.#timer);
  }
}
