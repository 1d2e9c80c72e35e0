/**
 * The inventory, character and level-up windows (docs/rules.md, Windows): at the top of
 * the screen, on the half away from the player, lines of white text.
 *
 * @module
 */
import { playerOf, type Point } from "../engine/mod.ts";
import type { CellBuffer } from "../terminal/mod.ts";
import type { Region } from "./layout.ts";
import { screenCellOf } from "./map_view.ts";
import type { UiContext } from "./screen.ts";
import type { Scroll } from "./scroll.ts";
import { clipText, displayWidth } from "./text.ts";
import { paletteColor } from "./theme.ts";
import { drawWindow } from "./window.ts";

/**
 * A window `width` wide and `height` tall, x = 40 if the player (or the
 * map cell `avoid`) is at x ≤ 30, else 0; never taller than the map view,
 * so the panel under it (HP, messages) stays in sight, nor, beside a side
 * panel, reaching into it unless it needs more than the map's width. A
 * window that would still cover `avoid` (a look cursor) goes to the bottom
 * of the map view instead of its top.
 */
export function sideWindowArea(ui: UiContext, width: number, height: number, avoid?: Point): Region {
  const { columns, map, side } = ui.layout;
  // Beside a side panel the windows keep to the map's side of it, so the panel stays in sight too.
  const room = side ? Math.max(map.x + map.width, Math.min(columns, width)) : columns;
  const player = screenCellOf(ui, avoid ?? playerOf(ui.state));
  const w = Math.min(width, room);
  const x = player && player.x <= 30 ? Math.min(40, room - w) : 0;
  const h = Math.min(height, Math.max(3, map.y + map.height));
  const covers = avoid && player && player.x >= x && player.x < x + w && player.y < h;
  return { x, y: covers ? Math.max(0, map.y + map.height - h) : 0, width: w, height: h };
}

/**
 * Draws `lines` in a side window as wide as the title needs, wider when a
 * line needs it, and at least `minWidth`. With `scroll`, lines the window
 * has no room for are scrolled to (and its border says where it is);
 * without, they are left out.
 */
export function drawSideWindow(
  buf: CellBuffer,
  ui: UiContext,
  title: string,
  lines: readonly string[],
  minWidth = 0,
  scroll?: Scroll,
  avoid?: Point,
): void {
  const width = Math.max(minWidth, displayWidth(title) + 4, ...lines.map((l) => displayWidth(l) + 2));
  const area = sideWindowArea(ui, width, Math.max(3, lines.length + 2), avoid);
  const inside = drawWindow(buf, area, title);
  const white = paletteColor(ui.theme, "white");
  scroll?.fit(lines.length, inside.height);
  const top = scroll?.top ?? 0;
  lines.slice(top, top + inside.height).forEach((line, i) =>
    buf.text(inside.x, inside.y + i, clipText(line, inside.width), white, 0)
  );
  scroll?.drawMark(buf, area, white, 0);
}
