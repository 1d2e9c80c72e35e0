/**
 * Paths: `findPath` between 100 fixed pairs of floor cells, on 80x43 floors
 * and a 256x256 dungeon, with rot.js `Path.AStar` (8 directions) on the same
 * pairs in the same run; and a Dijkstra distance map over 256x256.
 */
import * as ROT from "rot-js";
import { distanceMap } from "../src/engine/distance_map.ts";
import type { GameMap } from "../src/engine/game_map.ts";
import { findPath } from "../src/engine/pathfinding.ts";
import { WALKABLE } from "../src/engine/tiles.ts";
import { benchDungeon, benchMosaic, floorCells } from "./bench_maps.ts";

interface Case {
  map: GameMap;
  cost: Uint8Array;
  pairs: [number, number, number, number][];
}

function makeCase(map: GameMap, seed: number): Case {
  const cost = map.tiles.map((t) => WALKABLE[t]);
  const a = floorCells(map, 100, seed), b = floorCells(map, 100, seed + 1);
  return { map, cost, pairs: a.map(([x, y], i) => [x, y, b[i][0], b[i][1]]) };
}

const small = makeCase(benchDungeon(3), 1);
// 256x256 of joined 80x43 floors: the same dungeon, only bigger.
const large = makeCase(benchMosaic(256, 256, 40, true), 2);

function ours({ map, cost, pairs }: Case): () => void {
  let n = 0;
  return () => {
    const [sx, sy, gx, gy] = pairs[n++ % pairs.length];
    findPath(cost, map.width, map.height, sx, sy, gx, gy);
  };
}

function rot({ map, cost, pairs }: Case): () => void {
  const passable = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < map.width && y < map.height && cost[y * map.width + x] > 0;
  let n = 0, steps = 0;
  return () => {
    const [sx, sy, gx, gy] = pairs[n++ % pairs.length];
    new ROT.Path.AStar(gx, gy, passable, { topology: 8 }).compute(sx, sy, () => steps++);
  };
}

const meanLength = (c: Case) =>
  c.pairs.reduce(
    (sum, [sx, sy, gx, gy]) =>
      sum + (findPath(c.cost, c.map.width, c.map.height, sx, sy, gx, gy)?.length ?? 0),
    0,
  ) /
  c.pairs.length;
console.log(
  `paths: mean length ${meanLength(small).toFixed(1)} steps on 80x43, ${
    meanLength(large).toFixed(1)
  } on 256x256`,
);

Deno.bench({ name: "findPath 80x43", group: "path 80x43", baseline: true, fn: ours(small) });
Deno.bench({ name: "rot.js AStar 80x43", group: "path 80x43", fn: rot(small) });
Deno.bench({ name: "findPath 256x256", group: "path 256x256", baseline: true, fn: ours(large) });
Deno.bench({ name: "rot.js AStar 256x256", group: "path 256x256", fn: rot(large) });

const out = new Int32Array(256 * 256);
const goal = [large.pairs[0][1] * 256 + large.pairs[0][0]];
Deno.bench({
  name: "distanceMap 256x256 (whole map)",
  group: "dijkstra",
  fn: () => void distanceMap(large.cost, 256, 256, goal, {}, out),
});
