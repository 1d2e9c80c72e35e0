/**
 * What items do. Each effect of the vocabulary says what targeting it needs
 * and, used, either happens (with events) or is impossible with a reason,
 * in which case nothing changed and the item is kept.
 *
 * @module
 */
import { type Ai, type Entity, isAlive, type ItemEffect } from "../entity.ts";
import type { GameEvent } from "../events.ts";
import type { Point } from "../../algorithms/mod.ts";
import { takeDamage } from "../combat.ts";
import type { MessageId, Rules } from "../rules.ts";
import type { GameState } from "../state.ts";
import { MAX_CONFUSIONS } from "../limits.ts";
import { applyStatus } from "../statuses.ts";
import { bolt, revealMap, summon, teleport } from "./item_powers.ts";
import { ignite } from "../fire.ts";
import { releaseGas } from "../gas.ts";

/** What using an item asks of the player first. */
export type Targeting =
  | { readonly kind: "none" }
  | { readonly kind: "single" }
  | { readonly kind: "area"; readonly radius: number };

/** The targeting an effect needs. */
export function targetingOf(effect: ItemEffect | undefined): Targeting {
  switch (effect?.type) {
    case "confuse":
    case "bolt":
      return { kind: "single" };
    case "apply_status":
      return effect.on === "target" ? { kind: "single" } : { kind: "none" };
    case "cloud":
      return effect.on === "target" ? { kind: "area", radius: 1 } : { kind: "none" };
    case "damage_area":
      return { kind: "area", radius: effect.radius };
    default:
      return { kind: "none" };
  }
}

/** The cells an area effect of `radius` around `center` reaches (Euclidean ≤ radius). */
export function inBlast(center: Point, radius: number, p: Point): boolean {
  const dx = p.x - center.x, dy = p.y - center.y;
  return dx * dx + dy * dy <= radius * radius;
}

function visible(state: GameState, p: Point): boolean {
  const { map } = state;
  return p.x >= 0 && p.y >= 0 && p.x < map.width && p.y < map.height &&
    map.visible[p.y * map.width + p.x] === 1;
}

/**
 * The cell of the living actor nearest `user` that `user` sees (straight-line distance; ties go to the first
 * in the floor's list), if any: where an unknown item aims itself (docs/rules.md, Unknown items).
 */
export function nearestInView(state: GameState, user: Entity): Point | undefined {
  let best: Entity | undefined, bestDistance = Infinity;
  for (const e of state.entities) {
    if (e === user || !isAlive(e) || !e.fighter || !visible(state, e)) continue;
    const d = Math.hypot(e.x - user.x, e.y - user.y);
    if (d < bestDistance) {
      best = e;
      bestDistance = d;
    }
  }
  return best && { x: best.x, y: best.y };
}

/**
 * Applies `effect` for `user` (the item is called `itemName`). Returns the
 * reason it cannot happen, or undefined when it happened (events added).
 */
export function applyEffect(
  state: GameState,
  rules: Rules,
  user: Entity,
  itemName: string,
  effect: ItemEffect,
  target: Point | undefined,
  events: GameEvent[],
): MessageId | undefined {
  switch (effect.type) {
    case "heal": {
      const fighter = user.fighter;
      if (!fighter || fighter.hp >= fighter.maxHp) return "health_full";
      const heals = Math.max(effect.amount, Math.ceil((effect.share ?? 0) * fighter.maxHp));
      const amount = Math.min(heals, fighter.maxHp - fighter.hp);
      fighter.hp += amount;
      events.push({ type: "healed", entityId: user.id, item: itemName, amount });
      return undefined;
    }
    case "damage_nearest": {
      // The nearest living actor in view, strictly closer than range + 1; ties go to the first found.
      let best: Entity | undefined, bestDistance = effect.range + 1;
      for (const e of state.entities) {
        if (e === user || !isAlive(e) || !visible(state, e)) continue;
        const d = Math.hypot(e.x - user.x, e.y - user.y);
        if (d < bestDistance) {
          best = e;
          bestDistance = d;
        }
      }
      if (!best) return "no_lightning_target";
      events.push({ type: "lightning", targetId: best.id, target: best.name, damage: effect.amount });
      takeDamage(best, effect.amount, rules, events, user.id);
      return undefined;
    }
    case "confuse": {
      if (!target || !visible(state, target)) return "cannot_target_unseen";
      const victim = state.entities.find((e) => e.x === target.x && e.y === target.y && isAlive(e));
      if (!victim) return "must_select_enemy";
      if (victim === user) return "cannot_confuse_self";
      if (victim.ai) victim.ai = confuse(victim.ai, effect.turns);
      events.push({ type: "confused", targetId: victim.id, target: victim.name });
      return undefined;
    }
    case "damage_area": {
      if (!target || !visible(state, target)) return "cannot_target_unseen";
      const hit = state.entities.filter((e) => isAlive(e) && inBlast(target, effect.radius, e));
      const lit = effect.ignites ? igniteBlast(state, rules, target, effect.radius) : 0;
      if (hit.length === 0 && lit === 0) return "no_targets_in_radius";
      for (const victim of hit) {
        events.push({ type: "engulfed", targetId: victim.id, target: victim.name, damage: effect.amount });
        takeDamage(victim, effect.amount, rules, events, user.id);
      }
      return undefined;
    }
    case "apply_status": {
      const def = rules.statuses?.[effect.status];
      // The content's checks name only statuses the rules define; a save from other rules may not.
      if (!def) return "invalid_entry";
      if (effect.on === "self") {
        applyStatus(user, def, events, effect.turns);
        return undefined;
      }
      if (!target || !visible(state, target)) return "cannot_target_unseen";
      const victim = state.entities.find((e) => e.x === target.x && e.y === target.y && isAlive(e));
      if (!victim) return "must_select_enemy";
      if (victim === user) return "cannot_status_self";
      applyStatus(victim, def, events, effect.turns);
      return undefined;
    }
    case "teleport":
      return teleport(state, rules, user, events);
    case "reveal_map":
      return revealMap(state, user, events);
    case "summon":
      return summon(state, rules, user, effect, events);
    case "cloud": {
      const at = effect.on === "self" ? user : target;
      if (!at || (effect.on === "target" && !visible(state, at))) return "cannot_target_unseen";
      if (!releaseGas(state.map, rules, effect.kind, at, effect.volume)) return "invalid_entry";
      events.push({ type: "gas_released", entityId: user.id, kind: effect.kind });
      return undefined;
    }
    case "bolt":
      if (!target || !visible(state, target)) return "cannot_target_unseen";
      return bolt(state, rules, user, effect, target, events);
    case "identify":
      // Naming wants the item chosen, which only the use action carries.
      return "nothing_to_identify";
  }
}

/** How many confusions `ai` is under. */
export function confusionDepth(ai: Ai): number {
  let depth = 0;
  for (let mind = ai; mind.type === "confused"; mind = mind.previous) depth++;
  return depth;
}

/**
 * `ai` confused for `turns` more turns: a new confusion that remembers the
 * mind before it, or, at {@link MAX_CONFUSIONS}, the outermost one made to
 * last at least `turns`.
 */
function confuse(ai: Ai, turns: number): Ai {
  if (ai.type === "confused" && confusionDepth(ai) >= MAX_CONFUSIONS) {
    return { ...ai, turnsRemaining: Math.max(ai.turnsRemaining, turns) };
  }
  return { type: "confused", turnsRemaining: turns, previous: ai };
}

/**
 * Sets alight every flammable cell of the blast of `radius` at `target`
 * that the player sees (docs/rules.md, Fire); how many caught.
 */
function igniteBlast(state: GameState, rules: Rules, target: Point, radius: number): number {
  const { map } = state;
  let lit = 0;
  for (let y = Math.max(0, target.y - radius); y <= Math.min(map.height - 1, target.y + radius); y++) {
    for (let x = Math.max(0, target.x - radius); x <= Math.min(map.width - 1, target.x + radius); x++) {
      const i = y * map.width + x;
      if (map.visible[i] && inBlast(target, radius, { x, y }) && ignite(map, rules, i)) lit++;
    }
  }
  return lit;
}
