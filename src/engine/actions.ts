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
import { isWalkable } from "./game_map.ts";
import { type Occupancy, scanOccupancy } from "./occupancy.ts";
import type { MessageId, Rules } from "./rules.ts";
import type { GameState } from "./state.ts";

/** Something an actor tries to do this turn. */
export type Action =
  | { readonly type: "bump"; readonly dx: number; readonly dy: number }
  | { readonly type: "move"; readonly dx: number; readonly dy: number }
  | { readonly type: "melee"; readonly dx: number; readonly dy: number }
  | { readonly type: "wait" }
  /** A confused monster comes back to its senses (its previous AI). */
  | { readonly type: "recover" };

/** The outcome of performing an action. */
export type ActionResult =
  | { readonly kind: "done"; readonly events: readonly GameEvent[] }
  | { readonly kind: "impossible"; readonly reason: MessageId }
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
      if (actor.ai?.type !== "confused") return { kind: "impossible", reason: "blocked" };
      actor.ai = actor.ai.previous;
      return { kind: "done", events: [{ type: "confusion_ended", entityId: actor.id, name: actor.name }] };
    }
  }
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
