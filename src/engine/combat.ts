/**
 * Melee and death. Damage is power minus defense, or, where the rules roll
 * combat, a to-hit roll and dice (docs/rules.md, Combat rolls); an actor at
 * 0 HP becomes a corpse that no longer blocks or acts.
 *
 * @module
 */
import { Rng, rollDice } from "../algorithms/mod.ts";
import { type Entity, isAlive } from "./entity.ts";
import { damageDiceOf } from "./items/equipment.ts";
import { accuracyOf, attackOf, defenseOf, evasionOf } from "./stats.ts";
import { formatTemplate } from "./text_template.ts";
import type { GameEvent } from "./events.ts";
import type { CombatRules, Rules } from "./rules.ts";
import type { GameState } from "./state.ts";
import { applyStatus, wakeOnHurt } from "./statuses.ts";

/**
 * Runs `roll` with the game's rolls stream, the one only action resolution
 * draws from, so a monster's blow rolled in the worker rolls the same when
 * the main thread replays it (docs/rules.md, Combat rolls). Without the
 * stream (rules that roll nothing) `roll` gets none.
 */
export function withRolls<T>(state: GameState, roll: (rng: Rng | undefined) => T): T {
  if (!state.rolls) return roll(undefined);
  const rng = Rng.fromState(state.rolls);
  const result = roll(rng);
  state.rolls = rng.state();
  return result;
}

/** True when a blow with `accuracy` against `evasion` lands: always, unless the rules roll to hit. */
export function rollToHit(
  combat: CombatRules,
  accuracy: number,
  evasion: number,
  rng: Rng | undefined,
): boolean {
  const toHit = combat.toHit;
  if (!toHit || !rng) return true;
  const chance = Math.min(toHit.max, Math.max(toHit.min, toHit.base + accuracy - evasion));
  return rng.int(1, 100) <= chance;
}
import { wakeOnHurt as wakeMind } from "./monsters/minds/mind.ts";

/** Takes `amount` HP (floored at 0); reports a death when it is lethal, dealt `by` that actor if given. */
export function takeDamage(
  target: Entity,
  amount: number,
  rules: Rules,
  events: GameEvent[],
  by?: number,
): void {
  const fighter = target.fighter;
  if (!fighter || fighter.hp <= 0) return;
  fighter.hp = Math.max(0, fighter.hp - amount);
  wakeMind(target);
  if (fighter.hp === 0) die(target, rules, events, by);
  else if (amount > 0) wakeOnHurt(target, rules, events);
}

/** Turns an actor into its corpse. */
export function die(target: Entity, rules: Rules, events: GameEvent[], by?: number): void {
  events.push({ type: "died", entityId: target.id, name: target.name, ...(by === undefined ? {} : { by }) });
  target.name = formatTemplate(rules.corpse.name, { name: target.name });
  target.glyph = rules.corpse.glyph;
  target.color = rules.corpse.color;
  target.blocksMovement = false;
  target.layer = "corpse";
  // Cleared, not deleted: a deleted field turns the object into a slow dictionary of its own, unlike every
  // other thing of its kind, and the engine's and screens' compiled code starts again for it.
  if (target.ai !== undefined) target.ai = undefined;
  if (target.statuses !== undefined) target.statuses = undefined;
}

/** True when the game keeps a rolls stream: the rules roll combat, or a monster's blows may put on statuses. */
export function rollsCombat(rules: Rules): boolean {
  return rules.combat !== undefined || Object.values(rules.templates).some((t) => t.onHit !== undefined);
}

/**
 * What a blow of `attacker`'s does to `target`: undefined for a miss (where
 * the rules roll to hit), else the damage, at least 0 (and at least the
 * rules' least damage where they roll). Melee and a monster's shot alike.
 */
export function blowDamage(
  state: GameState,
  attacker: Entity,
  target: Entity,
  rules: Rules,
): number | undefined {
  const combat = rules.combat;
  if (!combat) return Math.max(0, attackOf(attacker, rules) - defenseOf(target, rules));
  return withRolls(state, (rng) => rolledBlow(combat, attacker, target, rules, rng));
}

/**
 * A hit of `rolled` damage after `defense`, at least the rules' least
 * damage: defense taken off whole, or, with rolled armour, a roll of 0 to
 * defense from the rolls stream, so weak blows are mostly absorbed and big
 * ones still land big (docs/rules.md, Rolled armour).
 */
export function afterArmour(
  combat: CombatRules | undefined,
  rolled: number,
  defense: number,
  rng: Rng | undefined,
): number {
  const absorbed = combat?.armour === "rolled" && rng && defense > 0 ? rng.int(0, defense) : defense;
  return Math.max(combat?.minDamage ?? 0, rolled - absorbed);
}

function rolledBlow(
  combat: CombatRules,
  attacker: Entity,
  target: Entity,
  rules: Rules,
  rng: Rng | undefined,
): number | undefined {
  if (!rollToHit(combat, accuracyOf(attacker), evasionOf(target), rng)) return undefined;
  const dice = damageDiceOf(attacker);
  const rolled = (dice === undefined ? 0 : rollDice(dice, rng)) + attackOf(attacker, rules);
  return afterArmour(combat, rolled, defenseOf(target, rules), rng);
}

/**
 * The statuses `attacker`'s template puts on what its blow hurt, each by a
 * roll of the rolls stream (docs/rules.md, On-hit effects): after the
 * damage, on a target still alive.
 */
export function afflict(
  state: GameState,
  attacker: Entity,
  target: Entity,
  rules: Rules,
  events: GameEvent[],
): void {
  const onHit = rules.templates[attacker.template]?.onHit;
  if (!onHit || !isAlive(target)) return;
  for (const hit of onHit) {
    const def = rules.statuses?.[hit.status];
    const lands = withRolls(
      state,
      (rng) => rng !== undefined && rng.int(1, 100) <= Math.round(hit.chance * 100),
    );
    if (def && lands) applyStatus(target, def, events, hit.turns ?? def.turns);
  }
}

/** `attacker` hits `target` in melee (or misses, where the rules roll to hit). */
export function melee(
  state: GameState,
  attacker: Entity,
  target: Entity,
  rules: Rules,
  events: GameEvent[],
): void {
  const damage = blowDamage(state, attacker, target, rules);
  if (damage === undefined) {
    events.push({
      type: "missed",
      attackerId: attacker.id,
      attacker: attacker.name,
      targetId: target.id,
      target: target.name,
    });
    return;
  }
  events.push({
    type: "attacked",
    attackerId: attacker.id,
    attacker: attacker.name,
    targetId: target.id,
    target: target.name,
    damage: Math.max(0, damage),
  });
  if (damage > 0) {
    takeDamage(target, damage, rules, events, attacker.id);
    afflict(state, attacker, target, rules, events);
  }
}
