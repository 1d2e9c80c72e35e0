import { deepEqual, equal, notDeepEqual, ok } from "node:assert/strict";
import {
  center,
  type DungeonParams,
  generateDungeon,
  Rng,
  Tile,
  tileAt,
  WALKABLE,
} from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";

const params: DungeonParams = (await bundledContent()).rules.dungeon;

Deno.test("the bundled data gives the default generator's parameters", () => {
  deepEqual(params, { width: 80, height: 43, maxRooms: 30, roomMinSize: 6, roomMaxSize: 10 });
});

Deno.test("the same seed gives the same map; another seed another map", () => {
  const a = generateDungeon(params, Rng.fromSeed(1234));
  const b = generateDungeon(params, Rng.fromSeed(1234));
  const c = generateDungeon(params, Rng.fromSeed(1235));
  deepEqual(a.map.tiles, b.map.tiles);
  deepEqual(a.rooms, b.rooms);
  notDeepEqual(a.map.tiles, c.map.tiles);
});

function reachableFrom(tiles: Uint8Array, width: number, height: number, x: number, y: number): Uint8Array {
  const seen = new Uint8Array(width * height);
  const stack = [y * width + x];
  seen[stack[0]] = 1;
  while (stack.length > 0) {
    const i = stack.pop()!;
    const cx = i % width, cy = Math.floor(i / width);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = cx + dx, ny = cy + dy, j = ny * width + nx;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height || seen[j] || !WALKABLE[tiles[j]]) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  return seen;
}

Deno.test("over 300 seeds: rooms fit and keep apart, every floor cell is reachable, one staircase", () => {
  for (let seed = 0; seed < 300; seed++) {
    const { map, rooms, start } = generateDungeon(params, Rng.fromSeed(seed));
    ok(rooms.length >= 1 && rooms.length <= 30);
    for (const [k, r] of rooms.entries()) {
      const w = r.x2 - r.x1, h = r.y2 - r.y1;
      ok(w >= 6 && w <= 10 && h >= 6 && h <= 10, `seed ${seed} room ${k} size ${w}x${h}`);
      ok(r.x1 >= 0 && r.y1 >= 0 && r.x2 <= 79 && r.y2 <= 42, `seed ${seed} room ${k} in bounds`);
      for (const other of rooms.slice(0, k)) {
        ok(r.x1 > other.x2 || r.x2 < other.x1 || r.y1 > other.y2 || r.y2 < other.y1, `seed ${seed} overlap`);
      }
    }
    deepEqual(start, center(rooms[0]));
    deepEqual(map.stairs, center(rooms[rooms.length - 1]));
    const stairs = [...map.tiles.keys()].filter((i) => map.tiles[i] === Tile.DownStairs);
    deepEqual(stairs, [map.stairs.y * 80 + map.stairs.x], `seed ${seed}: exactly one staircase, no stray >`);
    const reach = reachableFrom(map.tiles, 80, 43, start.x, start.y);
    for (let i = 0; i < map.tiles.length; i++) {
      if (WALKABLE[map.tiles[i]]) {
        equal(reach[i], 1, `seed ${seed}: cell ${i % 80},${Math.floor(i / 80)} unreachable`);
      }
    }
    // The map's edge is never carved, so every map is walled in.
    for (let x = 0; x < 80; x++) equal(tileAt(map, x, 0) + tileAt(map, x, 42), 0);
    for (let y = 0; y < 43; y++) equal(tileAt(map, 0, y) + tileAt(map, 79, y), 0);
  }
});

Deno.test("room interiors are floor and the transparency grid follows the tiles", () => {
  const { map, rooms } = generateDungeon(params, Rng.fromSeed(77));
  for (const r of rooms) {
    for (let y = r.y1 + 1; y < r.y2; y++) {
      for (let x = r.x1 + 1; x < r.x2; x++) ok(tileAt(map, x, y) !== Tile.Wall);
    }
  }
  for (let i = 0; i < map.tiles.length; i++) equal(map.transparent[i], map.tiles[i] === Tile.Wall ? 0 : 1);
});

Deno.test("a map too small for any room is refused with a clear error", () => {
  let message = "";
  try {
    generateDungeon({ ...params, width: 5, height: 5 }, Rng.fromSeed(1));
  } catch (e) {
    message = (e as Error).message;
  }
  equal(message, "no room of size 6..10 fits a 5x5 map");
});
