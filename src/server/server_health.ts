/**
 * How well the server's thread keeps up, as its operator wants to know
 * (docs/server.md, Health): each key's time from its message to the frame
 * it brought, measured inside the server, and the thread's longest pause
 * (a timer's lateness: work of any kind that held every game up). Counted
 * over a period and read, then started again, with {@link ServerHealth.take}.
 *
 * A key's time here is the server's share of what its player waits; the
 * rest is the network's and the machine's.
 *
 * @module
 */

/** How often the pause probe looks at the clock, in ms. */
export const PROBE_MS = 10;

/** What one period measured. */
export interface HealthReport {
  /** The period's length, in ms. */
  readonly periodMs: number;
  /** Keys answered by a frame. */
  readonly keys: number;
  readonly keyP50Ms: number;
  readonly keyP99Ms: number;
  readonly keyLongestMs: number;
  /** The longest the thread did not come back to its timers. */
  readonly longestPauseMs: number;
}

/** The `q` quantile of the sorted `values` (0 for none). */
function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  return values[Math.min(values.length - 1, Math.floor(q * values.length))];
}

/**
 * A timer's lateness, watched: how long the thread it runs on was held by
 * other work. {@link PauseProbe.stop} ends it.
 */
export class PauseProbe {
  #longest = 0;
  #expected: number;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(readonly clock: () => number = () => performance.now()) {
    this.#expected = clock() + PROBE_MS;
    this.#timer = setInterval(() => {
      const now = this.clock();
      this.#longest = Math.max(this.#longest, now - this.#expected);
      this.#expected = now + PROBE_MS;
    }, PROBE_MS);
    // The probe alone never keeps a process alive that has nothing else to do.
    Deno.unrefTimer(this.#timer);
  }

  /** The longest pause since the last take (or the start), in ms; the next period begun. */
  take(): number {
    const longest = Math.max(0, this.#longest);
    this.#longest = 0;
    return longest;
  }

  /** Ends the probe. */
  stop(): void {
    clearInterval(this.#timer);
  }
}

/** The server's thread, watched; {@link ServerHealth.stop} ends the probe. */
export class ServerHealth {
  #keyTimes: number[] = [];
  #periodStart: number;
  readonly #pauses: PauseProbe;

  constructor(readonly clock: () => number = () => performance.now()) {
    this.#periodStart = clock();
    this.#pauses = new PauseProbe(clock);
  }

  /** A key's message came at `since` (a {@link ServerHealth.clock} time) and its frame goes now. */
  keyAnswered(since: number): void {
    this.#keyTimes.push(this.clock() - since);
  }

  /** What was measured since the last take (or the start), and a new period begun. */
  take(): HealthReport {
    const now = this.clock();
    const times = this.#keyTimes.sort((a, b) => a - b);
    const report = {
      periodMs: now - this.#periodStart,
      keys: times.length,
      keyP50Ms: quantile(times, 0.5),
      keyP99Ms: quantile(times, 0.99),
      keyLongestMs: times.at(-1) ?? 0,
      longestPauseMs: this.#pauses.take(),
    };
    this.#keyTimes = [];
    this.#periodStart = now;
    return report;
  }

  /** Ends the probe. */
  stop(): void {
    this.#pauses.stop();
  }
}

/** A report as one line of the server's log. */
export function healthLine(report: HealthReport, games: number): string {
  const ms = (value: number) => value < 10 ? value.toFixed(1) : value.toFixed(0);
  const seconds = Math.round(report.periodMs / 1000);
  const count = `${report.keys.toLocaleString("en-US")} key${report.keys === 1 ? "" : "s"}`;
  const keys = report.keys === 0 ? "no keys" : `${count}, to their frames ` +
    `p50 ${ms(report.keyP50Ms)} ms, p99 ${ms(report.keyP99Ms)} ms, longest ${ms(report.keyLongestMs)} ms`;
  return `in the last ${seconds} s: ${games} game${games === 1 ? "" : "s"}, ${keys}; ` +
    `the thread's longest pause ${ms(report.longestPauseMs)} ms`;
}
