/**
 * Dijkstra distance maps: the cheapest cost from every cell to the nearest
 * goal, under the same cost model as {@link findPath}. One map serves every
 * monster chasing the same target: each steps to the neighbour that keeps
 * it on a cheapest path.
 *
 * Costs are small integers, so the queue is a ring of buckets (Dial's
 * algorithm): every operation is O(1).
 *
 * @module
 */
import { emptyRing, push, ringFor } from "./bucket_ring.ts";
import { type StepCosts, stepCosts } from "./pathfinding.ts";

/** The distance of a cell no goal can be reached from. */
export const UNREACHABLE = 0x7fff_ffff;

const DX = Int8Array.of(0, 1, 0, -1, 1, 1, -1, -1);
const DY = Int8Array.of(-1, 0, 1, 0, -1, 1, 1, -1);

/**
 * The cells a search reached, in the order it settled them: nearest
 * first, each with its distance beside it (so that a pass over them in
 * order reads both in sequence, not the map at random: the engine's monsters/minds/safety_map.ts).
 * The arrays must have room for every cell of the map.
 */
export interface SettleOrder {
  readonly cells: Int32Array;
  readonly distances: Int32Array;
  count: number;
}

/** An empty {@link SettleOrder} with room for `size` cells. */
export function settleOrderFor(size: number): SettleOrder {
  return { cells: new Int32Array(size), distances: new Int32Array(size), count: 0 };
}

/**
 * Fills `out` (or a new array) with each cell's cost to reach the nearest
 * of `goals` (cell indices); {@link UNREACHABLE} where none can be reached.
 * Entering cell `i` costs `cost[i] × cardinal` or `× diagonal`; 0 is a wall.
 * `order`, if given, is filled with the cells reached, nearest first.
 */
export function distanceMap(
  cost: Uint8Array | Uint16Array,
  width: number,
  height: number,
  goals: ArrayLike<number>,
  opts: StepCosts = {},
  out?: Int32Array,
  order?: SettleOrder,
): Int32Array {
  const { cardinal, diagonal } = stepCosts(opts);
  const dist = out ?? new Int32Array(width * height);
  const settled = search(
    cost,
    width,
    height,
    goals,
    cardinal,
    diagonal,
    dist,
    order?.cells,
    order?.distances,
  );
  if (order) order.count = settled;
  return dist;
}

/**
 * The search itself, over arrays and numbers: every property it reads is
 * read on every call, so its optimised code has no access that only some
 * calls reach (a store to `order.count` in here, never reached before the
 * code was optimised, sent every later call back to the interpreter).
 * Returns how many cells it settled.
 */
function search(
  cost: Uint8Array | Uint16Array,
  width: number,
  height: number,
  goals: ArrayLike<number>,
  cardinal: number,
  diagonal: number,
  dist: Int32Array,
  orderCells: Int32Array | undefined,
  orderDistances: Int32Array | undefined,
): number {
  const size = width * height;
  dist.fill(UNREACHABLE, 0, size);
  let maxCost = 0;
  for (let i = 0; i < size; i++) if (cost[i] > maxCost) maxCost = cost[i];
  // A ring wider than the largest step: every queued distance has its own slot.
  const ring = ringFor(maxCost * Math.max(cardinal, diagonal));
  const mask = ring - 1;
  const { slots, lengths: slotLength } = emptyRing(ring);
  let queued = 0, settled = 0;
  for (let k = 0; k < goals.length; k++) {
    const g = goals[k];
    if (g < 0 || g >= size || dist[g] === 0) continue;
    dist[g] = 0;
    queued += push(g, 0);
  }
  const last = height - 1, right = width - 1;
  for (let d = 0; queued > 0; d++) {
    const slot = d & mask;
    const count = slotLength[slot];
    if (count === 0) continue;
    // Steps cost at least 1, so nothing lands back in this slot while it is read.
    const stack = slots[slot];
    slotLength[slot] = 0;
    queued -= count;
    for (let e = 0; e < count; e++) {
      const cell = stack[e];
      if (dist[cell] !== d) continue;
      if (orderCells) {
        orderCells[settled] = cell;
        orderDistances![settled++] = d;
      }
      // Relax backwards: stepping from neighbour m into `cell` costs cost[cell].
      const c = cost[cell];
      if (c === 0) continue;
      const straight = d + c * cardinal, slant = d + c * diagonal;
      const cy = (cell / width) | 0, cx = cell - cy * width;
      const north = cy > 0, south = cy < last, west = cx > 0, east = cx < right;
      // Each neighbour m in turn (north, east, south, west, then the diagonals), written out: a loop
      // over them ran measurably slower on large maps.
      let m = cell - width;
      if (north && cost[m] !== 0 && straight < dist[m]) queued += push(m, (dist[m] = straight) & mask);
      m = cell + 1;
      if (east && cost[m] !== 0 && straight < dist[m]) queued += push(m, (dist[m] = straight) & mask);
      m = cell + width;
      if (south && cost[m] !== 0 && straight < dist[m]) queued += push(m, (dist[m] = straight) & mask);
      m = cell - 1;
      if (west && cost[m] !== 0 && straight < dist[m]) queued += push(m, (dist[m] = straight) & mask);
      m = cell + 1 - width;
      if (north && east && cost[m] !== 0 && slant < dist[m]) queued += push(m, (dist[m] = slant) & mask);
      m = cell + 1 + width;
      if (south && east && cost[m] !== 0 && slant < dist[m]) queued += push(m, (dist[m] = slant) & mask);
      m = cell + width - 1;
      if (south && west && cost[m] !== 0 && slant < dist[m]) queued += push(m, (dist[m] = slant) & mask);
      m = cell - width - 1;
      if (north && west && cost[m] !== 0 && slant < dist[m]) queued += push(m, (dist[m] = slant) & mask);
    }
  }
  return settled;
}

/**
 * The neighbour of `cell` a cheapest path to the map's goals steps to next,
 * or -1 when there is none (no goal reachable, or `cell` is a goal). Ties go
 * to the first in north, east, south, west, then diagonal order.
 */
export function downhillStep(
  dist: Int32Array,
  cost: Uint8Array | Uint16Array,
  width: number,
  height: number,
  cell: number,
  opts: StepCosts = {},
): number {
  const cardinal = opts.cardinal ?? 2, diagonal = opts.diagonal ?? 3;
  if (dist[cell] === UNREACHABLE || dist[cell] === 0) return -1;
  const cx = cell % width, cy = (cell - cx) / width;
  let best = -1, bestTotal = UNREACHABLE;
  for (let k = 0; k < 8; k++) {
    const nx = cx + DX[k], ny = cy + DY[k];
    if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
    const n = ny * width + nx;
    if (cost[n] === 0 || dist[n] === UNREACHABLE) continue;
    const total = dist[n] + cost[n] * (k < 4 ? cardinal : diagonal);
    if (total < bestTotal) {
      bestTotal = total;
      best = n;
    }
  }
  return best;
}
