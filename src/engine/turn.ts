/**
 * Playing the game: {@link playCommand} plays one thing the player does (a
 * turn: the player's action, then, if it took time, every monster's; a
 * level-up choice; a walk's end), with the log told what happened. The app splits a turn
 * to run the monsters in a worker: {@link playPlayerAction}, the monsters'
 * moves, then {@link finishTurn} on their events.
 *
 * @module
 */
import type { Action } from "./actions.ts";
import { chronicleEvents } from "./chronicle.ts";
import type { GameEvent } from "./events.ts";
import { chooseLevelUp, levelsToTell, settleDeaths } from "./progression.ts";
import { type Entity, isAlive } from "./entity.ts";
import { MAX_STEPS_A_PHASE, MAX_TICKS, MAX_TURNS } from "./limits.ts";
import { updateVisibility } from "./game_map.ts";
import { runMonsterPhase } from "./monsters/monster_phase.ts";
import { narrate, type Sees, tell } from "./narration.ts";
import type { Rules } from "./rules.ts";
import { type GameState, playerOf } from "./state.ts";
import { sightOf } from "./stats.ts";
import { statusAction } from "./statuses.ts";
import { payFor, resolveTimed } from "./time.ts";
import { setSneaking } from "./sneaking.ts";
import { DIRECTIONS, Rng } from "../algorithms/mod.ts";
import { tellStop, tellUnderfoot, type WalkStop } from "./walks/walk_stop.ts";

/** True once the player has died or left the dungeon: only leaving the game remains. */
export function isGameOver(state: GameState): boolean {
  return state.chronicle.escaped !== undefined || !isAlive(playerOf(state));
}

/**
 * True when another turn could take the game's clocks past their bounds
 * ({@link MAX_TURNS}, and {@link MAX_TICKS} less the most one turn's monster
 * phase adds): the player's actions are refused, untold, and the game stays
 * one its save's reader takes. No game played comes near (docs/rules.md, Turns).
 */
function outOfTurns(state: GameState): boolean {
  return state.turn >= MAX_TURNS || (state.ticks ?? 0) > MAX_TICKS - MAX_STEPS_A_PHASE - 1;
}

/**
 * The player's half of a turn: resolves `action`, settles and narrates its
 * events, counts the turn and updates the view. Returns the settled events
 * (the monsters act next), or undefined when the action was impossible
 * (told, and no time passed).
 */
export function playPlayerAction(state: GameState, rules: Rules, action: Action): GameEvent[] | undefined {
  if (isGameOver(state) || outOfTurns(state)) return undefined;
  const player = playerOf(state);
  const forced = player.statuses ? forcedAction(state, rules, player, action) : undefined;
  let { result, performed } = resolveTimed(state, rules, player, forced ?? action);
  // A step a status forced that cannot be taken is a turn lost, not a turn kept.
  if (forced && result.kind === "impossible") {
    performed = { type: "wait" };
    result = { kind: "done", events: [{ type: "waited", entityId: player.id }] };
  }
  if (result.kind === "impossible") {
    if (result.reason) tell(state.log, rules, result.reason);
    return undefined;
  }
  payFor(player, rules, performed);
  const events = settleAndNarrate(state, rules, result.events);
  tellUnderfoot(state, rules, events);
  state.turn++;
  // Monsters decide with the view from where the player is now.
  updateVisibility(state.map, player, sightOf(player, rules));
  return events;
}

/**
 * What a status makes of the player's `action`, if it changes it
 * (docs/rules.md, Statuses): asleep, anything is a wait; under random
 * steps, a step goes a random way (drawn from the game's RNG, as the
 * worker's copy plays the player's action too).
 */
function forcedAction(state: GameState, rules: Rules, player: Entity, action: Action): Action | undefined {
  const override = statusAction(player, rules);
  if (override === "asleep") return { type: "wait" };
  if (override !== "random_steps" || (action.type !== "bump" && action.type !== "move")) return undefined;
  const rng = Rng.fromState(state.rng);
  const { dx, dy } = DIRECTIONS[rng.int(0, 7)];
  state.rng = rng.state();
  return { type: "bump", dx, dy };
}

/**
 * Gives the player XP for the deaths among `events`, then tells the log and
 * the chronicle what the events mean, and takes the dead off the floor where
 * the rules say they leave nothing; returns the settled events.
 */
export function settleAndNarrate(state: GameState, rules: Rules, events: readonly GameEvent[]): GameEvent[] {
  const settled = settleDeaths(state, rules, events);
  narrate(state.log, rules, settled, state.playerId, rules.tellsOnlySeen ? seenActors(state) : undefined);
  chronicleEvents(state.chronicle, settled, state, rules.progression.killsCounted === "own_kills");
  if (rules.death?.leaves === "nothing") removeTheDead(state, settled);
  return settled;
}

/** Who the player sees now: the player, and every actor on a cell in view (before the dead leave). */
function seenActors(state: GameState): Sees {
  const { visible, width } = state.map;
  const seen = new Set<number>([state.playerId]);
  for (const e of state.entities) if (e.x >= 0 && e.x < width && visible[e.y * width + e.x]) seen.add(e.id);
  return (id) => seen.has(id);
}

/** Takes the monsters that died in `events` off the floor, where the rules say the dead leave nothing. */
function removeTheDead(state: GameState, events: readonly GameEvent[]): void {
  const dead = new Set<number>();
  for (const e of events) if (e.type === "died" && e.entityId !== state.playerId) dead.add(e.entityId);
  if (dead.size === 0) return;
  // In place: whoever holds the list holds the floor as it now is.
  let kept = 0;
  for (const e of state.entities) if (!dead.has(e.id)) state.entities[kept++] = e;
  state.entities.length = kept;
}

/**
 * One thing the player does: an action (a turn), a level-up choice (no
 * turn), or the end of a walk, told with its reason (no turn; see behavior.ts).
 */
export type Command =
  | { readonly act: Action }
  | { readonly level: number }
  | { readonly stop: WalkStop }
  /** Sneaking begins (true) or ends: no turn (docs/rules.md, Noise and sneaking). */
  | { readonly sneak: boolean };

/**
 * Plays `command` in-process: a whole turn (the player, then the monsters),
 * a level-up choice, or a walk's end. Returns the settled events, or
 * undefined when the action was impossible.
 */
export function playCommand(state: GameState, rules: Rules, command: Command): GameEvent[] | undefined {
  if ("level" in command) return settleAndNarrate(state, rules, chooseLevelUp(state, rules, command.level));
  if ("sneak" in command) {
    const events = setSneaking(state, rules, command.sneak);
    return events && settleAndNarrate(state, rules, events);
  }
  if ("stop" in command) {
    tellStop(state.log, rules, command.stop);
    return [];
  }
  const mine = playPlayerAction(state, rules, command.act);
  if (!mine) return undefined;
  return [...mine, ...finishTurn(state, rules, runMonsterPhase(state, rules, undefined, mine).events)];
}

/**
 * Ends a turn on the monsters' `events`: settles and narrates them, then
 * makes the checks that come before the player's next turn (a level told
 * there, where the rules tell it then: docs/rules.md, Experience and
 * levels). Returns the settled events with what the checks added.
 */
export function finishTurn(state: GameState, rules: Rules, events: readonly GameEvent[]): GameEvent[] {
  const settled = settleAndNarrate(state, rules, events);
  if (rules.progression.levelToldAt !== "next_turn" || isGameOver(state)) return settled;
  const told = levelsToTell(state, rules);
  narrate(state.log, rules, told, state.playerId);
  return [...settled, ...told];
}
