/**
 * The side panel's figures: what a player checks every turn, in the column
 * right of the map (docs/rules.md, Screen layout): by default level and the
 * XP the next one comes at, attack and defense, depth and turn, in the
 * data's words; and what is wielded and worn. The HP bar and the statuses are drawn as in the panel below the map.
 *
 * @module
 */
import { DEFAULT_SLOTS, itemName, playerOf, wornIn } from "../engine/mod.ts";
import type { CellBuffer } from "../terminal/mod.ts";
import type { UiContext } from "./screen.ts";
import { type FigureLine, fillStats, type ScreenTexts, statValues } from "./screen_texts.ts";
import { clipText } from "./text.ts";
import { paletteColor } from "./theme.ts";

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

/** Each equipment slot with what is in it, in the data's words: "Weapon: Long Sword", "Ring: -". */
export function equipmentLines(
  ui: Pick<UiContext, "state" | "rules">,
  words: ScreenTexts["panel"]["side"],
  width: number,
): string[] {
  const player = playerOf(ui.state);
  return (ui.rules.equipmentSlots ?? DEFAULT_SLOTS).map((slot) => {
    const worn = wornIn(player, slot);
    const label = slot.charAt(0).toUpperCase() + slot.slice(1).replaceAll("_", " ");
    const item = worn ? itemName(ui.state, ui.rules, worn) : words.emptySlot;
    return clipText(fillStats([words.slot], { slot: label, item })[0], width);
  });
}

/** Draws the side panel's figures and equipment into the regions the layout gives them. */
export function drawSideFigures(buf: CellBuffer, ui: UiContext): void {
  const side = ui.layout.side;
  if (!side) return;
  const white = paletteColor(ui.theme, "white");
  sideFigures(ui, ui.theme.texts, side.figures.width).slice(0, side.figures.height).forEach((line, k) =>
    buf.text(side.figures.x, side.figures.y + k, line, white)
  );
  equipmentLines(ui, ui.theme.texts.panel.side, side.equipment.width).slice(0, side.equipment.height).forEach(
    (line, k) => buf.text(side.equipment.x, side.equipment.y + k, line, white),
  );
}
