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
import type { StepCosts } from "./pathfinding.ts";

/** The distance of a cell no goal can be reached from. */
export const UNREACHABLE = 0x7fff_ffff;

const DX = Int8Array.of(0, 1, 0, -1, 1, 1, -1, -1);
const DY = Int8Array.of(-1, 0, 1, 0, -1, 1, 1, -1);

let poolCell = new Int32Array(4096);
let poolNext = new Int32Array(4096);

function growPool(): void {
  const cells = new Int32Array(poolCell.length * 2), next = new Int32Array(poolNext.length * 2);
  cells.set(poolCell);
  next.set(poolNext);
  poolCell = cells;
  poolNext = next;
}

/**
 * Fills `out` (or a new array) with each cell's cost to reach the nearest
 * of `goals` (cell indices); {@link UNREACHABLE} where none can be reached.
 * Entering cell `i` costs `cost[i] × cardinal` or `× diagonal`; 0 is a wall.
 */
export function distanceMap(
  cost: Uint8Array | Uint16Array,
  width: number,
  height: number,
  goals: ArrayLike<number>,
  opts: StepCosts = {},
  out?: Int32Array,
): Int32Array {
  const cardinal = opts.cardinal ?? 2, diagonal = opts.diagonal ?? 3;
  if (!Number.isInteger(cardinal) || !Number.isInteger(diagonal) || cardinal <= 0 || diagonal <= 0) {
    throw new RangeError("distance maps need positive integer step costs");
  }
  const size = width * height;
  const dist = out ?? new Int32Array(size);
  dist.fill(UNREACHABLE, 0, size);
  let maxCost = 0;
  for (let i = 0; i < size; i++) if (cost[i] > maxCost) maxCost = cost[i];
  const ringSize = maxCost * Math.max(cardinal, diagonal) + 1;
  const head = new Int32Array(ringSize).fill(-1);
  let used = 0, queued = 0;
  const enqueue = (cell: number, d: number) => {
    if (used === poolCell.length) growPool();
    const slot = d % ringSize;
    poolCell[used] = cell;
    poolNext[used] = head[slot];
    head[slot] = used++;
    queued++;
  };
  for (let k = 0; k < goals.length; k++) {
    const g = goals[k];
    if (g >= 0 && g < size && dist[g] !== 0) {
      dist[g] = 0;
      enqueue(g, 0);
    }
  }
  for (let d = 0; queued > 0; d++) {
    const slot = d % ringSize;
    let entry = head[slot];
    head[slot] = -1;
    while (entry !== -1) {
      const cell = poolCell[entry];
      entry = poolNext[entry];
      queued--;
      if (dist[cell] !== d) continue;
      // Relax backwards: stepping from neighbour m into `cell` costs cost[cell].
      const c = cost[cell];
      if (c === 0) continue;
      const cx = cell % width, cy = (cell - cx) / width;
      for (let k = 0; k < 8; k++) {
        const mx = cx + DX[k], my = cy + DY[k];
        if (mx < 0 || my < 0 || mx >= width || my >= height) continue;
        const m = my * width + mx;
        if (cost[m] === 0) continue;
        const nd = d + c * (k < 4 ? cardinal : diagonal);
        if (nd < dist[m]) {
          dist[m] = nd;
          enqueue(m, nd);
        }
      }
    }
  }
  return dist;
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
