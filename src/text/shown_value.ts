/**
 * A value (a flag's, a path, a name from a file) quoted in one line of
 * Delve's. It needs no width table: the launcher, which loads no npm package
 * (src/app/launch.ts), quotes paths with it too.
 *
 * @module
 */
import { isPlainAscii, printable } from "./printable.ts";

/** The most columns a line gives one value it quotes: see {@link shownValue}. */
export const SHOWN_VALUE_COLUMNS = 80;

/**
 * `value` as one line of Delve's quotes it: whole when it is short, else its
 * start and its end around "…", and how long it is in all, so that a value
 * 100,000 characters long is named, never echoed whole. `quoted` puts it in
 * double quotes (the length after them).
 */
export function shownValue(value: string, { quoted = false, columns = SHOWN_VALUE_COLUMNS } = {}): string {
  const quote = quoted ? '"' : "";
  // A short value is quoted whole, whatever it holds (a control character is shown escaped on the way out).
  if (value.length <= columns) return `${quote}${value}${quote}`;
  const half = Math.floor((columns - 1) / 2);
  // Only as much of each end as can show is looked at: the value may be any length.
  const start = endOf(value.slice(0, 4 * half), half, false), end = endOf(value.slice(-4 * half), half, true);
  return `${quote}${start}…${end}${quote} (${value.length.toLocaleString("en-US")} characters)`;
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * The whole graphemes of `text` from its start (or `fromEnd`) within
 * `columns`, as a terminal is given them ({@link printable}: a control or
 * format character as its escape), each character past ASCII counted as two
 * columns, as wide as one can be drawn: the end never runs past the line.
 */
function endOf(text: string, columns: number, fromEnd: boolean): string {
  if (columns <= 0) return "";
  if (isPlainAscii(text)) return fromEnd ? text.slice(-columns) : text.slice(0, columns);
  const all = [...graphemes.segment(text)].map((s) => s.segment);
  if (fromEnd) all.reverse();
  const kept: string[] = [];
  let used = 0;
  for (const g of all) {
    used += columnsAtMost(g);
    if (used > columns) break;
    kept.push(g);
  }
  return (fromEnd ? kept.reverse() : kept).join("");
}

/** The most columns `grapheme` can take once made printable. */
function columnsAtMost(grapheme: string): number {
  if (isPlainAscii(grapheme)) return grapheme.length;
  let columns = 0;
  for (const ch of printable(grapheme)) columns += ch.charCodeAt(0) < 0x80 ? 1 : 2;
  return columns;
}
