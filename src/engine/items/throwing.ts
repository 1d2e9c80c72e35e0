/**
 * Throwing (docs/rules.md, Throwing): one of a carried item flies along the
 * line to the cell aimed at, stops at the first living actor in its way
 * (hitting it, or missing where the rules roll to hit) or before a wall,
 * and lands there, unless it shatters.
 *
 * @module
 */
import { afterArmour, rollToHit, takeDamage, withRolls } from "../combat.ts";
import { lineCells, type Point, rollDice } from "../../algorithms/mod.ts";
import { type Burst, type Entity, isAlive } from "../entity.ts";
import { itemName, learn } from "./item_names.ts";
import { applyStatus } from "../statuses.ts";
import { afterBurst } from "./burst_seam.ts";
import { unequip } from "./equipment.ts";
import { accuracyOf, defenseOf, evasionOf } from "../stats.ts";
import type { GameEvent } from "../events.ts";
import { isWalkable } from "../game_map.ts";
import type { Occupancy } from "../occupancy.ts";
import type { MessageId, Rules } from "../rules.ts";
import { layDown, takeSome } from "./stacks.ts";
import type { GameState } from "../state.ts";

/** Where a throw from `from` at `target` ends: the cell it lands on, and the actor it meets there, if any. */
export function flight(
  state: GameState,
  from: Point,
  target: Point,
  actorAt: (x: number, y: number) => Entity | undefined,
): { readonly land: Point; readonly victim?: Entity } {
  let land = from;
  for (const cell of lineCells(from, target)) {
    if (!isWalkable(state.map, cell.x, cell.y)) break;
    land = cell;
    const victim = actorAt(cell.x, cell.y);
    if (victim) return { land, victim };
  }
  return { land };
}

/**
 * The cell on the line from `from` to `target` where a wall first stands,
 * or undefined when the line is clear all the way: a throw there would land
 * short (on `from` itself when the wall is the first cell).
 */
export function wallInLine(state: GameState, from: Point, target: Point): Point | undefined {
  for (const cell of lineCells(from, target)) {
    if (!isWalkable(state.map, cell.x, cell.y)) return cell;
  }
  return undefined;
}

/**
 * What a throw cannot do: not at oneself, not at a cell out of view; with
 * `clearThrows`, not along a line a wall cuts before the cell aimed at.
 */
function refusal(state: GameState, rules: Rules, actor: Entity, target: Point): MessageId | undefined {
  if (target.x === actor.x && target.y === actor.y) return "throw_self";
  const { map } = state;
  const inside = target.x >= 0 && target.y >= 0 && target.x < map.width && target.y < map.height;
  if (!inside || map.visible[target.y * map.width + target.x] !== 1) return "cannot_target_unseen";
  if (rules.clearThrows && wallInLine(state, actor, target)) return "throw_blocked";
  return undefined;
}

/** The damage a thrown item's hit does, or undefined for a miss (drawn from the rolls stream). */
function hitDamage(
  state: GameState,
  rules: Rules,
  thrower: Entity,
  dice: string,
  victim: Entity,
): number | undefined {
  const combat = rules.combat;
  return withRolls(state, (rng) => {
    if (combat && !rollToHit(combat, accuracyOf(thrower), evasionOf(victim), rng)) return undefined;
    return afterArmour(combat, rollDice(dice, rng), defenseOf(victim), rng);
  });
}

/** `actor` throws one of the item in slot `slot` at `target`. */
export function throwItem(
  state: GameState,
  rules: Rules,
  actor: Entity,
  slot: number,
  target: Point,
  occupancy: Occupancy,
): { kind: "done"; events: GameEvent[] } | { kind: "impossible"; reason: MessageId } {
  const inventory = actor.inventory;
  const item = inventory?.items[slot];
  if (!item) return { kind: "impossible", reason: "invalid_entry" };
  const reason = refusal(state, rules, actor, target);
  if (reason) return { kind: "impossible", reason };
  const events: GameEvent[] = [];
  unequip(actor, item, events);
  const thrown = takeSome(state, inventory!, slot, 1);
  // Thrown, it is told by the name the player knows it by: an unknown one keeps its secret until it shows.
  const name = itemName(state, rules, thrown);
  events.push({ type: "thrown", entityId: actor.id, item: name });
  const { land, victim } = flight(
    state,
    actor,
    target,
    (x, y) => {
      const there = occupancy.livingActorAt(x, y);
      return there === actor ? undefined : there;
    },
  );
  const burst = thrown.item?.thrown?.burst;
  if (burst) {
    burstAt(state, rules, thrown, burst, land, events);
    return { kind: "done", events };
  }
  if (victim) {
    const dice = thrown.item?.thrown?.damage;
    const damage = dice === undefined ? 0 : hitDamage(state, rules, actor, dice, victim);
    events.push({ type: "thrown_hit", item: name, targetId: victim.id, target: victim.name, damage });
    if (damage) takeDamage(victim, damage, rules, events, actor.id);
  }
  if (thrown.item?.thrown?.shatters) events.push({ type: "shattered", item: name });
  else layDown(state, thrown, land.x, land.y);
  return { kind: "done", events };
}

/**
 * `item`'s burst where it landed, at `land`: seen, it names its kind; it breaks, and its status falls on every
 * living actor within the burst's radius (in steps, diagonals too), the thrower too (docs/rules.md, Thrown
 * bursts).
 */
function burstAt(
  state: GameState,
  rules: Rules,
  item: Entity,
  burst: Burst,
  land: Point,
  events: GameEvent[],
): void {
  learn(state, rules, item, events);
  events.push({ type: "burst", item: item.name, x: land.x, y: land.y });
  const def = rules.statuses?.[burst.status];
  // The content's checks name only statuses the rules define; a save from other rules may not.
  if (def) {
    for (const e of state.entities) {
      const near = Math.max(Math.abs(e.x - land.x), Math.abs(e.y - land.y)) <= burst.radius;
      if (isAlive(e) && e.fighter && near) applyStatus(e, def, events, burst.turns);
    }
  }
  afterBurst(state, rules, item, land, events);
}
