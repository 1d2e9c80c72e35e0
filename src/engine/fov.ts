/**
 * Symmetric shadowcasting field of view (Albert Ford's algorithm), giving
 * exactly what libtcod 1.18's `FOV_SYMMETRIC_SHADOWCAST` gives with walls lit,
 * including its 32-bit float slopes and its rounding of `depth × slope`.
 *
 * Two things keep the cost proportional to the radius rather than the map:
 * rows at depth ≥ radius are never scanned (every cell there fails
 * `dx² + dy² < r²`, and no shallower cell depends on them), and a reused
 * `out` array is cleared only where the previous call could have written.
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

/** The box [x0, y0, x1, y1] each reused `out` may hold visible cells in. */
const lastBox = new WeakMap<Uint8Array, Int32Array>();

function slope(depth: number, column: number): number {
  return f32((2 * column - 1) / (2 * depth));
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
    let prevWall = false;
    for (let column = columnMin; column <= columnMax; column++) {
      const x = rowX + column * gXY;
      const y = rowY + column * gYY;
      if (x < 0 || y < 0 || x >= gWidth || y >= gHeight) continue;
      const i = y * gWidth + x;
      const wall = gTransparent[i] === 0;
      if (
        (wall ||
          (column >= f32(depth * low) && column <= f32(depth * high))) &&
        (gRadius === 0 || depth * depth + column * column < gRadiusSq)
      ) {
        gOut[i] = 1;
      }
      if (prevWall && !wall) low = slope(depth, column);
      if (column !== columnMin && !prevWall && wall) {
        scan(depth + 1, low, slope(depth, column));
      }
      prevWall = wall;
    }
    if (prevWall) return;
    depth++;
  }
}

function clearPrevious(out: Uint8Array, width: number): void {
  const box = lastBox.get(out);
  if (box === undefined || box[4] !== width) {
    out.fill(0);
    return;
  }
  for (let y = box[1]; y <= box[3]; y++) {
    out.fill(0, y * width + box[0], y * width + box[2] + 1);
  }
}

function rememberBox(
  out: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  radius: number,
): void {
  let box = lastBox.get(out);
  if (box === undefined) {
    box = new Int32Array(5);
    lastBox.set(out, box);
  }
  const reach = radius === 0 ? Math.max(width, height) : radius - 1;
  box[0] = Math.max(0, x - reach);
  box[1] = Math.max(0, y - reach);
  box[2] = Math.min(width - 1, x + reach);
  box[3] = Math.min(height - 1, y + reach);
  box[4] = width;
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
  let result: Uint8Array;
  if (out === undefined) {
    result = new Uint8Array(width * height);
  } else {
    if (out.length < width * height) throw new RangeError("out is smaller than width * height");
    clearPrevious(out, width);
    result = out;
  }
  gTransparent = transparent;
  gOut = result;
  gWidth = width;
  gHeight = height;
  gPovX = x;
  gPovY = y;
  gRadius = radius;
  gRadiusSq = radius * radius;
  result[y * width + x] = 1;
  for (const q of QUADRANTS) {
    gXX = q[0];
    gXY = q[1];
    gYX = q[2];
    gYY = q[3];
    scan(1, -1, 1);
  }
  if (out !== undefined) rememberBox(result, width, height, x, y, radius);
  // Drop the references so a large map is not kept alive by this module.
  gTransparent = gOut = EMPTY;
  return result;
}
