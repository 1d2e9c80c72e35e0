/**
 * What the app and the AI worker say to each other.
 *
 * The map's grids live in shared memory and are sent once per floor; each
 * turn sends the entities and the RNG state, and the answer is the moves
 * and the RNG state after them. Both travel as JSON text: for thousands of
 * plain objects, JSON.stringify and JSON.parse are about twice as fast as
 * the structured clone postMessage would otherwise do.
 *
 * @module
 */
import type { GameMap } from "../engine/game_map.ts";
import type { Point } from "../engine/geometry.ts";
import type { MonsterMove } from "../engine/monster_phase.ts";
import type { Rules } from "../engine/rules.ts";
import type { GameState } from "../engine/state.ts";

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

/** The turn payload of `state`, as the JSON a turn message carries. */
export function turnPayload(state: GameState): string {
  const { map: _map, log: _log, chronicle: _chronicle, ...rest } = state;
  return JSON.stringify(rest satisfies TurnPayload);
}

/** The moves of a `moves` answer. */
export function parseMoves(json: string): MonsterMove[] {
  return JSON.parse(json) as MonsterMove[];
}
