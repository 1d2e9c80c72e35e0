/**
 * The play screen: the map around the player and the panel under it.
 *
 * @module
 */
import type { Entity, RenderLayer } from "../engine/entity.ts";
import { displayText } from "../engine/message_log.ts";
import { type GameState, playerOf } from "../engine/state.ts";
import { Attr, type CellBuffer } from "../terminal/cell_buffer.ts";
import { cameraOrigin, type Layout, type Region } from "./layout.ts";
import { wrapText } from "./text.ts";
import { paletteColor, type Theme } from "./theme.ts";

const LAYER_ORDER: Readonly<Record<RenderLayer, number>> = { corpse: 0, item: 1, actor: 2 };

/** How the screen draws terrain. */
export interface DrawOptions {
  /** Colours cannot tell tiles apart (16 colours or none): draw `#`, `.`. */
  readonly plainGlyphs: boolean;
}

function drawMap(buf: CellBuffer, state: GameState, theme: Theme, view: Region, options: DrawOptions): void {
  const { map } = state;
  const origin = cameraOrigin(view, map.width, map.height, playerOf(state));
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
      if (options.plainGlyphs) {
        buf.set(sx, sy, look.plain, cell.bg, shroud.bg, lit ? Attr.None : Attr.Dim);
      } else {
        buf.set(sx, sy, cell.glyph, cell.fg, cell.bg);
      }
    }
  }
  const shown = state.entities
    .filter((e) => map.visible[e.y * map.width + e.x] === 1)
    .sort((a: Entity, b: Entity) => LAYER_ORDER[a.layer] - LAYER_ORDER[b.layer]);
  for (const e of shown) {
    const sx = view.x + e.x - origin.x, sy = view.y + e.y - origin.y;
    if (sx < view.x || sy < view.y || sx >= view.x + view.width || sy >= view.y + view.height) continue;
    const i = sy * buf.width + sx;
    buf.set(sx, sy, e.glyph, e.color, buf.bg[i], options.plainGlyphs ? Attr.Bold : Attr.None);
  }
}

/** Draws the newest messages bottom-up into `area`, each word-wrapped. */
function drawLog(buf: CellBuffer, state: GameState, theme: Theme, area: Region): void {
  let y = area.y + area.height - 1;
  for (let m = state.log.length - 1; m >= 0 && y >= area.y; m--) {
    const entry = state.log[m];
    const lines = wrapText(displayText(entry), area.width);
    for (let l = lines.length - 1; l >= 0 && y >= area.y; l--, y--) {
      buf.text(area.x, y, lines[l], paletteColor(theme, entry.color));
    }
  }
}

/** The HP bar (SPEC §1.2): 20 cells, filled in proportion, text on top. */
function drawHpBar(buf: CellBuffer, state: GameState, theme: Theme, y: number): void {
  const fighter = playerOf(state).fighter;
  if (!fighter) return;
  const width = 20;
  buf.fillBg(0, y, width, 1, paletteColor(theme, "bar_empty"));
  const filled = Math.floor((fighter.hp / fighter.maxHp) * width);
  if (filled > 0) buf.fillBg(0, y, filled, 1, paletteColor(theme, "bar_filled"));
  buf.text(1, y, `HP: ${fighter.hp}/${fighter.maxHp}`, paletteColor(theme, "bar_text"));
}

function drawPanel(buf: CellBuffer, state: GameState, theme: Theme, layout: Layout): void {
  const { panel } = layout;
  const white = paletteColor(theme, "white");
  const level = `Dungeon level: ${state.floor}`;
  if (layout.compact) {
    drawHpBar(buf, state, theme, panel.y);
    buf.text(0, panel.y + 1, level, white);
    drawLog(buf, state, theme, { x: 21, y: panel.y, width: panel.width - 21, height: panel.height });
  } else {
    // The 80x50 layout: HP bar at row 45, level at row 47, log 40 wide from (21, 45).
    drawHpBar(buf, state, theme, panel.y + 2);
    buf.text(0, panel.y + 4, level, white);
    drawLog(buf, state, theme, { x: 21, y: panel.y + 2, width: 40, height: panel.height - 2 });
  }
}

/** Draws the whole play screen for `state` into `buf`. */
export function drawPlayScreen(
  buf: CellBuffer,
  state: GameState,
  theme: Theme,
  layout: Layout,
  options: DrawOptions,
): void {
  buf.clear(paletteColor(theme, "white"), theme.shroud.bg);
  drawMap(buf, state, theme, layout.map, options);
  drawPanel(buf, state, theme, layout);
}

/** Draws the notice shown when the terminal is below the minimum size. */
export function drawTooSmall(buf: CellBuffer, columns: number, rows: number, need: string): void {
  buf.clear();
  const lines = wrapText(`terminal too small (need ${need}, have ${columns}x${rows})`, Math.max(1, columns));
  const top = Math.max(0, Math.floor((rows - lines.length) / 2));
  lines.forEach((line, k) =>
    buf.text(Math.max(0, Math.floor((columns - line.length) / 2)), top + k, line, 0xffffff)
  );
}
