/**
 * The map as the player sees it: lit, remembered and unknown cells, and the
 * things in view on top (corpses, then items, then actors; the stairs stay
 * drawn over items and corpses, unless the data draws them under).
 *
 * @module
 */
import { type Entity, playerOf, type Point, type RenderLayer, Tile } from "../engine/mod.ts";
import { Attr, type CellBuffer } from "../terminal/mod.ts";
import { cameraOrigin, keptOrigin } from "./layout.ts";
import type { UiContext } from "./screen.ts";
import { thingColor, thingRole } from "./theme.ts";

/** Draw order: corpses, then items, then actors on top (docs/rules.md, Field of view and memory). */
export const LAYER_ORDER: Readonly<Record<RenderLayer, number>> = { corpse: 0, item: 1, actor: 2 };

/**
 * The map cell at the view's top-left for the current focus: centred on it
 * under the tutorials' panel; beside the side panel, kept where it was until
 * the focus comes near an edge (remembered in `ui.viewOrigin`).
 */
export function viewOrigin(ui: UiContext): Point {
  const { map } = ui.state;
  const focus = ui.focus ?? playerOf(ui.state);
  if (!ui.layout.side) return cameraOrigin(ui.layout.map, map.width, map.height, focus);
  const origin = keptOrigin(ui.layout.map, map.width, map.height, focus, ui.viewOrigin);
  ui.viewOrigin = origin;
  return origin;
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
  // The stairs are drawn over what lies on them (the panel and look name it): only actors stand over them,
  // unless the data sends the stairs to the back (stairsUnder), where whatever lies there shows.
  // What the data keeps always visible is drawn on explored cells out of sight too.
  const always = theme.alwaysVisible;
  const shown = state.entities
    .filter((e) => {
      const i = e.y * map.width + e.x;
      const seen = map.visible[i] === 1 || (always?.has(e.template) === true && map.explored[i] === 1);
      return seen && (e.layer === "actor" || theme.stairsUnder === true ||
        (map.tiles[i] !== Tile.DownStairs && map.tiles[i] !== Tile.UpStairs));
    })
    .sort((a: Entity, b: Entity) => LAYER_ORDER[a.layer] - LAYER_ORDER[b.layer]);
  for (const e of shown) {
    const at = screenCellOf(ui, e);
    if (!at) continue;
    const i = at.y * buf.width + at.x;
    const color = thingColor(theme, e.template, thingRole(e, e.id === state.playerId), e.color);
    buf.set(at.x, at.y, e.glyph, color, buf.bg[i], plainGlyphs ? Attr.Bold : Attr.None);
  }
  // A shot on its way, over whatever it passes (only where the player sees).
  const shot = ui.projectile;
  const at = shot && map.visible[shot.y * map.width + shot.x] === 1 ? screenCellOf(ui, shot) : undefined;
  if (shot && at) buf.set(at.x, at.y, shot.glyph, shot.color, buf.bg[at.y * buf.width + at.x], Attr.Bold);
}
