/**
 * One turn: the player's action, then (if it took time) every monster's,
 * with the log told what happened. The app runs the monsters' half in a
 * worker; {@link playerTurn} runs it in-process.
 *
 * @module
 */
import { type Action, resolve } from "./actions.ts";
import type { GameEvent } from "./events.ts";
import { settleDeaths } from "./progression.ts";
import { isAlive } from "./entity.ts";
import { updateVisibility } from "./game_map.ts";
import { runMonsterPhase } from "./monster_phase.ts";
import { narrate, tell } from "./narration.ts";
import type { Rules } from "./rules.ts";
import { type GameState, playerOf, sightOf } from "./state.ts";

/** True once the player has died: only leaving the game remains. */
export function isGameOver(state: GameState): boolean {
  return !isAlive(playerOf(state));
}

/**
 * The player's half of a turn. Returns true when time passed (the monsters
 * act next); an impossible action is logged and costs nothing.
 */
export function playerAct(state: GameState, rules: Rules, action: Action): boolean {
  if (isGameOver(state)) return false;
  const player = playerOf(state);
  const result = resolve(state, rules, player, action);
  if (result.kind === "impossible") {
    if (result.reason) tell(state.log, rules, result.reason);
    return false;
  }
  report(state, rules, result.events);
  state.turn++;
  // Monsters decide with the view from where the player is now.
  updateVisibility(state.map, player, sightOf(player, rules));
  return true;
}

/** Tells the log what `events` mean, after giving the player XP for any deaths. */
export function report(state: GameState, rules: Rules, events: readonly GameEvent[]): void {
  narrate(state.log, rules, settleDeaths(state, rules, events), state.playerId);
}

/** A whole turn in-process: the player, then the monsters. */
export function playerTurn(state: GameState, rules: Rules, action: Action): boolean {
  if (!playerAct(state, rules, action)) return false;
  report(state, rules, runMonsterPhase(state, rules).events);
  return true;
}
