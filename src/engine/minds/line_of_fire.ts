/**
 * Lines of fire: the cells a projectile crosses from one cell to another,
 * by Bresenham's line, and whether such a line is clear.
 *
 * @module
 */
import type { Point } from "../geometry.ts";

/**
 * The cells from (x0, y0) to (x1, y1) by Bresenham's line, the start left
 * out and the end put in. The same two ends give the same cells every time,
 * whichever side of the worker asks.
 */
export function lineOfFire(x0: number, y0: number, x1: number, y1: number): Point[] {
  const cells: Point[] = [];
  const dx = Math.abs(x1 - x0), dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  let err = dx + dy, x = x0, y = y0;
  while (x !== x1 || y !== y1) {
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
    cells.push({ x, y });
  }
  return cells;
}

/**
 * True when nothing stands between (x0, y0) and (x1, y1): every cell of the
 * line before the end lets light through (`transparent`) and is not
 * `blocked` (another actor in the way).
 */
export function clearLine(
  transparent: Uint8Array,
  width: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  blocked: (cell: number) => boolean,
): boolean {
  const line = lineOfFire(x0, y0, x1, y1);
  for (let k = 0; k < line.length - 1; k++) {
    const cell = line[k].y * width + line[k].x;
    if (transparent[cell] !== 1 || blocked(cell)) return false;
  }
  return true;
}
