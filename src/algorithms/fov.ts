/**
 * Symmetric shadowcasting field of view (Albert Ford's algorithm), giving
 * exactly what libtcod 1.18's `FOV_SYMMETRIC_SHADOWCAST` gives with walls lit,
 * including its 32-bit float slopes and its rounding of `depth × slope`.
 *
 * Two things keep the cost proportional to what is seen rather than to the
 * map: rows at depth ≥ radius are never scanned (every cell there fails
 * `dx² + dy² < r²`, and no shallower cell depends on them), and a reused
 * `out` array is cleared only where the previous call lit cells (each row's
 * span of them, remembered per array), whatever the radius.
 *
 * @module
 */

/** 1 ± FLT_EPSILON as 32-bit floats, the nudges libtcod rounds with. */
const ONE_PLUS_EPS = 1 + 2 ** -23;
const ONE_MINUS_EPS = 1 - 2 ** -23;
const f32 = Math.fround;

/** C's `roundf`: halves go away from zero (Math.round sends them up). */
function roundf(n: number): number {
  return n < 0 ? -Math.floor(-n + 0.5) : Math.floor(n + 0.5);
}

/** Octant-pair transforms {xx, xy, yx, yy}: east, south, north, west. */
const QUADRANTS: readonly (readonly [number, number, number, number])[] = [
  [1, 0, 0, 1],
  [0, 1, 1, 0],
  [0, -1, -1, 0],
  [-1, 0, 0, -1],
];

// The scan's inputs live in module scope so the recursion passes only what
// changes per row; no allocation happens per call once `out` is reused.
const EMPTY = new Uint8Array(0);
let gTransparent: Uint8Array = EMPTY;
let gOut: Uint8Array = EMPTY;
let gWidth = 0;
let gHeight = 0;
let gPovX = 0;
let gPovY = 0;
let gRadius = 0;
let gRadiusSq = 0;
let gXX = 0;
let gXY = 0;
let gYX = 0;
let gYY = 0;
/** The columns of the current scan row that lie on the map (set by {@link onMap}). */
let gColumnLo = 0;
let gColumnHi = 0;

/**
 * Where a call lit cells: on each row, the first and last column lit (first
 * > last on a row with none), and the first and last row with any.
 */
interface LitSpans {
  width: number;
  minY: number;
  maxY: number;
  readonly first: Int32Array;
  readonly last: Int32Array;
}

/** The spans the last call lit in each reused `out`. */
const lastLit = new WeakMap<Uint8Array, LitSpans>();
/** The spans of a call with no `out` (grown to the tallest map). */
let scratch: LitSpans = newSpans(0, 0);

function newSpans(width: number, height: number): LitSpans {
  return {
    width,
    minY: height,
    maxY: -1,
    first: new Int32Array(height).fill(0x7fff_ffff),
    last: new Int32Array(height).fill(-1),
  };
}

let gFirst: Int32Array = new Int32Array(0);
let gLast: Int32Array = new Int32Array(0);
let gMinY = 0;
let gMaxY = 0;

/**
 * True when the spans follow the cells lit; false at a radius, where the
 * spans are the radius's square, set once (cheaper than following cells).
 */
let gTrack = false;

/** Widens the spans by the cells of columns lo..hi of the scan row through (rowX, rowY). */
function widen(rowX: number, rowY: number, lo: number, hi: number): void {
  if (gXY !== 0) {
    // The row is a map row: one span.
    const a = rowX + lo * gXY, b = rowX + hi * gXY;
    if (Math.min(a, b) < gFirst[rowY]) gFirst[rowY] = Math.min(a, b);
    if (Math.max(a, b) > gLast[rowY]) gLast[rowY] = Math.max(a, b);
    if (rowY < gMinY) gMinY = rowY;
    if (rowY > gMaxY) gMaxY = rowY;
    return;
  }
  // The row is a map column: a cell on each map row.
  for (let column = lo; column <= hi; column++) {
    const y = rowY + column * gYY;
    if (rowX < gFirst[y]) gFirst[y] = rowX;
    if (rowX > gLast[y]) gLast[y] = rowX;
  }
  const a = rowY + lo * gYY, b = rowY + hi * gYY;
  if (Math.min(a, b) < gMinY) gMinY = Math.min(a, b);
  if (Math.max(a, b) > gMaxY) gMaxY = Math.max(a, b);
}

function slope(depth: number, column: number): number {
  return f32((2 * column - 1) / (2 * depth));
}

/** The columns of a scan row (through `(rowX, rowY)`) that lie on the map, within [lo, hi]. */
function onMap(rowX: number, rowY: number, lo: number, hi: number): void {
  // Along a row only one of x and y changes, by gXY or gYY (±1) a column.
  const along = gXY !== 0 ? gXY : gYY, at = gXY !== 0 ? rowX : rowY;
  const size = gXY !== 0 ? gWidth : gHeight;
  gColumnLo = Math.max(lo, along > 0 ? -at : at - (size - 1));
  gColumnHi = Math.min(hi, along > 0 ? size - 1 - at : at);
}

/** At a radius, the widest column within it at each depth: the largest m with m² < radius² − depth². */
let gReach = new Int32Array(0);

/** Fills {@link gReach} for `radius` (depths 0 to radius − 1, the only ones scanned). */
function reachFor(radius: number): void {
  if (gReach.length < radius) gReach = new Int32Array(radius);
  for (let depth = 0, m = radius; depth < radius; depth++) {
    const reach = radius * radius - depth * depth;
    // The widest column shrinks as the depth grows: walk it down from the last one.
    while (m * m >= reach) m--;
    gReach[depth] = m;
  }
}

/** Sets `count` cells of `out` to 1, from index `at`, `step` apart. */
function litCells(out: Uint8Array, at: number, step: number, count: number): void {
  // A long run along a map row is one fill; a short one or a column, cell by cell.
  if (count > 16 && (step === 1 || step === -1)) {
    if (step === 1) out.fill(1, at, at + count);
    else out.fill(1, at - count + 1, at + 1);
    return;
  }
  for (let k = 0; k < count; k++, at += step) out[at] = 1;
}

function scan(startDepth: number, startLow: number, high: number): void {
  let depth = startDepth;
  let low = startLow;
  for (;;) {
    if (gRadius > 0 && depth >= gRadius) return;
    const rowX = gPovX + depth * gXX;
    const rowY = gPovY + depth * gYX;
    if (rowX < 0 || rowY < 0 || rowX >= gWidth || rowY >= gHeight) return;
    const columnMin = roundf(f32(f32(depth * low) * ONE_PLUS_EPS));
    const columnMax = roundf(f32(f32(depth * high) * ONE_MINUS_EPS));
    // Columns off the map are skipped as if absent: they change nothing below.
    onMap(rowX, rowY, columnMin, columnMax);
    const last = gColumnHi;
    // The edges: a cell is between them when lowEdge ≤ column ≤ highEdge.
    const lowEdge = f32(depth * low), highEdge = f32(depth * high);
    let prevWall = false;
    // The first and last column lit on this row (none while litHi < litLo).
    let litLo = 0, litHi = -1;
    // The row's cells, one index step apart; within the radius while column² < reach. An open cell
    // is lit from column `open` to `close`: within the radius and between the edges.
    const transparent = gTransparent, out = gOut, step = gYY * gWidth + gXY;
    const reach = gRadius === 0 ? Infinity : gRadiusSq - depth * depth;
    const inReach = gRadius === 0 ? Infinity : gReach[depth];
    const close = Math.min(Math.floor(highEdge), inReach);
    let open = Math.max(Math.ceil(lowEdge), -inReach);
    let i = (rowY + gColumnLo * gYY) * gWidth + rowX + gColumnLo * gXY;
    for (let column = gColumnLo; column <= last;) {
      if (transparent[i] === 0) {
        // A wall: lit (walls in view are), and the end of the gap before it, if there is one.
        if (column * column < reach) {
          out[i] = 1;
          if (litHi < litLo) litLo = column;
          litHi = column;
        }
        if (column !== columnMin && !prevWall) scan(depth + 1, low, slope(depth, column));
        prevWall = true;
        column++;
        i += step;
        continue;
      }
      // A run of open cells, column..end, lit in one go: the same cells as one by one.
      let end = column, endAt = i;
      while (end < last && transparent[endAt + step] !== 0) {
        end++;
        endAt += step;
      }
      let from = column;
      if (prevWall) {
        // The first open cell after a wall is judged by the edge as it stood, then the edge moves to it.
        if (column >= open && column <= close) {
          out[i] = 1;
          if (litHi < litLo) litLo = column;
          litHi = column;
        }
        low = slope(depth, column);
        open = Math.max(Math.ceil(f32(depth * low)), -inReach);
        from = column + 1;
      }
      const a = from > open ? from : open, b = end < close ? end : close;
      if (a <= b) {
        litCells(out, i + (a - column) * step, step, b - a + 1);
        if (litHi < litLo) litLo = a;
        litHi = b;
      }
      prevWall = false;
      column = end + 1;
      i = endAt + step;
    }
    if (gTrack && litLo <= litHi) widen(rowX, rowY, litLo, litHi);
    if (prevWall) return;
    depth++;
  }
}

/** Sets the spans to the square within `reach` of (x, y), clipped to the map. */
function boxSpans(width: number, height: number, x: number, y: number, reach: number): void {
  const x0 = Math.max(0, x - reach), x1 = Math.min(width - 1, x + reach);
  gMinY = Math.max(0, y - reach);
  gMaxY = Math.min(height - 1, y + reach);
  for (let row = gMinY; row <= gMaxY; row++) {
    gFirst[row] = x0;
    gLast[row] = x1;
  }
}

/**
 * Clears in `out` the spans `spans` holds and empties them (every row's, if
 * `out` is cleared whole).
 */
function clearSpans(spans: LitSpans, out: Uint8Array | undefined): void {
  const { first, last, width } = spans;
  for (let y = spans.minY; y <= spans.maxY; y++) {
    if (out && first[y] <= last[y]) out.fill(0, y * width + first[y], y * width + last[y] + 1);
    first[y] = 0x7fff_ffff;
    last[y] = -1;
  }
  spans.minY = first.length;
  spans.maxY = -1;
}

/**
 * The spans to record this call's cells in, `out` cleared where the last
 * call into it lit cells (whole, when no call or one on another map did).
 */
function spansFor(out: Uint8Array | undefined, width: number, height: number): LitSpans {
  if (out === undefined) {
    if (scratch.first.length < height) scratch = newSpans(width, height);
    scratch.width = width;
    return scratch;
  }
  const spans = lastLit.get(out);
  if (spans !== undefined && spans.width === width && spans.first.length === height) {
    clearSpans(spans, out);
    return spans;
  }
  out.fill(0);
  const fresh = newSpans(width, height);
  lastLit.set(out, fresh);
  return fresh;
}

/**
 * Forgets what the last {@link computeFov} into `out` lit: for a grid
 * written otherwise since (the next call clears it whole, not only the
 * cells it lit last).
 */
export function forgetLit(out: Uint8Array): void {
  lastLit.delete(out);
}

/**
 * Sets `seen[i]` to 1 wherever the last {@link computeFov} into `out` lit
 * cell i: for a view, adding what is in sight to what has been seen, at
 * the cost of the cells in sight. `out` must be an array computeFov filled.
 */
export function markLit(out: Uint8Array, seen: Uint8Array): void {
  const spans = lastLit.get(out);
  if (spans === undefined) {
    for (let i = 0; i < out.length; i++) seen[i] |= out[i];
    return;
  }
  const { first, last, width } = spans;
  for (let y = spans.minY; y <= spans.maxY; y++) {
    for (let i = y * width + first[y], end = y * width + last[y]; i <= end; i++) seen[i] |= out[i];
  }
}

/**
 * Computes the cells visible from (x, y).
 *
 * @param transparent row-major (`y * width + x`), non-zero where light passes
 * @param radius a cell is visible only if dx² + dy² < radius²; 0 = unlimited
 * @param out reused result array: pass a new one or one this function filled
 *   before (only the area it could have lit then is cleared)
 * @returns `out` (or a new array): 1 where visible, walls in view included
 */
export function computeFov(
  transparent: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  radius: number,
  out?: Uint8Array,
): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`bad map size ${width}x${height}`);
  }
  if (transparent.length < width * height) {
    throw new RangeError("transparent is smaller than width * height");
  }
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height) {
    throw new RangeError(`point of view (${x}, ${y}) is outside the ${width}x${height} map`);
  }
  if (!Number.isInteger(radius) || radius < 0) {
    throw new RangeError(`radius must be a non-negative integer, got ${radius}`);
  }
  if (out !== undefined && out.length < width * height) {
    throw new RangeError("out is smaller than width * height");
  }
  const result = out ?? new Uint8Array(width * height);
  const spans = spansFor(out, width, height);
  gFirst = spans.first;
  gLast = spans.last;
  gMinY = spans.minY;
  gMaxY = spans.maxY;
  gTransparent = transparent;
  gOut = result;
  gWidth = width;
  gHeight = height;
  gPovX = x;
  gPovY = y;
  gRadius = radius;
  gRadiusSq = radius * radius;
  gTrack = radius === 0;
  if (radius > 0) reachFor(radius);
  if (!gTrack) boxSpans(width, height, x, y, radius - 1);
  result[y * width + x] = 1;
  if (gTrack) {
    gFirst[y] = gLast[y] = x;
    gMinY = gMaxY = y;
  }
  for (const q of QUADRANTS) {
    gXX = q[0];
    gXY = q[1];
    gYX = q[2];
    gYY = q[3];
    scan(1, -1, 1);
  }
  spans.minY = gMinY;
  spans.maxY = gMaxY;
  if (out === undefined) clearSpans(scratch, undefined);
  // Drop the references so a large map is not kept alive by this module.
  gTransparent = gOut = EMPTY;
  return result;
}
