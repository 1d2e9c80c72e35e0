/**
 * The live cells of a map's fields (docs/rules.md, Fire; Gas), kept as a
 * list beside each field's grid so that a turn costs its live cells and no
 * more. The list is no part of the game: it is found again from the grid by
 * one pass when missing (a loaded or patched map).
 *
 * @module
 */
import type { GameMap } from "./game_map.ts";

/** Each field grid's live cells (not 0), ascending; found again from the grid when missing. */
const liveLists = new WeakMap<Uint8Array, number[]>();

/** The cells of `grid` that are not 0, in ascending order (the list kept for it: changed by its owner only). */
export function liveCells(grid: Uint8Array): number[] {
  let list = liveLists.get(grid);
  if (!list) {
    list = [];
    for (let i = 0; i < grid.length; i++) if (grid[i] > 0) list.push(i);
    liveLists.set(grid, list);
  }
  return list;
}

/** Puts `cell` in a list of live cells where it belongs, keeping the list ascending. */
export function insertSorted(list: number[], cell: number): void {
  let lo = 0, hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < cell) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, cell);
}

/** Forgets `grid`'s list of live cells, after it was changed in place otherwise than by its owner. */
export function forgetCells(grid: Uint8Array | undefined): void {
  if (grid) liveLists.delete(grid);
}

/** `copy`, a copy of the grid `from`, takes its list of live cells (a copy of it) too. */
export function shareCells(from: Uint8Array, copy: Uint8Array): void {
  const list = liveLists.get(from);
  if (list) liveLists.set(copy, [...list]);
}

/** The cells of `map` on fire, in ascending order (none when the map has no fire grid). */
export function burningCells(map: GameMap): readonly number[] {
  return map.fire ? liveCells(map.fire) : [];
}

/** The cells of `map` with gas in them, in ascending order (none when the map has no gas grid). */
export function gasCells(map: GameMap): readonly number[] {
  return map.gas ? liveCells(map.gas) : [];
}
