/** Dungeon maps and floor cells shared by the benchmarks. */
import { createMap, type GameMap, generateDungeon, Rng, setTile, Tile } from "../../src/engine/mod.ts";

const FLOOR = { width: 80, height: 43, maxRooms: 30, roomMinSize: 6, roomMaxSize: 10 };

/** A generated 80x43 floor with the default generator's parameters (docs/rules.md, Dungeon generation). */
export function benchDungeon(seed: number): GameMap {
  return generateDungeon(FLOOR, Rng.fromSeed(seed)).map;
}

/**
 * Rooms and tunnels at any size: rooms placed as densely as on 80x43, each
 * joined to the one before. On a large map those tunnels cross it from side
 * to side (1024x1024 comes out 88% floor): the open worst case.
 */
export function benchOpenDungeon(width: number, height: number, seed: number): GameMap {
  const maxRooms = Math.round((FLOOR.maxRooms * width * height) / (FLOOR.width * FLOOR.height));
  return generateDungeon({ ...FLOOR, width, height, maxRooms }, Rng.fromSeed(seed)).map;
}

function carveL(map: GameMap, x0: number, y0: number, x1: number, y1: number): void {
  for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) setTile(map, x, y0, Tile.Floor);
  for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++) setTile(map, x1, y, Tile.Floor);
}

/**
 * A large map tiled with different 80x43 floors, so that it looks like a
 * game floor everywhere and only its size differs. With `joined`, each
 * floor's stairs are tunnelled to the first room of the floors east and
 * south of it: one connected dungeon, about a quarter floor like 80x43.
 */
export function benchMosaic(width: number, height: number, seed: number, joined = false): GameMap {
  const map = createMap(width, height);
  const starts: { x: number; y: number }[][] = [];
  const stairs: { x: number; y: number }[][] = [];
  let k = seed;
  for (let top = 0; top < height; top += FLOOR.height) {
    const rowStarts: { x: number; y: number }[] = [], rowStairs: { x: number; y: number }[] = [];
    for (let left = 0; left < width; left += FLOOR.width) {
      const floor = generateDungeon(FLOOR, Rng.fromSeed(k++));
      for (let y = 0; y < FLOOR.height && top + y < height; y++) {
        for (let x = 0; x < FLOOR.width && left + x < width; x++) {
          setTile(map, left + x, top + y, floor.map.tiles[y * FLOOR.width + x] as Tile);
        }
      }
      const clip = (p: { x: number; y: number }) => ({
        x: Math.min(width - 2, left + p.x),
        y: Math.min(height - 2, top + p.y),
      });
      rowStarts.push(clip(floor.start));
      rowStairs.push(clip(floor.map.stairs));
    }
    starts.push(rowStarts);
    stairs.push(rowStairs);
  }
  if (joined) {
    stairs.forEach((row, ty) =>
      row.forEach((from, tx) => {
        for (const to of [starts[ty][tx + 1], starts[ty + 1]?.[tx]]) {
          if (to) carveL(map, from.x, from.y, to.x, to.y);
        }
      })
    );
  }
  return map;
}

/** The fraction of a map's cells that are floor. */
export function floorShare(map: GameMap): number {
  let floors = 0;
  for (const t of map.transparent) floors += t;
  return floors / map.transparent.length;
}

/** `count` floor cells of `map`, drawn with a fixed seed, as [x, y] pairs. */
export function floorCells(map: GameMap, count: number, seed: number): [number, number][] {
  const floors: number[] = [];
  map.transparent.forEach((t, i) => t && floors.push(i));
  const rng = Rng.fromSeed(seed);
  return Array.from({ length: count }, () => {
    const i = floors[rng.int(0, floors.length - 1)];
    return [i % map.width, Math.floor(i / map.width)];
  });
}
