/**
 * Points, rectangles and the eight compass directions. No game knowledge.
 *
 * @module
 */

/** A cell position; x grows to the right, y grows downward. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A step of at most one cell on each axis. */
export interface Direction {
  readonly dx: -1 | 0 | 1;
  readonly dy: -1 | 0 | 1;
}

/** The eight neighbours, clockwise from north. */
export const DIRECTIONS: readonly Direction[] = [
  { dx: 0, dy: -1 },
  { dx: 1, dy: -1 },
  { dx: 1, dy: 0 },
  { dx: 1, dy: 1 },
  { dx: 0, dy: 1 },
  { dx: -1, dy: 1 },
  { dx: -1, dy: 0 },
  { dx: -1, dy: -1 },
];

/**
 * A rectangle by its outline corners, both included: a room's walls sit on
 * the outline and its floor is the interior.
 */
export interface Rect {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** The rectangle with top-left (x, y) spanning `width` x `height` steps. */
export function rectAt(x: number, y: number, width: number, height: number): Rect {
  return { x1: x, y1: y, x2: x + width, y2: y + height };
}

/** The centre cell, rounding down. */
export function center(r: Rect): Point {
  return { x: Math.floor((r.x1 + r.x2) / 2), y: Math.floor((r.y1 + r.y2) / 2) };
}

/** True when the outlines touch or overlap (inclusive test). */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x1 <= b.x2 && a.x2 >= b.x1 && a.y1 <= b.y2 && a.y2 >= b.y1;
}

/** Chebyshev distance: the number of king moves between two cells. */
export function chebyshev(a: Point, b: Point): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/** True when cells `a` and `b` (indices into a grid `width` wide) are different and touch, diagonals too. */
export function isNeighbour(a: number, b: number, width: number): boolean {
  const ax = a % width, bx = b % width;
  return Math.abs(ax - bx) <= 1 && Math.abs((a - ax) / width - (b - bx) / width) <= 1 && a !== b;
}
