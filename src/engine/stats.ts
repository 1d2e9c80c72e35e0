/**
 * What an entity's figures come to: its own, plus what it wears
 * (equipment.ts) and, where the rules give them, the statuses it is under
 * (statuses.ts).
 *
 * @module
 */
import type { Entity } from "./entity.ts";
import { wornBonus } from "./items/equipment.ts";
import type { Rules } from "./rules.ts";
import { statusBonus } from "./statuses.ts";

/** Power with what is worn and, given the rules, the statuses `e` is under. */
export function attackOf(e: Entity, rules?: Rules): number {
  return (e.fighter?.power ?? 0) + wornBonus(e, "power") + (rules ? statusBonus(e, rules, "power") : 0);
}

/** Defense with what is worn and, given the rules, the statuses `e` is under. */
export function defenseOf(e: Entity, rules?: Rules): number {
  return (e.fighter?.defense ?? 0) + wornBonus(e, "defense") + (rules ? statusBonus(e, rules, "defense") : 0);
}

/** Accuracy with what is worn (docs/rules.md, Combat rolls). */
export function accuracyOf(e: Entity): number {
  return (e.fighter?.accuracy ?? 0) + wornBonus(e, "accuracy");
}

/** Evasion with what is worn. */
export function evasionOf(e: Entity): number {
  return (e.fighter?.evasion ?? 0) + wornBonus(e, "evasion");
}

/**
 * How far `e` sees: its own sight if it has one, else the rules' radius,
 * plus what it wears adds (an unlimited sight, 0, stays unlimited).
 */
export function sightOf(e: Entity, rules: Rules): number {
  const own = e.sight ?? rules.sightRadius;
  return own === 0 ? 0 : own + wornBonus(e, "sight");
}
