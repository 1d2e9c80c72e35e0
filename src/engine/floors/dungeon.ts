/**
 * The rooms-and-corridors generator: rectangular rooms joined in the order
 * they were placed by L-shaped tunnels, stairs in the last room's centre.
 *
 * @module
 */
import { center, intersects, type Point, type Rect, rectAt, type Rng } from "../../algorithms/mod.ts";
import { createMap, type GameMap, setTile } from "../game_map.ts";
import { Tile } from "../tiles.ts";

/** The generator's knobs; the defaults live in `data/game.json`. */
export interface DungeonParams {
  readonly width: number;
  readonly height: number;
  /** Placement attempts; a rejected attempt is not retried. */
  readonly maxRooms: number;
  /** Outline size range, walls included. */
  readonly roomMinSize: number;
  readonly roomMaxSize: number;
}

/** A generated floor: the map, its rooms in placement order, the start. */
export interface Dungeon {
  readonly map: GameMap;
  readonly rooms: readonly Rect[];
  readonly start: Point;
}

function carveRoom(map: GameMap, room: Rect): void {
  for (let y = room.y1 + 1; y < room.y2; y++) {
    for (let x = room.x1 + 1; x < room.x2; x++) setTile(map, x, y, Tile.Floor);
  }
}

function carveLine(map: GameMap, from: Point, to: Point): void {
  const dx = Math.sign(to.x - from.x), dy = Math.sign(to.y - from.y);
  for (let x = from.x, y = from.y;; x += dx, y += dy) {
    setTile(map, x, y, Tile.Floor);
    if (x === to.x && y === to.y) return;
  }
}

function carveTunnel(map: GameMap, from: Point, to: Point, horizontalFirst: boolean): void {
  const corner = horizontalFirst ? { x: to.x, y: from.y } : { x: from.x, y: to.y };
  carveLine(map, from, corner);
  carveLine(map, corner, to);
}

/**
 * Generates a floor. Each attempt draws a size and a position; a room whose
 * outline touches an earlier one is dropped. Every room is joined to the one
 * before it, so all rooms are reachable from the start.
 */
export function generateDungeon(params: DungeonParams, rng: Rng): Dungeon {
  const { width, height, maxRooms, roomMinSize, roomMaxSize } = params;
  const map = createMap(width, height);
  const rooms: Rect[] = [];
  for (let attempt = 0; attempt < maxRooms; attempt++) {
    const w = rng.int(roomMinSize, roomMaxSize);
    const h = rng.int(roomMinSize, roomMaxSize);
    if (w > width - 1 || h > height - 1) continue;
    const room = rectAt(rng.int(0, width - w - 1), rng.int(0, height - h - 1), w, h);
    if (rooms.some((other) => intersects(room, other))) continue;
    carveRoom(map, room);
    const previous = rooms.at(-1);
    if (previous) carveTunnel(map, center(previous), center(room), rng.int(0, 1) === 0);
    rooms.push(room);
  }
  if (rooms.length === 0) {
    throw new RangeError(`no room of size ${roomMinSize}..${roomMaxSize} fits a ${width}x${height} map`);
  }
  const stairs = center(rooms[rooms.length - 1]);
  setTile(map, stairs.x, stairs.y, Tile.DownStairs);
  map.stairs = stairs;
  return { map, rooms, start: center(rooms[0]) };
}
