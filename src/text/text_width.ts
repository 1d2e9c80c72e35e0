/**
 * How many terminal columns text takes. A character is not a column: `あ`
 * and most emoji take two, a combining mark none (it sits on the letter
 * before it), and `é` may be one code point or two. Text is cut into
 * graphemes (what a reader calls one character) and each is measured with
 * `string-width`, which follows the Unicode width tables and what terminals
 * do with emoji and clusters, so the screen buffer and the terminal agree
 * on where every cell is.
 *
 * @module
 */
import stringWidth from "string-width";
import { isPlainAscii, printable } from "./printable.ts";

/** One grapheme as the screen draws it, and the columns it takes (1 or more). */
export interface Grapheme {
  readonly text: string;
  readonly width: number;
}

const segmenter = new Intl.Segmenter();

/** What a mark with nothing to sit on is drawn over, as Unicode's charts show it. */
const DOTTED_CIRCLE = "\u25cc";

/** Widths already measured: text repeats its graphemes, and measuring one runs several patterns. */
const widths = new Map<string, number>();

function widthOf(segment: string): number {
  let width = widths.get(segment);
  if (width === undefined) {
    width = stringWidth(segment);
    if (widths.size >= 4096) widths.clear();
    widths.set(segment, width);
  }
  return width;
}

/**
 * A grapheme of more code units than this a column is not looked at past
 * them: text drawn into a row of the screen is read only as far as the row
 * can show, however long (or stacked with accents) it is.
 */
const UNITS_PER_COLUMN = 16;

/**
 * The graphemes of `text` as drawn: made {@link printable} first (so an
 * escape is drawn as the characters that spell it), a combining mark with
 * no letter before it set on a dotted circle, so every grapheme takes at
 * least one column and never lands on a cell that is not its own. With
 * `maxWidth`, only those that begin within that many columns.
 */
export function graphemes(text: string, maxWidth = Infinity): Grapheme[] {
  let source = text;
  const bound = (maxWidth + 1) * UNITS_PER_COLUMN;
  if (source.length > bound) {
    source = source.slice(0, bound);
    if (/[\ud800-\udbff]$/.test(source)) source = source.slice(0, -1);
  }
  const shown = printable(source);
  const out: Grapheme[] = [];
  if (isPlainAscii(shown)) {
    for (let k = 0; k < shown.length && k < maxWidth; k++) out.push({ text: shown[k], width: 1 });
    return out;
  }
  let used = 0;
  for (const { segment } of segmenter.segment(shown)) {
    if (used >= maxWidth) break;
    const width = segment.length === 1 && isPlainAscii(segment) ? 1 : widthOf(segment);
    out.push(width > 0 ? { text: segment, width } : { text: DOTTED_CIRCLE + segment, width: 1 });
    used += Math.max(1, width);
  }
  return out;
}

/** The columns `text` takes on the screen. */
export function displayWidth(text: string): number {
  if (isPlainAscii(text)) return text.length;
  let width = 0;
  for (const g of graphemes(text)) width += g.width;
  return width;
}

/**
 * The longest run of whole graphemes of `text` (as drawn) that fits in
 * `width` columns: from the start, or with `fromEnd` the end.
 */
export function fitWidth(text: string, width: number, fromEnd = false): string {
  if (isPlainAscii(text)) {
    if (text.length <= width) return text;
    return fromEnd ? text.slice(text.length - Math.max(0, width)) : text.slice(0, Math.max(0, width));
  }
  const all = graphemes(text, fromEnd ? Infinity : width + 1);
  if (fromEnd) all.reverse();
  const kept: string[] = [];
  let used = 0;
  for (const g of all) {
    if (used + g.width > width) break;
    kept.push(g.text);
    used += g.width;
  }
  if (fromEnd) kept.reverse();
  return kept.join("");
}
