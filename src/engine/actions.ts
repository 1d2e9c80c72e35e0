/**
 * Actions are values. Performing one either succeeds with events, is
 * impossible with a reason (and costs no time), or hands over to another
 * action (a bump becomes a move, later an attack).
 *
 * @module
 */
import { blockerAt, type Entity } from "./entity.ts";
import { isWalkable } from "./game_map.ts";
import type { MessageId } from "./rules.ts";
import type { GameState } from "./state.ts";

/** Something an actor tries to do this turn. */
export type Action =
  | { readonly type: "bump"; readonly dx: number; readonly dy: number }
  | { readonly type: "move"; readonly dx: number; readonly dy: number }
  | { readonly type: "wait" };

/** What happened, for the log and the screen to describe. */
export type GameEvent =
  | { readonly type: "moved"; readonly entityId: number; readonly x: number; readonly y: number }
  | { readonly type: "waited"; readonly entityId: number };

/** The outcome of performing an action. */
export type ActionResult =
  | { readonly kind: "done"; readonly events: readonly GameEvent[] }
  | { readonly kind: "impossible"; readonly reason: MessageId }
  | { readonly kind: "alternate"; readonly action: Action };

/** Performs `action` for `actor`, changing `state` only when it succeeds. */
export function perform(state: GameState, actor: Entity, action: Action): ActionResult {
  switch (action.type) {
    case "bump":
      // Nothing to attack yet: a bump is a move.
      return { kind: "alternate", action: { type: "move", dx: action.dx, dy: action.dy } };
    case "move": {
      const x = actor.x + action.dx, y = actor.y + action.dy;
      if (!isWalkable(state.map, x, y) || blockerAt(state.entities, x, y)) {
        return { kind: "impossible", reason: "blocked" };
      }
      actor.x = x;
      actor.y = y;
      return { kind: "done", events: [{ type: "moved", entityId: actor.id, x, y }] };
    }
    case "wait":
      return { kind: "done", events: [{ type: "waited", entityId: actor.id }] };
  }
}

/** Performs `action`, following alternates until it succeeds or fails. */
export function resolve(
  state: GameState,
  actor: Entity,
  action: Action,
): Exclude<ActionResult, { kind: "alternate" }> {
  let result = perform(state, actor, action);
  while (result.kind === "alternate") result = perform(state, actor, result.action);
  return result;
}
