/**
 * Text helpers for drawing: word wrap, cutting and padding, all measured in
 * terminal columns (a wide character takes two, an accent none), so text
 * laid out here takes on screen the room it was given.
 *
 * @module
 */
import { displayWidth, fitWidth, graphemes } from "../terminal/text_width.ts";

export { displayWidth } from "../terminal/text_width.ts";

const NOT_PLAIN_ASCII = /[^\x20-\x7e]/;

/**
 * Splits `text` into lines at most `width` columns wide, breaking at spaces
 * where it can and inside a word only when the word is wider than a line
 * (a character wider than the line gets a line of its own). Newlines in
 * the text always break. Each word is measured once: time linear in the text.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "", lineWidth = 0;
    const flush = () => {
      lines.push(line);
      line = "";
      lineWidth = 0;
    };
    for (const word of paragraph.split(" ")) {
      const plain = !NOT_PLAIN_ASCII.test(word);
      const drawn = plain ? undefined : graphemes(word);
      const wordWidth = drawn ? drawn.reduce((sum, g) => sum + g.width, 0) : word.length;
      if (wordWidth > width) {
        // Too wide for any line: its own lines, as many columns each as fit; the last goes on.
        if (line !== "") flush();
        if (!drawn) {
          // Printable ASCII, a column a character: cut, not measured.
          for (let k = 0; k < word.length; k += Math.max(1, width)) {
            if (k > 0) flush();
            line = word.slice(k, k + Math.max(1, width));
            lineWidth = line.length;
          }
          continue;
        }
        for (const g of drawn) {
          if (lineWidth > 0 && lineWidth + g.width > width) flush();
          line += g.text;
          lineWidth += g.width;
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
  }
  return lines;
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

/** `text` with spaces after it up to `width` columns. */
export function padText(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

/** The column that centres `text` in `width` columns from `x` (never left of `x`). */
export function centredX(x: number, width: number, text: string): number {
  return x + Math.max(0, Math.floor((width - displayWidth(text)) / 2));
}
