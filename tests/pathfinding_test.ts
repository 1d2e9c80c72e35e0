import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { distanceMap, downhillStep, findPath, Rng, UNREACHABLE } from "../src/engine/mod.ts";
import { bruteDistances } from "./support/brute_paths.ts";

function randomCosts(rng: Rng, width: number, height: number, wallPercent: number): Uint8Array {
  const cost = new Uint8Array(width * height);
  for (let i = 0; i < cost.length; i++) {
    // Mostly floor (1), some blockers (+10), some walls (0).
    const r = rng.int(0, 99);
    cost[i] = r < wallPercent ? 0 : r < wallPercent + 10 ? 11 : 1;
  }
  return cost;
}

function pathCost(cost: Uint8Array, width: number, start: number, path: Int32Array, c = 2, d = 3): number {
  let total = 0, prev = start;
  for (const cell of path) {
    const dx = Math.abs((cell % width) - (prev % width)),
      dy = Math.abs(Math.floor(cell / width) - Math.floor(prev / width));
    ok(dx <= 1 && dy <= 1 && dx + dy > 0, "each step moves to a neighbour");
    ok(cost[cell] > 0, "no step enters a wall");
    total += cost[cell] * (dx && dy ? d : c);
    prev = cell;
  }
  return total;
}

Deno.test("findPath is optimal, valid and ends at the goal, on 400 random small maps", () => {
  const rng = Rng.fromSeed(31);
  let found = 0, unreachable = 0;
  for (let trial = 0; trial < 400; trial++) {
    const w = rng.int(2, 12), h = rng.int(2, 12);
    const cost = randomCosts(rng, w, h, rng.int(0, 45));
    const [c, d] = [[1, 1], [3, 2], [2, 3], [2, 3], [1, 2]][trial % 5];
    const s = rng.int(0, w * h - 1), g = rng.int(0, w * h - 1);
    const best = bruteDistances(cost, w, h, g, c, d)[s];
    const path = findPath(cost, w, h, s % w, Math.floor(s / w), g % w, Math.floor(g / w), {
      cardinal: c,
      diagonal: d,
    });
    if (s === g) {
      deepEqual(path, new Int32Array(0));
    } else if (best === Infinity) {
      equal(path, null, `trial ${trial}: no path exists`);
      unreachable++;
    } else {
      ok(path, `trial ${trial}: a path exists`);
      equal(path.at(-1), g);
      equal(pathCost(cost, w, s, path, c, d), best, `trial ${trial}: cost is optimal`);
      found++;
    }
  }
  ok(found > 200 && unreachable > 10, `${found} found, ${unreachable} unreachable`);
});

Deno.test("findPath steps diagonally between two walls, as movement does", () => {
  // .#
  // #.
  const cost = Uint8Array.of(1, 0, 0, 1);
  deepEqual(findPath(cost, 2, 2, 0, 0, 1, 1), Int32Array.of(3));
});

Deno.test("findPath: goal a wall gives null; Uint16 costs work; bad input and fractional step costs throw", () => {
  equal(findPath(Uint8Array.of(1, 0), 2, 1, 0, 0, 1, 0), null);
  const cost16 = Uint16Array.of(1, 1000, 1, 1, 1, 1);
  deepEqual(findPath(cost16, 3, 2, 0, 0, 2, 0), Int32Array.of(4, 2));
  throws(() => findPath(Uint8Array.of(1), 1, 1, 0, 0, 1, 0), RangeError);
  throws(
    () => findPath(Uint8Array.of(1, 1), 2, 1, 0, 0, 1, 0, { diagonal: 1.5 }),
    RangeError,
    "integer costs only",
  );
});

Deno.test("findPath gives the same answers when called many times on different map sizes", () => {
  const rng = Rng.fromSeed(8);
  const maps = [[30, 20], [5, 5], [64, 64]].map(([w, h]) => ({ w, h, cost: randomCosts(rng, w, h, 25) }));
  const first = maps.map(({ w, h, cost }) => findPath(cost, w, h, 0, 0, w - 1, h - 1));
  for (let k = 0; k < 3; k++) {
    deepEqual(maps.map(({ w, h, cost }) => findPath(cost, w, h, 0, 0, w - 1, h - 1)), first);
  }
});

Deno.test("distanceMap equals the exhaustive distances; downhillStep stays on a cheapest path", () => {
  const rng = Rng.fromSeed(32);
  for (let trial = 0; trial < 200; trial++) {
    const w = rng.int(1, 12), h = rng.int(1, 12);
    const cost = randomCosts(rng, w, h, rng.int(0, 40));
    const g = rng.int(0, w * h - 1);
    const dist = distanceMap(cost, w, h, [g]);
    const brute = bruteDistances(cost, w, h, g);
    for (let i = 0; i < w * h; i++) {
      const expected = cost[i] === 0 && i !== g ? Infinity : brute[i];
      if (cost[i] === 0) continue; // walls are never a start
      equal(dist[i] === UNREACHABLE ? Infinity : dist[i], expected, `trial ${trial} cell ${i}`);
      const next = downhillStep(dist, cost, w, h, i);
      if (expected === Infinity || expected === 0) {
        equal(next, -1);
        continue;
      }
      const dx = Math.abs((next % w) - (i % w)), dy = Math.abs(Math.floor(next / w) - Math.floor(i / w));
      ok(dx <= 1 && dy <= 1 && dx + dy > 0);
      equal(
        cost[next] * (dx && dy ? 3 : 2) + brute[next],
        brute[i],
        `trial ${trial}: the step from ${i} is optimal`,
      );
    }
  }
});

Deno.test("distanceMap takes several goals and reuses an out array", () => {
  const cost = new Uint8Array(5).fill(1);
  const out = new Int32Array(5);
  deepEqual([...distanceMap(cost, 5, 1, [0, 4], {}, out)], [0, 2, 4, 2, 0]);
  deepEqual([...distanceMap(cost, 5, 1, [2], {}, out)], [4, 2, 0, 2, 4]);
});
