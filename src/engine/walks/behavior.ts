/**
 * Behaviours: what the player does over many turns without a key per turn
 * (as Hauberk's `Behavior`). A behaviour proposes the next action from the
 * game state alone, or says why it stops; whoever plays it only paces the
 * steps (and stops it for a key, which the game state cannot know). Each
 * step is an ordinary move, so turns, monsters and replays work as for any
 * other.
 *
 * The walks (run, explore, travel) are the behaviours there are: they stop
 * by the rules of walk_stop.ts and go the way walk_routes.ts chooses.
 *
 * @module
 */
import type { Action } from "../actions.ts";
import type { Point } from "../../algorithms/mod.ts";
import { type GameState, playerOf } from "../state.ts";
import type { Rules } from "../rules.ts";
import { type Route, routeOf } from "./walk_routes.ts";
import {
  itemsUnderfoot,
  type KnownMonsters,
  noteMonsters,
  startWalk,
  stopAfterStep,
  stopBeforeStep,
  type Walk,
  type WalkStart,
  type WalkStop,
} from "./walk_stop.ts";

/** How the data would have walks go (`game.json`'s `walks`); each absent word keeps the first rule. */
export interface WalkWords {
  /** The share of max HP lost since a walk began that stops it; absent: any HP lost. */
  readonly hurtShare?: number;
  /**
   * Walks remember the monsters they have seen on a floor: a known one stops a walk only by moving nearer
   * than it has been; absent: each walk knows only those in view as it begins, which never stop it.
   */
  readonly remember?: boolean;
  /** A monster in the only way stops a walk only once it stands beside the player. */
  readonly untilAdjacent?: boolean;
}

/** What a behaviour does next: play an action, or stop (saying why, by the stop's message). */
export type BehaviorStep = { readonly act: Action } | { readonly stop: WalkStop };

/** Something the player does over many turns. */
export interface Behavior {
  /**
   * The next action, or why the behaviour stops here. Asked again only
   * after the action it proposed was played.
   */
  next(state: GameState): BehaviorStep;
}

/** The most steps one walk takes (a walk always ends well before on a real map). */
export const MAX_WALK_STEPS = 10_000;

/**
 * `walk` as a behaviour, from the state as it begins. `visited` holds the
 * items walks have stopped on (or started from): exploring does not go back
 * to them, nor stop on them again. The behaviour adds to it (the caller
 * keeps it from one walk to the next). With `itemsStop` false (the
 * player's option), explore neither goes to items nor stops on them.
 * `known`: the monsters walks have seen, kept likewise (walk_stop.ts), used
 * where `words` (the data's `walks`: docs/rules.md, Walks) say `remember`.
 */
export function walkBehavior(
  state: GameState,
  walk: Walk,
  visited: Set<number>,
  rules?: Rules,
  itemsStop = true,
  known: KnownMonsters = new Map(),
  words: WalkWords = {},
): Behavior {
  // Where the player would rather explore past items, every item on the floor counts as visited, for this walk.
  const seen = itemsStop
    ? visited
    : new Set([...visited, ...state.entities.filter((e) => e.layer === "item").map((e) => e.id)]);
  // What lies underfoot as a walk begins has been seen: it does not stop this walk or the next.
  for (const item of itemsUnderfoot(state)) seen.add(item.id);
  return new WalkBehavior(
    startWalk(state, walk, words.remember ? known : undefined, words.hurtShare),
    routeOf(state, walk, seen, words.untilAdjacent),
    seen,
    rules,
    words.remember ? known : undefined,
  );
}

/** A walk: its route's steps until a stopping rule, or the route, ends it. */
class WalkBehavior implements Behavior {
  /** The direction of the step proposed last (undefined before the first). */
  #last: Point | undefined;
  #steps = 0;

  constructor(
    readonly start: WalkStart,
    readonly route: Route,
    readonly visited: Set<number>,
    readonly rules?: Rules,
    readonly known?: KnownMonsters,
  ) {}

  next(state: GameState): BehaviorStep {
    if (this.#last) {
      const stop = stopAfterStep(state, this.start, this.visited, this.rules) ??
        this.route.stepped(state, this.#last);
      if (stop?.reason === "item") { for (const item of itemsUnderfoot(state)) this.visited.add(item.id); }
      // What a walk stopped for, it has seen: the next walk knows it even if it has gone out of view by then.
      if (stop && this.known) noteMonsters(state, this.known);
      if (stop) return { stop };
    }
    if (this.#steps >= MAX_WALK_STEPS) return { stop: { reason: "end" } };
    const to = this.route.next(state);
    if ("reason" in to) return { stop: to };
    const blocked = stopBeforeStep(state, to);
    if (blocked) return { stop: blocked };
    const player = playerOf(state);
    const step = { x: to.x - player.x, y: to.y - player.y };
    this.#last = step;
    this.#steps++;
    return { act: { type: "move", dx: step.x, dy: step.y } };
  }
}
