/**
 * The safety map fleeing monsters walk down (docs/rules.md, Monster minds):
 * the distance map to the player times −1.2, then rescanned so each cell
 * is at most its cheapest neighbour's value plus the step. Walking downhill
 * on it leads away from the player, and round corners to the exits rather
 * than into dead ends, since a far exit stays better than a near corner.
 *
 * @module
 */
import { emptyRing, push, ringFor, type SettleOrder, UNREACHABLE } from "../../../algorithms/mod.ts";

/** A cell's safety before the rescan: −1.2 × its distance to the player, rounded down. */
function start(distance: number): number {
  return -Math.floor((distance * 6) / 5);
}

/** The starts of the last map, kept for the next (megabytes on a large map). */
let starts = new Int32Array(0);

const DX = Int8Array.of(0, 1, 0, -1, 1, 1, -1, -1);
const DY = Int8Array.of(-1, 0, 1, 0, -1, 1, 1, -1);

/**
 * Fills `out` (or a new array) with the safety of every cell, from the
 * `order` the search of the distance map to the player settled the cells
 * in (with their distances), and the phase's `cost` grid. Lower is safer; {@link UNREACHABLE}
 * where the player cannot be reached from.
 *
 * Every cell starts at −1.2 × its distance; the rescan is Dijkstra's with
 * all those starts at once, taken in order of value: the starts in the
 * search's order backwards (farthest first, so lowest first), the lowered
 * values in a ring of stacks as distance_map.ts keeps its queue: O(cells
 * reached).
 */
export function safetyMap(
  order: SettleOrder,
  cost: Uint8Array,
  width: number,
  height: number,
  out?: Int32Array,
): Int32Array {
  const size = width * height;
  const safe = out ?? new Int32Array(size);
  safe.fill(UNREACHABLE, 0, size);
  const { cells, distances, count } = order;
  // Each cell's start, in the search's order: the rescan below reads them in sequence.
  if (starts.length < count) starts = new Int32Array(size);
  let maxCost = 0;
  for (let k = 0; k < count; k++) {
    const cell = cells[k];
    safe[cell] = starts[k] = start(distances[k]);
    if (cost[cell] > maxCost) maxCost = cost[cell];
  }
  if (count === 0) return safe;
  // The farthest cell starts lowest; the starts rise to 0 at the goal.
  const lowest = starts[count - 1];
  const range = -lowest + 1;
  // The lowered values wait in a ring wider than the largest step (bucket_ring.ts).
  const ring = ringFor(3 * maxCost);
  const mask = ring - 1;
  const { slots, lengths: slotLength } = emptyRing(ring);
  const last = height - 1, right = width - 1;
  let next = count - 1;
  for (let b = 0; b < range; b++) {
    const v = b + lowest, slot = v & mask;
    // First the cells that start at v, then those lowered to v (no step lowers a cell to its own value).
    const stack = slots[slot], queued = slotLength[slot];
    slotLength[slot] = 0;
    for (let e = 0; next >= 0 || e < queued;) {
      let cell: number;
      if (next >= 0 && starts[next] === v) cell = cells[next--];
      else if (e < queued) cell = stack[e++];
      else break;
      if (safe[cell] !== v || cost[cell] === 0) continue;
      // A monster on a neighbour steps into cell: as in distanceMap, the cost is the entered cell's.
      const c = cost[cell];
      // Steps cost as in distance_map.ts: 2 straight, 3 diagonal, times the entered cell's cost.
      const straight = v + 2 * c, slant = v + 3 * c;
      const cy = (cell / width) | 0, cx = cell - cy * width;
      const north = cy > 0, south = cy < last, west = cx > 0, east = cx < right;
      // Each neighbour written out, as distanceMap does, in the same order.
      let m = cell - width;
      if (north && cost[m] !== 0 && straight < safe[m]) push(m, (safe[m] = straight) & mask);
      m = cell + 1;
      if (east && cost[m] !== 0 && straight < safe[m]) push(m, (safe[m] = straight) & mask);
      m = cell + width;
      if (south && cost[m] !== 0 && straight < safe[m]) push(m, (safe[m] = straight) & mask);
      m = cell - 1;
      if (west && cost[m] !== 0 && straight < safe[m]) push(m, (safe[m] = straight) & mask);
      m = cell + 1 - width;
      if (north && east && cost[m] !== 0 && slant < safe[m]) push(m, (safe[m] = slant) & mask);
      m = cell + 1 + width;
      if (south && east && cost[m] !== 0 && slant < safe[m]) push(m, (safe[m] = slant) & mask);
      m = cell + width - 1;
      if (south && west && cost[m] !== 0 && slant < safe[m]) push(m, (safe[m] = slant) & mask);
      m = cell - width - 1;
      if (north && west && cost[m] !== 0 && slant < safe[m]) push(m, (safe[m] = slant) & mask);
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
