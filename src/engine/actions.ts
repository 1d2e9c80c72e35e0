/**
 * Actions are values. Performing one either succeeds with events, is
 * impossible with a reason (and costs no time), or hands over to another
 * action (a bump becomes an attack or a move).
 *
 * @module
 */
import { melee } from "./combat.ts";
import type { Entity } from "./entity.ts";
import type { GameEvent } from "./events.ts";
import type { Point } from "./geometry.ts";
import { applyEffect } from "./items.ts";
import { itemName, learn } from "./item_names.ts";
import { toggleEquip, unequip } from "./equipment.ts";
import { isWalkable, tileAt } from "./game_map.ts";
import { MAX_FLOOR } from "./limits.ts";
import { type Occupancy, scanOccupancy } from "./occupancy.ts";
import type { MessageId, Rules } from "./rules.ts";
import { enterFloor, type GameState } from "./state.ts";
import { Tile } from "./tiles.ts";

/** Something an actor tries to do this turn. */
export type Action =
  | { readonly type: "bump"; readonly dx: number; readonly dy: number }
  | { readonly type: "move"; readonly dx: number; readonly dy: number }
  | { readonly type: "melee"; readonly dx: number; readonly dy: number }
  | { readonly type: "wait" }
  /** A confused monster comes back to its senses (its previous AI). */
  | { readonly type: "recover" }
  /** Take the topmost item here (the one dropped last). */
  | { readonly type: "pickup" }
  /** Put down the carried item in slot `item`. */
  | { readonly type: "drop"; readonly item: number }
  /** Use the carried item in slot `item`, aimed at `target` if it needs aiming (wearables: put on or off). */
  | { readonly type: "use"; readonly item: number; readonly target?: Point }
  /** Take the stairs down. */
  | { readonly type: "descend" };

/** The outcome of performing an action. */
export type ActionResult =
  | { readonly kind: "done"; readonly events: readonly GameEvent[] }
  /** Nothing happened; `reason` is what to tell the player (nothing, if undefined). */
  | { readonly kind: "impossible"; readonly reason?: MessageId }
  | { readonly kind: "alternate"; readonly action: Action };

/**
 * Performs `action` for `actor`, changing `state` only when it succeeds.
 * `occupancy` answers who stands where (a scan of the entities by default).
 */
export function perform(
  state: GameState,
  rules: Rules,
  actor: Entity,
  action: Action,
  occupancy: Occupancy = scanOccupancy(state.entities),
): ActionResult {
  switch (action.type) {
    case "bump": {
      const { dx, dy } = action;
      const target = occupancy.livingActorAt(actor.x + dx, actor.y + dy);
      return { kind: "alternate", action: target ? { type: "melee", dx, dy } : { type: "move", dx, dy } };
    }
    case "move": {
      const x = actor.x + action.dx, y = actor.y + action.dy;
      if (!isWalkable(state.map, x, y) || occupancy.blockerAt(x, y)) {
        return { kind: "impossible", reason: "blocked" };
      }
      const fromX = actor.x, fromY = actor.y;
      actor.x = x;
      actor.y = y;
      occupancy.moved(actor, fromX, fromY);
      return { kind: "done", events: [{ type: "moved", entityId: actor.id, x, y }] };
    }
    case "melee": {
      const target = occupancy.livingActorAt(actor.x + action.dx, actor.y + action.dy);
      if (!target || target === actor) return { kind: "impossible", reason: "nothing_to_attack" };
      const events: GameEvent[] = [];
      melee(actor, target, rules, events);
      return { kind: "done", events };
    }
    case "wait":
      return { kind: "done", events: [{ type: "waited", entityId: actor.id }] };
    case "recover": {
      if (actor.ai?.type !== "confused") return { kind: "impossible" };
      actor.ai = actor.ai.previous;
      return { kind: "done", events: [{ type: "confusion_ended", entityId: actor.id, name: actor.name }] };
    }
    case "pickup":
      return pickUp(state, rules, actor);
    case "drop":
      return drop(state, rules, actor, action.item);
    case "use":
      return use(state, rules, actor, action.item, action.target);
    case "descend":
      return descend(state, rules, actor);
  }
}

function pickUp(state: GameState, rules: Rules, actor: Entity): ActionResult {
  const inventory = actor.inventory;
  // The last item in the list is the one on top: the one dropped last.
  const here = state.entities.findLastIndex((e) => e.layer === "item" && e.x === actor.x && e.y === actor.y);
  if (here < 0 || !inventory) return { kind: "impossible", reason: "nothing_to_pick_up" };
  if (inventory.items.length >= inventory.capacity) return { kind: "impossible", reason: "inventory_full" };
  const [item] = state.entities.splice(here, 1);
  inventory.items.push(item);
  return {
    kind: "done",
    events: [{ type: "picked_up", entityId: actor.id, item: itemName(state, rules, item) }],
  };
}

function drop(state: GameState, rules: Rules, actor: Entity, slot: number): ActionResult {
  const item = actor.inventory?.items[slot];
  if (!item) return { kind: "impossible", reason: "invalid_entry" };
  const events: GameEvent[] = [];
  const name = itemName(state, rules, item);
  unequip(actor, item, events, name);
  actor.inventory!.items.splice(slot, 1);
  item.x = actor.x;
  item.y = actor.y;
  state.entities.push(item);
  events.push({ type: "dropped", entityId: actor.id, item: name });
  return { kind: "done", events };
}

function use(
  state: GameState,
  rules: Rules,
  actor: Entity,
  slot: number,
  target: Point | undefined,
): ActionResult {
  const item = actor.inventory?.items[slot];
  if (!item) return { kind: "impossible", reason: "invalid_entry" };
  const events: GameEvent[] = [];
  if (item.equippable) {
    // Putting a thing on is using it: an unknown one is known from then on (docs/rules.md, Unknown items).
    learn(state, rules, item, events);
    toggleEquip(actor, item, events, itemName(state, rules, item));
    return { kind: "done", events };
  }
  const part = item.item;
  const effect = part?.effect;
  // Neither usable nor wearable: nothing happens, nothing is said.
  if (!part || !effect) return { kind: "impossible" };
  // An empty wand stays, and using it costs nothing (docs/rules.md, Wands).
  if (part.charges !== undefined && part.charges <= 0) {
    return { kind: "impossible", reason: "nothing_happens" };
  }
  // Its own messages name it as it is about to be known: by its name.
  const reason = applyEffect(state, rules, actor, item.name, effect, target, events);
  if (reason) return { kind: "impossible", reason };
  const learnt: GameEvent[] = [];
  learn(state, rules, item, learnt);
  if (part.charges !== undefined) part.charges--;
  else actor.inventory!.items.splice(slot, 1);
  return { kind: "done", events: [...learnt, ...events] };
}

function descend(state: GameState, rules: Rules, actor: Entity): ActionResult {
  const { stairs } = state.map;
  if (
    actor.x !== stairs.x || actor.y !== stairs.y ||
    tileAt(state.map, stairs.x, stairs.y) !== Tile.DownStairs ||
    state.floor >= MAX_FLOOR
  ) {
    return { kind: "impossible", reason: "no_stairs" };
  }
  const events: GameEvent[] = [];
  const fighter = actor.fighter;
  const rest = fighter
    ? Math.min(fighter.maxHp - fighter.hp, Math.floor(fighter.maxHp * rules.progression.healOnDescend))
    : 0;
  if (fighter && rest > 0) {
    fighter.hp += rest;
    events.push({ type: "rested", entityId: actor.id, amount: rest });
  }
  enterFloor(state, rules, state.floor + 1);
  events.push({ type: "descended", entityId: actor.id, floor: state.floor });
  return { kind: "done", events };
}

/** Performs `action`, following alternates until it succeeds or fails. */
export function resolve(
  state: GameState,
  rules: Rules,
  actor: Entity,
  action: Action,
  occupancy: Occupancy = scanOccupancy(state.entities),
): Exclude<ActionResult, { kind: "alternate" }> {
  let result = perform(state, rules, actor, action, occupancy);
  while (result.kind === "alternate") result = perform(state, rules, actor, result.action, occupancy);
  return result;
}
