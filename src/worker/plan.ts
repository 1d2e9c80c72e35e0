/**
 * The next step of a walk the player asked for, by distance maps: what the
 * worker answers a plan request with, and what runs in-process without it.
 *
 * @module
 */
import type { GameMap } from "../engine/game_map.ts";
import { exploreStep, travelStep } from "../engine/travel.ts";
import type { PlanAnswer, PlanRequest } from "./protocol.ts";

/** Plans a walk's next step on `map` (the worker's side, and the fallback). */
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
