/**
 * A small timer for the report: a warm-up (so the JIT has compiled what is
 * timed), then timed samples until a time budget is spent; the figure is the
 * median of the samples, which a stray collection or scheduler hiccup on a
 * busy machine does not move the way it moves a mean.
 *
 * @module
 */

/** How long to warm up and to measure. */
export interface TimingOptions {
  /** Untimed calls first, for this long (ms). */
  readonly warmupMs?: number;
  /** Timed samples for at least this long (ms)... */
  readonly budgetMs?: number;
  /** ...and at least this many. */
  readonly minSamples?: number;
  /**
   * Run before each call, untimed (a state put back as it was). With setup,
   * every sample is one call; without, fast calls are timed in batches of at
   * least 10 ms, so neither the clock's step nor a lucky gap between two
   * collections is part of the figure.
   */
  readonly setup?: () => void;
}

/** What a measurement found. */
export interface Timing {
  /** Median time of one call, ms. */
  readonly ms: number;
  /** Timed samples, and calls over all of them. */
  readonly samples: number;
  readonly calls: number;
}

/**
 * A batch of fast calls lasts at least this long: long enough to carry its
 * share of garbage collection (an allocating function, like rot.js's, pays
 * for its collections as a mean would charge them), short enough that a
 * scheduler hiccup spoils one sample of fifty, which the median drops.
 */
const BATCH_MS = 10;

/** The median of `xs` (not empty). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The `p`th percentile of `xs` (0 < p ≤ 100) by nearest rank. */
export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Times `fn`, one synchronous call at a time; see {@link TimingOptions}. */
export function measure(fn: () => void, options: TimingOptions = {}): Timing {
  const { warmupMs = 150, budgetMs = 500, minSamples = 10, setup } = options;
  let calls = 0;
  const warmEnd = performance.now() + warmupMs;
  let warmCalls = 0, warmTime = 0;
  while (performance.now() < warmEnd || warmCalls < 3) {
    setup?.();
    const t = performance.now();
    fn();
    warmTime += performance.now() - t;
    warmCalls++;
  }
  const batch = setup ? 1 : Math.max(1, Math.ceil(BATCH_MS / (warmTime / warmCalls)));
  const perCall: number[] = [];
  const end = performance.now() + budgetMs;
  while (performance.now() < end || perCall.length < minSamples) {
    setup?.();
    const t = performance.now();
    for (let i = 0; i < batch; i++) fn();
    perCall.push((performance.now() - t) / batch);
    calls += batch;
  }
  return { ms: median(perCall), samples: perCall.length, calls };
}

/** Times `fn`, one awaited call a sample (calls long enough that await is a small part of them). */
export async function measureAsync(fn: () => Promise<unknown>, options: TimingOptions = {}): Promise<Timing> {
  const { warmupMs = 150, budgetMs = 500, minSamples = 10, setup } = options;
  const warmEnd = performance.now() + warmupMs;
  for (let n = 0; performance.now() < warmEnd || n < 3; n++) {
    setup?.();
    await fn();
  }
  const perCall: number[] = [];
  const end = performance.now() + budgetMs;
  while (performance.now() < end || perCall.length < minSamples) {
    setup?.();
    const t = performance.now();
    await fn();
    perCall.push(performance.now() - t);
  }
  return { ms: median(perCall), samples: perCall.length, calls: perCall.length };
}
