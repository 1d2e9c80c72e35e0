/**
 * The whole game as plain data: one value to save, clone or compare.
 *
 * @module
 */
import { generateDungeon } from "./dungeon.ts";
import type { Entity } from "./entity.ts";
import { type GameMap, updateVisibility } from "./game_map.ts";
import type { LogEntry } from "./message_log.ts";
import { tell } from "./narration.ts";
import { Rng } from "./rng.ts";
import type { Rules } from "./rules.ts";
import { populateRooms } from "./spawning.ts";
import { instantiate } from "./templates.ts";

/** Everything that changes during a game. */
export interface GameState {
  readonly seed: number;
  /** The RNG's state; every random draw goes through it. */
  rng: number[];
  /** Turns taken by the player. */
  turn: number;
  /** Dungeon depth, from 1. */
  floor: number;
  map: GameMap;
  entities: Entity[];
  readonly playerId: number;
  /** The id the next entity created receives. */
  nextId: number;
  log: LogEntry[];
}

/** The player entity. */
export function playerOf(state: GameState): Entity {
  const player = state.entities.find((e) => e.id === state.playerId);
  if (!player) throw new Error("the game state has no player");
  return player;
}

/**
 * A new game: floor 1 generated from `seed`, the player in the first room's
 * centre, monsters and items in every room.
 */
export function newGame(rules: Rules, seed: number): GameState {
  const rng = Rng.fromSeed(seed);
  const { map, rooms, start } = generateDungeon(rules.dungeon, rng);
  const player = instantiate(rules.templates[rules.playerTemplate], 0, start.x, start.y);
  const state: GameState = {
    seed,
    rng: [],
    turn: 0,
    floor: 1,
    map,
    entities: [player],
    playerId: player.id,
    nextId: 1,
    log: [],
  };
  populateRooms(state, rooms, state.floor, rules.spawn, rules.templates, rng);
  state.rng = rng.state();
  updateVisibility(map, start, rules.sightRadius);
  tell(state.log, rules, "welcome");
  return state;
}
