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
import type { Point } from "../algorithms/mod.ts";
import { carriesGoal, enterFloor } from "./floors/floors.ts";
import { applyEffect, nearestInView, targetingOf } from "./items/items.ts";
import { isKnown, itemName, labelOf, learn, unknownSlots } from "./items/item_names.ts";
import { toggleEquip, unequip } from "./items/equipment.ts";
import { inBounds, isWalkable, setTile, tileAt, updateVisibility } from "./game_map.ts";
import { MAX_FLOOR } from "./limits.ts";
import { shoot } from "./monsters/minds/shoot.ts";
import { type Occupancy, scanOccupancy } from "./occupancy.ts";
import type { MessageId, Rules } from "./rules.ts";
import { type GameState, playerOf } from "./state.ts";
import { sightOf } from "./stats.ts";
import { carry, countOf, layDown, stackFor, takeSome, useUpOne } from "./items/stacks.ts";
import { throwItem } from "./items/throwing.ts";
import { Tile } from "./tiles.ts";

/** Something an actor tries to do this turn. */
export type Action =
  | { readonly type: "bump"; readonly dx: number; readonly dy: number }
  | { readonly type: "move"; readonly dx: number; readonly dy: number }
  | { readonly type: "melee"; readonly dx: number; readonly dy: number }
  | { readonly type: "wait" }
  /** Shoot at the cell (dx, dy) from here (a ranged monster; monsters/minds/shoot.ts). */
  | { readonly type: "shoot"; readonly dx: number; readonly dy: number }
  /** A sleeping monster wakes (its AI state, decided with it, is already awake). */
  | { readonly type: "wake" }
  /** A confused monster comes back to its senses (its previous AI). */
  | { readonly type: "recover" }
  /** Take the item here with id `item` (absent: the topmost, the one dropped last). */
  | { readonly type: "pickup"; readonly item?: number }
  /** Put down the carried item in slot `item`: `count` of a stack (absent: all of it). */
  | { readonly type: "drop"; readonly item: number; readonly count?: number }
  /** Use the carried item in slot `item`, aimed at `target` if it needs aiming (wearables: put on or off). */
  | {
    readonly type: "use";
    readonly item: number;
    readonly target?: Point;
    /** The carried item a scroll of identify names, by slot (docs/rules.md, Identify). */
    readonly choice?: number;
  }
  /** Throw one of the carried item in slot `item` at the cell `target` (docs/rules.md, Throwing). */
  | { readonly type: "throw"; readonly item: number; readonly target: Point }
  /** Close the open door at (dx, dy) from here (rules with `closeDoors`; docs/rules.md, Doors). */
  | { readonly type: "close"; readonly dx: number; readonly dy: number }
  /** Take the stairs down. */
  | { readonly type: "descend" }
  /** Take the stairs up (docs/rules.md, Persistent floors); on floor 1, out of the dungeon. */
  | { readonly type: "ascend" };

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
      if (tileAt(state.map, x, y) === Tile.ClosedDoor) {
        // One that cannot open doors finds a wall there (docs/rules.md, Doors).
        if (rules.templates[actor.template]?.opensDoors === false) {
          return { kind: "impossible", reason: "blocked" };
        }
        return openDoor(state, rules, actor, x, y);
      }
      const fromX = actor.x, fromY = actor.y;
      actor.x = x;
      actor.y = y;
      occupancy.moved(actor, fromX, fromY);
      const moved: GameEvent = { type: "moved", entityId: actor.id, x, y };
      // One that closes doors behind it shuts the one it left, if nothing else is in it (docs/rules.md, Doors).
      if (rules.templates[actor.template]?.closesDoors && tileAt(state.map, fromX, fromY) === Tile.OpenDoor) {
        const shut = closeDoor(state, rules, actor, fromX, fromY, true);
        if (shut.kind === "done") return { kind: "done", events: [moved, ...shut.events] };
      }
      return { kind: "done", events: [moved] };
    }
    case "melee": {
      const target = occupancy.livingActorAt(actor.x + action.dx, actor.y + action.dy);
      if (!target || target === actor) return { kind: "impossible", reason: "nothing_to_attack" };
      const events: GameEvent[] = [];
      melee(state, actor, target, rules, events);
      return { kind: "done", events };
    }
    case "wait":
      return { kind: "done", events: [{ type: "waited", entityId: actor.id }] };
    case "shoot":
      return { kind: "done", events: shoot(state, rules, actor, action.dx, action.dy, occupancy) };
    case "wake": {
      const seen = state.map.visible[actor.y * state.map.width + actor.x] === 1;
      return { kind: "done", events: [{ type: "woke", entityId: actor.id, name: actor.name, seen }] };
    }
    case "recover": {
      if (actor.ai?.type !== "confused") return { kind: "impossible" };
      actor.ai = actor.ai.previous;
      return { kind: "done", events: [{ type: "confusion_ended", entityId: actor.id, name: actor.name }] };
    }
    case "pickup":
      return pickUp(state, rules, actor, action.item);
    case "drop":
      return drop(state, rules, actor, action.item, action.count);
    case "throw":
      return throwItem(state, rules, actor, action.item, action.target, occupancy);
    case "use":
      return use(state, rules, actor, action.item, action.target, action.choice);
    case "close":
      return closeDoor(state, rules, actor, actor.x + action.dx, actor.y + action.dy);
    case "descend":
      return descend(state, rules, actor);
    case "ascend":
      return ascend(state, rules, actor);
  }
}

/**
 * Whether the player's step `dx, dy` would be refused as it stands: nobody
 * to attack there, and the cell not walkable or taken (as `perform` decides
 * a bump), with no status of the player's that would change the step
 * (turn.ts). Nothing is changed: the AI worker leaves such steps unthought.
 */
export function stepRefused(state: GameState, dx: number, dy: number): boolean {
  const player = playerOf(state);
  if (player.statuses?.length) return false;
  const x = player.x + dx, y = player.y + dy, at = scanOccupancy(state.entities);
  return !at.livingActorAt(x, y) && (!isWalkable(state.map, x, y) || at.blockerAt(x, y) !== undefined);
}

/**
 * Walking into a closed door opens it and spends the move
 * (docs/rules.md, Doors). The view is recomputed at once: the door no longer blocks sight,
 * and the monsters that act after in the same phase see what the player sees.
 */
function openDoor(state: GameState, rules: Rules, actor: Entity, x: number, y: number): ActionResult {
  setTile(state.map, x, y, Tile.OpenDoor);
  const player = playerOf(state);
  updateVisibility(state.map, player, sightOf(player, rules));
  return { kind: "done", events: [{ type: "door_opened", entityId: actor.id, x, y }] };
}

/**
 * Closing the open door at (x, y), where the rules let doors be closed
 * (docs/rules.md, Doors): refused while anything, alive or not, lies or
 * stands in the doorway. It blocks sight again at once, as opening it
 * clears it.
 */
function closeDoor(
  state: GameState,
  rules: Rules,
  actor: Entity,
  x: number,
  y: number,
  behind = false,
): ActionResult {
  if (
    !(rules.closeDoors || behind) || !inBounds(state.map, x, y) || tileAt(state.map, x, y) !== Tile.OpenDoor
  ) {
    return { kind: "impossible", reason: rules.closeDoors ? "no_door_to_close" : undefined };
  }
  if (state.entities.some((e) => e.x === x && e.y === y)) {
    return { kind: "impossible", reason: "door_close_blocked" };
  }
  setTile(state.map, x, y, Tile.ClosedDoor);
  const player = playerOf(state);
  updateVisibility(state.map, player, sightOf(player, rules));
  return { kind: "done", events: [{ type: "door_closed", entityId: actor.id, x, y }] };
}

function pickUp(state: GameState, rules: Rules, actor: Entity, id?: number): ActionResult {
  const inventory = actor.inventory;
  // The last item in the list is the one on top: the one dropped last (unless one is named).
  const here = state.entities.findLastIndex((e) =>
    e.layer === "item" && e.x === actor.x && e.y === actor.y && (id === undefined || e.id === id)
  );
  if (here < 0 || !inventory) return { kind: "impossible", reason: "nothing_to_pick_up" };
  // A stack joining one already carried takes no slot (docs/rules.md, Stacks).
  if (inventory.items.length >= inventory.capacity && !stackFor(inventory, state.entities[here])) {
    return { kind: "impossible", reason: "inventory_full" };
  }
  const [item] = state.entities.splice(here, 1);
  const label = labelOf(state, rules, item);
  carry(inventory, item, rules);
  return { kind: "done", events: [{ type: "picked_up", entityId: actor.id, item: label }] };
}

function drop(
  state: GameState,
  rules: Rules,
  actor: Entity,
  slot: number,
  count: number | undefined,
): ActionResult {
  const inventory = actor.inventory;
  const item = inventory?.items[slot];
  if (!item || (count !== undefined && count < 1)) return { kind: "impossible", reason: "invalid_entry" };
  const events: GameEvent[] = [];
  unequip(actor, item, events, itemName(state, rules, item));
  const dropped = takeSome(state, inventory!, slot, count ?? countOf(item));
  events.push({ type: "dropped", entityId: actor.id, item: labelOf(state, rules, dropped) });
  layDown(state, dropped, actor.x, actor.y);
  return { kind: "done", events };
}

function use(
  state: GameState,
  rules: Rules,
  actor: Entity,
  slot: number,
  target: Point | undefined,
  choice?: number,
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
  if (effect.type === "identify") return identify(state, rules, actor, slot, choice);
  // Asked where, the player would learn that it is aimed: where the rules say so, it aims itself.
  const aimed = target ?? (rules.unknownAimed === "nearest" && !isKnown(state, rules, item.template) &&
      targetingOf(effect).kind !== "none"
    ? nearestInView(state, actor)
    : undefined);
  // Its own messages name it as it is about to be known: by its name.
  const reason = applyEffect(state, rules, actor, item.name, effect, aimed, events);
  if (reason) return refused(state, rules, actor, slot, reason);
  const learnt: GameEvent[] = [];
  learn(state, rules, item, learnt);
  spendOne(actor, slot);
  return { kind: "done", events: [...learnt, ...events] };
}

/**
 * A scroll of identify in `slot` names the unknown item in slot `choice`. Read unknown, it names itself
 * first, and then, never having asked, the first unknown item in the pack, if any (docs/rules.md, Identify).
 */
function identify(
  state: GameState,
  rules: Rules,
  actor: Entity,
  slot: number,
  choice: number | undefined,
): ActionResult {
  const items = actor.inventory!.items;
  const events: GameEvent[] = [];
  const wasKnown = isKnown(state, rules, items[slot].template);
  learn(state, rules, items[slot], events);
  const named = choice ?? unknownSlots(state, rules, actor)[0];
  if (choice !== undefined && (!items[choice] || isKnown(state, rules, items[choice].template))) {
    if (wasKnown) return { kind: "impossible", reason: "invalid_entry" };
  } else if (named !== undefined) {
    learn(state, rules, items[named], events);
  } else if (wasKnown) {
    return { kind: "impossible", reason: "nothing_to_identify" };
  }
  spendOne(actor, slot);
  return { kind: "done", events };
}

/** One use of the item in `slot` spent: a wand's charge, else one of the item. */
function spendOne(actor: Entity, slot: number): void {
  const part = actor.inventory!.items[slot].item!;
  if (part.charges !== undefined) part.charges--;
  else useUpOne(actor.inventory!, slot);
}

/**
 * A use of the item in `slot` that could not happen for `reason`. Told and
 * free, unless the item is unknown and the rules waste it: then it is spent,
 * still unknown, and said so without the refusal, which would name its kind
 * (docs/rules.md, Unknown items).
 */
function refused(
  state: GameState,
  rules: Rules,
  actor: Entity,
  slot: number,
  reason: MessageId,
): ActionResult {
  const item = actor.inventory!.items[slot];
  if (
    rules.unknownRefused === undefined || reason === "invalid_entry" || isKnown(state, rules, item.template)
  ) {
    return { kind: "impossible", reason };
  }
  const name = itemName(state, rules, item);
  const events: GameEvent[] = [{ type: "wasted", entityId: actor.id, item: name }];
  // Used, even to no effect, it is seen for what it is where the rules teach by every use.
  if (rules.unknownRefused === "taught") learn(state, rules, item, events);
  spendOne(actor, slot);
  return { kind: "done", events };
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
  // Kept floors heal only on a first arrival: going up and down again is no rest (docs/rules.md, Persistent floors).
  const known = state.keptFloors?.some((k) => k.floor === state.floor + 1) ?? false;
  const rest = fighter && !known
    ? Math.min(fighter.maxHp - fighter.hp, Math.floor(fighter.maxHp * rules.progression.healOnDescend))
    : 0;
  if (fighter && (rest > 0 || (!known && rules.progression.restTold === "always"))) {
    fighter.hp += rest;
    events.push({ type: "rested", entityId: actor.id, amount: rest });
  }
  const followed: GameEvent[] = [];
  enterFloor(state, rules, state.floor + 1, followed);
  events.push({ type: "descended", entityId: actor.id, floor: state.floor }, ...followed);
  return { kind: "done", events };
}

function ascend(state: GameState, rules: Rules, actor: Entity): ActionResult {
  const up = state.map.upStairs;
  if (!up || actor.x !== up.x || actor.y !== up.y || tileAt(state.map, up.x, up.y) !== Tile.UpStairs) {
    return { kind: "impossible", reason: "no_stairs" };
  }
  if (state.floor <= 1) {
    // Floor 1's up stairs lead out: the game ends, won if the goal item comes along (docs/rules.md, A goal).
    const won = carriesGoal(actor, rules);
    state.chronicle.escaped = won ? "won" : "left";
    const item = won ? rules.templates[rules.goal!.item].name : undefined;
    return {
      kind: "done",
      events: [
        item
          ? { type: "left_dungeon", entityId: actor.id, item }
          : { type: "left_dungeon", entityId: actor.id },
      ],
    };
  }
  // Who followed is told after the climb.
  const followed: GameEvent[] = [];
  enterFloor(state, rules, state.floor - 1, followed);
  return {
    kind: "done",
    events: [{ type: "ascended", entityId: actor.id, floor: state.floor }, ...followed],
  };
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
