/**
 * Reads colours off a tmux pane: `capture-pane -e` gives each row with the
 * SGR sequences that colour it; this follows them to one cell.
 */
import { ansi256Rgb } from "./contrast.ts";

/** A cell as tmux shows it: its character and its colours (0xRRGGBB; -1: the terminal's default). */
export interface ShownCell {
  readonly glyph: string;
  readonly fg: number;
  readonly bg: number;
}

// The pattern reads escape sequences, so it must name ESC.
// deno-lint-ignore no-control-regex
const SGR = /^\x1b\[([\d;]*)m/;

/** The cell at column `x` of row `y` in a `capture-pane -p -e` capture (single-width characters). */
export function cellAt(capture: string, x: number, y: number): ShownCell {
  const row = capture.split("\n")[y] ?? "";
  let fg = -1, bg = -1, column = 0;
  for (let i = 0; i < row.length;) {
    const sgr = SGR.exec(row.slice(i));
    if (sgr) {
      const n = sgr[1].split(";").map((p) => (p === "" ? 0 : Number(p)));
      for (let k = 0; k < n.length; k++) {
        const code = n[k];
        if (code === 0) fg = bg = -1;
        else if (code === 39) fg = -1;
        else if (code === 49) bg = -1;
        else if ((code === 38 || code === 48) && (n[k + 1] === 5 || n[k + 1] === 2)) {
          const rgb = n[k + 1] === 5 ? ansi256Rgb(n[k + 2]) : (n[k + 2] << 16) | (n[k + 3] << 8) | n[k + 4];
          if (code === 38) fg = rgb;
          else bg = rgb;
          k += n[k + 1] === 5 ? 2 : 4;
        }
      }
      i += sgr[0].length;
      continue;
    }
    const ch = String.fromCodePoint(row.codePointAt(i)!);
    if (column === x) return { glyph: ch, fg, bg };
    column++;
    i += ch.length;
  }
  return { glyph: " ", fg, bg };
}
