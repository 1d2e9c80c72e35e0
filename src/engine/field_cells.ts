/**
 * The burning cells of a map's fire grid (docs/rules.md, Fire), kept as a
 * list beside the grid so that a turn costs its burning cells and no more.
 * The list is no part of the game: it is found again from the grid by one
 * pass when missing (a loaded or patched map).
 *
 * @module
 */
import type { GameMap } from "./game_map.ts";

/** Each fire grid's burning cells, ascending; found again from the grid when missing. */
const burningLists = new WeakMap<Uint8Array, number[]>();

/** The cells of `map` on fire, in ascending order (none when the map has no fire grid). */
export function burningCells(map: GameMap): readonly number[] {
  const fire = map.fire;
  if (!fire) return [];
  let list = burningLists.get(fire);
  if (!list) {
    list = [];
    for (let i = 0; i < fire.length; i++) if (fire[i] > 0) list.push(i);
    burningLists.set(fire, list);
  }
  return list;
}

/** Forgets `map`'s list of burning cells, after its grid was changed in place otherwise than here. */
export function forgetBurning(map: GameMap): void {
  if (map.fire) burningLists.delete(map.fire);
}

/** `copy`, a copy of `from`'s fire grid, takes its list of burning cells (a copy of it) too. */
export function shareBurning(from: Uint8Array, copy: Uint8Array): void {
  const list = burningLists.get(from);
  if (list) burningLists.set(copy, [...list]);
}
