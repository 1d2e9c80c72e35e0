/**
 * Optimal paths on a grid of entry costs (A*). No game knowledge: a cell
 * costs `cost[i] × cardinal` (or `× diagonal`) to enter, 0 is impassable,
 * and a diagonal step between two walls is allowed, as it is for movement.
 *
 * Scratch arrays are kept between calls and invalidated by a generation
 * stamp, so a call costs what it explores, not the size of the map.
 *
 * @module
 */

/** Step costs: entering a cell costs its cost times one of these. */
export interface StepCosts {
  readonly cardinal?: number;
  readonly diagonal?: number;
}

/** The eight neighbour offsets; cardinal first. */
const DX = Int8Array.of(0, 1, 0, -1, 1, 1, -1, -1);
const DY = Int8Array.of(-1, 0, 1, 0, -1, 1, 1, -1);

let capacity = 0;
let stamp = new Uint32Array(0);
let closed = new Uint32Array(0);
let gScore = new Float64Array(0);
let parent = new Int32Array(0);
let generation = 0;
let heapCell = new Int32Array(1024);
let heapF = new Float64Array(1024);
let heapG = new Float64Array(1024);

function ensureCapacity(size: number): void {
  if (size <= capacity) return;
  capacity = size;
  stamp = new Uint32Array(size);
  closed = new Uint32Array(size);
  gScore = new Float64Array(size);
  parent = new Int32Array(size);
  generation = 0;
}

function nextGeneration(): number {
  if (generation === 0xffff_ffff) {
    stamp.fill(0);
    closed.fill(0);
    generation = 0;
  }
  return ++generation;
}

/** Heap order: lower f first; on equal f, the deeper node (higher g) first. */
function before(a: number, b: number): boolean {
  return heapF[a] < heapF[b] || (heapF[a] === heapF[b] && heapG[a] > heapG[b]);
}

function swap(a: number, b: number): void {
  const c = heapCell[a], f = heapF[a], g = heapG[a];
  heapCell[a] = heapCell[b];
  heapF[a] = heapF[b];
  heapG[a] = heapG[b];
  heapCell[b] = c;
  heapF[b] = f;
  heapG[b] = g;
}

function push(size: number, cell: number, f: number, g: number): number {
  if (size === heapCell.length) {
    const grow = <T extends Int32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    heapCell = grow(heapCell);
    heapF = grow(heapF);
    heapG = grow(heapG);
  }
  heapCell[size] = cell;
  heapF[size] = f;
  heapG[size] = g;
  let i = size;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!before(i, p)) break;
    swap(i, p);
    i = p;
  }
  return size + 1;
}

function pop(size: number): number {
  const last = size - 1;
  swap(0, last);
  let i = 0;
  for (;;) {
    const l = 2 * i + 1, r = l + 1;
    let m = i;
    if (l < last && before(l, m)) m = l;
    if (r < last && before(r, m)) m = r;
    if (m === i) break;
    swap(i, m);
    i = m;
  }
  return last;
}

/**
 * The cost of crossing (ax, ay) on an open grid where every cell costs 1:
 * A*'s heuristic, admissible and consistent because no cell costs less.
 */
function freeDistance(ax: number, ay: number, cardinal: number, diagonal: number): number {
  const long = ax > ay ? ax : ay, short = ax > ay ? ay : ax;
  if (diagonal >= 2 * cardinal) return cardinal * (long + short);
  if (diagonal >= cardinal) return cardinal * (long - short) + diagonal * short;
  // Diagonals are cheapest: zig-zag, fixing an odd remainder one way or the other.
  if ((long - short) % 2 === 0) return diagonal * long;
  return Math.min((long - 1) * diagonal + cardinal, (long + 1) * diagonal);
}

/**
 * The cheapest path from (sx, sy) to (gx, gy).
 *
 * @returns the cell indices (`y * width + x`) of each step after the start,
 *   ending at the goal (empty when start is the goal), or `null` when the
 *   goal cannot be reached
 */
export function findPath(
  cost: Uint8Array | Uint16Array,
  width: number,
  height: number,
  sx: number,
  sy: number,
  gx: number,
  gy: number,
  opts: StepCosts = {},
): Int32Array | null {
  const cardinal = opts.cardinal ?? 2, diagonal = opts.diagonal ?? 3;
  if (!(cardinal > 0 && diagonal > 0)) throw new RangeError("step costs must be positive");
  for (const [x, y] of [[sx, sy], [gx, gy]]) {
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height) {
      throw new RangeError(`(${x}, ${y}) is outside the ${width}x${height} map`);
    }
  }
  if (cost.length < width * height) throw new RangeError("cost is smaller than width * height");
  const start = sy * width + sx, goal = gy * width + gx;
  if (start === goal) return new Int32Array(0);
  if (cost[goal] === 0) return null;
  ensureCapacity(width * height);
  const gen = nextGeneration();
  const heuristic = (x: number, y: number) =>
    freeDistance(Math.abs(x - gx), Math.abs(y - gy), cardinal, diagonal);
  stamp[start] = gen;
  gScore[start] = 0;
  parent[start] = -1;
  let size = push(0, start, heuristic(sx, sy), 0);
  while (size > 0) {
    const cell = heapCell[0], g = heapG[0];
    size = pop(size);
    if (closed[cell] === gen || g > gScore[cell]) continue;
    if (cell === goal) break;
    closed[cell] = gen;
    const cx = cell % width, cy = (cell - cx) / width;
    for (let d = 0; d < 8; d++) {
      const nx = cx + DX[d], ny = cy + DY[d];
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const n = ny * width + nx;
      const c = cost[n];
      if (c === 0 || closed[n] === gen) continue;
      const ng = g + c * (d < 4 ? cardinal : diagonal);
      if (stamp[n] === gen && ng >= gScore[n]) continue;
      stamp[n] = gen;
      gScore[n] = ng;
      parent[n] = cell;
      size = push(size, n, ng + heuristic(nx, ny), ng);
    }
  }
  if (stamp[goal] !== gen) return null;
  let length = 0;
  for (let c = goal; c !== start; c = parent[c]) length++;
  const path = new Int32Array(length);
  for (let c = goal, k = length - 1; c !== start; c = parent[c], k--) path[k] = c;
  return path;
}
