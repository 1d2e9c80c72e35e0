/**
 * `X`: the whole explored floor on one screen (docs/rules.md, Overview),
 * with the player, the stairs, the items seen and the monsters in view.
 * Where the terminal has the rows (80x50 for an 80x43 floor) it is drawn
 * glyph for glyph, as the map view draws it; where it has not (80x24), two
 * map rows share a terminal row, each cell half of it (`▀`, the upper row
 * in its colour over the lower row's), and what matters is drawn whole in
 * its own glyph over its pair: the player, then monsters, then the stairs,
 * then items. Any key or a click closes it; no turn passes and no replay
 * holds it.
 *
 * @module
 */
import { type GameMap, isAlive, playerOf, type Point, Tile, WALKABLE } from "../engine/mod.ts";
import { Attr, type CellBuffer, type KeyEvent, type MouseEvent } from "../terminal/mod.ts";
import type { Binding } from "./keymap.ts";
import { cameraOrigin, type Layout, type Region } from "./layout.ts";
import { drawMap, type ItemMemory } from "./map_view.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { clipText } from "./text.ts";
import { paletteColor, thingColor, thingRole } from "./theme.ts";

export const OVERVIEW_BINDINGS: readonly Binding<never>[] = [
  { keys: ["any key", "a click"], help: "close the overview", listedOnly: true },
];

/** A glyph drawn whole over its pair of map rows, and how much it matters (more wins the cell). */
interface Mark {
  readonly glyph: string;
  readonly color: number;
  readonly rank: number;
}

/** How the overview fits the floor on the screen: glyph for glyph, or two map rows a terminal row. */
export function overviewScale(layout: Pick<Layout, "rows">, map: Pick<GameMap, "height">): 1 | 2 {
  // One row under the floor says what the screen is.
  return map.height + 1 <= layout.rows ? 1 : 2;
}

/** `c` scaled by `k` (0-1), each channel. */
function dimmed(c: number, k: number): number {
  const r = (c >> 16) & 0xff, g = (c >> 8) & 0xff, b = c & 0xff;
  return (Math.round(r * k) << 16) | (Math.round(g * k) << 8) | Math.round(b * k);
}

/** The whole-floor overview. */
export class OverviewScreen implements Screen {
  readonly title = "Overview";
  readonly bindings = OVERVIEW_BINDINGS;

  handleKey(_event: KeyEvent): ScreenResult {
    return CLOSE;
  }

  handleMouse(event: MouseEvent): ScreenResult {
    return event.action === "press" ? CLOSE : STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const { map } = ui.state, { columns, rows } = ui.layout;
    buf.clear(0xffffff, ui.theme.shroud.bg);
    const scale = overviewScale(ui.layout, map);
    const height = Math.min(rows - 1, Math.ceil(map.height / scale)), width = Math.min(columns, map.width);
    // A floor wider or taller than the screen (a mod's) shows the part round the player.
    const player = playerOf(ui.state);
    const from = cameraOrigin({ x: 0, y: 0, width, height: height * scale }, map.width, map.height, player);
    const area = { x: Math.floor((columns - width) / 2), y: 0, width, height };
    if (scale === 1) this.#glyphs(buf, ui, area, from);
    else this.#halves(buf, ui, area, from);
    const white = paletteColor(ui.theme, "white");
    const line =
      `Floor ${ui.state.floor}${scale === 2 ? ", two rows a line" : ""}: the monsters in view, the items ` +
      "seen. Any key closes.";
    buf.text(0, height, clipText(line, columns), white, ui.theme.shroud.bg);
  }

  /** The floor glyph for glyph, as the map view draws it, then the items seen there out of view. */
  #glyphs(buf: CellBuffer, ui: UiContext, area: Region, from: Point): void {
    // The map view's own drawing, on a view the floor's size that centres on the player as the tutorials' does.
    drawMap(buf, { ...ui, layout: { ...ui.layout, map: area, side: undefined }, focus: undefined });
    const { map } = ui.state;
    for (const [i, look] of itemsRemembered(ui)) {
      const x = i % map.width - from.x, y = Math.floor(i / map.width) - from.y;
      if (map.visible[i] || x < 0 || y < 0 || x >= area.width || y >= area.height) continue;
      if (map.tiles[i] === Tile.DownStairs || map.tiles[i] === Tile.UpStairs) continue;
      const at = (area.y + y) * buf.width + area.x + x;
      buf.set(
        area.x + x,
        area.y + y,
        look.glyph,
        look.color,
        buf.bg[at],
        ui.plainGlyphs ? Attr.Bold : Attr.None,
      );
    }
  }

  /** Two map rows a terminal row: terrain as half cells, what matters as whole glyphs. */
  #halves(buf: CellBuffer, ui: UiContext, area: Region, from: Point): void {
    const { map } = ui.state, { theme } = ui, shroud = theme.shroud.bg;
    const marks = this.#marks(ui);
    /** A map cell's colour: its glyph's where it is drawn on black (Delve's), else its background; floor dimmed. */
    const colorOf = (x: number, y: number): number | undefined => {
      if (x < 0 || y < 0 || x >= map.width || y >= map.height) return undefined;
      const i = y * map.width + x;
      if (!map.explored[i]) return undefined;
      const look = theme.tiles[map.tiles[i]], cell = map.visible[i] ? look.light : look.dark;
      const color = cell.bg !== shroud ? cell.bg : cell.fg;
      return WALKABLE[map.tiles[i]] ? dimmed(color, 0.45) : color;
    };
    for (let ty = 0; ty < area.height; ty++) {
      for (let tx = 0; tx < area.width; tx++) {
        const mx = from.x + tx, my = from.y + ty * 2;
        const sx = area.x + tx, sy = area.y + ty;
        const pair = [my, my + 1].filter((y) => y < map.height).map((y) => marks.get(y * map.width + mx));
        const mark = pair.reduce<Mark | undefined>(
          (a, b) => (b && (!a || b.rank > a.rank) ? b : a),
          undefined,
        );
        if (ui.plainGlyphs) {
          this.#plainPair(buf, ui, sx, sy, mx, my, mark);
          continue;
        }
        const top = colorOf(mx, my), bottom = colorOf(mx, my + 1);
        if (mark) {
          buf.set(sx, sy, mark.glyph, mark.color, shroud);
          continue;
        }
        if (top === undefined && bottom === undefined) buf.set(sx, sy, " ", 0xffffff, shroud);
        else if (top === bottom) buf.set(sx, sy, " ", 0xffffff, top!);
        else buf.set(sx, sy, "▀", top ?? shroud, bottom ?? shroud);
      }
    }
  }

  /** Without colours: one plain glyph for the pair, walkable ground over walls so corridors show. */
  #plainPair(
    buf: CellBuffer,
    ui: UiContext,
    sx: number,
    sy: number,
    mx: number,
    my: number,
    mark?: Mark,
  ): void {
    const { map } = ui.state, { theme } = ui;
    if (mark) {
      buf.set(sx, sy, mark.glyph, mark.color, theme.shroud.bg, Attr.Bold);
      return;
    }
    const cells = [my, my + 1].filter((y) => y < map.height).map((y) => y * map.width + mx)
      .filter((i) => map.explored[i]);
    if (cells.length === 0) return;
    const i = cells.find((c) => WALKABLE[map.tiles[c]]) ?? cells[0];
    const look = theme.tiles[map.tiles[i]], lit = cells.some((c) => map.visible[c]);
    buf.set(
      sx,
      sy,
      look.plain,
      (lit ? look.light : look.dark).bg,
      theme.shroud.bg,
      lit ? Attr.None : Attr.Dim,
    );
  }

  /** What is drawn whole: items seen, the stairs known, the monsters in view and the player, by cell. */
  #marks(ui: UiContext): Map<number, Mark> {
    const { map } = ui.state, { theme } = ui, player = playerOf(ui.state);
    const marks = new Map<number, Mark>();
    const put = (i: number, mark: Mark) => {
      const was = marks.get(i);
      if (!was || mark.rank > was.rank) marks.set(i, mark);
    };
    for (const [i, look] of itemsRemembered(ui)) put(i, { ...look, rank: 1 });
    for (let i = 0; i < map.tiles.length; i++) {
      if (!map.explored[i] || (map.tiles[i] !== Tile.DownStairs && map.tiles[i] !== Tile.UpStairs)) continue;
      const cell = theme.tiles[map.tiles[i]][map.visible[i] ? "light" : "dark"];
      put(i, {
        glyph: cell.glyph,
        color: map.visible[i] ? cell.fg : theme.tiles[map.tiles[i]].light.fg,
        rank: 2,
      });
    }
    for (const e of ui.state.entities) {
      const i = e.y * map.width + e.x;
      if (e.layer !== "actor" || !isAlive(e) || !map.visible[i]) continue;
      const own = e.id === player.id;
      put(i, {
        glyph: e.glyph,
        color: thingColor(theme, e.template, thingRole(e, own), e.color),
        rank: own ? 4 : 3,
      });
    }
    return marks;
  }
}

/** The items the player has seen on this floor and last saw where they lie, with those always drawn, by cell. */
function itemsRemembered(ui: UiContext): ReadonlyMap<number, ItemMemory> {
  const { map } = ui.state;
  const seen = new Map(ui.itemsSeen?.get(map) ?? []);
  const always = ui.theme.alwaysVisible;
  for (const e of ui.state.entities) {
    const i = e.y * map.width + e.x;
    if (e.layer !== "item" || !map.explored[i]) continue;
    if (map.visible[i] || always?.has(e.template)) {
      seen.set(i, { glyph: e.glyph, color: thingColor(ui.theme, e.template, "item", e.color) });
    }
  }
  return seen;
}
