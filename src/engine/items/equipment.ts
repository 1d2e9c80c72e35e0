/**
 * Wearing things: one item a slot (the rules name the slots; `weapon` and
 * `armor` unless they say otherwise), bonuses added to the wearer's own
 * power, defense, max HP and sight (docs/rules.md, Equipment; and
 * docs/rules.md, Equipment slots). Worn items stay in the inventory,
 * marked " (E)".
 *
 * @module
 */
import type { Entity, Slot } from "../entity.ts";
import type { GameEvent } from "../events.ts";

/** The slots of rules that name none: the tutorial's two. */
export const DEFAULT_SLOTS: readonly Slot[] = ["weapon", "armor"];

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

/** What everything `wearer` wears adds to `stat`. */
export function wornBonus(
  wearer: Entity,
  stat: "power" | "defense" | "accuracy" | "evasion" | "maxHp" | "sight" | "speed" | "stealth",
): number {
  let sum = 0;
  for (const slot of Object.keys(wearer.equipment ?? {})) {
    sum += wornIn(wearer, slot)?.equippable?.[stat] ?? 0;
  }
  return sum;
}

/** The fastest regeneration among what `wearer` wears (fewest turns for each HP), if any. */
export function wornRegeneration(
  wearer: Entity,
): { readonly hp: number; readonly turns: number } | undefined {
  let best: { readonly hp: number; readonly turns: number } | undefined;
  for (const slot of Object.keys(wearer.equipment ?? {})) {
    const regen = wornIn(wearer, slot)?.equippable?.regeneration;
    if (regen && (!best || regen.turns / regen.hp < best.turns / best.hp)) best = regen;
  }
  return best;
}

/** The damage dice of a blow: the wielded weapon's, else the attacker's own, else none. */
export function damageDiceOf(e: Entity): string | undefined {
  return wornIn(e, "weapon")?.equippable?.damage ?? e.fighter?.damage;
}

/**
 * Takes `item` off; says so (calling it `name`) unless `quietly`. Max HP
 * it added goes, and HP above the new max with it.
 */
export function unequip(wearer: Entity, item: Entity, events: GameEvent[], name = item.name): void {
  const slot = item.equippable?.slot;
  if (!slot || wearer.equipment?.[slot] !== item.id) return;
  delete wearer.equipment[slot];
  const fighter = wearer.fighter, maxHp = item.equippable?.maxHp ?? 0;
  if (fighter && maxHp > 0) {
    fighter.maxHp -= maxHp;
    fighter.hp = Math.min(fighter.hp, fighter.maxHp);
  }
  events.push({ type: "unequipped", entityId: wearer.id, item: name });
}

/**
 * Puts `item` on, taking off whatever was in its slot first
 * (docs/rules.md, Equipment); max HP it adds comes with as much HP. Says
 * so (calling it `name`) unless `quietly`.
 */
export function equip(
  wearer: Entity,
  item: Entity,
  events: GameEvent[],
  quietly = false,
  name = item.name,
): void {
  const slot = item.equippable?.slot;
  if (!slot) return;
  const current = wornIn(wearer, slot);
  if (current) unequip(wearer, current, events);
  wearer.equipment = { ...wearer.equipment, [slot]: item.id };
  const fighter = wearer.fighter, maxHp = item.equippable?.maxHp ?? 0;
  if (fighter && maxHp > 0) {
    fighter.maxHp += maxHp;
    fighter.hp += maxHp;
  }
  if (!quietly) events.push({ type: "equipped", entityId: wearer.id, item: name });
}

/** Using a wearable: off if worn, else on; `name` is what the messages call it. */
export function toggleEquip(wearer: Entity, item: Entity, events: GameEvent[], name = item.name): void {
  if (isWorn(wearer, item)) unequip(wearer, item, events, name);
  else equip(wearer, item, events, false, name);
}
