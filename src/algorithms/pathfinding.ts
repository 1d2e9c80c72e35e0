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

/** Step costs: entering a cell costs its cost times one of these (positive integers; 2 and 3 unless given). */
export interface StepCosts {
  readonly cardinal?: number;
  readonly diagonal?: number;
}

/** The step costs `opts` gives, defaults filled in; a RangeError unless both are positive integers. */
export function stepCosts(opts: StepCosts): { cardinal: number; diagonal: number } {
  const cardinal = opts.cardinal ?? 2, diagonal = opts.diagonal ?? 3;
  if (!Number.isInteger(cardinal) || !Number.isInteger(diagonal) || cardinal <= 0 || diagonal <= 0) {
    throw new RangeError("step costs must be positive integers");
  }
  return { cardinal, diagonal };
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

// The bucket queue: entries in a pool, chained per ring slot (f mod ring).
let poolCell = new Int32Array(4096);
let poolF = new Float64Array(4096);
let poolNext = new Int32Array(4096);
let ringHead = new Int32Array(64).fill(-1);

function growPool(): void {
  const cells = new Int32Array(poolCell.length * 2), fs = new Float64Array(poolF.length * 2);
  const next = new Int32Array(poolNext.length * 2);
  cells.set(poolCell);
  fs.set(poolF);
  next.set(poolNext);
  poolCell = cells;
  poolF = fs;
  poolNext = next;
}

/**
 * A* with a ring of buckets keyed by f (step costs are integers). With a
 * consistent heuristic f never decreases, so the ring only has to span the
 * largest single increase; it doubles (rechaining live entries) if a step
 * ever needs more. Within a bucket the newest entry comes out first, which
 * favours the deepest nodes and keeps the search narrow.
 */
function bucketSearch(
  cost: Uint8Array | Uint16Array,
  width: number,
  height: number,
  start: number,
  goal: number,
  cardinal: number,
  diagonal: number,
  gen: number,
): void {
  const gy = (goal / width) | 0, gx = goal - gy * width;
  const offsets = [-width, 1, width, -1, 1 - width, 1 + width, width - 1, -width - 1];
  let mask = ringHead.length - 1;
  let used = 0, queued = 0;
  const enqueue = (cell: number, f: number) => {
    if (used === poolCell.length) growPool();
    const slot = f & mask;
    poolCell[used] = cell;
    poolF[used] = f;
    poolNext[used] = ringHead[slot];
    ringHead[slot] = used++;
    queued++;
  };
  const regrow = (span: number) => {
    let size = ringHead.length;
    while (size <= span) size *= 2;
    ringHead = new Int32Array(size).fill(-1);
    mask = size - 1;
    // Rechain every entry still waiting (popped ones have poolF = -1).
    for (let e = 0; e < used; e++) {
      if (poolF[e] < 0) continue;
      const slot = poolF[e] & mask;
      poolNext[e] = ringHead[slot];
      ringHead[slot] = e;
    }
  };
  const sy = (start / width) | 0, sx = start - sy * width;
  let f = freeDistance(Math.abs(sx - gx), Math.abs(sy - gy), cardinal, diagonal);
  enqueue(start, f);
  while (queued > 0) {
    const slot = f & mask;
    const entry = ringHead[slot];
    if (entry === -1 || poolF[entry] !== f) {
      // Nothing at this f in the chain head: look for the entry at f below it.
      let prev = -1, e = entry;
      while (e !== -1 && poolF[e] !== f) {
        prev = e;
        e = poolNext[e];
      }
      if (e === -1) {
        f++;
        continue;
      }
      poolNext[prev] = poolNext[e];
      poolNext[e] = ringHead[slot];
      ringHead[slot] = e;
      continue;
    }
    ringHead[slot] = poolNext[entry];
    poolF[entry] = -1;
    queued--;
    const cell = poolCell[entry];
    if (closed[cell] === gen) continue;
    const g = gScore[cell];
    closed[cell] = gen;
    if (cell === goal) break;
    const cy = (cell / width) | 0, cx = cell - cy * width;
    const inside = cx > 0 && cy > 0 && cx < width - 1 && cy < height - 1;
    for (let d = 0; d < 8; d++) {
      if (!inside) {
        const nx = cx + DX[d], ny = cy + DY[d];
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      }
      const n = cell + offsets[d];
      const c = cost[n];
      if (c === 0) continue;
      const ng = g + c * (d < 4 ? cardinal : diagonal);
      // A consistent heuristic settles each cell at its best g: no closed check needed here.
      if (stamp[n] === gen && ng >= gScore[n]) continue;
      stamp[n] = gen;
      gScore[n] = ng;
      parent[n] = cell;
      const ny = (n / width) | 0, nx = n - ny * width;
      const nf = ng +
        freeDistance(nx > gx ? nx - gx : gx - nx, ny > gy ? ny - gy : gy - ny, cardinal, diagonal);
      if (nf - f >= mask) regrow(nf - f);
      enqueue(n, nf);
    }
  }
  // Leave the ring empty for the next call.
  ringHead.fill(-1);
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
  const { cardinal, diagonal } = stepCosts(opts);
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
  stamp[start] = gen;
  gScore[start] = 0;
  parent[start] = -1;
  bucketSearch(cost, width, height, start, goal, cardinal, diagonal, gen);
  if (closed[goal] !== gen) return null;
  let length = 0;
  for (let c = goal; c !== start; c = parent[c]) length++;
  const path = new Int32Array(length);
  for (let c = goal, k = length - 1; c !== start; c = parent[c], k--) path[k] = c;
  return path;
}
