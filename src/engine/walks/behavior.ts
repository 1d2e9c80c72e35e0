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
import { stillMonsterReach, threatsToPlayer } from "./reach.ts";
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
  /** A monster's blow or shot that hurts the player stops a walk whatever the share (the program's pacing). */
  readonly blowsStop?: boolean;
  /**
   * Walks remember the monsters they have seen on a floor: a known one stops a walk only by moving nearer
   * than it has been; absent: each walk knows only those in view as it begins, which never stop it.
   */
  readonly remember?: boolean;
  /**
   * With `remember`: a known monster that moves nearer stops a walk only once it is within half the steps
   * it was last seen at, or could hit the player; absent: any step nearer than it has been does.
   */
  readonly closerByHalf?: boolean;
  /** A monster in the only way stops a walk only once it stands beside the player. */
  readonly untilAdjacent?: boolean;
  /**
   * Explore and travel keep out of the reach of the monsters that never move, known ones out of view too;
   * absent: they go round only the cells of the monsters in view.
   */
  readonly goRoundStill?: boolean;
  /**
   * Explore and travel neither begin while a monster in view could hit the player, nor step where one could;
   * absent: they begin and step regardless.
   */
  readonly keepOutOfReach?: boolean;
  /**
   * With `keepOutOfReach`: a step into the reach of a monster that moves at random (a bat) is taken all the
   * same, where it would be next turn being anyone's guess; absent: such a step stops the walk too.
   */
  readonly passErratic?: boolean;
  /** A walk ends when it comes back to a cell it stood on with nothing explored since; absent: it goes on. */
  readonly noLoops?: boolean;
  /**
   * A rest heeds only the monsters in view that could come to hit the player (awake, not harmless, not
   * rooted out of reach); absent: every monster in view refuses or stops it.
   */
  readonly restNearOnly?: boolean;
  /** A rest until healed goes on when a status ends; absent: a status ending stops it. */
  readonly restThroughStatuses?: boolean;
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
  const memory = words.remember ? known : undefined;
  const start = startWalk(state, walk, memory, words.hurtShare, words.closerByHalf ? rules : undefined);
  const planned = walk.kind !== "run";
  const keepOut = planned && words.goRoundStill && rules
    ? (s: GameState) => stillMonsterReach(s, rules, memory ?? start.monsters)
    : undefined;
  return new WalkBehavior(
    start,
    routeOf(state, walk, seen, { untilAdjacent: words.untilAdjacent, keepOut }),
    seen,
    {
      rules,
      known: memory,
      reachStops: planned && words.keepOutOfReach === true,
      passErratic: words.passErratic === true,
      noLoops: words.noLoops === true,
    },
  );
}

/** What a walk heeds besides its route (see {@link WalkWords}). */
interface WalkHeeds {
  readonly rules?: Rules;
  /** The monsters walks have seen, noted at each stop (where the data say `remember`). */
  readonly known?: KnownMonsters;
  /** It neither begins nor steps where a monster in view could hit the player. */
  readonly reachStops: boolean;
  /** It steps into the reach of a monster that moves at random all the same. */
  readonly passErratic: boolean;
  /** It ends where it would come back to a cell with nothing explored since it stood there. */
  readonly noLoops: boolean;
}

/** A walk: its route's steps until a stopping rule, or the route, ends it. */
class WalkBehavior implements Behavior {
  /** The direction of the step proposed last (undefined before the first). */
  #last: Point | undefined;
  #steps = 0;
  /** With `noLoops`: each cell the walk has stood on, and how many cells were explored when it last did. */
  readonly #stood = new Map<number, number>();

  constructor(
    readonly start: WalkStart,
    readonly route: Route,
    readonly visited: Set<number>,
    readonly heeds: WalkHeeds,
  ) {}

  next(state: GameState): BehaviorStep {
    const to = this.#nextCell(state);
    if ("reason" in to) {
      // What a walk stopped for, it has seen: the next walk knows it even if it has gone out of view by then.
      if (this.heeds.known) noteMonsters(state, this.heeds.known);
      return { stop: to };
    }
    const player = playerOf(state);
    const step = { x: to.x - player.x, y: to.y - player.y };
    this.#last = step;
    this.#steps++;
    return { act: { type: "move", dx: step.x, dy: step.y } };
  }

  /** The cell of the next step, or why the walk stops here. */
  #nextCell(state: GameState): Point | WalkStop {
    const { rules } = this.heeds;
    if (this.#last) {
      const stop = stopAfterStep(state, this.start, this.visited, rules) ??
        this.route.stepped(state, this.#last);
      if (stop?.reason === "item") { for (const item of itemsUnderfoot(state)) this.visited.add(item.id); }
      if (stop) return stop;
    } else {
      const threat = this.#threat(state);
      if (threat) return threat;
    }
    if (this.#steps >= MAX_WALK_STEPS) return { reason: "end" };
    const to = this.route.next(state);
    if ("reason" in to) return to;
    const stop = stopBeforeStep(state, to, rules) ?? this.#threat(state, to);
    if (stop) return stop;
    return this.heeds.noLoops && this.#loops(state, to) ? { reason: "loop" } : to;
  }

  /**
   * With `reachStops`, the stop for the monsters in view that could hit the
   * player where they stand, or (given `to`) only there: none when none could.
   */
  #threat(state: GameState, to?: Point): WalkStop | undefined {
    const { rules } = this.heeds;
    if (!this.heeds.reachStops || !rules) return undefined;
    const threats = threatsToPlayer(state, rules, to, this.heeds.passErratic);
    return threats.length > 0 ? { reason: "threat", names: threats.map((e) => e.name) } : undefined;
  }

  /**
   * True when stepping to `to` comes back to a cell the walk stood on with
   * no cell explored since: a way that keeps changing (a monster going in
   * and out of view) would walk it back and forth for ever.
   */
  #loops(state: GameState, to: Point): boolean {
    const { map } = state, player = playerOf(state);
    let explored = 0;
    for (let i = 0; i < map.explored.length; i++) explored += map.explored[i];
    this.#stood.set(player.y * map.width + player.x, explored);
    return this.#stood.get(to.y * map.width + to.x) === explored;
  }
}
