/**
 * Straight lines of cells (Bresenham's algorithm). No game knowledge.
 *
 * @module
 */
import type { Point } from "./geometry.ts";

/**
 * The cells of the line from `from` to `to`, `from` left out and `to`
 * included, each one step (orthogonal or diagonal) from the one before.
 * Empty when the two are the same cell.
 */
export function lineCells(from: Point, to: Point): Point[] {
  const cells: Point[] = [];
  const dx = Math.abs(to.x - from.x), dy = -Math.abs(to.y - from.y);
  const sx = from.x < to.x ? 1 : -1, sy = from.y < to.y ? 1 : -1;
  let err = dx + dy, x = from.x, y = from.y;
  while (x !== to.x || y !== to.y) {
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
 * The first `length` cells of the ray from `from` through `through` and on
 * beyond it, `from` left out: the line to `through`, prolonged in the same
 * direction. Empty when the two are the same cell or `length` is 0.
 */
export function rayCells(from: Point, through: Point, length: number): Point[] {
  const dx = through.x - from.x, dy = through.y - from.y;
  const span = Math.max(Math.abs(dx), Math.abs(dy));
  if (span === 0 || length <= 0) return [];
  // A line whose longer axis spans at least `length` cells holds the first `length` of the ray.
  const k = Math.max(1, Math.ceil(length / span));
  return lineCells(from, { x: from.x + dx * k, y: from.y + dy * k }).slice(0, length);
}
