/**
 * A walk or a rest as a behaviour, made from one value: the walk and what
 * the player's walks carry from one to the next. The app walks by it, and
 * the AI worker makes the same behaviour from a copy of the same value to
 * play the walk's steps ahead, so the two propose the same steps.
 *
 * @module
 */
import { type Behavior, walkBehavior, type WalkWords } from "./behavior.ts";
import { type Rest, restBehavior } from "./rest.ts";
import type { Rules } from "../rules.ts";
import type { GameState } from "../state.ts";
import type { KnownMonsters, Walk } from "./walk_stop.ts";

/** What a behaviour is made from besides the game (see behavior.ts's `walkBehavior` for each part). */
export interface WalkOrders {
  readonly walk: Walk | Rest;
  /** The items walks have stopped on or started from; the walk adds to it. */
  readonly visited: Set<number>;
  /** The monsters walks have seen on this floor; the walk adds to it. */
  readonly known: KnownMonsters;
  /** The player's option: explore goes to items and stops on them. */
  readonly itemsStop: boolean;
  /** The data's words for walks (`game.json`'s `walks`). */
  readonly words: WalkWords;
}

/** The behaviour `orders` make, from `state` as the walk begins. */
export function behaviorOf(state: GameState, rules: Rules, orders: WalkOrders): Behavior {
  const { walk } = orders;
  if (walk.kind === "rest") return restBehavior(rules, walk, orders.words);
  return walkBehavior(state, walk, orders.visited, rules, orders.itemsStop, orders.known, orders.words);
}
