/**
 * The bounds of every number a data folder sets, and what a game played by
 * any data within them can reach. The schemas check the first; the save's
 * reader checks the second, so a game never writes a save its reader
 * refuses, and no number that passes can break a turn.
 *
 * @module
 */
import { MAX_CAPACITY, MAX_FLOOR, MAX_LEVEL, MAX_MONSTERS_ON_FLOOR } from "../engine/mod.ts";

/**
 * The generator's budget: the most cells, room attempts and things a room
 * may draw. Placing rooms costs attempts × rooms placed, so with these a
 * floor of the largest size is generated and filled in well under a second
 * (`tools/bench/dungeon_budget_bench.ts`, in `deno task bench:micro`, measures it).
 */
export const MAP_BUDGET = {
  /** Cells along each side of a floor. */
  side: 1000,
  /** Room placement attempts per floor. */
  roomAttempts: 1000,
  /** Monsters, and items, one room may draw. */
  perRoom: 100,
  /** Smoothing steps of a cave's automaton (each a pass over every cell). */
  smoothing: 20,
  /** Vaults a floor may try to place (each tries a few dozen places). */
  vaults: 50,
  /** Grass patches a floor grows. */
  grassPatches: 1000,
  /** Steps of one grass patch's walk. */
  grassSize: 1000,
} as const;

/** The bounds of the data's numbers (each schema states its own). */
export const DATA_LIMITS = {
  /** A template's HP. */
  hp: 1_000_000,
  /** A template's or an equippable's power and defense, either way; a level-up raises them by at most this. */
  stat: 1000,
  /** The FOV radius; a level-up raises it by at most this. */
  sight: 1000,
  /** A level-up raises max HP by at most this. */
  raiseMaxHp: 1000,
  /** XP a kill gives, by the template. */
  xp: 1_000_000,
  /** Cells a cloud of gas fills where it is let out. */
  gasVolume: 1000,
  /** What an item heals or hurts. */
  effectAmount: 1_000_000,
  /** How far an item reaches (range, radius). */
  effectReach: 1000,
  /** Turns of confusion. */
  confuseTurns: 10_000,
  /** An actor's speed, and an action's cost, in energy (100: once a turn). */
  speed: 1000,
  /** Turns a status lasts. */
  statusTurns: 10_000,
  /** Statuses a data folder defines. */
  statuses: 64,
  /** Equipment slots a rule set names. */
  slots: 16,
  /** Max HP one worn thing adds. */
  wornMaxHp: 1000,
  /** A wand's charges. */
  charges: 1000,
  /** Monsters in one pack (the generator's per-room budget). */
  pack: 100,
  /** Monsters one summoning calls: the cells within 3 of the reader. */
  summonCount: 48,
  /** Appearances one kind of unknown item has. */
  appearances: 1000,
} as const;

/**
 * What one key may cost: the monsters act after each player action until
 * the player can act again, so a key's work is the monsters on a floor ×
 * the actions each takes a turn × the turns the player's action takes.
 * With these, a crowded floor at every limit answers a key in well under a
 * second (tests/work_limits_test.ts plays one).
 */
export const WORK_LIMITS = {
  /** Monsters a floor may be made with: its rooms (or cave squares) × a room's draw × the largest pack, and vaults'. */
  monstersPerFloor: MAX_MONSTERS_ON_FLOOR,
  /** Actions a monster takes in one turn at its fastest: speed, quickened by any status, over the cheapest action. */
  actionsPerTurn: 10,
  /** Turns the player's dearest action takes at their slowest (the slowest gear in each slot and status on). */
  turnsPerAction: 10,
} as const;

/** The longest texts a data folder names things with, in characters. */
export const NAME_LIMITS = {
  /** A template's name. */
  template: 40,
  /** A status's name (the panel shows it with its turns). */
  status: 20,
  /** A background's name (the score table shows it beside the cause). */
  background: 20,
  /** The corpse's name, before `{name}` is filled in with the dead actor's. */
  corpse: 60,
  /**
   * A thing's name as a game can make it (a corpse's, with its dead actor's
   * filled in): the save's bound. The checks hold the corpse's name to it.
   */
  thing: 200,
} as const;

/** Every thing on a floor, on its own cell, with everything the player carried dropped there too. */
const MAX_THINGS = MAP_BUDGET.side * MAP_BUDGET.side + MAX_CAPACITY;

/** What a game can reach with data within {@link DATA_LIMITS}: the save's bounds. */
export const REACHABLE = {
  maxHp: DATA_LIMITS.hp + MAX_LEVEL * DATA_LIMITS.raiseMaxHp + DATA_LIMITS.slots * DATA_LIMITS.wornMaxHp,
  /** Power and defense, either way, before what is worn. */
  stat: DATA_LIMITS.stat + MAX_LEVEL * DATA_LIMITS.stat,
  sight: DATA_LIMITS.sight + MAX_LEVEL * DATA_LIMITS.sight,
  level: MAX_LEVEL,
  floor: MAX_FLOOR,
  mapSide: MAP_BUDGET.side,
  things: MAX_THINGS,
  capacity: MAX_CAPACITY,
} as const;
