/**
 * The panel under the map: HP bar, dungeon level, names under the pointer,
 * the newest messages and, while a screen asks something, the prompt line;
 * or, where the data put it at the side, those and the side panel's figures.
 *
 * @module
 */
import { displayText, formatTemplate, type LogEntry, message, playerOf } from "../engine/mod.ts";
import { Attr, type CellBuffer } from "../terminal/mod.ts";
import type { Region } from "./layout.ts";
import { shownNewestFirst } from "./notices.ts";
import { namesAt, underfoot } from "./cell_names.ts";
import { drawSideFigures } from "./side_panel.ts";
import { fillStats, statValues } from "./screen_texts.ts";
import type { UiContext } from "./screen.ts";
import { clipText, displayWidth, wrapText } from "./text.ts";
import { paletteColor, type Theme } from "./theme.ts";

const HP_BAR_WIDTH = 20;

/**
 * The HP bar (docs/rules.md, Screen layout): 20 cells, filled in proportion, text on top.
 * Where colours cannot show it (16 colours turn both of its colours black;
 * no colour has none) it is drawn in characters: █ filled, ░ empty, the
 * text in reverse video where it lies on the filled part.
 */
function drawHpBar(buf: CellBuffer, ui: UiContext, values: Readonly<Record<string, string | number>>): void {
  const fighter = playerOf(ui.state).fighter;
  if (!fighter) return;
  const { x, y } = ui.layout.hpBar;
  const filled = Math.floor((fighter.hp / fighter.maxHp) * HP_BAR_WIDTH);
  const text = clipText(formatTemplate(ui.theme.texts.panel.hp, values), HP_BAR_WIDTH - 1);
  const fg = paletteColor(ui.theme, "bar_text");
  if (!ui.plainGlyphs) {
    buf.fillBg(x, y, HP_BAR_WIDTH, 1, paletteColor(ui.theme, "bar_empty"));
    const low = ui.lowHp && fighter.hp < ui.lowHp.below * fighter.maxHp;
    if (filled > 0) buf.fillBg(x, y, filled, 1, paletteColor(ui.theme, low ? ui.lowHp!.color : "bar_filled"));
    buf.text(x + 1, y, text, fg);
    return;
  }
  for (let k = 0; k < HP_BAR_WIDTH; k++) buf.set(x + k, y, k < filled ? "█" : "░", fg, 0);
  buf.text(x + 1, y, text, fg, 0);
  for (let k = 1; k < Math.min(filled, text.length + 1); k++) {
    buf.attrs[y * buf.width + x + k] |= Attr.Reverse;
  }
}

/** Messages wrapped to a width, remembered: every frame draws the same few again. */
const wrapped = new Map<string, readonly string[]>();

/** {@link wrapText}, remembered for the last few hundred texts and widths. */
function wrappedLines(text: string, width: number, even = false): readonly string[] {
  const key = `${width} ${even ? "even" : ""} ${text}`;
  let lines = wrapped.get(key);
  if (lines === undefined) {
    if (wrapped.size >= 256) wrapped.clear();
    lines = wrapText(text, width, even);
    wrapped.set(key, lines);
  }
  return lines;
}

/**
 * Draws the messages `newestFirst` gives into `area`, newest on the bottom
 * line, each message word-wrapped with its lines in order, as far up as
 * there is room (docs/rules.md, Message log).
 */
export function drawMessages(
  buf: CellBuffer,
  theme: Theme,
  newestFirst: Iterable<LogEntry>,
  area: Region,
): void {
  let y = area.y + area.height - 1;
  for (const entry of newestFirst) {
    if (y < area.y) break;
    const lines = wrappedLines(displayText(entry), area.width, theme.evenWrap);
    for (let l = lines.length - 1; l >= 0 && y >= area.y; l--, y--) {
      buf.text(area.x, y, lines[l], paletteColor(theme, entry.color));
    }
  }
}

/** A piece of the statuses' lines: a status's words (with its id) or what goes between them. */
interface StatusPiece {
  readonly row: number;
  readonly column: number;
  readonly text: string;
  readonly id?: string;
}

/**
 * The statuses the player is under, each as its name and turns left
 * ("Poisoned 5"), laid out in the lines of a region `width` by `height`,
 * one status never split; what does not fit ends in "…".
 */
function statusPieces(ui: Pick<UiContext, "state" | "rules">, width: number, height: number): StatusPiece[] {
  const player = playerOf(ui.state);
  // Sneaking leads, as a status without turns (docs/rules.md, Noise and sneaking).
  const sneaking = player.sneaking && ui.rules.sneak ? [{ text: ui.rules.sneak.name, id: undefined }] : [];
  const statuses = [
    ...sneaking,
    ...(player.statuses ?? []).map((s) => ({
      text: `${ui.rules.statuses?.[s.id]?.name ?? s.id} ${s.turns}`,
      id: s.id,
    })),
  ];
  const pieces: StatusPiece[] = [];
  let row = 0, column = 0;
  for (const [k, s] of statuses.entries()) {
    const text = s.text;
    const comma = k < statuses.length - 1 ? "," : "";
    if (column > 0 && column + 1 + displayWidth(text + comma) > width) (row++, column = 0);
    if (row >= height) {
      const last = pieces.at(-1);
      const after = last ? last.column + displayWidth(last.text) : 0;
      if (last) pieces.push({ row: last.row, column: Math.min(width - 1, after), text: "…" });
      break;
    }
    if (column > 0) pieces.push({ row, column: column++, text: " " });
    const shown = clipText(text, width - column);
    pieces.push({ row, column, text: shown, id: s.id });
    column += displayWidth(shown);
    if (comma) pieces.push({ row, column: column++, text: comma });
  }
  return pieces;
}

/**
 * The statuses the player is under as lines of text ("Poisoned 5, Slowed
 * 12"), in as many lines of `width` as `height` allows; what does not fit
 * ends in "…".
 */
export function statusLines(ui: Pick<UiContext, "state" | "rules">, width: number, height: number): string[] {
  const lines: string[] = [];
  for (const p of statusPieces(ui, width, height)) {
    const before = lines[p.row] ?? "";
    lines[p.row] = clipText(
      before + " ".repeat(Math.max(0, p.column - displayWidth(before))) + p.text,
      width,
    );
  }
  return lines;
}

/**
 * Draws the player's statuses, each in its own look: a status whose data
 * give a `panelColor` in reverse video in that colour, so that a slow or a
 * poison is not missed; the others as ever.
 */
function drawStatuses(buf: CellBuffer, ui: UiContext): void {
  const { layout, theme } = ui, region = layout.statuses;
  const plain = paletteColor(theme, "status_effect_applied");
  for (const p of statusPieces(ui, region.width, region.height)) {
    const x = region.x + p.column, y = region.y + p.row;
    const own = p.id === undefined ? undefined : ui.rules.statuses?.[p.id]?.panelColor;
    if (own === undefined) buf.text(x, y, p.text, plain);
    else buf.text(x, y, p.text, buf.bg[y * buf.width + x], paletteColor(theme, own));
  }
}

/** Draws the whole panel. */
export function drawPanel(buf: CellBuffer, ui: UiContext): void {
  const { layout, theme, state } = ui;
  const white = paletteColor(theme, "white");
  const values = statValues(state, ui.rules, theme.texts.character);
  drawHpBar(buf, ui, values);
  // At the side, the depth is among the figures.
  if (layout.side) drawSideFigures(buf, ui);
  else {
    const { lines } = layout;
    fillStats(theme.texts.panel.below.lines, values).slice(0, lines.height).forEach((line, k) =>
      buf.text(lines.x, lines.y + k, clipText(line, lines.width), white)
    );
  }
  drawStatuses(buf, ui);
  // Under the pointer, or else what the player stands on (an item hidden under the @, the stairs).
  const names = namesAt(ui, ui.pointer) || underfoot(ui);
  buf.text(layout.names.x, layout.names.y, clipText(names, layout.names.width), white);
  // A prompt takes the log's bottom lines while it asks (the whole width right of the HP bar): the
  // log above it, the history without it.
  const prompt = ui.prompt && message(ui.rules, ui.prompt);
  const asked = prompt ? wrapText(prompt.text, layout.names.width).slice(0, layout.log.height) : [];
  const log = { ...layout.log, height: layout.log.height - asked.length };
  // The player's options may ask for fewer lines: the newest, at the bottom as ever.
  const lines = ui.logLines ? Math.min(log.height, ui.logLines) : log.height;
  const shown = { ...log, y: log.y + log.height - lines, height: lines };
  drawMessages(buf, theme, shownNewestFirst(state.log, ui.notices), shown);
  const color = prompt ? paletteColor(theme, prompt.color) : white;
  asked.forEach((line, k) => buf.text(layout.names.x, log.y + log.height + k, line, color));
}
