/**
 * The map as the player sees it: lit, remembered and unknown cells, and the
 * things in view on top (corpses, then items, then actors).
 *
 * @module
 */
import type { Entity, RenderLayer } from "../engine/entity.ts";
import type { Point } from "../engine/geometry.ts";
import { playerOf } from "../engine/state.ts";
import { Attr, type CellBuffer } from "../terminal/cell_buffer.ts";
import { cameraOrigin } from "./layout.ts";
import type { UiContext } from "./screen.ts";

const LAYER_ORDER: Readonly<Record<RenderLayer, number>> = { corpse: 0, item: 1, actor: 2 };

/** The map cell at the view's top-left for the current focus. */
export function viewOrigin(ui: UiContext): Point {
  const { map } = ui.state;
  return cameraOrigin(ui.layout.map, map.width, map.height, ui.focus ?? playerOf(ui.state));
}

/** The map cell under screen cell (sx, sy), or undefined outside the map view. */
export function mapCellAt(ui: UiContext, sx: number, sy: number): Point | undefined {
  const view = ui.layout.map;
  if (sx < view.x || sy < view.y || sx >= view.x + view.width || sy >= view.y + view.height) return undefined;
  const origin = viewOrigin(ui);
  const x = origin.x + sx - view.x, y = origin.y + sy - view.y;
  const { map } = ui.state;
  return x < map.width && y < map.height ? { x, y } : undefined;
}

/** The screen cell showing map cell `p`, or undefined when it is out of view. */
export function screenCellOf(ui: UiContext, p: Point): Point | undefined {
  const view = ui.layout.map, origin = viewOrigin(ui);
  const sx = view.x + p.x - origin.x, sy = view.y + p.y - origin.y;
  return sx >= view.x && sy >= view.y && sx < view.x + view.width && sy < view.y + view.height
    ? { x: sx, y: sy }
    : undefined;
}

/** Draws the map view. */
export function drawMap(buf: CellBuffer, ui: UiContext): void {
  const { state, theme, layout, plainGlyphs } = ui;
  const { map } = state;
  const view = layout.map;
  const origin = viewOrigin(ui);
  const { shroud } = theme;
  for (let vy = 0; vy < view.height; vy++) {
    for (let vx = 0; vx < view.width; vx++) {
      const mx = origin.x + vx, my = origin.y + vy;
      const sx = view.x + vx, sy = view.y + vy;
      const i = my * map.width + mx;
      if (mx >= map.width || my >= map.height || !map.explored[i]) {
        buf.set(sx, sy, shroud.glyph, shroud.fg, shroud.bg);
        continue;
      }
      const look = theme.tiles[map.tiles[i]];
      const lit = map.visible[i] === 1;
      const cell = lit ? look.light : look.dark;
      if (plainGlyphs) buf.set(sx, sy, look.plain, cell.bg, shroud.bg, lit ? Attr.None : Attr.Dim);
      else buf.set(sx, sy, cell.glyph, cell.fg, cell.bg);
    }
  }
  const shown = state.entities
    .filter((e) => map.visible[e.y * map.width + e.x] === 1)
    .sort((a: Entity, b: Entity) => LAYER_ORDER[a.layer] - LAYER_ORDER[b.layer]);
  for (const e of shown) {
    const at = screenCellOf(ui, e);
    if (!at) continue;
    const i = at.y * buf.width + at.x;
    buf.set(at.x, at.y, e.glyph, e.color, buf.bg[i], plainGlyphs ? Attr.Bold : Attr.None);
  }
}

/**
 * What is on map cell `p`, as the panel names it (SPEC §7.4): every thing
 * there, topmost first, joined by ", ", first letter capitalised; nothing
 * when the cell is out of view.
 */
export function namesAt(ui: UiContext, p: Point | undefined): string {
  if (!p) return "";
  const { map, entities } = ui.state;
  if (p.x < 0 || p.y < 0 || p.x >= map.width || p.y >= map.height || !map.visible[p.y * map.width + p.x]) {
    return "";
  }
  // Topmost first: actors, then items (the one dropped last first), then corpses.
  const names = entities
    .filter((e) => e.x === p.x && e.y === p.y)
    .reverse()
    .sort((a, b) => LAYER_ORDER[b.layer] - LAYER_ORDER[a.layer])
    .map((e) => e.name)
    .join(", ");
  return names.charAt(0).toUpperCase() + names.slice(1);
}
