/**
 * Rooms joined by cave passages: rectangular rooms placed as the rooms
 * generator places them, a cave grown between them, and passages opened
 * until every open cell is connected. Knows nothing of tiles or games: a
 * grid of 1 (open) and 0 (closed), and the rooms.
 *
 * @module
 */
import { type CaveParams, cellularCave } from "./cave_map.ts";
import { intersects, type Rect, rectAt } from "./geometry.ts";
import { joinRegions } from "./regions.ts";
import type { Rng } from "./rng.ts";

/** A mixed floor's numbers: the cave's, and the rooms' as the rooms generator takes them. */
export interface MixedParams extends CaveParams {
  readonly maxRooms: number;
  readonly roomMinSize: number;
  readonly roomMaxSize: number;
}

/** A mixed floor: the open cells, and the rooms (outlines, walls included) in placement order. */
export interface MixedMap {
  readonly open: Uint8Array;
  readonly rooms: readonly Rect[];
}

/**
 * Places rooms (a room touching an earlier one is dropped), grows a cave,
 * closes the cave where a room's outline lies so each room keeps its walls,
 * opens the rooms, then joins everything.
 */
export function mixedMap(p: MixedParams, rng: Rng): MixedMap {
  const { width, height } = p;
  const rooms: Rect[] = [];
  for (let attempt = 0; attempt < p.maxRooms; attempt++) {
    const w = rng.int(p.roomMinSize, p.roomMaxSize), h = rng.int(p.roomMinSize, p.roomMaxSize);
    if (w > width - 1 || h > height - 1) continue;
    const room = rectAt(rng.int(0, width - w - 1), rng.int(0, height - h - 1), w, h);
    if (!rooms.some((other) => intersects(room, other))) rooms.push(room);
  }
  const open = cellularCave(p, rng);
  for (const room of rooms) {
    for (let y = room.y1; y <= room.y2; y++) {
      for (let x = room.x1; x <= room.x2; x++) {
        const inside = x > room.x1 && x < room.x2 && y > room.y1 && y < room.y2;
        open[y * width + x] = inside ? 1 : 0;
      }
    }
  }
  joinRegions(open, width, height);
  return { open, rooms };
}
