/**
 * The map as the player sees it: lit, remembered and unknown cells, and the
 * things in view on top (corpses, then items, then actors; the stairs stay
 * drawn over items and corpses, unless the data draws them under).
 *
 * @module
 */
import {
  type Entity,
  type GameMap,
  isAlive,
  playerOf,
  type Point,
  type RenderLayer,
  sightOf,
  Tile,
} from "../engine/mod.ts";
import { Attr, type CellBuffer } from "../terminal/mod.ts";
import { type Box, cameraOrigin, followOrigin } from "./layout.ts";
import type { UiContext } from "./screen.ts";

export type { ItemMemory, ViewMemory } from "./screen.ts";
import { thingColor, thingRole } from "./theme.ts";

/** Draw order: corpses, then items, then actors on top (docs/rules.md, Field of view and memory). */
export const LAYER_ORDER: Readonly<Record<RenderLayer, number>> = { corpse: 0, item: 1, actor: 2 };

/**
 * Remembers the items in view on this floor's map, by cell, forgetting what no longer lies on a cell in view
 * (for the overview: docs/rules.md, Overview). The screen's state: a game loaded remembers none.
 */
function rememberItems(ui: UiContext): void {
  const { map } = ui.state;
  const floors = ui.itemsSeen ??= new WeakMap();
  let seen = floors.get(map);
  if (!seen) floors.set(map, seen = new Map());
  for (const i of seen.keys()) if (map.visible[i] === 1) seen.delete(i);
  for (const e of ui.state.entities) {
    const i = e.y * map.width + e.x;
    if (e.layer === "item" && map.visible[i] === 1) {
      seen.set(i, { glyph: e.glyph, color: thingColor(ui.theme, e.template, "item", e.color) });
    }
  }
}

/** The bounding box of the cells in view, or undefined when none is. */
export function visibleBox(map: GameMap): Box | undefined {
  let x0 = map.width, y0 = map.height, x1 = -1, y1 = -1;
  for (let y = 0; y < map.height; y++) {
    const row = y * map.width;
    for (let x = 0; x < map.width; x++) {
      if (map.visible[row + x] !== 1) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? undefined : { x0, y0, x1, y1 };
}

/** The living monsters on cells the player sees (the side panel's list). */
function monstersInView(ui: UiContext): Point[] {
  const { map } = ui.state, player = playerOf(ui.state);
  return ui.state.entities
    .filter((e) =>
      e.id !== player.id && e.layer === "actor" && isAlive(e) && map.visible[e.y * map.width + e.x] === 1
    )
    .map((e) => ({ x: e.x, y: e.y }));
}

/**
 * The map cell at the view's top-left for the current focus: centred on it
 * under the tutorials' panel; beside the side panel, following it by the
 * least shift that keeps the focus, the monsters in view and what the player
 * sees in view ({@link followOrigin}, remembered in `ui.view`).
 */
export function viewOrigin(ui: UiContext): Point {
  const { map } = ui.state, view = ui.layout.map;
  const player = playerOf(ui.state);
  const focus = ui.focus ?? player;
  if (!ui.layout.side) return cameraOrigin(view, map.width, map.height, focus);
  const sight = sightOf(player, ui.rules);
  const monsters = monstersInView(ui);
  const seen = visibleBox(map);
  const cursor = ui.focus !== undefined;
  const memory = ui.view;
  const fresh = !memory || memory.map !== map || memory.width !== view.width || memory.height !== view.height;
  const origin = followOrigin(
    view,
    map.width,
    map.height,
    {
      focus,
      // A cursor keeps a quarter of the view from the edges (4 rows at 80x24), the player their sight.
      reach: cursor ? Math.floor(Math.min(view.width, view.height) / 4) : sight > 0 ? sight - 1 : 0,
      // A cursor must stay in view; the monsters and the player follow where they fit with it.
      must: cursor ? [] : monsters,
      also: cursor ? [...monsters, { x: player.x, y: player.y }] : [],
      ...(seen && !cursor ? { seen } : {}),
    },
    fresh ? undefined : memory,
  );
  ui.view = { origin, focus: { x: focus.x, y: focus.y }, map, width: view.width, height: view.height };
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
export function screenCellOf(ui: UiContext, p: Point, origin: Point = viewOrigin(ui)): Point | undefined {
  const view = ui.layout.map;
  const sx = view.x + p.x - origin.x, sy = view.y + p.y - origin.y;
  return sx >= view.x && sy >= view.y && sx < view.x + view.width && sy < view.y + view.height
    ? { x: sx, y: sy }
    : undefined;
}

/** Whether a map cell is on screen in the map view as it is now: a cursor goes to no monster out of it. */
export function drawnOn(ui: UiContext): (p: Point) => boolean {
  const origin = viewOrigin(ui);
  return (p) => screenCellOf(ui, p, origin) !== undefined;
}

/** Draws the map view. */
export function drawMap(buf: CellBuffer, ui: UiContext): void {
  const { state, theme, layout, plainGlyphs } = ui;
  const { map } = state;
  const view = layout.map;
  const origin = viewOrigin(ui);
  const { shroud } = theme;
  rememberItems(ui);
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
      // Fire is seen only while in view: out of it, the cell is remembered as its terrain.
      const fire = lit && theme.fire && map.fire && map.fire[i] > 0 ? theme.fire : undefined;
      const cell = fire ?? (lit ? look.light : look.dark);
      // Gas in view tints the cell's background.
      const gas = lit && !fire && map.gas && map.gas[i] > 0
        ? theme.gases?.[map.gasKind?.[i] ?? 0]
        : undefined;
      if (plainGlyphs) {
        buf.set(sx, sy, fire?.plain ?? look.plain, cell.bg, shroud.bg, lit ? Attr.None : Attr.Dim);
      } else buf.set(sx, sy, cell.glyph, cell.fg, gas?.color ?? cell.bg);
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
    const at = screenCellOf(ui, e, origin);
    if (!at) continue;
    const i = at.y * buf.width + at.x;
    const color = thingColor(theme, e.template, thingRole(e, e.id === state.playerId), e.color);
    buf.set(at.x, at.y, e.glyph, color, buf.bg[i], plainGlyphs ? Attr.Bold : Attr.None);
  }
  // A shot on its way, over whatever it passes (only where the player sees).
  const shot = ui.projectile;
  const at = shot && map.visible[shot.y * map.width + shot.x] === 1
    ? screenCellOf(ui, shot, origin)
    : undefined;
  if (shot && at) buf.set(at.x, at.y, shot.glyph, shot.color, buf.bg[at.y * buf.width + at.x], Attr.Bold);
}
