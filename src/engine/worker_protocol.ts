/**
 * What the app and the AI worker say to each other, and the worker's side
 * of it as a plain function (so tests can run it without a worker).
 *
 * The map's grids live in shared memory and are sent once per floor; each
 * turn sends the entities and the RNG state, and the answer is the moves
 * and the RNG state after them. Both travel as JSON text: for thousands of
 * plain objects, JSON.stringify and JSON.parse are about twice as fast as
 * the structured clone postMessage would otherwise do.
 *
 * @module
 */
import { emptyChronicle } from "./chronicle.ts";
import type { GameMap } from "./game_map.ts";
import type { Point } from "./geometry.ts";
import { exploreStep, travelStep } from "./travel.ts";
import { type MonsterMove, runMonsterPhase } from "./monster_phase.ts";
import type { Rules } from "./rules.ts";
import type { GameState } from "./state.ts";

/** App → worker. */
export type ToWorker =
  | { readonly type: "rules"; readonly rules: Rules }
  | { readonly type: "map"; readonly mapId: number; readonly map: GameMap }
  | {
    readonly type: "turn";
    readonly seq: number;
    readonly mapId: number;
    /** JSON of {@link TurnPayload}. */
    readonly state: string;
  }
  | { readonly type: "plan"; readonly seq: number; readonly mapId: number; readonly request: PlanRequest };

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

/** The part of a state a turn carries: everything but the map and the log. */
export type TurnPayload = Omit<GameState, "map" | "log" | "chronicle">;

/** Worker → app. */
export type FromWorker =
  | { readonly type: "ready" }
  | {
    readonly type: "moves";
    readonly seq: number;
    /** JSON of the {@link MonsterMove} list. */
    readonly moves: string;
    readonly rng: number[];
    /** Milliseconds the worker spent on the turn, reading and writing JSON included. */
    readonly computeMs: number;
  }
  | { readonly type: "planned"; readonly seq: number; readonly answer: PlanAnswer }
  | { readonly type: "failed"; readonly seq: number; readonly error: string };

/** The worker's memory between messages. */
export interface WorkerMemory {
  rules?: Rules;
  mapId?: number;
  map?: GameMap;
}

/**
 * Handles one message; returns the answer, if the message asks for one.
 * `now` is a clock in milliseconds (the engine reads none of its own).
 */
export function handleToWorker(
  memory: WorkerMemory,
  message: ToWorker,
  now: () => number = () => 0,
): FromWorker | undefined {
  switch (message.type) {
    case "rules":
      memory.rules = message.rules;
      return undefined;
    case "map":
      memory.mapId = message.mapId;
      memory.map = message.map;
      return undefined;
    case "plan": {
      if (!memory.map || memory.mapId !== message.mapId) {
        return { type: "failed", seq: message.seq, error: `no map ${message.mapId} yet` };
      }
      return { type: "planned", seq: message.seq, answer: planWalk(memory.map, message.request) };
    }
    case "turn": {
      const { rules, map } = memory;
      if (!rules || !map || memory.mapId !== message.mapId) {
        return { type: "failed", seq: message.seq, error: `no rules or map ${message.mapId} yet` };
      }
      const started = now();
      const state: GameState = {
        ...(JSON.parse(message.state) as TurnPayload),
        map,
        log: [],
        chronicle: emptyChronicle(),
      };
      const moves = JSON.stringify(runMonsterPhase(state, rules).moves);
      return { type: "moves", seq: message.seq, moves, rng: state.rng, computeMs: now() - started };
    }
  }
}

/** The turn payload of `state`, as the JSON a turn message carries. */
export function turnPayload(state: GameState): string {
  const { map: _map, log: _log, chronicle: _chronicle, ...rest } = state;
  return JSON.stringify(rest satisfies TurnPayload);
}

/** The moves of a `moves` answer. */
export function parseMoves(json: string): MonsterMove[] {
  return JSON.parse(json) as MonsterMove[];
}
