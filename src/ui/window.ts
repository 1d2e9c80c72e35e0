/**
 * Framed windows: a white frame on black with its title centred on the top
 * border, the inside cleared (docs/rules.md, Windows).
 *
 * @module
 */
import type { CellBuffer } from "../terminal/mod.ts";
import type { Region } from "./layout.ts";
import { centredX, clipText } from "./text.ts";

/** Draws the frame and clears the inside; returns the inside. */
export function drawWindow(
  buf: CellBuffer,
  area: Region,
  title: string,
  fg = 0xffffff,
  bg = 0x000000,
): Region {
  const { x, y, width, height } = area;
  for (let cy = y; cy < y + height; cy++) {
    for (let cx = x; cx < x + width; cx++) {
      const top = cy === y, bottom = cy === y + height - 1, left = cx === x, right = cx === x + width - 1;
      const glyph = top && left
        ? "┌"
        : top && right
        ? "┐"
        : bottom && left
        ? "└"
        : bottom && right
        ? "┘"
        : top || bottom
        ? "─"
        : left || right
        ? "│"
        : " ";
      buf.set(cx, cy, glyph, fg, bg);
    }
  }
  if (title) {
    const label = clipText(`┤${title}├`, width);
    buf.text(centredX(x, width, label), y, label, fg, bg);
  }
  return { x: x + 1, y: y + 1, width: width - 2, height: height - 2 };
}
