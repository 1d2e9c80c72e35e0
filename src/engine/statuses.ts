/**
 * Statuses (docs/rules.md, Statuses): data the rules define, put on actors
 * for a number of turns. While one lasts it changes speed, power and
 * defense, hurts or heals each turn, and may take over the actor's action;
 * at the end of each turn it counts down, and it ends at 0. Put on again, a
 * status already there is refreshed (its turns made the longer of the two),
 * never doubled.
 *
 * An actor under no status has no `statuses` field at all, so rule sets
 * without statuses keep exactly the state they always had.
 *
 * @module
 */
import { type Entity, isAlive, type StatusEffect } from "./entity.ts";
import type { GameEvent } from "./events.ts";
import { wornBonus } from "./items/equipment.ts";
import type { Rules, StatusDef } from "./rules.ts";

/** The most statuses one actor can be under at once (one of each id; the data bounds how many ids). */
export const MAX_STATUSES = 64;

/** The definition of `effect` (undefined if the rules lost it, as a save from other rules may). */
function defOf(rules: Rules, effect: StatusEffect): StatusDef | undefined {
  return rules.statuses?.[effect.id];
}

/**
 * Puts `def` on `target` for `turns` (its own duration by default), or
 * refreshes it if already there. Says so with the status's start text.
 */
export function applyStatus(target: Entity, def: StatusDef, events: GameEvent[], turns = def.turns): void {
  const statuses = target.statuses ??= [];
  const known = statuses.find((s) => s.id === def.id);
  if (known) known.turns = Math.max(known.turns, turns);
  else if (statuses.length < MAX_STATUSES) statuses.push({ id: def.id, turns });
  events.push({ type: "status_started", entityId: target.id, name: target.name, status: def.id });
}

/** Takes the status at `index` off `e`, saying so; clears the field when none is left (as `die` does, not deleted). */
function endAt(e: Entity, index: number, events: GameEvent[]): void {
  const [ended] = e.statuses!.splice(index, 1);
  if (e.statuses!.length === 0) e.statuses = undefined;
  events.push({ type: "status_ended", entityId: e.id, name: e.name, status: ended.id });
}

/** The sum of `stat` over the statuses `e` is under. */
export function statusBonus(e: Entity, rules: Rules, stat: "power" | "defense"): number {
  if (!e.statuses) return 0;
  let sum = 0;
  for (const s of e.statuses) sum += defOf(rules, s)?.[stat] ?? 0;
  return sum;
}

/** Energy `e` gains a turn: its speed (100 by default) with what it wears, times its statuses' multipliers, at least 1. */
export function speedOf(e: Entity, rules: Rules): number {
  let speed = (e.speed ?? 100) + wornBonus(e, "speed");
  if (e.statuses) { for (const s of e.statuses) speed *= defOf(rules, s)?.speed ?? 1; }
  return Math.max(1, Math.round(speed));
}

/** The action a status takes over `e`'s with, if any (the first such status put on wins). */
export function statusAction(e: Entity, rules: Rules): StatusDef["action"] {
  if (!e.statuses) return undefined;
  for (const s of e.statuses) {
    const action = defOf(rules, s)?.action;
    if (action) return action;
  }
  return undefined;
}

/** A hurt actor wakes: its `asleep` statuses end (docs/rules.md, Statuses). */
export function wakeOnHurt(e: Entity, rules: Rules, events: GameEvent[]): void {
  if (!e.statuses) return;
  for (let i = e.statuses.length - 1; i >= 0; i--) {
    if (defOf(rules, e.statuses[i])?.action === "asleep") endAt(e, i, events);
  }
}

/**
 * The end of a turn for `e`'s statuses, oldest first: each heals and hurts
 * (`hurt` deals damage, so a death is told as any other), then counts down
 * and ends at 0.
 */
export function tickStatuses(
  e: Entity,
  rules: Rules,
  events: GameEvent[],
  hurt: (e: Entity, amount: number, status: StatusDef) => void,
): void {
  if (!e.statuses) return;
  for (const effect of [...e.statuses]) {
    // A death or a wake-up may have taken it off meanwhile.
    if (!e.statuses?.includes(effect)) continue;
    const def = defOf(rules, effect);
    const fighter = e.fighter;
    if (def && fighter && isAlive(e)) {
      if (def.healPerTurn > 0 && fighter.hp < fighter.maxHp) {
        fighter.hp = Math.min(fighter.maxHp, fighter.hp + def.healPerTurn);
      }
      if (def.damagePerTurn > 0) hurt(e, def.damagePerTurn, def);
    }
    if (!e.statuses?.includes(effect)) continue;
    effect.turns--;
    if (effect.turns <= 0) endAt(e, e.statuses.indexOf(effect), events);
  }
}
