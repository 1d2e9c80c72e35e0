/**
 * Walking for the player without a key per step: auto-explore, travel to a
 * known cell, and running. Each answers only "which cell next"; the step
 * itself is an ordinary move, so turns, monsters and replays work as for
 * any other. Plans use what the player knows: explored cells only.
 *
 * @module
 */
import { distanceMap, downhillStep, UNREACHABLE } from "./distance_map.ts";
import type { Point } from "./geometry.ts";
import type { GameMap } from "./game_map.ts";
import { WALKABLE } from "./tiles.ts";

/** 1 on explored cells the player can stand on, 0 elsewhere: the known map. */
export function knownCost(map: GameMap): Uint8Array {
  const cost = new Uint8Array(map.width * map.height);
  for (let i = 0; i < cost.length; i++) cost[i] = map.explored[i] && WALKABLE[map.tiles[i]] ? 1 : 0;
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

/** Auto-explore: a step toward the nearest reachable unexplored cell, or "explored". */
export function exploreStep(map: GameMap, from: Point): ExploreStep {
  const cost = knownCost(map);
  const to = stepToward(map, cost, from, frontier(map, cost));
  return to < 0 ? { kind: "explored" } : { kind: "step", to };
}

/** Travel: a step along a cheapest known path to `target`; -1 when there or unreachable. */
export function travelStep(map: GameMap, from: Point, target: Point): number {
  if (from.x === target.x && from.y === target.y) return -1;
  const cost = knownCost(map);
  const goal = target.y * map.width + target.x;
  if (!cost[goal]) return -1;
  return stepToward(map, cost, from, [goal]);
}

const AROUND = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]] as const;

/** The walkable neighbours of `p` that do not lead back the way `d` came. */
function ahead(map: GameMap, p: Point, d: Point): Point[] {
  const out: Point[] = [];
  for (const [dx, dy] of AROUND) {
    if (dx * d.x + dy * d.y < 0) continue; // backwards
    if (dx === -d.x && dy === -d.y) continue;
    const x = p.x + dx, y = p.y + dy;
    if (x >= 0 && y >= 0 && x < map.width && y < map.height && WALKABLE[map.tiles[y * map.width + x]]) {
      out.push({ x: dx, y: dy });
    }
  }
  return out;
}

function openNeighbours(map: GameMap, p: Point): number {
  let n = 0;
  for (const [dx, dy] of AROUND) {
    const x = p.x + dx, y = p.y + dy;
    if (x >= 0 && y >= 0 && x < map.width && y < map.height && WALKABLE[map.tiles[y * map.width + x]]) n++;
  }
  return n;
}

/** Running: the direction of the next step from `p` heading `d`, or undefined to stop. */
export function runStep(map: GameMap, p: Point, d: Point, corridor: boolean): Point | undefined {
  const options = ahead(map, p, d);
  if (!corridor) {
    // In the open: straight on while the walls around keep their shape (a doorway or
    // a room's edge changes the count of open cells around).
    const straight = options.find((o) => o.x === d.x && o.y === d.y);
    return straight;
  }
  // In a corridor: follow it round corners; two ways on is a branch, none a dead end.
  const forward = options.filter((o) => !options.some((q) => q !== o && isDiagonalShortcut(o, q)));
  return forward.length === 1 ? forward[0] : undefined;
}

/** A diagonal next to an orthogonal step in the same turn is the same way on, not a branch. */
function isDiagonalShortcut(diagonal: Point, orthogonal: Point): boolean {
  return diagonal.x !== 0 && diagonal.y !== 0 && (orthogonal.x === 0 || orthogonal.y === 0) &&
    (orthogonal.x === diagonal.x || orthogonal.y === diagonal.y);
}

/** True where `p` is in a corridor (few open cells around), false in a room. */
export function inCorridor(map: GameMap, p: Point): boolean {
  return openNeighbours(map, p) <= 3;
}

/** How many open cells are around `p`: running in the open stops when this changes. */
export function openness(map: GameMap, p: Point): number {
  return openNeighbours(map, p);
}
