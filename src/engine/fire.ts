/**
 * Fire (docs/rules.md, Fire): a field on the map, one byte per cell, the
 * turns a cell has left to burn (0: none). Only flammable terrain catches;
 * it turns to burnt floor as it does, so a cell burns once. At the end of
 * each turn of game time an actor standing in fire is burnt, the fire
 * spreads to flammable neighbours by a chance, and every burning cell
 * burns down a turn.
 *
 * The rolls that spread it are drawn from a hash of the game's seed, the
 * clock and the cell, not from the game's RNG: the end of a turn comes
 * inside the monsters' phase, which draws from its own copy of that RNG,
 * and is replayed on the main thread where the worker played it.
 *
 * The burning cells are also kept as a list beside the grid (not saved: it
 * is found again from the grid by one pass), so a turn with no fire costs
 * one look at the map, and a turn with some costs its burning cells.
 *
 * @module
 */
import { DIRECTIONS } from "../algorithms/mod.ts";
import { takeDamage } from "./combat.ts";
import { type Entity, isAlive } from "./entity.ts";
import type { GameEvent } from "./events.ts";
import { type GameMap, setTile } from "./game_map.ts";
import type { Rules } from "./rules.ts";
import { burningCells, insertSorted } from "./field_cells.ts";
import type { GameState } from "./state.ts";
import { FLAMMABLE, Tile } from "./tiles.ts";

/** The burning cells the player sees: what a walk goes round and stops before. */
export function fireInView(map: GameMap): number[] {
  return burningCells(map).filter((i) => map.visible[i] === 1);
}

/** True when (x, y), on the map, is on fire. */
export function isBurning(map: GameMap, x: number, y: number): boolean {
  return map.fire !== undefined && map.fire[y * map.width + x] > 0;
}

/** True when `e` takes no harm from fire and walks into it freely (its template's `fireImmune`). */
export function isFireImmune(e: Entity, rules: Rules): boolean {
  return rules.templates[e.template]?.fireImmune === true;
}

/**
 * Sets cell `i` alight if the rules have fire and its terrain burns: the
 * terrain becomes burnt floor and the cell burns for the rules' turns.
 * True when it caught.
 */
export function ignite(map: GameMap, rules: Rules, i: number): boolean {
  if (!rules.fire || FLAMMABLE[map.tiles[i]] !== 1) return false;
  const fire = map.fire ??= new Uint8Array(map.tiles.length);
  const list = burningCells(map) as number[];
  setTile(map, i % map.width, Math.floor(i / map.width), Tile.BurntFloor);
  if (fire[i] === 0) insertSorted(list, i);
  fire[i] = Math.min(255, rules.fire.turns);
  return true;
}

/** Murmur3's finaliser. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A roll from 0 to 999 for cells `from` and `cell` on this turn of the
 * game, drawn from a hash of the seed, the clock and the floor, not from
 * the RNG (see the module's comment): fire's spread, deep water's pull.
 */
export function fieldRoll(state: GameState, from: number, cell: number): number {
  const clock = state.ticks ?? state.turn;
  let h = mix(state.seed ^ 0x5bd1e995);
  h = mix(h ^ clock);
  h = mix(h ^ state.floor);
  h = mix(h ^ from);
  h = mix(h ^ cell);
  return h % 1000;
}

/**
 * The end of a turn for the fire on the player's floor: actors in it are
 * burnt (but the immune), it spreads, and it burns down a turn. Costs
 * nothing on a floor without fire.
 */
export function tickFire(state: GameState, rules: Rules, events: GameEvent[]): void {
  const { map } = state;
  const fire = rules.fire;
  if (!fire || !map.fire) return;
  const burning = burningCells(map);
  if (burning.length === 0) return;
  const grid = map.fire;
  for (const e of state.entities) {
    if (!isAlive(e) || !e.fighter || grid[e.y * map.width + e.x] === 0 || isFireImmune(e, rules)) continue;
    events.push({ type: "burned", entityId: e.id, name: e.name, damage: fire.damage });
    takeDamage(e, fire.damage, rules, events);
  }
  const { width, height } = map;
  const was = [...burning];
  for (const i of was) {
    const x = i % width, y = (i - x) / width;
    for (const { dx, dy } of DIRECTIONS) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const n = ny * width + nx;
      if (FLAMMABLE[map.tiles[n]] === 1 && fieldRoll(state, i, n) < fire.spread) ignite(map, rules, n);
    }
  }
  const list = burningCells(map) as number[];
  for (const i of was) grid[i]--;
  let kept = 0;
  for (const i of list) if (grid[i] > 0) list[kept++] = i;
  list.length = kept;
}
