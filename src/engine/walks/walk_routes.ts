/**
 * Which cell a walk steps to next: the part of run, explore and travel that
 * differs. A run follows the map from where it stands; explore and travel
 * plan over the cells the player knows, round the monsters in view (and,
 * where the data say so, out of the reach of the still ones known: reach.ts).
 *
 * @module
 */
import type { Point } from "../../algorithms/mod.ts";
import { type GameState, playerOf } from "../state.ts";
import { inCorridor, knownItemCells, monstersInView, runStep, sides } from "./travel.ts";
import { monsterCells, type Walk, type WalkStop } from "./walk_stop.ts";
import { fireInView } from "../fire.ts";
import { type PlanRequest, planWalk } from "./walk_plan.ts";
import type { StillReach } from "./reach.ts";

/** The way a walk goes, one step at a time. */
export interface Route {
  /** The cell of the next step from where the player stands, or why there is none. */
  next(state: GameState): Point | WalkStop;
  /**
   * Told each step taken (`step` its direction), once the walk's own
   * stopping rules let it go on: why the route ends there, if it does.
   */
  stepped(state: GameState, step: Point): WalkStop | undefined;
}

/** The walk's end where nothing needs saying. */
const END: WalkStop = { reason: "end" };

/** How a planned walk goes round what stands in its way. */
export interface RouteWays {
  /** A monster in the only way stops the walk only once it stands beside the player. */
  readonly untilAdjacent?: boolean;
  /** The still monsters a walk keeps out of reach of, and their cells, as the player knows them now. */
  readonly keepOut?: (state: GameState) => readonly StillReach[];
}

/**
 * The route of `walk` from where the player stands; explore goes to the
 * items seen but not in `visited` (it reads the set as it changes).
 */
export function routeOf(
  state: GameState,
  walk: Walk,
  visited: ReadonlySet<number>,
  ways: RouteWays = {},
): Route {
  switch (walk.kind) {
    case "run":
      return new RunRoute(state, { x: walk.dx, y: walk.dy });
    case "explore":
      return plannedRoute((s, avoid) => ({
        kind: "explore",
        from: playerOf(s),
        items: knownItemCells(s, (e) => visited.has(e.id)),
        avoid,
      }), ways);
    case "travel":
      return plannedRoute((s, avoid) => ({ kind: "travel", from: playerOf(s), to: walk.to, avoid }), ways);
  }
}

/**
 * A run: the first step the way asked; then a corridor is followed round
 * its corners until it branches or ends, and in the open the run goes
 * straight on until the cells beside it change (a doorway, a room's end).
 */
class RunRoute implements Route {
  #heading: Point;
  #corridor: boolean;
  /** What lay beside the run at its last step. */
  #beside: string;
  #steps = 0;

  constructor(state: GameState, heading: Point) {
    const player = playerOf(state);
    this.#heading = heading;
    this.#corridor = inCorridor(state.map, player);
    this.#beside = sides(state.map, player, heading);
  }

  next(state: GameState): Point | WalkStop {
    const from = playerOf(state);
    const d = runStep(state.map, from, this.#heading, this.#corridor, this.#steps === 0);
    return d ? { x: from.x + d.x, y: from.y + d.y } : END;
  }

  stepped(state: GameState, step: Point): WalkStop | undefined {
    this.#steps++;
    const player = playerOf(state);
    const around = sides(state.map, player, step);
    if (!this.#corridor && this.#steps > 1 && around !== this.#beside) return END;
    this.#beside = around;
    this.#corridor = inCorridor(state.map, player);
    this.#heading = step;
    return undefined;
  }
}

/**
 * The stop for a walk whose every way has a monster in it, naming the first
 * monster in view whose cell alone, left open, lets the walk go on, else
 * the first still one whose reach alone does; unnamed when none does alone.
 */
function blockedBy(state: GameState, asked: PlanRequest, still: readonly StillReach[]): WalkStop {
  const { width } = state.map;
  const owned = [
    ...monstersInView(state).map((monster) => ({ monster, cells: [monster.y * width + monster.x] })),
    ...still,
  ];
  for (const { monster, cells } of owned) {
    if (!cells.some((c) => asked.avoid.includes(c))) continue;
    const open = planWalk(state.map, { ...asked, avoid: asked.avoid.filter((c) => !cells.includes(c)) });
    if (open.step >= 0) return { reason: "blocked", name: monster.name };
  }
  return { reason: "blocked" };
}

/**
 * `monsters` (cells) less those not beside the player: a walk whose every
 * way has a monster in it goes on toward the farther ones, which may move
 * aside or flee (and a cornered one turns to fight).
 */
function besidePlayer(state: GameState, monsters: readonly number[]): number[] {
  const { width } = state.map, { x, y } = playerOf(state);
  return monsters.filter((c) =>
    Math.max(Math.abs((c % width) - x), Math.abs(Math.floor(c / width) - y)) <= 1
  );
}

/**
 * Explore or travel: each step planned afresh by distance maps over the
 * known cells, round the monsters in view and out of the still ones' reach
 * (`ways.keepOut`). With `ways.untilAdjacent` a monster in the only way
 * stops the walk only once it stands beside the player.
 */
function plannedRoute(
  request: (state: GameState, avoid: readonly number[]) => PlanRequest,
  ways: RouteWays,
): Route {
  return {
    next(state: GameState): Point | WalkStop {
      const { width } = state.map;
      const still = ways.keepOut?.(state) ?? [];
      const kept = still.flatMap((s) => s.cells), monsters = monsterCells(state);
      // A walk goes round fire it sees, as round monsters (docs/rules.md, Fire).
      if (state.map.fire) kept.push(...fireInView(state.map));
      let asked = request(state, [...monsters, ...kept]);
      let answer = planWalk(state.map, asked);
      if (answer.end === "blocked" && ways.untilAdjacent) {
        asked = request(state, [...besidePlayer(state, monsters), ...kept]);
        answer = planWalk(state.map, asked);
      }
      if (answer.step >= 0) return { x: answer.step % width, y: Math.floor(answer.step / width) };
      if (answer.end === "blocked") return blockedBy(state, asked, still);
      // No step and nothing in the way: a travel already where it was sent.
      return { reason: answer.end ?? "arrived" };
    },
    stepped: () => undefined,
  };
}
