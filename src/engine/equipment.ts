/**
 * Wearing things: a weapon slot and an armour slot, bonuses added to the
 * wearer's own power and defense (docs/rules.md, Equipment). Worn items stay in the
 * inventory, marked " (E)".
 *
 * @module
 */
import type { Entity, Slot } from "./entity.ts";
import type { GameEvent } from "./events.ts";
import type { Rules } from "./rules.ts";
import { statusBonus } from "./statuses.ts";

/** The carried item worn in `slot`, if any. */
export function wornIn(wearer: Entity, slot: Slot): Entity | undefined {
  const id = wearer.equipment?.[slot];
  return id === undefined ? undefined : wearer.inventory?.items.find((i) => i.id === id);
}

/** True when `item` is worn by `wearer`. */
export function isWorn(wearer: Entity, item: Entity): boolean {
  const slot = item.equippable?.slot;
  return slot !== undefined && wearer.equipment?.[slot] === item.id;
}

function bonus(wearer: Entity, stat: "power" | "defense" | "accuracy" | "evasion"): number {
  return (["weapon", "armor"] as const).reduce(
    (sum, slot) => sum + (wornIn(wearer, slot)?.equippable?.[stat] ?? 0),
    0,
  );
}

/** Power with what is worn and, given the rules, the statuses `e` is under. */
export function attackOf(e: Entity, rules?: Rules): number {
  return (e.fighter?.power ?? 0) + bonus(e, "power") + (rules ? statusBonus(e, rules, "power") : 0);
}

/** Defense with what is worn and, given the rules, the statuses `e` is under. */
export function defenseOf(e: Entity, rules?: Rules): number {
  return (e.fighter?.defense ?? 0) + bonus(e, "defense") + (rules ? statusBonus(e, rules, "defense") : 0);
}

/** Accuracy with what is worn (docs/rules.md, Combat rolls). */
export function accuracyOf(e: Entity): number {
  return (e.fighter?.accuracy ?? 0) + bonus(e, "accuracy");
}

/** Evasion with what is worn. */
export function evasionOf(e: Entity): number {
  return (e.fighter?.evasion ?? 0) + bonus(e, "evasion");
}

/** The damage dice of a blow: the wielded weapon's, else the attacker's own, else none. */
export function damageDiceOf(e: Entity): string | undefined {
  return wornIn(e, "weapon")?.equippable?.damage ?? e.fighter?.damage;
}

/** Takes `item` off; says so unless `quietly`. */
export function unequip(wearer: Entity, item: Entity, events: GameEvent[]): void {
  const slot = item.equippable?.slot;
  if (!slot || wearer.equipment?.[slot] !== item.id) return;
  delete wearer.equipment[slot];
  events.push({ type: "unequipped", entityId: wearer.id, item: item.name });
}

/** Puts `item` on, taking off whatever was in its slot first (docs/rules.md, Equipment). */
export function equip(wearer: Entity, item: Entity, events: GameEvent[], quietly = false): void {
  const slot = item.equippable?.slot;
  if (!slot) return;
  const current = wornIn(wearer, slot);
  if (current) unequip(wearer, current, events);
  wearer.equipment = { ...wearer.equipment, [slot]: item.id };
  if (!quietly) events.push({ type: "equipped", entityId: wearer.id, item: item.name });
}

/** Using a wearable: off if worn, else on. */
export function toggleEquip(wearer: Entity, item: Entity, events: GameEvent[]): void {
  if (isWorn(wearer, item)) unequip(wearer, item, events);
  else equip(wearer, item, events);
}
