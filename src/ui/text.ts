/**
 * Text helpers for drawing: word wrap, cutting and padding, all measured in
 * terminal columns (a wide character takes two, an accent none), so text
 * laid out here takes on screen the room it was given.
 *
 * @module
 */
import { displayWidth, fitWidth, graphemes, isPlainAscii } from "../text/mod.ts";

export { displayWidth } from "../text/mod.ts";

/** A word cut after each "/": where a path may break. */
const SLASH_PIECES = /[^/]*\/|[^/]+/g;

/**
 * Splits `text` into lines at most `width` columns wide, breaking at spaces
 * where it can; a word wider than a line (a path) breaks after a "/" where
 * it can and elsewhere only where it must (a character wider than the line
 * gets a line of its own). Newlines in the text always break. Each word is measured once: time linear in the text.
 * With `even`, a paragraph's last line never holds one word alone where the line before can give it another.
 */
export function wrapText(text: string, width: number, even = false): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    const first = lines.length;
    let line = "", lineWidth = 0;
    const flush = () => {
      lines.push(line);
      line = "";
      lineWidth = 0;
    };
    for (const word of paragraph.split(" ")) {
      const plain = isPlainAscii(word);
      const drawn = plain ? undefined : graphemes(word);
      const wordWidth = drawn ? drawn.reduce((sum, g) => sum + g.width, 0) : word.length;
      if (wordWidth > width) {
        // Too wide for any line (a path, mostly): its own lines, broken after a "/" where one
        // lets the part fit, else cut at the line's end; the last line goes on.
        if (line !== "") flush();
        for (const piece of word.match(SLASH_PIECES) ?? []) {
          const parts = !isPlainAscii(piece) ? graphemes(piece) : undefined;
          const pieceWidth = parts ? parts.reduce((sum, g) => sum + g.width, 0) : piece.length;
          if (lineWidth + pieceWidth <= width) {
            line += parts ? parts.map((g) => g.text).join("") : piece;
            lineWidth += pieceWidth;
            continue;
          }
          if (lineWidth > 0) flush();
          if (!parts) {
            // Printable ASCII, a column a character: cut, not measured.
            for (let k = 0; k < piece.length;) {
              if (lineWidth > 0 && lineWidth >= width) flush();
              const chunk = piece.slice(k, k + Math.max(1, width - lineWidth));
              line += chunk;
              lineWidth += chunk.length;
              k += chunk.length;
            }
            continue;
          }
          for (const g of parts) {
            if (lineWidth > 0 && lineWidth + g.width > width) flush();
            line += g.text;
            lineWidth += g.width;
          }
        }
      } else if (line === "" && lineWidth === 0) {
        line = word;
        lineWidth = wordWidth;
      } else if (lineWidth + 1 + wordWidth <= width) {
        line = `${line} ${word}`;
        lineWidth += 1 + wordWidth;
      } else {
        flush();
        line = word;
        lineWidth = wordWidth;
      }
    }
    lines.push(line);
    if (even && lines.length - first >= 2) noLoneWord(lines, width);
  }
  return lines;
}

/**
 * With `even`, no word alone on a wrapped paragraph's last line: the line before gives it its own last word
 * when that fits and leaves a word behind (a path's pieces, with no space, are left as they are).
 */
function noLoneWord(lines: string[], width: number): void {
  const last = lines[lines.length - 1], before = lines[lines.length - 2];
  const cut = before.lastIndexOf(" ");
  if (last === "" || last.includes(" ") || cut <= 0) return;
  const word = before.slice(cut + 1);
  if (displayWidth(word) + 1 + displayWidth(last) > width) return;
  lines[lines.length - 2] = before.slice(0, cut);
  lines[lines.length - 1] = `${word} ${last}`;
}

/**
 * `text` cut to `width` columns, ending in "…" where it was cut; with
 * `keepEnd` it keeps its end instead (where a path names its file).
 */
export function clipText(text: string, width: number, keepEnd = false): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return "";
  const kept = fitWidth(text, width - 1, keepEnd);
  return keepEnd ? `…${kept}` : `${kept}…`;
}

/** The most columns a line gives one value it quotes (a flag's, a path): see {@link shownValue}. */
export const SHOWN_VALUE_COLUMNS = 80;

/**
 * `value` (a flag's, a path, a name from a file) as one line of Delve's
 * quotes it: whole when it is short, else its start and its end around "…",
 * and how long it is in all, so that a value 100,000 characters long is
 * named, never echoed whole. `quoted` puts it in double quotes (the length
 * after them).
 */
export function shownValue(value: string, { quoted = false, columns = SHOWN_VALUE_COLUMNS } = {}): string {
  const quote = quoted ? '"' : "";
  // A short value is quoted whole, whatever it holds (a control character is shown escaped on the way out).
  if (value.length <= columns) return `${quote}${value}${quote}`;
  const half = Math.floor((columns - 1) / 2);
  // Only as much of each end as can show is measured: the value may be any length.
  const start = fitWidth(value.slice(0, 4 * half), half), end = fitWidth(value.slice(-4 * half), half, true);
  return `${quote}${start}…${end}${quote} (${value.length.toLocaleString("en-US")} characters)`;
}

/** `text` with spaces after it up to `width` columns. */
export function padText(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

/** The column that centres `text` in `width` columns from `x` (never left of `x`). */
export function centredX(x: number, width: number, text: string): number {
  return x + Math.max(0, Math.floor((width - displayWidth(text)) / 2));
}

/**
 * `text` word-wrapped to `width` columns, its second and later lines
 * indented by `indent` (so a name that does not fit goes on under itself,
 * never cut).
 */
export function wrapHanging(text: string, width: number, indent = 2): string[] {
  const [first = "", ...rest] = wrapText(text, width);
  if (rest.length === 0) return [first];
  const pad = " ".repeat(indent);
  return [first, ...wrapText(rest.join(" "), Math.max(1, width - indent)).map((line) => pad + line)];
}
