/**
 * Walks: the player's behaviours over many turns (run, explore, travel and
 * rest), the routes they take, and the rules that stop them.
 *
 * @module
 */
export {
  type Behavior,
  type BehaviorStep,
  MAX_WALK_STEPS,
  walkBehavior,
  type WalkWords,
} from "./behavior.ts";
export { behaviorOf, type WalkOrders } from "./walk_orders.ts";
export { type Rest, restBehavior } from "./rest.ts";
export { knownCost, monstersInView } from "./travel.ts";
export { reachOf, stillMonsterReach, type StillReach, threatsToPlayer } from "./reach.ts";
export { planWalk } from "./walk_plan.ts";
export {
  isTold,
  itemsUnderfoot,
  type KnownMonsters,
  startWalk,
  stopAfterStep,
  stopBeforeStep,
  tellStop,
  type Walk,
  type WalkStop,
} from "./walk_stop.ts";
