/**
 * What a monster phase will cost, told before it runs, so that a runner
 * can play a small one in its own thread: handing a turn to the worker and
 * back costs a few tenths of a millisecond at the median on a two-core
 * machine and several at the tail (`deno task bench`, "a turn through the
 * worker, 20 monsters"), more than the whole phase of a floor of the
 * tutorial's size.
 *
 * @module
 */
import { type GameState, isAlive } from "../engine/mod.ts";

/**
 * A monster's share of a phase, µs: a monster hunting the player, its
 * step and its settling (`deno task bench`: 1,000 monsters on 256x256).
 */
export const PHASE_US_PER_MONSTER = 2;

/** A map cell's share, µs: the phase's path costs and the distance map to the player. */
export const PHASE_US_PER_CELL = 0.01;

/**
 * The phase a turn of `state` would run, estimated in µs from its acting
 * monsters and its map's size; an upper bound, since monsters that neither
 * see the player nor hunt it cost next to nothing.
 */
export function phaseEstimateUs(state: GameState): number {
  let actors = 0;
  for (const e of state.entities) if (e.ai && isAlive(e)) actors++;
  return actors * PHASE_US_PER_MONSTER + state.map.width * state.map.height * PHASE_US_PER_CELL;
}
