/**
 * The inventory, character and level-up windows (SPEC §1.3): at the top of
 * the screen, on the half away from the player, lines of white text.
 *
 * @module
 */
import { playerOf } from "../engine/state.ts";
import type { CellBuffer } from "../terminal/cell_buffer.ts";
import type { Region } from "./layout.ts";
import { screenCellOf } from "./map_view.ts";
import type { UiContext } from "./screen.ts";
import { clipText, displayWidth } from "./text.ts";
import { paletteColor } from "./theme.ts";
import { drawWindow } from "./window.ts";

/** A window `width` wide and `height` tall, x = 40 if the player is at x ≤ 30, else 0. */
export function sideWindowArea(ui: UiContext, width: number, height: number): Region {
  const { columns, rows } = ui.layout;
  const player = screenCellOf(ui, playerOf(ui.state));
  const w = Math.min(width, columns);
  const x = player && player.x <= 30 ? Math.min(40, columns - w) : 0;
  return { x, y: 0, width: w, height: Math.min(height, rows) };
}

/**
 * Draws `lines` in a side window as wide as the title needs, wider when a
 * line needs it, and at least `minWidth`.
 */
export function drawSideWindow(
  buf: CellBuffer,
  ui: UiContext,
  title: string,
  lines: readonly string[],
  minWidth = 0,
): void {
  const width = Math.max(minWidth, displayWidth(title) + 4, ...lines.map((l) => displayWidth(l) + 2));
  const inside = drawWindow(buf, sideWindowArea(ui, width, Math.max(3, lines.length + 2)), title);
  const white = paletteColor(ui.theme, "white");
  lines.slice(0, inside.height).forEach((line, i) =>
    buf.text(inside.x, inside.y + i, clipText(line, inside.width), white, 0)
  );
}
