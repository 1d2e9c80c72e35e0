/**
 * The engine's benchmark cases, shared by the `deno bench` files and the
 * report: FOV from fixed floor cells, paths between fixed pairs, a Dijkstra
 * map over 256x256, each with its rot.js peer on the same cells. Every
 * function here returns a closure that does one call per invocation.
 *
 * @module
 */
import * as ROT from "rot-js";
import { computeFov, distanceMap, findPath, type GameMap, WALKABLE } from "../../src/engine/mod.ts";
import { benchDungeon, benchMosaic, floorCells } from "./bench_maps.ts";

/** A map and the origins FOV is computed from. */
export interface FovCase {
  readonly map: GameMap;
  readonly cells: [number, number][];
}

/** Ten 80x43 floors with 20 origins each: 200 floor cells. */
export function smallFovCases(): FovCase[] {
  return Array.from({ length: 10 }, (_, k) => {
    const map = benchDungeon(k + 1);
    return { map, cells: floorCells(map, 20, k) };
  });
}

/** A `side`x`side` map tiled with 80x43 floors (the same structure, only bigger), 200 origins. */
export function largeFovCase(side = 1024): FovCase {
  const map = benchMosaic(side, side, 1000);
  return { map, cells: floorCells(map, 200, 5) };
}

/** `cycle(cases)` gives, call after call, each case's cells in turn, case after case. */
function cycle<T>(cases: readonly FovCase[], each: (k: number, x: number, y: number) => T): () => T {
  const perCase = cases[0].cells.length;
  let n = 0;
  return () => {
    const k = Math.floor(n / perCase) % cases.length;
    const [x, y] = cases[k].cells[n++ % perCase];
    return each(k, x, y);
  };
}

/** Our FOV at `radius` (0: unlimited), one origin a call. */
export function fovOurs(cases: readonly FovCase[], radius: number): () => void {
  const outs = cases.map((c) => new Uint8Array(c.map.width * c.map.height));
  return cycle(cases, (k, x, y) => {
    const { map } = cases[k];
    computeFov(map.transparent, map.width, map.height, x, y, radius, outs[k]);
  });
}

/** rot.js PreciseShadowcasting at `radius` on the same origins. */
export function fovRot(cases: readonly FovCase[], radius: number): () => void {
  const fovs = cases.map(({ map }) =>
    new ROT.FOV.PreciseShadowcasting((x, y) =>
      x >= 0 && y >= 0 && x < map.width && y < map.height && map.transparent[y * map.width + x] === 1
    )
  );
  let lit = 0;
  return cycle(cases, (k, x, y) => fovs[k].compute(x, y, radius, () => lit++));
}

/** A map, its walking costs and 100 fixed pairs of floor cells. */
export interface PathCase {
  readonly map: GameMap;
  readonly cost: Uint8Array;
  readonly pairs: [number, number, number, number][];
}

function pathCase(map: GameMap, seed: number): PathCase {
  const cost = map.tiles.map((t) => WALKABLE[t]);
  const a = floorCells(map, 100, seed), b = floorCells(map, 100, seed + 1);
  return { map, cost, pairs: a.map(([x, y], i) => [x, y, b[i][0], b[i][1]]) };
}

/** Paths on an 80x43 floor. */
export function smallPathCase(): PathCase {
  return pathCase(benchDungeon(3), 1);
}

/** Paths on 256x256 of joined 80x43 floors: the same dungeon, only bigger. */
export function largePathCase(): PathCase {
  return pathCase(benchMosaic(256, 256, 40, true), 2);
}

/** Our `findPath`, one pair a call. */
export function pathOurs({ map, cost, pairs }: PathCase): () => void {
  let n = 0;
  return () => {
    const [sx, sy, gx, gy] = pairs[n++ % pairs.length];
    findPath(cost, map.width, map.height, sx, sy, gx, gy);
  };
}

/** rot.js `Path.AStar` (8 directions), one pair a call. */
export function pathRot({ map, cost, pairs }: PathCase): () => void {
  const passable = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < map.width && y < map.height && cost[y * map.width + x] > 0;
  let n = 0, steps = 0;
  return () => {
    const [sx, sy, gx, gy] = pairs[n++ % pairs.length];
    new ROT.Path.AStar(gx, gy, passable, { topology: 8 }).compute(sx, sy, () => steps++);
  };
}

/** The mean length of the case's paths, in steps: how far the timed searches go. */
export function meanPathLength({ map, cost, pairs }: PathCase): number {
  const total = pairs.reduce(
    (sum, [sx, sy, gx, gy]) => sum + (findPath(cost, map.width, map.height, sx, sy, gx, gy)?.length ?? 0),
    0,
  );
  return total / pairs.length;
}

/** A Dijkstra map over the whole of a 256x256 case, from its first pair's start. */
export function distanceMapOurs({ map, cost, pairs }: PathCase): () => void {
  const out = new Int32Array(map.width * map.height);
  const goal = [pairs[0][1] * map.width + pairs[0][0]];
  return () => void distanceMap(cost, map.width, map.height, goal, {}, out);
}
