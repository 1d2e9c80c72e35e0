/**
 * Straight lines between cells (Bresenham's), for what flies: a thrown item
 * follows the cells of its line from the thrower to the cell aimed at
 * (docs/rules.md, Throwing).
 *
 * @module
 */
import type { Point } from "./geometry.ts";

/**
 * The cells of the line from `from` to `to`, `from` left out and `to`
 * included (empty when they are the same cell). Each cell is adjacent to the
 * one before it.
 */
export function lineCells(from: Point, to: Point): Point[] {
  const cells: Point[] = [];
  const dx = Math.abs(to.x - from.x), dy = Math.abs(to.y - from.y);
  const sx = Math.sign(to.x - from.x), sy = Math.sign(to.y - from.y);
  let x = from.x, y = from.y, err = dx - dy;
  while (x !== to.x || y !== to.y) {
    const e2 = 2 * err;
    if (e2 > -dy) {
      err -= dy;
      x += sx;
    }
    if (e2 < dx) {
      err += dx;
      y += sy;
    }
    cells.push({ x, y });
  }
  return cells;
}
