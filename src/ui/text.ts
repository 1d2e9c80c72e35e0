/**
 * Text helpers for drawing: word wrap, cutting and padding, all measured in
 * terminal columns (a wide character takes two, an accent none), so text
 * laid out here takes on screen the room it was given.
 *
 * @module
 */
import { displayWidth, fitWidth, graphemes } from "../terminal/text_width.ts";

export { displayWidth } from "../terminal/text_width.ts";

/**
 * Splits `text` into lines at most `width` columns wide, breaking at spaces
 * where it can and inside a word only when the word is wider than a line
 * (a character wider than the line gets a line of its own). Newlines in
 * the text always break.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "", lineWidth = 0;
    for (const word of paragraph.split(" ")) {
      let rest = word, restWidth = displayWidth(word);
      while (restWidth > width) {
        const head = fitWidth(rest, width) || graphemes(rest)[0].text;
        const headWidth = displayWidth(head);
        if (headWidth >= restWidth) break; // one character wider than the line: it stays whole
        if (line !== "") {
          lines.push(line);
          line = "";
          lineWidth = 0;
        }
        lines.push(head);
        rest = fitWidth(rest, restWidth - headWidth, true);
        restWidth -= headWidth;
      }
      if (line === "") {
        line = rest;
        lineWidth = restWidth;
      } else if (lineWidth + 1 + restWidth <= width) {
        line = `${line} ${rest}`;
        lineWidth += 1 + restWidth;
      } else {
        lines.push(line);
        line = rest;
        lineWidth = restWidth;
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
