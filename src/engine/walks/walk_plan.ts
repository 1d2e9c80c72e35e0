/**
 * The next step of a walk the player asked for (explore, or travel to a
 * known cell), by distance maps: what a walk's route asks each step.
 *
 * @module
 */
import type { GameMap } from "../game_map.ts";
import type { Point } from "../../algorithms/mod.ts";
import { exploreStep, travelStep } from "./travel.ts";

/**
 * A walk the player asked for: explore, or go to a known cell; `avoid`
 * holds the cells of the monsters in view, which the walk goes round.
 */
export type PlanRequest =
  | {
    readonly kind: "explore";
    readonly from: Point;
    readonly items: readonly number[];
    readonly avoid: readonly number[];
  }
  | { readonly kind: "travel"; readonly from: Point; readonly to: Point; readonly avoid: readonly number[] };

/**
 * The next step of a walk: a cell index, or -1 when there is none, with
 * why: nothing left to explore, a monster standing in the only known way,
 * or no known way at all; none when already there.
 */
export interface PlanAnswer {
  readonly step: number;
  readonly end?: "explored" | "blocked" | "no_way";
}

/** Plans a walk's next step on `map`. */
export function planWalk(map: GameMap, request: PlanRequest): PlanAnswer {
  if (request.kind === "explore") {
    const next = exploreStep(map, request.from, request.items, request.avoid);
    if (next.kind === "step") return { step: next.to };
    // Explored round the monsters: is it they that stand in the way?
    const around = request.avoid.length > 0 ? exploreStep(map, request.from, request.items) : next;
    return { step: -1, end: around.kind === "step" ? "blocked" : "explored" };
  }
  const step = travelStep(map, request.from, request.to, request.avoid);
  const there = request.from.x === request.to.x && request.from.y === request.to.y;
  if (step >= 0 || there) return { step };
  const around = request.avoid.length > 0 ? travelStep(map, request.from, request.to) : step;
  return { step, end: around >= 0 ? "blocked" : "no_way" };
}
