/**
 * One player turn: the action, then (if it took time) the world's response
 * and a fresh field of view.
 *
 * @module
 */
import { type Action, type GameEvent, resolve } from "./actions.ts";
import { updateVisibility } from "./game_map.ts";
import { logMessage } from "./message_log.ts";
import type { Rules } from "./rules.ts";
import { type GameState, playerOf } from "./state.ts";

/** What a player turn did. */
export interface TurnOutcome {
  /** False when the action was impossible: no time passed. */
  readonly tookTime: boolean;
  readonly events: readonly GameEvent[];
}

/** Plays the player's `action` and everything that follows from it. */
export function playerTurn(state: GameState, rules: Rules, action: Action): TurnOutcome {
  const player = playerOf(state);
  const result = resolve(state, player, action);
  if (result.kind === "impossible") {
    logMessage(state.log, rules, result.reason);
    return { tookTime: false, events: [] };
  }
  state.turn++;
  updateVisibility(state.map, player, rules.sightRadius);
  return { tookTime: true, events: result.events };
}
