/**
 * The cells nearest a centre that pass a test, ring by ring (Chebyshev
 * distance), each ring in reading order: where a summoning puts its monsters
 * and the goal its guardian.
 *
 * @module
 */
import type { Point } from "./geometry.ts";

/** Up to `count` cells within `reach` of `center` (itself excluded) for which `free` holds, nearest first. */
export function nearestCells(
  center: Point,
  reach: number,
  count: number,
  free: (x: number, y: number) => boolean,
): Point[] {
  const cells: Point[] = [];
  for (let r = 1; r <= reach && cells.length < count; r++) {
    for (let y = center.y - r; y <= center.y + r; y++) {
      for (let x = center.x - r; x <= center.x + r; x++) {
        const ring = Math.max(Math.abs(x - center.x), Math.abs(y - center.y)) === r;
        if (ring && cells.length < count && free(x, y)) cells.push({ x, y });
      }
    }
  }
  return cells;
}
