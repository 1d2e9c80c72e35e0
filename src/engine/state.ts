/**
 * The whole game as plain data: one value to save, clone or compare. It
 * holds no rules: a new game is made by new_game.ts, a floor by floors.ts.
 *
 * @module
 */
import type { Chronicle } from "./chronicle.ts";
import type { Entity } from "./entity.ts";
import type { GameMap } from "./game_map.ts";
import { shareCells } from "./field_cells.ts";
import type { LogEntry } from "./message_log.ts";

/** A floor the player is not on, as they left it. Its grids are plain (not shared) memory. */
export interface KeptFloor {
  readonly floor: number;
  readonly map: GameMap;
  readonly entities: Entity[];
}

/** Everything that changes during a game. */
export interface GameState {
  readonly seed: number;
  /** The RNG's state; every random draw goes through it, but combat's rolls. */
  rng: number[];
  /**
   * The rolls stream's state: the to-hit and damage rolls, drawn only while
   * an action is carried out, so the worker and the main thread draw alike
   * (docs/rules.md, Combat rolls). Only where the rules roll combat.
   */
  rolls?: number[];
  /** Turns taken by the player. */
  turn: number;
  /**
   * Turns of game time (each actor of speed 100 acts once a turn), kept
   * only while the energy scheduler runs: there the player's turns may be
   * more or fewer (docs/rules.md, Speed and energy).
   */
  ticks?: number;
  /** Dungeon depth, from 1. */
  floor: number;
  map: GameMap;
  entities: Entity[];
  readonly playerId: number;
  /** The id the next entity created receives. */
  nextId: number;
  log: LogEntry[];
  /** What has happened so far, for the morgue and the scores. */
  chronicle: Chronicle;
  /**
   * The floors visited and left, by depth, as they were left: only when the
   * rules keep floors (docs/rules.md, Persistent floors); absent otherwise.
   */
  keptFloors?: KeptFloor[];
  /**
   * The unknown templates the player has learnt
   * (docs/rules.md, Unknown items): absent until the first is learnt, so games of rules without
   * unknown items keep the state they always had.
   */
  known?: string[];
  /**
   * How many of each item kind the run has drawn from the spawn tables, by template id, where the rules
   * lower a kind's weight with each (`repeatWeight`, docs/rules.md, Spawning); absent otherwise.
   */
  drawn?: Record<string, number>;
  /** The id of the background the game started with (docs/rules.md, Backgrounds); absent: none was chosen. */
  background?: string;
}

/** The player entity. */
export function playerOf(state: GameState): Entity {
  const player = state.entities.find((e) => e.id === state.playerId);
  if (!player) throw new Error("the game state has no player");
  return player;
}

/**
 * A deep copy of plain data (objects, arrays, numbers, strings, booleans):
 * several times faster than structuredClone on the thousands of small
 * objects a floor's entities are.
 */
export function copyPlain<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyPlain(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyPlain((value as Record<string, unknown>)[key]);
  return out as T;
}

/**
 * A deep copy of `state`, its grids copied out of shared memory: the game
 * as it is now, whatever later happens to `state`.
 */
export function cloneState(state: GameState): GameState {
  const { map, log, keptFloors, ...rest } = state;
  const copy: GameState = {
    ...copyPlain(rest),
    // Log lines are never changed but for the last one's count: a copy of each line will do.
    log: log.map((line) => ({ ...line })),
    map: copyMap(map),
  };
  if (keptFloors) {
    copy.keptFloors = keptFloors.map((k) => ({
      floor: k.floor,
      map: copyMap(k.map),
      entities: copyPlain(k.entities),
    }));
  }
  return copy;
}

/**
 * A copy of `state` to play a branch of the game on (the AI worker plays
 * the player's likely next commands so): the floor the player is on, the
 * RNG and the chronicle copied deep, the kept floors shared. A kept floor is
 * a value no command changes in place (floors.ts copies the one the player
 * goes back to), so sharing them costs nothing and is safe; the list of
 * them is copied, since going up or down changes it. The log starts empty.
 */
export function forkState(state: GameState): GameState {
  const { map, log: _log, keptFloors, entities, ...rest } = state;
  const copy: GameState = {
    ...copyPlain(rest),
    log: [],
    map: copyMap(map),
    entities: entities.map(forkEntity),
  };
  if (keptFloors) copy.keptFloors = [...keptFloors];
  return copy;
}

/**
 * A copy of `e` for a branch of the game: every part play changes in place
 * copied, the parts it only ever replaces whole (the mind, and what never
 * changes: an item's effect, what wearing it adds) shared. Several times
 * faster than a deep copy on a floor's things; a test plays branches and
 * checks the game they were copied from is unchanged.
 */
function forkEntity(e: Entity): Entity {
  const copy = { ...e };
  if (e.fighter) copy.fighter = { ...e.fighter };
  if (e.statuses) copy.statuses = e.statuses.map((s) => ({ ...s }));
  if (e.level) copy.level = { ...e.level };
  if (e.item) copy.item = { ...e.item };
  if (e.equipment) copy.equipment = { ...e.equipment };
  if (e.inventory) {
    copy.inventory = { capacity: e.inventory.capacity, items: e.inventory.items.map(forkEntity) };
  }
  return copy;
}

/** A copy of `map`, its grids copied out of shared memory. */
export function copyMap(map: GameMap): GameMap {
  const copy: GameMap = {
    width: map.width,
    height: map.height,
    tiles: map.tiles.slice(),
    transparent: map.transparent.slice(),
    visible: map.visible.slice(),
    explored: map.explored.slice(),
    stairs: { ...map.stairs },
  };
  if (map.upStairs) copy.upStairs = { ...map.upStairs };
  if (map.fire) {
    copy.fire = map.fire.slice();
    shareCells(map.fire, copy.fire);
  }
  if (map.gas && map.gasKind) {
    copy.gas = map.gas.slice();
    copy.gasKind = map.gasKind.slice();
    shareCells(map.gas, copy.gas);
  }
  return copy;
}
