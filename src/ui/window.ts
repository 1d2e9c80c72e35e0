/**
 * Framed windows: a white frame on black with its title centred on the top
 * border, the inside cleared (docs/rules.md, Windows).
 *
 * @module
 */
import type { CellBuffer } from "../terminal/mod.ts";
import type { Region } from "./layout.ts";
import { centredX, clipText } from "./text.ts";

/** A frame's look: single lines, or double lines top and bottom (Zircon's `TOP_BOTTOM_DOUBLE` box). */
export type FrameStyle = "single" | "double_top_bottom";

/** The frame's pieces: corners ┌┐└┘, top and bottom, sides, and the title's ends. */
const FRAMES: Readonly<Record<FrameStyle, string>> = {
  single: "┌┐└┘─│┤├",
  double_top_bottom: "╒╕╘╛═│╡╞",
};

/** Draws the frame and clears the inside; returns the inside. */
export function drawWindow(
  buf: CellBuffer,
  area: Region,
  title: string,
  fg = 0xffffff,
  bg = 0x000000,
  style: FrameStyle = "single",
): Region {
  const { x, y, width, height } = area;
  const [tl, tr, bl, br, across, side, opens, closes] = [...FRAMES[style]];
  for (let cy = y; cy < y + height; cy++) {
    for (let cx = x; cx < x + width; cx++) {
      const top = cy === y, bottom = cy === y + height - 1, left = cx === x, right = cx === x + width - 1;
      const glyph = top && left
        ? tl
        : top && right
        ? tr
        : bottom && left
        ? bl
        : bottom && right
        ? br
        : top || bottom
        ? across
        : left || right
        ? side
        : " ";
      buf.set(cx, cy, glyph, fg, bg);
    }
  }
  if (title) {
    const label = clipText(`${opens}${title}${closes}`, width);
    buf.text(centredX(x, width, label), y, label, fg, bg);
  }
  return { x: x + 1, y: y + 1, width: width - 2, height: height - 2 };
}
