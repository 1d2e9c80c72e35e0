/**
 * Daily games (docs/options.md, Daily games): one seed a day, the same for
 * everyone, from the UTC date; the first daily game of a day is scored.
 *
 * @module
 */
import { textChecksum } from "../engine/mod.ts";
import type { DailyMark } from "../store/mod.ts";

/** `now`'s UTC date, `YYYY-MM-DD`. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The day's seed: the same on every machine for the same UTC date. */
export function dailySeed(date: string): number {
  return textChecksum(`Delve daily game ${date}`);
}

/** What the title says of a daily run; without `seed` when it is hidden. */
export function dailyLine(mark: DailyMark, seed: number | undefined): string {
  const game = `Daily game of ${mark.date}${seed === undefined ? "" : `, seed ${seed}`}`;
  return mark.scored ? `${game}: the day's first is scored.` : `${game}: unscored (one a day counts).`;
}
