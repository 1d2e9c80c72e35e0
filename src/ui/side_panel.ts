/**
 * The side panel's figures: what a player checks every turn, in the column
 * right of the map (docs/rules.md, Screen layout): level and the XP the next
 * one comes at, attack and defense, depth and turn, and what is wielded and
 * worn. The HP bar and the statuses are drawn as in the panel below the map.
 *
 * @module
 */
import {
  attackOf,
  damageDiceOf,
  DEFAULT_SLOTS,
  defenseOf,
  itemName,
  MAX_LEVEL,
  playerOf,
  wornIn,
  xpForNextLevel,
} from "../engine/mod.ts";
import type { CellBuffer } from "../terminal/mod.ts";
import type { UiContext } from "./screen.ts";
import { clipText } from "./text.ts";
import { paletteColor } from "./theme.ts";

/** Two figures on one line: the first at the left, the second from the middle. */
function pair(left: string, right: string, width: number): string {
  const half = Math.ceil(width / 2);
  return clipText(left.padEnd(half) + right, width);
}

/** What a blow does: the damage dice and the attack added to them where combat is rolled ("1d6+2"), else the attack. */
function attackText(ui: Pick<UiContext, "state" | "rules">): string {
  const player = playerOf(ui.state), attack = attackOf(player, ui.rules);
  const dice = ui.rules.combat ? damageDiceOf(player) : undefined;
  if (dice === undefined) return String(attack);
  return attack === 0 ? dice : `${dice}${attack > 0 ? "+" : ""}${attack}`;
}

/** The figures under the HP bar, one line each (as many as the layout's `side.figures` has rows). */
export function sideFigures(ui: Pick<UiContext, "state" | "rules">, width: number): string[] {
  const player = playerOf(ui.state), level = player.level;
  const xp = !level
    ? ""
    : level.current >= MAX_LEVEL
    ? `XP ${level.xp}`
    : `XP ${level.xp}, next ${xpForNextLevel(ui.rules.progression, level.current)}`;
  return [
    pair(level ? `Level ${level.current}` : "", `Depth ${ui.state.floor}`, width),
    clipText(xp, width),
    clipText(`Attack ${attackText(ui)}`, width),
    clipText(`Defense ${defenseOf(player, ui.rules)}`, width),
    clipText(`Turn ${ui.state.turn}`, width),
  ];
}

/** Each equipment slot with what is in it: "Weapon: Long Sword", "Ring: -". */
export function equipmentLines(ui: Pick<UiContext, "state" | "rules">, width: number): string[] {
  const player = playerOf(ui.state);
  return (ui.rules.equipmentSlots ?? DEFAULT_SLOTS).map((slot) => {
    const item = wornIn(player, slot);
    const label = slot.charAt(0).toUpperCase() + slot.slice(1).replaceAll("_", " ");
    return clipText(`${label}: ${item ? itemName(ui.state, ui.rules, item) : "-"}`, width);
  });
}

/** Draws the side panel's figures and equipment into the regions the layout gives them. */
export function drawSideFigures(buf: CellBuffer, ui: UiContext): void {
  const side = ui.layout.side;
  if (!side) return;
  const white = paletteColor(ui.theme, "white");
  sideFigures(ui, side.figures.width).slice(0, side.figures.height).forEach((line, k) =>
    buf.text(side.figures.x, side.figures.y + k, line, white)
  );
  equipmentLines(ui, side.equipment.width).slice(0, side.equipment.height).forEach((line, k) =>
    buf.text(side.equipment.x, side.equipment.y + k, line, white)
  );
}
