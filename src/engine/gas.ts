/**
 * Gas (docs/rules.md, Gas): a field on the map of a kind and a thickness
 * per cell. A cloud let out fills cells around where it starts; at the end
 * of each turn of game time every cell with gas, and every open cell beside
 * one, takes the mean thickness of the open cells around it (itself
 * included), less the share its kind thins by; a cell's kind is the kind
 * of the thickest gas around it. Whoever stands in gas then comes under its
 * kind's status. No draw is made: a cloud drifts the same way in every copy
 * of the game.
 *
 * Gas passes where light and actors both do (not walls, not closed doors).
 *
 * @module
 */
import { DIRECTIONS, type Point } from "../algorithms/mod.ts";
import { isAlive } from "./entity.ts";
import type { GameEvent } from "./events.ts";
import { insertSorted, liveCells } from "./field_cells.ts";
import type { GameMap } from "./game_map.ts";
import type { Rules } from "./rules.ts";
import type { GameState } from "./state.ts";
import { applyStatus } from "./statuses.ts";
import { TRANSPARENT, WALKABLE } from "./tiles.ts";

/** How thick a cloud is where it is let out. */
export const CLOUD_THICKNESS = 100;

function open(map: GameMap, i: number): boolean {
  const t = map.tiles[i];
  return WALKABLE[t] === 1 && TRANSPARENT[t] === 1;
}

/**
 * Lets out `volume` cells of the gas `kind` at `at`: the open cells nearest
 * it (by steps through open cells, in the order the 8 directions are taken)
 * become that gas, as thick as a new cloud, or thicker where gas already
 * was. The seam for whatever lets gas out: an item's `cloud` effect, a
 * thrown potion, a monster. False when the rules have no such gas or `at`
 * is not open.
 */
export function releaseGas(map: GameMap, rules: Rules, kind: string, at: Point, volume: number): boolean {
  const index = rules.gases?.findIndex((g) => g.id === kind) ?? -1;
  const start = at.y * map.width + at.x;
  if (index < 0 || !open(map, start)) return false;
  const gas = map.gas ??= new Uint8Array(map.tiles.length);
  const kinds = map.gasKind ??= new Uint8Array(map.tiles.length);
  const list = liveCells(gas);
  const seen = new Set([start]);
  const queue = [start];
  for (let k = 0; k < queue.length && k < volume; k++) {
    const i = queue[k];
    if (gas[i] === 0) insertSorted(list, i);
    if (gas[i] <= CLOUD_THICKNESS) {
      gas[i] = CLOUD_THICKNESS;
      kinds[i] = index;
    }
    const x = i % map.width, y = (i - x) / map.width;
    for (const { dx, dy } of DIRECTIONS) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= map.width || ny >= map.height) continue;
      const n = ny * map.width + nx;
      if (!seen.has(n) && open(map, n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return true;
}

/** True when (x, y), on the map, has gas in it. */
export function hasGas(map: GameMap, x: number, y: number): boolean {
  return map.gas !== undefined && map.gas[y * map.width + x] > 0;
}

/**
 * The end of a turn for the gas on the player's floor: it spreads and
 * thins, then puts its status on whoever stands in it (or keeps it on them
 * for its full turns). Costs nothing on a floor without gas.
 */
export function tickGas(state: GameState, rules: Rules, events: GameEvent[]): void {
  const { map } = state;
  const gases = rules.gases;
  if (!gases || !map.gas || !map.gasKind) return;
  const gas = map.gas, kinds = map.gasKind;
  const list = liveCells(gas);
  if (list.length === 0) return;
  const { width, height } = map;
  // The cells that may hold gas after the turn: those with some, and the open ones beside them.
  const region = new Set<number>();
  for (const i of list) {
    region.add(i);
    const x = i % width, y = (i - x) / width;
    for (const { dx, dy } of DIRECTIONS) {
      const nx = x + dx, ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < width && ny < height && open(map, ny * width + nx)) {
        region.add(ny * width + nx);
      }
    }
  }
  const cells = [...region].sort((a, b) => a - b);
  const thick = new Uint8Array(cells.length), kind = new Uint8Array(cells.length);
  cells.forEach((i, k) => {
    const x = i % width, y = (i - x) / width;
    let sum = gas[i], count = 1, top = gas[i], topKind = kinds[i];
    for (const { dx, dy } of DIRECTIONS) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const n = ny * width + nx;
      if (!open(map, n)) continue;
      sum += gas[n];
      count++;
      if (gas[n] > top) {
        top = gas[n];
        topKind = kinds[n];
      }
    }
    const def = gases[topKind];
    thick[k] = Math.floor((sum / count) * (1000 - (def?.thins ?? 1000)) / 1000);
    kind[k] = topKind;
  });
  list.length = 0;
  cells.forEach((i, k) => {
    gas[i] = thick[k];
    kinds[i] = thick[k] > 0 ? kind[k] : 0;
    if (thick[k] > 0) list.push(i);
  });
  for (const e of state.entities) {
    if (!isAlive(e) || !e.fighter) continue;
    const i = e.y * width + e.x;
    if (gas[i] === 0) continue;
    const status = rules.statuses?.[gases[kinds[i]]?.status ?? ""];
    if (!status) continue;
    const under = e.statuses?.find((s) => s.id === status.id);
    // Told once as it starts; while the actor stays in the gas it lasts on, untold.
    if (under) under.turns = Math.max(under.turns, status.turns);
    else applyStatus(e, status, events);
  }
}
