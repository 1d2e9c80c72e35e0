/**
 * One floor of the dungeon: terrain, what is in view now and what the player
 * has seen. Plain data (typed arrays), so it clones into a worker and saves.
 *
 * @module
 */
import { computeFov, forgetLit, markLit, type Point } from "../algorithms/mod.ts";
import { Tile, TRANSPARENT, WALKABLE } from "./tiles.ts";

/** A floor: row-major grids (`y * width + x`) of one byte per cell. */
export interface GameMap {
  readonly width: number;
  readonly height: number;
  /** Terrain kind per cell ({@link Tile}). */
  readonly tiles: Uint8Array;
  /** 1 where light passes; kept in step with `tiles` by {@link setTile}. */
  readonly transparent: Uint8Array;
  /** 1 where the player sees now. */
  readonly visible: Uint8Array;
  /** 1 where the player has ever seen. */
  readonly explored: Uint8Array;
  /**
   * Turns each cell has left to burn (0: none; docs/rules.md, Fire): only
   * once something on the floor has caught, so a floor that never burns
   * keeps the map it always had.
   */
  fire?: Uint8Array;
  /**
   * How thick the gas in each cell is (0: none; docs/rules.md, Gas), and,
   * where there is some, its kind (an index into the rules' gases): only
   * once some gas was let out on the floor.
   */
  gas?: Uint8Array;
  gasKind?: Uint8Array;
  /** Where the down staircase is. */
  stairs: Point;
  /** Where the up staircase is: only on floors the rules keep (docs/rules.md, Persistent floors). */
  upStairs?: Point;
}

/**
 * Bytes in shared memory where there is some: the AI worker then sees the
 * same grids without a copy per turn.
 */
function sharedBytes(size: number): Uint8Array {
  return new Uint8Array(
    typeof SharedArrayBuffer === "function" ? new SharedArrayBuffer(size) : new ArrayBuffer(size),
  );
}

/** A map of the given size, all wall, nothing seen. */
export function createMap(width: number, height: number): GameMap {
  const size = width * height;
  return {
    width,
    height,
    tiles: sharedBytes(size).fill(Tile.Wall),
    transparent: sharedBytes(size),
    visible: sharedBytes(size),
    explored: sharedBytes(size),
    stairs: { x: 0, y: 0 },
  };
}

/** True when (x, y) is on the map. */
export function inBounds(map: GameMap, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < map.width && y < map.height;
}

/** The terrain at (x, y); the caller checks bounds. */
export function tileAt(map: GameMap, x: number, y: number): Tile {
  return map.tiles[y * map.width + x] as Tile;
}

/** Changes the terrain at (x, y), keeping the transparency grid in step. */
export function setTile(map: GameMap, x: number, y: number, tile: Tile): void {
  const i = y * map.width + x;
  map.tiles[i] = tile;
  map.transparent[i] = TRANSPARENT[tile];
}

/** True when (x, y) is on the map and its terrain can be stood on. */
export function isWalkable(map: GameMap, x: number, y: number): boolean {
  return inBounds(map, x, y) && WALKABLE[map.tiles[y * map.width + x]] === 1;
}

/** Recomputes what is visible from `from` and adds it to the explored cells. */
export function updateVisibility(map: GameMap, from: Point, radius: number): void {
  computeFov(map.transparent, map.width, map.height, from.x, from.y, radius, map.visible);
  markLit(map.visible, map.explored);
}

/**
 * Flips what is in view at `cells` and marks `explored` there: a view taken
 * elsewhere (the AI worker's copy of the game) made on this map. The next
 * {@link updateVisibility} clears the view whole, since its cells were not
 * all lit by it.
 */
export function flipView(map: GameMap, visible: Iterable<number>, explored: Iterable<number>): void {
  for (const i of visible) map.visible[i] ^= 1;
  for (const i of explored) map.explored[i] ^= 1;
  forgetLit(map.visible);
}
