/**
 * The whole game as plain data: one value to save, clone or compare.
 *
 * @module
 */
import { type Chronicle, emptyChronicle } from "./chronicle.ts";
import { rollsCombat } from "./combat.ts";
import type { Entity } from "./entity.ts";
import { equip, wornBonus } from "./equipment.ts";
import { changeFloor, keepsFloors, type KeptFloor } from "./floors.ts";
import { fillFloor, layFloor } from "./floor_fill.ts";
import { carry } from "./stacks.ts";
import type { GameEvent } from "./events.ts";
import { placeFollowers, takeFollowers } from "./stair_followers.ts";
import { createMap, type GameMap, updateVisibility } from "./game_map.ts";
import type { LogEntry } from "./message_log.ts";
import { tell } from "./narration.ts";
import { Rng } from "./rng.ts";
import type { Rules } from "./rules.ts";
import { instantiate } from "./templates.ts";

/** The rolls stream's seed: the game's, mixed so that the stream is not the main one's. */
function rollsSeed(seed: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) ^ 0x68e31da4) >>> 0;
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
}

/** The player entity. */
export function playerOf(state: GameState): Entity {
  const player = state.entities.find((e) => e.id === state.playerId);
  if (!player) throw new Error("the game state has no player");
  return player;
}

/**
 * How far `e` sees: its own sight if it has one, else the rules' radius,
 * plus what it wears adds (an unlimited sight, 0, stays unlimited).
 */
export function sightOf(e: Entity, rules: Rules): number {
  const own = e.sight ?? rules.sightRadius;
  return own === 0 ? 0 : own + wornBonus(e, "sight");
}

/**
 * A deep copy of plain data (objects, arrays, numbers, strings, booleans):
 * several times faster than structuredClone on the thousands of small
 * objects a floor's entities are.
 */
function copyPlain<T>(value: T): T {
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
  return copy;
}

/**
 * Makes floor `floor`: a new map from the state's RNG, the player at the
 * first room's centre (with everything they carry), monsters and items
 * from that depth's spawn tables, and a fresh view. When the rules keep
 * floors, the floor left is kept and `floor` found again or made from its
 * own seed instead (floors.ts); true when it was made new. Where the rules
 * say so, the monsters beside the player follow (stair_followers.ts), told
 * in `events`.
 */
export function enterFloor(state: GameState, rules: Rules, floor: number, events: GameEvent[] = []): boolean {
  const left = state.floor;
  const followers = takeFollowers(state, rules);
  const fresh = keepsFloors(rules) ? changeFloor(state, rules, floor) : freshFloor(state, rules, floor);
  const kept = state.keptFloors?.find((k) => k.floor === left)?.entities ?? [];
  placeFollowers(state, followers, kept, events);
  return fresh;
}

/** Makes floor `floor` anew from the state's RNG (the rules that keep no floors). */
function freshFloor(state: GameState, rules: Rules, floor: number): boolean {
  const rng = Rng.fromState(state.rng);
  const player = playerOf(state);
  const laid = layFloor(rules, floor, rng);
  player.x = laid.start.x;
  player.y = laid.start.y;
  state.floor = floor;
  state.map = laid.map;
  state.entities = [player];
  fillFloor(state, rules, laid, floor, rng);
  state.rng = rng.state();
  updateVisibility(state.map, player, sightOf(player, rules));
  return true;
}

/**
 * A new game: the player with their starting gear worn without a word
 * (docs/rules.md, Entities), on floor 1 made from `seed`, and the welcome message.
 */
export function newGame(rules: Rules, seed: number): GameState {
  const template = rules.templates[rules.playerTemplate];
  const player = instantiate(template, 0, 0, 0);
  player.level = { current: 1, xp: 0 };
  player.sight = rules.sightRadius;
  const state: GameState = {
    seed,
    rng: Rng.fromSeed(seed).state(),
    turn: 0,
    floor: 0,
    map: createMap(1, 1),
    entities: [player],
    playerId: player.id,
    nextId: 1,
    log: [],
    chronicle: emptyChronicle(),
  };
  if (rollsCombat(rules)) state.rolls = Rng.fromSeed(rollsSeed(seed)).state();
  for (const id of template.startingEquipment ?? []) {
    const item = instantiate(rules.templates[id], state.nextId++, 0, 0);
    if (player.inventory) carry(player.inventory, item, rules);
    equip(player, item, [], true);
  }
  enterFloor(state, rules, 1);
  tell(state.log, rules, "welcome");
  return state;
}
