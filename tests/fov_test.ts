import { deepEqual, equal } from "node:assert/strict";
import { computeFov, markLit, Rng } from "../src/engine/mod.ts";
import { bruteForceFloorVisible } from "./support/fov_brute_force.ts";
import { literalFov } from "./support/fov_literal.ts";
import { parseTextMap, randomMap } from "./support/maps.ts";

const REFERENCE = new URL("./fixtures/fov/", import.meta.url);

interface ReferenceCase {
  id: string;
  map: string;
  width: number;
  height: number;
  x: number;
  y: number;
  radius: number;
  visible_count: number;
  bbox: [number, number, number, number];
  rows: string[];
}

function expectedFromCase(c: ReferenceCase): Uint8Array {
  const expected = new Uint8Array(c.width * c.height);
  const [x0, y0] = c.bbox;
  c.rows.forEach((row, dy) => {
    for (let dx = 0; dx < row.length; dx++) {
      if (row[dx] === "1") expected[(y0 + dy) * c.width + x0 + dx] = 1;
    }
  });
  return expected;
}

Deno.test("computeFov reproduces every libtcod reference sample", async () => {
  const lines = (await Deno.readTextFile(new URL("cases.jsonl", REFERENCE))).trim().split("\n");
  for (const line of lines) {
    const c: ReferenceCase = JSON.parse(line);
    const map = parseTextMap(await Deno.readTextFile(new URL(c.map, REFERENCE)));
    deepEqual([map.width, map.height], [c.width, c.height], c.id);
    const got = computeFov(map.transparent, c.width, c.height, c.x, c.y, c.radius);
    equal(got.reduce((a, b) => a + b, 0), c.visible_count, `${c.id} count`);
    deepEqual(got, expectedFromCase(c), c.id);
  }
});

Deno.test("computeFov equals the literal libtcod port on random maps, edges and radii", () => {
  const rng = Rng.fromSeed(2024);
  // One array reused on every map too, whatever its size: it is cleared where the last call lit.
  const shared = new Uint8Array(40 * 40);
  for (let trial = 0; trial < 300; trial++) {
    const width = rng.int(1, 40), height = rng.int(1, 40);
    const map = randomMap(rng, width, height, rng.int(0, 45), false);
    const out = new Uint8Array(width * height);
    for (let k = 0; k < 12; k++) {
      // Every third origin sits on the map's edge.
      const x = k % 3 === 0 ? rng.int(0, 1) * (width - 1) : rng.int(0, width - 1);
      const y = rng.int(0, height - 1);
      const radius = rng.int(0, Math.max(width, height) + 2);
      const expected = literalFov(map.transparent, width, height, x, y, radius);
      deepEqual(computeFov(map.transparent, width, height, x, y, radius), expected);
      deepEqual(
        computeFov(map.transparent, width, height, x, y, radius, out),
        expected,
        `reused out, trial ${trial} origin (${x},${y}) r=${radius}`,
      );
      computeFov(map.transparent, width, height, x, y, radius, shared);
      deepEqual(shared.subarray(0, width * height), expected, `shared out, trial ${trial}`);
    }
  }
});

Deno.test("computeFov equals the literal libtcod port on large open maps, where rows are lit a run at a time", () => {
  const rng = Rng.fromSeed(77);
  for (let trial = 0; trial < 40; trial++) {
    // Few walls or none: rows of open cells far longer than a run lit cell by cell.
    const width = rng.int(40, 140), height = rng.int(40, 140);
    const map = randomMap(rng, width, height, rng.int(0, 1) * rng.int(1, 6), rng.int(0, 1) === 1);
    const out = new Uint8Array(width * height);
    for (let k = 0; k < 4; k++) {
      const x = rng.int(0, width - 1), y = rng.int(0, height - 1);
      const radius = rng.int(0, 1) * rng.int(1, 90);
      deepEqual(
        computeFov(map.transparent, width, height, x, y, radius, out),
        literalFov(map.transparent, width, height, x, y, radius),
        `trial ${trial}: ${width}x${height} from (${x},${y}) r=${radius}`,
      );
    }
  }
});

Deno.test("markLit adds to what was seen exactly what each view lit, as a pass over the whole map would", () => {
  const rng = Rng.fromSeed(31);
  for (let trial = 0; trial < 100; trial++) {
    const width = rng.int(1, 60), height = rng.int(1, 60);
    const map = randomMap(rng, width, height, rng.int(0, 60), rng.int(0, 1) === 1);
    const visible = new Uint8Array(width * height);
    const seen = new Uint8Array(width * height), whole = new Uint8Array(width * height);
    for (let k = 0; k < 10; k++) {
      // Unlimited views half of the time: their lit cells are followed, not bounded by a radius.
      const radius = rng.int(0, 1) * rng.int(1, 20);
      computeFov(
        map.transparent,
        width,
        height,
        rng.int(0, width - 1),
        rng.int(0, height - 1),
        radius,
        visible,
      );
      markLit(visible, seen);
      for (let i = 0; i < whole.length; i++) whole[i] |= visible[i];
      deepEqual(seen, whole, `trial ${trial}, view ${k}`);
    }
  }
});

Deno.test("computeFov agrees with an exact brute force on every floor cell", () => {
  const rng = Rng.fromSeed(7);
  let compared = 0;
  for (let trial = 0; trial < 150; trial++) {
    const width = rng.int(3, 16), height = rng.int(3, 16);
    const map = randomMap(rng, width, height, rng.int(5, 40), true);
    const px = rng.int(1, width - 2), py = rng.int(1, height - 2);
    map.transparent[py * width + px] = 1;
    const fov = computeFov(map.transparent, width, height, px, py, 0);
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        if (!map.transparent[y * width + x] || (x === px && y === py)) continue;
        const want = bruteForceFloorVisible(map.transparent, width, px, py, x, y);
        if (want === undefined) continue;
        equal(fov[y * width + x] === 1, want, `trial ${trial}: (${x},${y}) from (${px},${py})`);
        compared++;
      }
    }
  }
  equal(compared > 5000, true, `only ${compared} cells compared`);
});

// libtcod ends a row when the row's own centre leaves the map, which breaks
// symmetry next to an open map edge; dungeon maps are walled, so test those.
Deno.test("computeFov is symmetric between floor cells of walled maps", () => {
  const rng = Rng.fromSeed(99);
  for (let trial = 0; trial < 60; trial++) {
    const width = rng.int(5, 30), height = rng.int(5, 30);
    const map = randomMap(rng, width, height, rng.int(10, 40), true);
    const radius = rng.int(0, 1) * rng.int(2, 12);
    const floors: number[] = [];
    map.transparent.forEach((t, i) => t && floors.push(i));
    const views = new Map<number, Uint8Array>();
    const viewFrom = (i: number) => {
      let v = views.get(i);
      if (!v) {
        v = computeFov(map.transparent, width, height, i % width, Math.floor(i / width), radius);
        views.set(i, v);
      }
      return v;
    };
    for (const a of floors) {
      const va = viewFrom(a);
      for (const b of floors) {
        if (va[b]) equal(viewFrom(b)[a], 1, `trial ${trial}: ${a} sees ${b}, not back`);
      }
    }
  }
});

Deno.test("computeFov lights only the origin and its walls at radius 1, and rejects bad input", () => {
  const map = parseTextMap("###\n#.#\n###\n");
  deepEqual([...computeFov(map.transparent, 3, 3, 1, 1, 1)], [0, 0, 0, 0, 1, 0, 0, 0, 0]);
  deepEqual([...computeFov(map.transparent, 3, 3, 1, 1, 2)], [1, 1, 1, 1, 1, 1, 1, 1, 1]);
  let threw = 0;
  for (const [x, y, r] of [[3, 0, 0], [-1, 0, 0], [0, 0, -1], [0, 0, 1.5]]) {
    try {
      computeFov(map.transparent, 3, 3, x, y, r);
    } catch (e) {
      if (e instanceof RangeError) threw++;
    }
  }
  equal(threw, 4);
});
