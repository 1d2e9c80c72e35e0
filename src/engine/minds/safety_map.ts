/**
 * The safety map fleeing monsters walk down (docs/rules.md, Monster minds):
 * the distance map to the player times −1.2, then rescanned so each cell
 * is at most its cheapest neighbour's value plus the step. Walking downhill
 * on it leads away from the player, and round corners to the exits rather
 * than into dead ends, since a far exit stays better than a near corner.
 *
 * @module
 */
import { UNREACHABLE } from "../distance_map.ts";

const DX = Int8Array.of(0, 1, 0, -1, 1, 1, -1, -1);
const DY = Int8Array.of(-1, 0, 1, 0, -1, 1, 1, -1);
/** Steps cost as in distance_map.ts: 2 straight, 3 diagonal, times the cell's cost. */
const STEP = Int8Array.of(2, 2, 2, 2, 3, 3, 3, 3);

// The queue's arrays, kept between calls (a phase's worth of megabytes on a large map).
let head = new Int32Array(0);
let entryCell = new Int32Array(0);
let entryNext = new Int32Array(0);

/**
 * Fills `out` (or a new array) with the safety of every cell, from `dist`
 * (the distance map to the player) and the phase's `cost` grid. Lower is
 * safer; {@link UNREACHABLE} where the player cannot be reached from.
 *
 * Every cell starts at −1.2 × its distance; the rescan is Dijkstra's with
 * all those starts at once, taken in order of value from a bucket per value
 * (values are integers within the map's largest distance): O(cells).
 */
export function safetyMap(
  dist: Int32Array,
  cost: Uint8Array,
  width: number,
  height: number,
  out?: Int32Array,
): Int32Array {
  const size = width * height;
  const safe = out ?? new Int32Array(size);
  let lowest = 0;
  for (let i = 0; i < size; i++) {
    const d = dist[i];
    const v = d === UNREACHABLE ? UNREACHABLE : -Math.floor((d * 6) / 5);
    safe[i] = v;
    if (v < lowest) lowest = v;
  }
  // Buckets by value − lowest, as linked lists in flat arrays: head per value, then next per entry.
  const range = -lowest + 1;
  if (head.length < range) head = new Int32Array(range);
  head.fill(-1, 0, range);
  // Each cell is queued at its start and once per neighbour that lowers it (at most 8): room for two a
  // cell to begin with, grown when more come.
  if (entryCell.length < size * 2) {
    entryCell = new Int32Array(size * 2);
    entryNext = new Int32Array(size * 2);
  }
  let cells = entryCell, next = entryNext;
  let used = 0;
  for (let i = 0; i < size; i++) {
    const v = safe[i];
    if (v === UNREACHABLE || cost[i] === 0) continue;
    const b = v - lowest;
    cells[used] = i;
    next[used] = head[b];
    head[b] = used++;
  }
  for (let b = 0; b < range; b++) {
    // Entries pushed into this bucket while it is read are read too (the head is taken afresh).
    while (head[b] !== -1) {
      const entry = head[b];
      head[b] = next[entry];
      const cell = cells[entry], v = b + lowest;
      if (safe[cell] !== v) continue;
      const cy = (cell / width) | 0, cx = cell - cy * width;
      // A monster on a neighbour steps into cell: as in distanceMap, the cost is the entered cell's.
      const c = cost[cell];
      for (let k = 0; k < 8; k++) {
        const nx = cx + DX[k], ny = cy + DY[k];
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const m = ny * width + nx;
        if (cost[m] === 0) continue;
        const nv = v + c * STEP[k];
        if (nv < safe[m]) {
          safe[m] = nv;
          if (used === cells.length) {
            entryCell = new Int32Array(used * 2);
            entryNext = new Int32Array(used * 2);
            entryCell.set(cells);
            entryNext.set(next);
            cells = entryCell;
            next = entryNext;
          }
          const nb = nv - lowest;
          cells[used] = m;
          next[used] = head[nb];
          head[nb] = used++;
        }
      }
    }
  }
  return safe;
}

/**
 * The neighbour of `cell` that is safest on `safe`, if it is safer than
 * `cell` itself; -1 when none is (the monster is cornered). Ties go to the
 * first in north, east, south, west, then diagonal order.
 */
export function saferStep(
  safe: Int32Array,
  cost: Uint8Array,
  width: number,
  height: number,
  cell: number,
  blocked: number,
): number {
  const cx = cell % width, cy = (cell - cx) / width;
  let best = -1, bestValue = safe[cell];
  for (let k = 0; k < 8; k++) {
    const nx = cx + DX[k], ny = cy + DY[k];
    if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
    const n = ny * width + nx;
    // A wall, or someone standing there: not a way out this turn.
    if (cost[n] === 0 || cost[n] >= blocked) continue;
    if (safe[n] < bestValue) {
      bestValue = safe[n];
      best = n;
    }
  }
  return best;
}
