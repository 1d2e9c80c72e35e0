/**
 * Caves by cellular automaton: cells start closed at random, then each
 * smoothing step closes a cell with enough closed neighbours. The result is
 * joined into one connected cave. Knows nothing of tiles or games: a grid
 * of 1 (open) and 0 (closed) cells.
 *
 * @module
 */
import { countOpen, joinRegions } from "./regions.ts";
import type { Rng } from "./rng.ts";

/** A cave's numbers (docs/rules.md, Map kinds). */
export interface CaveParams {
  readonly width: number;
  readonly height: number;
  /** The chance, 0 to 1, that a cell starts closed. */
  readonly fill: number;
  /** Smoothing steps. */
  readonly smoothing: number;
  /** An open cell closes with at least this many closed neighbours (of 8). */
  readonly birth: number;
  /** A closed cell stays closed with at least this many closed neighbours (of 8). */
  readonly survive: number;
}

/** Draws per cell are in thousandths: `fill` is kept to three decimals. */
const PER = 1000;

/** One smoothing step of `grid` into `out`; the outer ring stays closed, so inner cells need no bounds checks. */
function smooth(grid: Uint8Array, out: Uint8Array, p: CaveParams): void {
  const { width: w, height, birth, survive } = p;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * w + 1; x < w - 1; x++, i++) {
      const open = grid[i - w - 1] + grid[i - w] + grid[i - w + 1] + grid[i - 1] + grid[i + 1] +
        grid[i + w - 1] + grid[i + w] + grid[i + w + 1];
      const closed = 8 - open;
      out[i] = (grid[i] ? closed < birth : closed < survive) ? 1 : 0;
    }
  }
}

/**
 * A cave: 1 where open. The outer ring is always closed; every open cell is
 * connected to every other. Draws one number per inner cell; cells
 * beyond the map count as closed, as the ring does.
 */
export function cellularCave(p: CaveParams, rng: Rng): Uint8Array {
  const { width, height } = p;
  let grid = new Uint8Array(width * height), spare = new Uint8Array(width * height);
  const closedBelow = Math.round(p.fill * PER);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) grid[y * width + x] = rng.int(0, PER - 1) < closedBelow ? 0 : 1;
  }
  for (let step = 0; step < p.smoothing; step++) {
    smooth(grid, spare, p);
    [grid, spare] = [spare, grid];
  }
  if (countOpen(grid) > 0) joinRegions(grid, width, height);
  return grid;
}
