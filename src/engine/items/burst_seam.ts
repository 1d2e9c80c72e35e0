/**
 * What a thrown item's burst leaves behind where it lands, after its status
 * has fallen on the actors in reach: today nothing. A gas cloud that drifts
 * and thins (a poison potion's, a sleeping draught's) belongs here, named by
 * a word of the item's `thrown` part, so that the burst stays one rule and the
 * cloud another (docs/rules.md, Thrown bursts).
 *
 * @module
 */
import type { Point } from "../../algorithms/mod.ts";
import type { Entity } from "../entity.ts";
import type { GameEvent } from "../events.ts";
import type { Rules } from "../rules.ts";
import type { GameState } from "../state.ts";

/** What `item`'s burst at `land` leaves on the floor of `state`: nothing yet. */
export function afterBurst(
  _state: GameState,
  _rules: Rules,
  _item: Entity,
  _land: Point,
  _events: GameEvent[],
): void {}
