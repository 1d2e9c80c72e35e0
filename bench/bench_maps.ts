/** Dungeon maps and floor cells shared by the benchmarks. */
import { generateDungeon } from "../src/engine/dungeon.ts";
import { createMap, type GameMap, setTile } from "../src/engine/game_map.ts";
import { Rng } from "../src/engine/rng.ts";
import type { Tile } from "../src/engine/tiles.ts";

const FLOOR = { width: 80, height: 43, maxRooms: 30, roomMinSize: 6, roomMaxSize: 10 };

/** A generated 80x43 floor with the SPEC parameters. */
export function benchDungeon(seed: number): GameMap {
  return generateDungeon(FLOOR, Rng.fromSeed(seed)).map;
}

/**
 * One connected dungeon of any size: rooms placed as densely as on 80x43,
 * all joined by tunnels (for paths and monsters that must travel).
 */
export function benchLargeDungeon(width: number, height: number, seed: number): GameMap {
  const maxRooms = Math.round((FLOOR.maxRooms * width * height) / (FLOOR.width * FLOOR.height));
  return generateDungeon({ ...FLOOR, width, height, maxRooms }, Rng.fromSeed(seed)).map;
}

/**
 * A large map tiled with different 80x43 floors, so that it looks like a
 * game floor everywhere and only its size differs.
 */
export function benchMosaic(width: number, height: number, seed: number): GameMap {
  const map = createMap(width, height);
  let k = seed;
  for (let top = 0; top < height; top += FLOOR.height) {
    for (let left = 0; left < width; left += FLOOR.width) {
      const tile = benchDungeon(k++);
      for (let y = 0; y < FLOOR.height && top + y < height; y++) {
        for (let x = 0; x < FLOOR.width && left + x < width; x++) {
          setTile(map, left + x, top + y, tile.tiles[y * FLOOR.width + x] as Tile);
        }
      }
    }
  }
  return map;
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
