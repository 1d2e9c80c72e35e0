/**
 * The side panel's figures: what a player checks every turn, in the column
 * right of the map (docs/rules.md, Screen layout): by default level and the
 * XP the next one comes at, attack and defense, depth and turn, in the
 * data's words; what is wielded and worn; and the monsters in view. The HP
 * bar and the statuses are drawn as in the panel below the map.
 *
 * @module
 */
import { DEFAULT_SLOTS, type Entity, isAlive, itemName, playerOf, wornIn } from "../engine/mod.ts";
import { Attr, type CellBuffer } from "../terminal/mod.ts";
import type { Region } from "./layout.ts";
import type { UiContext } from "./screen.ts";
import { type FigureLine, fillStats, type ScreenTexts, statValues } from "./screen_texts.ts";
import { clipText, wrapHanging } from "./text.ts";
import { paletteColor, thingColor, thingRole } from "./theme.ts";

/** Where a name too long for its line goes on: under itself, this far in. */
const HANGING_INDENT = 2;
/** A monster's line: its glyph, a space, then its name and health word. */
const GLYPH_COLUMNS = 2;

/** Two figures on one line: the first at the left, the second from the middle. */
function pair(left: string, right: string, width: number): string {
  const half = Math.ceil(width / 2);
  return clipText(left.padEnd(half) + right, width);
}

/** The figures under the HP bar, one line each, in the data's words. */
export function sideFigures(
  ui: Pick<UiContext, "state" | "rules">,
  texts: ScreenTexts,
  width: number,
): string[] {
  const values = statValues(ui.state, ui.rules, texts.character);
  return texts.panel.side.lines.map((line: FigureLine) => {
    if (typeof line === "string") return clipText(fillStats([line], values)[0], width);
    const [left, right] = fillStats(line, values);
    return pair(left, right, width);
  });
}

/**
 * Each equipment slot with what is in it, in the data's words: "Weapon:
 * Long Sword", "Ring: -"; a line too long for `width` goes on in the next,
 * indented, so no name is cut.
 */
export function equipmentLines(
  ui: Pick<UiContext, "state" | "rules">,
  words: ScreenTexts["panel"]["side"],
  width: number,
): string[] {
  const player = playerOf(ui.state);
  return (ui.rules.equipmentSlots ?? DEFAULT_SLOTS).flatMap((slot) => {
    const worn = wornIn(player, slot);
    const label = slot.charAt(0).toUpperCase() + slot.slice(1).replaceAll("_", " ");
    const item = worn ? itemName(ui.state, ui.rules, worn) : words.emptySlot;
    return wrapHanging(fillStats([words.slot], { slot: label, item })[0], width, HANGING_INDENT);
  });
}

/** The data's word for how hurt `e` is: the first whose share of HP it reaches, else the last. */
export function healthWord(e: Entity, words: ScreenTexts["panel"]["side"]["health"]): string {
  const f = e.fighter;
  const share = f && f.maxHp > 0 ? f.hp / f.maxHp : 1;
  return (words.find((w) => share >= w.from) ?? words[words.length - 1]).word;
}

/** The living monsters the player sees now, nearest first (then the older first, so the order holds still). */
export function monstersInView(ui: Pick<UiContext, "state">): Entity[] {
  const { state } = ui, { map } = state, player = playerOf(state);
  const away = (e: Entity) => Math.max(Math.abs(e.x - player.x), Math.abs(e.y - player.y));
  return state.entities
    .filter((e) => e.id !== state.playerId && isAlive(e) && map.visible[e.y * map.width + e.x] === 1)
    .sort((a, b) => away(a) - away(b) || a.id - b.id);
}

/**
 * A monster's words in the list: its name, its health word and the statuses
 * it is under, by their names in lower case ("Orc (wounded; asleep, slowed)").
 */
export function monsterLine(ui: Pick<UiContext, "rules" | "theme">, e: Entity): string {
  const health = healthWord(e, ui.theme.texts.panel.side.health);
  const statuses = (e.statuses ?? []).map((s) => (ui.rules.statuses?.[s.id]?.name ?? s.id).toLowerCase());
  // A monster that has not yet noticed the player sleeps by its mind, not by a status: said all the same.
  if (e.ai?.type === "hostile" && e.ai.asleep) statuses.unshift(ui.theme.texts.panel.side.asleep);
  return `${e.name} (${[health, ...(statuses.length > 0 ? [statuses.join(", ")] : [])].join("; ")})`;
}

/**
 * Draws the monsters in view into `area`: each its glyph in its colour, its
 * name, health word and statuses ("o Orc (wounded; slowed)"), a long one going on under
 * itself; as many as fit whole, and "and N more" on the last row when not all do.
 */
function drawMonsters(buf: CellBuffer, ui: UiContext, area: Region): void {
  const words = ui.theme.texts.panel.side, white = paletteColor(ui.theme, "white");
  const monsters = monstersInView(ui);
  const textWidth = area.width - GLYPH_COLUMNS;
  const entries = monsters.map((e) => wrapHanging(monsterLine(ui, e), textWidth));
  let y = area.y;
  for (let k = 0; k < monsters.length; k++) {
    const left = monsters.length - k, end = area.y + area.height;
    // The last of them may take the row "and N more" would.
    const room = k === monsters.length - 1 ? end - y : end - y - 1;
    if (entries[k].length > room) {
      if (y < end) {
        buf.text(area.x, y, clipText(fillStats([words.more], { count: left })[0], area.width), white);
      }
      return;
    }
    const e = monsters[k];
    const color = thingColor(ui.theme, e.template, thingRole(e, false), e.color);
    buf.set(
      area.x,
      y,
      e.glyph,
      color,
      buf.bg[y * buf.width + area.x],
      ui.plainGlyphs ? Attr.Bold : Attr.None,
    );
    for (const line of entries[k]) buf.text(area.x + GLYPH_COLUMNS, y++, line, white);
  }
}

/** Draws the side panel's figures and equipment into the regions the layout gives them. */
export function drawSideFigures(buf: CellBuffer, ui: UiContext): void {
  const side = ui.layout.side;
  if (!side) return;
  const white = paletteColor(ui.theme, "white");
  sideFigures(ui, ui.theme.texts, side.figures.width).slice(0, side.figures.height).forEach((line, k) =>
    buf.text(side.figures.x, side.figures.y + k, line, white)
  );
  const { equipment } = side;
  const worn = equipmentLines(ui, ui.theme.texts.panel.side, equipment.width).slice(0, equipment.height);
  worn.forEach((line, k) => buf.text(equipment.x, equipment.y + k, line, white));
  // The monsters take what is left under the equipment, after a blank row.
  const used = worn.length + 1;
  drawMonsters(buf, ui, {
    ...equipment,
    y: equipment.y + used,
    height: Math.max(0, equipment.height - used),
  });
}
