/**
 * Melee and death. Damage is power minus defense; an actor at 0 HP becomes
 * a corpse that no longer blocks or acts.
 *
 * @module
 */
import type { Entity } from "./entity.ts";
import { attackOf, defenseOf } from "./equipment.ts";
import { formatTemplate } from "./message_log.ts";
import type { GameEvent } from "./events.ts";
import { wakeOnHurt } from "./minds/mind.ts";
import type { Rules } from "./rules.ts";

/** Takes `amount` HP (floored at 0); reports a death when it is lethal. */
export function takeDamage(target: Entity, amount: number, rules: Rules, events: GameEvent[]): void {
  const fighter = target.fighter;
  if (!fighter || fighter.hp <= 0) return;
  fighter.hp = Math.max(0, fighter.hp - amount);
  wakeOnHurt(target);
  if (fighter.hp === 0) die(target, rules, events);
}

/** Turns an actor into its corpse. */
export function die(target: Entity, rules: Rules, events: GameEvent[]): void {
  events.push({ type: "died", entityId: target.id, name: target.name });
  target.name = formatTemplate(rules.corpse.name, { name: target.name });
  target.glyph = rules.corpse.glyph;
  target.color = rules.corpse.color;
  target.blocksMovement = false;
  target.layer = "corpse";
  delete target.ai;
}

/** `attacker` hits `target` in melee. */
export function melee(attacker: Entity, target: Entity, rules: Rules, events: GameEvent[]): void {
  const damage = attackOf(attacker) - defenseOf(target);
  events.push({
    type: "attacked",
    attackerId: attacker.id,
    attacker: attacker.name,
    targetId: target.id,
    target: target.name,
    damage: Math.max(0, damage),
  });
  if (damage > 0) takeDamage(target, damage, rules, events);
}
