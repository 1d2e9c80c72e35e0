/**
 * Walking for the player without a key per step: auto-explore, travel to a
 * known cell, and running. Each answers only "which cell next"; the step
 * itself is an ordinary move, so turns, monsters and replays work as for
 * any other. Plans use what the player knows: explored cells only.
 *
 * @module
 */
import { DIRECTIONS, distanceMap, downhillStep, type Point, UNREACHABLE } from "../../algorithms/mod.ts";
import { type Entity, isAlive } from "../entity.ts";
import { type GameMap, isWalkable } from "../game_map.ts";
import { type GameState, playerOf } from "../state.ts";
import { WALKABLE } from "../tiles.ts";

/**
 * 1 on explored cells the player can stand on, 0 elsewhere: the known map;
 * also 0 on the `avoid` cells (where monsters stand), so a walk goes round them.
 */
export function knownCost(map: GameMap, avoid: readonly number[] = []): Uint8Array {
  const cost = new Uint8Array(map.width * map.height);
  for (let i = 0; i < cost.length; i++) cost[i] = map.explored[i] && WALKABLE[map.tiles[i]] ? 1 : 0;
  for (const i of avoid) cost[i] = 0;
  return cost;
}

/** Explored walkable cells next to a cell never seen: where exploring goes. */
export function frontier(map: GameMap, cost: Uint8Array): number[] {
  const { width, height } = map;
  const cells: number[] = [];
  for (let i = 0; i < cost.length; i++) {
    if (!cost[i]) continue;
    const x = i % width, y = (i - x) / width;
    search: for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        if (!map.explored[ny * width + nx]) {
          cells.push(i);
          break search;
        }
      }
    }
  }
  return cells;
}

/** The next cell on the way to the nearest of `goals` over known cells; -1 if none is reachable or already there. */
function stepToward(map: GameMap, cost: Uint8Array, from: Point, goals: number[]): number {
  if (goals.length === 0) return -1;
  const dist = distanceMap(cost, map.width, map.height, goals);
  const here = from.y * map.width + from.x;
  if (dist[here] === UNREACHABLE) return -1;
  return downhillStep(dist, cost, map.width, map.height, here);
}

/** What exploring does next. */
export type ExploreStep = { readonly kind: "step"; readonly to: number } | { readonly kind: "explored" };

/**
 * Auto-explore: a step toward the nearest of the unexplored edge and the
 * `items` (cells of things seen but not yet stood on), round the `avoid`
 * cells, or "explored".
 */
export function exploreStep(
  map: GameMap,
  from: Point,
  items: readonly number[] = [],
  avoid: readonly number[] = [],
): ExploreStep {
  const cost = knownCost(map, avoid);
  const here = from.y * map.width + from.x;
  const goals = [...frontier(map, cost), ...items.filter((i) => i !== here && cost[i])];
  const to = stepToward(map, cost, from, goals);
  return to < 0 ? { kind: "explored" } : { kind: "step", to };
}

/** Travel: a step along a cheapest known path to `target`, round the `avoid` cells; -1 when there or unreachable. */
export function travelStep(map: GameMap, from: Point, target: Point, avoid: readonly number[] = []): number {
  if (from.x === target.x && from.y === target.y) return -1;
  const cost = knownCost(map, avoid);
  const goal = target.y * map.width + target.x;
  if (!cost[goal]) return -1;
  return stepToward(map, cost, from, [goal]);
}

/** The walkable neighbours of `p` that do not lead back the way `d` came. */
function ahead(map: GameMap, p: Point, d: Point): Point[] {
  const out: Point[] = [];
  for (const { dx, dy } of DIRECTIONS) {
    if (dx * d.x + dy * d.y < 0) continue; // backwards
    if (isWalkable(map, p.x + dx, p.y + dy)) out.push({ x: dx, y: dy });
  }
  return out;
}

/**
 * Running: the direction of the next step from `p` heading `d`, or
 * undefined to stop. The first step goes the way asked; after that a
 * corridor is followed round its corners until it branches or ends, and in
 * the open the run goes straight on.
 */
export function runStep(
  map: GameMap,
  p: Point,
  d: Point,
  corridor: boolean,
  first: boolean,
): Point | undefined {
  if (first) return isWalkable(map, p.x + d.x, p.y + d.y) ? d : undefined;
  const options = ahead(map, p, d);
  if (!corridor) return options.find((o) => o.x === d.x && o.y === d.y);
  // Two ways on is a branch, none a dead end.
  const forward = options.filter((o) => !options.some((q) => q !== o && isDiagonalShortcut(o, q)));
  return forward.length === 1 ? forward[0] : undefined;
}

/** A diagonal next to an orthogonal step in the same turn is the same way on, not a branch. */
function isDiagonalShortcut(diagonal: Point, orthogonal: Point): boolean {
  return diagonal.x !== 0 && diagonal.y !== 0 && (orthogonal.x === 0 || orthogonal.y === 0) &&
    (orthogonal.x === diagonal.x || orthogonal.y === diagonal.y);
}

/** True where `p` is in a corridor: no 2x2 block of open cells contains it (a room's cells all are in one). */
export function inCorridor(map: GameMap, p: Point): boolean {
  for (const [ox, oy] of [[0, 0], [-1, 0], [0, -1], [-1, -1]]) {
    const x = p.x + ox, y = p.y + oy;
    if (
      isWalkable(map, x, y) && isWalkable(map, x + 1, y) && isWalkable(map, x, y + 1) &&
      isWalkable(map, x + 1, y + 1)
    ) {
      return false;
    }
  }
  return true;
}

/**
 * What lies beside a run heading `d` at `p`: the cells to its left and to
 * its right. A run in the open stops where this changes (a doorway, a
 * room's end).
 */
export function sides(map: GameMap, p: Point, d: Point): string {
  // Left and right of (dx, dy), diagonals included.
  const left = { x: d.y, y: -d.x }, right = { x: -d.y, y: d.x };
  return [left, right].map((s) => (isWalkable(map, p.x + s.x, p.y + s.y) ? "." : "#")).join("");
}

/** The living monsters the player sees now. */
export function monstersInView(state: GameState): Entity[] {
  const { map } = state;
  const player = playerOf(state);
  return state.entities.filter((e) => e !== player && isAlive(e) && map.visible[e.y * map.width + e.x] === 1);
}

/** The items the player sees now. */
export function itemsInView(state: GameState): Entity[] {
  const { map } = state;
  return state.entities.filter((e) => e.layer === "item" && map.visible[e.y * map.width + e.x] === 1);
}

/** Cells of the items on explored cells, less those `skip` says: where exploring may go. */
export function knownItemCells(state: GameState, skip: (item: Entity) => boolean): number[] {
  const { map } = state;
  return state.entities
    .filter((e) => e.layer === "item" && map.explored[e.y * map.width + e.x] && !skip(e))
    .map((e) => e.y * map.width + e.x);
}
