/**
 * What the bot knows of its pack (docs/rules.md, The bot): which things it
 * may use for what, judged only by what a player knows (an unknown potion
 * is not a healing potion until drunk once), and how good a thing to wear is.
 *
 * @module
 */
import { diceRange } from "../../algorithms/mod.ts";
import type { Entity, ItemEffect } from "../entity.ts";
import { wornIn } from "../items/equipment.ts";
import { isKnown } from "../items/item_names.ts";
import type { Rules } from "../rules.ts";
import type { GameState } from "../state.ts";

/** The pack's letter index of the first thing for which `test` holds, -1 if none. */
export function slotWith(player: Entity, test: (item: Entity) => boolean): number {
  return player.inventory?.items.findIndex(test) ?? -1;
}

/** The effect of `item` as the player knows it: none for a thing not yet identified. */
export function knownEffect(state: GameState, rules: Rules, item: Entity): ItemEffect | undefined {
  return isKnown(state, rules, item.template) ? item.item?.effect : undefined;
}

/** The first known item whose effect passes `test`, as its pack index (a spent wand aside); -1 if none. */
export function knownItem(
  state: GameState,
  rules: Rules,
  player: Entity,
  test: (effect: ItemEffect) => boolean,
): number {
  return slotWith(player, (i) => {
    const effect = knownEffect(state, rules, i);
    return effect !== undefined && (i.item?.charges ?? 1) > 0 && test(effect);
  });
}

/**
 * The first thing not yet identified of the `kind` of unknown items that is
 * used up by using it (a potion, a scroll), -1 if none.
 */
export function unknownToTry(state: GameState, rules: Rules, player: Entity, kind: string): number {
  return slotWith(
    player,
    (i) =>
      i.item?.effect !== undefined && rules.templates[i.template]?.unknown === kind &&
      !isKnown(state, rules, i.template),
  );
}

/** The first thing made to be thrown (it hurts where it lands), -1 if none. */
export function throwable(player: Entity): number {
  return slotWith(player, (i) => i.item?.thrown?.damage !== undefined && !i.equippable);
}

/** The middle of a dice text's range, 0 for none. */
function average(dice: string | undefined): number {
  if (dice === undefined) return 0;
  const { min, max } = diceRange(dice);
  return (min + max) / 2;
}

/** What an unknown thing to wear is worth to a player who cannot see its numbers: a little, to try it on. */
const UNKNOWN_WEAR_VALUE = 0.5;

/**
 * How good `item` is to wear in its slot, as the player knows it: expected
 * damage for a weapon, protection for the rest; a thing not yet identified
 * is judged by its kind only (worth a try in an empty slot), never by its
 * hidden numbers.
 */
export function wearValue(state: GameState, rules: Rules, item: Entity): number {
  if (!isKnown(state, rules, item.template)) return UNKNOWN_WEAR_VALUE;
  const e = item.equippable!;
  // Rough exchange rates into points of defense: a ring of +30 speed is worth 3, of 1 HP every 4 turns 2.
  const regeneration = e.regeneration ? (8 * e.regeneration.hp) / e.regeneration.turns : 0;
  const bonuses = (e.maxHp ?? 0) / 5 + (e.sight ?? 0) / 2 + (e.accuracy ?? 0) / 10 + (e.evasion ?? 0) / 10 +
    (e.speed ?? 0) / 10 + (e.stealth ?? 0) / 20 + regeneration;
  if (e.slot === "weapon") return average(e.damage) + e.power + bonuses;
  return e.defense + e.power + bonuses;
}

/** The pack index of a thing to wear better than what is worn in its slot (or filling an empty one), -1 if none. */
export function betterToWear(state: GameState, rules: Rules, player: Entity): number {
  return slotWith(player, (i) => {
    if (!i.equippable || wornIn(player, i.equippable.slot) === i) return false;
    const worn = wornIn(player, i.equippable.slot);
    const value = wearValue(state, rules, i);
    return worn === undefined ? value > 0 : value > wearValue(state, rules, worn);
  });
}

/**
 * The pack index of a thing the player knows would save it from a fight:
 * one that heals or teleports (a spent wand aside); -1 if none. The
 * simulator asks it of a dead bot, to count deaths with a way out unused.
 */
export function knownEscape(state: GameState, rules: Rules, player: Entity): number {
  return knownItem(state, rules, player, (e) => e.type === "heal" || e.type === "teleport");
}
