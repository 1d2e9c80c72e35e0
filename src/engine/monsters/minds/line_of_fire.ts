/**
 * Lines of fire: whether the cells a projectile crosses from one cell to
 * another (the line of `line.ts`) are clear.
 *
 * @module
 */
import { lineCells } from "../../../algorithms/mod.ts";

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
  const line = lineCells({ x: x0, y: y0 }, { x: x1, y: y1 });
  for (let k = 0; k < line.length - 1; k++) {
    const cell = line[k].y * width + line[k].x;
    if (transparent[cell] !== 1 || blocked(cell)) return false;
  }
  return true;
}
