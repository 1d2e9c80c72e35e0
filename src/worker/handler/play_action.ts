/**
 * One of the player's actions played on a copy of the game, as the app
 * plays it on the game: the player's half, then the monsters' turn, whose
 * moves (encoded, `moves.ts`) are what the app replays. A copy played as a
 * branch ahead may be given up half way (`abandon`): it is then no use.
 *
 * @module
 */
import {
  type Action,
  type Ai,
  finishTurn,
  type GameState,
  playPlayerAction,
  type Rules,
  runMonsterPhase,
} from "../../engine/mod.ts";
import { type EncodedMoves, MoveEncoder } from "../moves.ts";
import type { Checks } from "../protocol.ts";
import { turnDigest } from "../turn_digest.ts";

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
  /** The monsters' moves and the checks of the copy; none when the action was impossible. */
  readonly moves?: EncodedMoves;
  readonly checks?: Checks;
  readonly rng: number[];
  /** Milliseconds of the monsters' phase. */
  readonly phaseMs: number;
}

/**
 * Plays `act` on `state` (changing it) and the monsters' turn after it.
 * `abandon`, looked at every few moves, gives the phase up by throwing
 * {@link Abandoned}; `now` is a clock in milliseconds.
 */
export function playAction(
  state: GameState,
  rules: Rules,
  act: Action,
  now: () => number,
  abandon: () => boolean = () => false,
): Played {
  const mine = playPlayerAction(state, rules, act);
  state.log.length = 0;
  if (!mine) return { rng: state.rng, phaseMs: 0 };
  const turn = state.turn, entities = state.entities.length;
  // Each monster's AI as the phase begins: a move whose AI another's move changed is told whole.
  const start: (Ai | undefined)[] = [];
  for (const e of state.entities) if (e.ai) start[e.id] = e.ai;
  const encoder = new MoveEncoder(start);
  const began = now();
  const { events } = runMonsterPhase(state, rules, (move, before) => {
    encoder.add(move, before);
    if (encoder.count % LOOK_EVERY === 0 && abandon()) throw new Abandoned();
  });
  const phaseMs = now() - began;
  finishTurn(state, rules, events);
  // The log only tells what happened: a copy keeps none.
  state.log.length = 0;
  return {
    moves: encoder.take(),
    checks: { turn, entities, after: turnDigest(state) },
    rng: state.rng,
    phaseMs,
  };
}
