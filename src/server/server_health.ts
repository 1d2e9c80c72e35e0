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
import type { DoorTally } from "./door/mod.ts";

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
  /** The same of the door's thread (docs/server.md, The door below HTTP), where it was asked. */
  readonly doorPauseMs?: number;
}

/** What the door below HTTP (docs/server.md, The door below HTTP) turned away between two tallies of it. */
export function doorTallySince(before: DoorTally, now: DoorTally): DoorTally {
  return {
    closedUnread: now.closedUnread - before.closedUnread,
    closedBusy: now.closedBusy - before.closedBusy,
    cut: now.cut - before.cut,
  };
}

/** Buckets of 0.1 ms below 10 ms, then of 1 ms below {@link TIMES_KEPT_MS}, then one for the rest. */
const FINE_BUCKETS = 100;
const TIMES_KEPT_MS = 1000;
const BUCKETS = FINE_BUCKETS + (TIMES_KEPT_MS - 10) + 1;

/**
 * Times counted in buckets, so a period of any length costs the same
 * memory: each quantile is its bucket's upper edge (never above the longest
 * time, which is kept exactly), to 0.1 ms below 10 ms and to 1 ms above.
 */
export class TimeHistogram {
  readonly #counts = new Uint32Array(BUCKETS);
  count = 0;
  longest = 0;

  /** Counts a time of `ms`. */
  add(ms: number): void {
    const at = ms < 10 ? Math.floor(Math.max(0, ms) * 10) : FINE_BUCKETS + Math.floor(ms - 10);
    this.#counts[Math.min(BUCKETS - 1, at)]++;
    this.count++;
    this.longest = Math.max(this.longest, ms);
  }

  /** The `q` quantile (0 with no times). */
  quantile(q: number): number {
    if (this.count === 0) return 0;
    const rank = Math.min(this.count - 1, Math.floor(q * this.count));
    let seen = 0;
    for (let k = 0; k < BUCKETS; k++) {
      seen += this.#counts[k];
      if (seen <= rank) continue;
      if (k === BUCKETS - 1) return this.longest;
      return Math.min(k < FINE_BUCKETS ? (k + 1) / 10 : k - FINE_BUCKETS + 11, this.longest);
    }
    return this.longest;
  }

  /** Forgets every time. */
  clear(): void {
    this.#counts.fill(0);
    this.count = 0;
    this.longest = 0;
  }
}

/** How late a timer came back over a period, in ms. */
export interface Lateness {
  /** At the worst: the thread's longest pause. */
  readonly longestMs: number;
  /** At the 99th percentile. */
  readonly p99Ms: number;
}

/**
 * A timer's lateness, watched: how long the thread it runs on was held by
 * other work. {@link PauseProbe.stop} ends it.
 */
export class PauseProbe {
  readonly #late = new TimeHistogram();
  #expected: number;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(readonly clock: () => number = () => performance.now()) {
    this.#expected = clock() + PROBE_MS;
    this.#timer = setInterval(() => {
      const now = this.clock();
      this.#late.add(Math.max(0, now - this.#expected));
      this.#expected = now + PROBE_MS;
    }, PROBE_MS);
    // The probe alone never keeps a process alive that has nothing else to do.
    Deno.unrefTimer(this.#timer);
  }

  /** The longest pause since the last take (or the start), in ms; the next period begun. */
  take(): number {
    return this.takeLateness().longestMs;
  }

  /** The lateness since the last take (or the start), at the worst and at p99; the next period begun. */
  takeLateness(): Lateness {
    const seen = { longestMs: this.#late.longest, p99Ms: this.#late.quantile(0.99) };
    this.#late.clear();
    return seen;
  }

  /** Ends the probe. */
  stop(): void {
    clearInterval(this.#timer);
  }
}

/** The server's thread, watched; {@link ServerHealth.stop} ends the probe. */
export class ServerHealth {
  readonly #keyTimes = new TimeHistogram();
  #periodStart: number;
  readonly #pauses: PauseProbe;

  constructor(readonly clock: () => number = () => performance.now()) {
    this.#periodStart = clock();
    this.#pauses = new PauseProbe(clock);
  }

  /** A key's message came at `since` (a {@link ServerHealth.clock} time) and its frame goes now. */
  keyAnswered(since: number): void {
    this.#keyTimes.add(this.clock() - since);
  }

  /** What was measured since the last take (or the start), and a new period begun. */
  take(): HealthReport {
    const now = this.clock();
    const times = this.#keyTimes;
    const report = {
      periodMs: now - this.#periodStart,
      keys: times.count,
      keyP50Ms: times.quantile(0.5),
      keyP99Ms: times.quantile(0.99),
      keyLongestMs: times.longest,
      longestPauseMs: this.#pauses.take(),
    };
    times.clear();
    this.#periodStart = now;
    return report;
  }

  /** Ends the probe. */
  stop(): void {
    this.#pauses.stop();
  }
}

/**
 * A report as one line of the server's log; what the door turned away in
 * the period after it, when it turned any away.
 */
export function healthLine(report: HealthReport, games: number, door?: DoorTally): string {
  const ms = (value: number) => value < 10 ? value.toFixed(1) : value.toFixed(0);
  const seconds = Math.round(report.periodMs / 1000);
  const count = `${report.keys.toLocaleString("en-US")} key${report.keys === 1 ? "" : "s"}`;
  const keys = report.keys === 0 ? "no keys" : `${count}, to their frames ` +
    `p50 ${ms(report.keyP50Ms)} ms, p99 ${ms(report.keyP99Ms)} ms, longest ${ms(report.keyLongestMs)} ms`;
  const doorPause = report.doorPauseMs === undefined
    ? ""
    : ` (the door's thread ${ms(report.doorPauseMs)} ms)`;
  const number = (n: number) => n.toLocaleString("en-US");
  const turnedAway = door && (door.closedUnread > 0 || door.closedBusy > 0 || door.cut > 0)
    ? `; the door closed unread ${number(door.closedUnread)} connections from addresses shut out and ` +
      `${number(door.closedBusy)} past its rate, and cut ${number(door.cut)}`
    : "";
  return `in the last ${seconds} s: ${games} game${games === 1 ? "" : "s"}, ${keys}; ` +
    `the thread's longest pause ${ms(report.longestPauseMs)} ms${doorPause}${turnedAway}`;
}

/** The figures of a {@link healthLine} within `text` (a log, perhaps), or undefined when it holds none. */
export function readHealthLine(text: string): Omit<HealthReport, "periodMs"> | undefined {
  const said =
    /(?:([\d,]+) keys?, to their frames p50 ([\d.]+) ms, p99 ([\d.]+) ms, longest ([\d.]+) ms|no keys); the thread's longest pause ([\d.]+) ms(?: \(the door's thread ([\d.]+) ms\))?/
      .exec(text);
  if (!said) return undefined;
  const number = (k: number) => Number((said[k] ?? "0").replaceAll(",", ""));
  return {
    keys: number(1),
    keyP50Ms: number(2),
    keyP99Ms: number(3),
    keyLongestMs: number(4),
    longestPauseMs: number(5),
    ...(said[6] === undefined ? {} : { doorPauseMs: number(6) }),
  };
}
