/**
 * The title screen (Part A §9): the game's name over a backdrop drawn in
 * the terminal, the three choices, what the saved game is, and popups
 * ("No saved game to load.") that dim everything behind them.
 *
 * @module
 */
import { Rng } from "../engine/rng.ts";
import type { CellBuffer } from "../terminal/cell_buffer.ts";
import { paletteColor, type Theme } from "./theme.ts";
import { drawWindow } from "./window.ts";

/** "DELVE" in a 5-row block font. */
const BANNER = [
  "█████  █████ █     █   █ █████",
  "█   ██ █     █     █   █ █    ",
  "█   ██ ████  █     █   █ ████ ",
  "█   ██ █     █      █ █  █    ",
  "█████  █████ █████   █   █████",
];

/** The choices, each padded to 24 columns as in the SPEC's menu. */
export const TITLE_OPTIONS = ["[N] Play a new game", "[C] Continue last game", "[Q] Quit"];

/** What the title shows besides its fixed parts. */
export interface TitleView {
  /** One line about the saved game, if there is one. */
  readonly saved?: string;
  /** Lines of a popup over the title (any key dismisses it). */
  readonly popup?: readonly string[];
}

/** Dims a colour as the SPEC's popups do: each channel divided by 8. */
function dim(rgb: number): number {
  return (((rgb >> 16) & 255) >> 3) << 16 | (((rgb >> 8) & 255) >> 3) << 8 | ((rgb & 255) >> 3);
}

/** A cave wall of old stone, lit from the middle: the backdrop. */
function drawBackdrop(buf: CellBuffer, theme: Theme): void {
  const rng = Rng.fromSeed(1979);
  const wall = theme.tiles[0].dark.bg, floor = theme.tiles[1].dark.bg, lit = theme.tiles[1].light.bg;
  const cx = buf.width / 2, cy = buf.height / 2;
  for (let y = 0; y < buf.height; y++) {
    for (let x = 0; x < buf.width; x++) {
      // Stone blocks, offset every other course, with the odd crack.
      const course = Math.floor(y / 2), brickX = Math.floor((x + (course % 2) * 3) / 6);
      const joint = y % 2 === 1 || (x + (course % 2) * 3) % 6 === 0;
      const glow = Math.max(0, 1 - Math.hypot((x - cx) / cx, (y - cy) / cy));
      const base = joint ? wall : (brickX + course) % 3 === 0 ? floor : wall;
      const glyph = joint ? " " : rng.int(0, 40) === 0 ? "░" : " ";
      buf.set(x, y, glyph, floor, glow > 0.55 ? lit : base);
    }
  }
}

/** Draws the title screen. */
export function drawTitle(buf: CellBuffer, theme: Theme, view: TitleView): void {
  drawBackdrop(buf, theme);
  const gold = paletteColor(theme, "menu_title"), white = paletteColor(theme, "menu_text");
  const { width, height } = buf;
  const top = Math.max(0, Math.floor(height / 2) - 9);
  BANNER.forEach((line, k) => buf.text(Math.floor((width - line.length) / 2), top + k, line, gold));
  const subtitle = "a roguelike of rooms, corridors and things that hunt you";
  buf.text(Math.floor((width - subtitle.length) / 2), top + 6, subtitle, gold, 0x000000);
  TITLE_OPTIONS.forEach((option, k) => {
    const padded = ` ${option}`.padEnd(24);
    buf.text(Math.floor((width - 24) / 2), top + 9 + k, padded, white, 0x000000);
  });
  if (view.saved) {
    buf.text(Math.floor((width - view.saved.length) / 2), top + 13, view.saved, white, 0x000000);
  }
  const credit = "By the Delve developers";
  buf.text(Math.floor((width - credit.length) / 2), height - 2, credit, gold);
  if (view.popup) drawPopup(buf, view.popup);
}

/** A popup: everything behind dimmed, the lines in a window in the middle. */
function drawPopup(buf: CellBuffer, lines: readonly string[]): void {
  for (let i = 0; i < buf.fg.length; i++) {
    buf.fg[i] = dim(buf.fg[i]);
    buf.bg[i] = dim(buf.bg[i]);
  }
  const inner = Math.min(buf.width - 4, Math.max(...lines.map((l) => [...l].length)) + 2);
  const width = inner + 2, height = lines.length + 2;
  const x = Math.floor((buf.width - width) / 2), y = Math.floor((buf.height - height) / 2);
  const inside = drawWindow(buf, { x, y, width, height }, "");
  lines.forEach((line, k) => {
    const text = [...line].slice(0, inner).join("");
    buf.text(inside.x + Math.floor((inner - [...text].length) / 2), inside.y + k, text, 0xffffff, 0x000000);
  });
}
