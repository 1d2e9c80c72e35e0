/**
 * The report's table as it fills: its rows, its notes, and the ways
 * figures are written in it.
 *
 * @module
 */
import { measure } from "./timing.ts";

/** One line of the table; `met` is set where there is a target. */
export interface Row {
  readonly figure: string;
  readonly ours: string;
  readonly rot?: string;
  readonly ratio?: string;
  readonly target?: string;
  readonly met?: boolean;
}

/** The table's rows, in the order measured. */
export const rows: Row[] = [];
/** What the table cannot say: faults, games that differ. */
export const notes: string[] = [];
/** Says on stderr what is being measured. */
export const progress = (what: string): void => console.error(`bench: ${what}`);

/** A time in the unit that reads best: ns, µs or ms, three significant figures at most. */
export function formatMs(ms: number): string {
  const [value, unit] = ms < 0.001 ? [ms * 1e6, "ns"] : ms < 1 ? [ms * 1000, "µs"] : [ms, "ms"];
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

/** A ratio, one decimal. */
export const times = (x: number): string => `${x.toFixed(1)}×`;
/** A count with thousands separated. */
export const thousands = (n: number): string => n.toLocaleString("en-US");

/** Ours against rot.js on the same calls: a row with both, their ratio and the target ratio. */
export function versus(figure: string, ours: () => void, rot: () => void, minRatio?: number): void {
  const a = measure(ours), b = measure(rot);
  const ratio = b.ms / a.ms;
  rows.push({
    figure,
    ours: formatMs(a.ms),
    rot: formatMs(b.ms),
    ratio: `${times(ratio)} faster`,
    target: minRatio ? `≥ ${minRatio}× rot.js` : undefined,
    met: minRatio ? ratio >= minRatio : undefined,
  });
}
