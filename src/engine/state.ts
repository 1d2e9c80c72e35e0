/**
 * The whole game as plain data: one value to save, clone or compare.
 *
 * @module
 */
import { generateDungeon } from "./dungeon.ts";
import type { Entity } from "./entity.ts";
import { type GameMap, updateVisibility } from "./game_map.ts";
import { type LogEntry, logMessage } from "./message_log.ts";
import { Rng } from "./rng.ts";
import type { Rules } from "./rules.ts";

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

/** A new game: floor 1 generated from `seed`, the player in the first room. */
export function newGame(rules: Rules, seed: number): GameState {
  const rng = Rng.fromSeed(seed);
  const { map, start } = generateDungeon(rules.dungeon, rng);
  const player: Entity = {
    id: 0,
    name: rules.player.name,
    glyph: rules.player.glyph,
    color: rules.player.color,
    x: start.x,
    y: start.y,
    blocksMovement: true,
    layer: "actor",
  };
  const state: GameState = {
    seed,
    rng: rng.state(),
    turn: 0,
    floor: 1,
    map,
    entities: [player],
    playerId: player.id,
    nextId: 1,
    log: [],
  };
  updateVisibility(map, start, rules.sightRadius);
  logMessage(state.log, rules, "welcome");
  return state;
}
