/**
 * One of the player's actions played on a copy of the game, as the app
 * would play it on the game: the player's half, then the monsters' turn;
 * what the turn changed (engine state_patch.ts) is the answer. A copy played as a
 * branch ahead may be given up half way (`abandon`): it is then no use.
 *
 * @module
 */
import {
  type Action,
  finishTurn,
  type GameState,
  patchOf,
  playPlayerAction,
  type Rules,
  runMonsterPhase,
  type TurnPatch,
} from "../../engine/mod.ts";

/** Thrown out of a monster phase given up half way; the copy it played on is then no use. */
export class Abandoned extends Error {
  constructor() {
    super("abandoned");
  }
}

/** How many monsters' moves go by between two looks at `abandon`. */
const LOOK_EVERY = 32;

/** What an action played on a copy gave: the answer's parts. */
export interface Played {
  /** What the turn changed; none when the action was impossible (no time passed). */
  readonly patch?: TurnPatch;
  /** Whether the action took time. */
  readonly possible: boolean;
  /** Milliseconds of the monsters' phase. */
  readonly phaseMs: number;
}

/**
 * Plays `act` on `state` (changing it: a copy of `before`) and the
 * monsters' turn after it. `abandon`, looked at every few moves, gives the
 * phase up by throwing {@link Abandoned}; `now` is a clock in milliseconds.
 */
export function playAction(
  before: GameState,
  state: GameState,
  rules: Rules,
  act: Action,
  now: () => number,
  abandon: () => boolean = () => false,
): Played {
  const mine = playPlayerAction(state, rules, act);
  if (!mine) {
    state.log = [];
    return { possible: false, phaseMs: 0 };
  }
  let moves = 0;
  const began = now();
  const { events } = runMonsterPhase(state, rules, () => {
    if (++moves % LOOK_EVERY === 0 && abandon()) throw new Abandoned();
  }, mine);
  const phaseMs = now() - began;
  const settled = [...mine, ...finishTurn(state, rules, events)];
  const patch = patchOf(before, state, settled);
  // The log only tells what happened: a copy keeps none.
  state.log = [];
  return { patch, possible: true, phaseMs };
}
