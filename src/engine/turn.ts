/**
 * One turn: the player's action, then (if it took time) every monster's,
 * with the log told what happened. The app runs the monsters' half in a
 * worker; {@link playerTurn} runs it in-process.
 *
 * @module
 */
import { type Action, resolve } from "./actions.ts";
import { chronicleEvents } from "./chronicle.ts";
import type { GameEvent } from "./events.ts";
import { chooseLevelUp, settleDeaths } from "./progression.ts";
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
 * The player's half of a turn: the settled events (deaths with their XP),
 * or undefined when the action was impossible (told, and no time passed).
 */
export function playerActEvents(state: GameState, rules: Rules, action: Action): GameEvent[] | undefined {
  if (isGameOver(state)) return undefined;
  const player = playerOf(state);
  const result = resolve(state, rules, player, action);
  if (result.kind === "impossible") {
    if (result.reason) tell(state.log, rules, result.reason);
    return undefined;
  }
  const events = report(state, rules, result.events);
  state.turn++;
  // Monsters decide with the view from where the player is now.
  updateVisibility(state.map, player, sightOf(player, rules));
  return events;
}

/** The player's half of a turn; true when time passed (the monsters act next). */
export function playerAct(state: GameState, rules: Rules, action: Action): boolean {
  return playerActEvents(state, rules, action) !== undefined;
}

/**
 * Tells the log and the chronicle what `events` mean, after giving the
 * player XP for any deaths; returns the settled events.
 */
export function report(state: GameState, rules: Rules, events: readonly GameEvent[]): GameEvent[] {
  const settled = settleDeaths(state, rules, events);
  narrate(state.log, rules, settled, state.playerId);
  chronicleEvents(state.chronicle, settled, state);
  return settled;
}

/** A whole turn in-process, the player then the monsters: its events, or undefined if impossible. */
export function playTurn(state: GameState, rules: Rules, action: Action): GameEvent[] | undefined {
  const mine = playerActEvents(state, rules, action);
  if (!mine) return undefined;
  return [...mine, ...report(state, rules, runMonsterPhase(state, rules).events)];
}

/** A whole turn in-process; true when time passed. */
export function playerTurn(state: GameState, rules: Rules, action: Action): boolean {
  return playTurn(state, rules, action) !== undefined;
}

/** One thing the player does: an action (a turn), or a level-up choice (no turn). */
export type Command = { readonly act: Action } | { readonly level: number };

/**
 * Plays `command` in-process: a whole turn, or a level-up choice. Returns
 * the settled events, or undefined when the action was impossible.
 */
export function applyCommand(state: GameState, rules: Rules, command: Command): GameEvent[] | undefined {
  if ("level" in command) return report(state, rules, chooseLevelUp(state, rules, command.level));
  return playTurn(state, rules, command.act);
}
