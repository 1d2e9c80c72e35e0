/**
 * The loops the balance bot once walked for the rest of a game, each played
 * on a hand-made floor with Delve's own data (data/): a stack whose top is
 * worth taking over a ring not worth it, a keep-away archer round a pillar,
 * and a fungus in the only corridor to the unexplored rest of the floor.
 * In each the bot must get out (take the stairs, or clear the way) within a
 * bounded number of turns; and a game played twice from one seed is the
 * same game.
 */
import { deepEqual, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  Bot,
  type Command,
  equip,
  type GameState,
  instantiate,
  isAlive,
  isGameOver,
  newGame,
  playCommand,
  playerOf,
  setTile,
  stateChecksum,
  Tile,
  updateVisibility,
} from "../src/engine/mod.ts";
import { arena } from "./support/arena.ts";

const { rules } = await loadContent(new URL("../data/", import.meta.url), "data/");

/** How many turns the bot has to get out of a loop. */
const BOUND = 600;

/** Plays the bot until `out` holds of its next command or the state, or BOUND turns pass: whether it got out. */
function playsOut(state: GameState, out: (command: Command) => boolean): boolean {
  const bot = new Bot();
  for (let n = 0; n < BOUND * 2 && state.turn < BOUND && !isGameOver(state); n++) {
    const command = bot.decide(state, rules);
    if (out(command)) return true;
    playCommand(state, rules, command);
  }
  return false;
}

/** A player who cannot die here (the loops, not the danger, are under test), with combat's rolls. */
function tough(state: GameState): GameState {
  state.rolls = [3, 5, 7, 11];
  const player = playerOf(state);
  player.fighter = { ...player.fighter!, hp: 100000, maxHp: 100000 };
  return state;
}

const descends = (command: Command) => "act" in command && command.act.type === "descend";

Deno.test("a dart on top of a ring the bot will not take: it takes the dart, gives the ring's cell up and goes down", () => {
  const state = tough(arena(
    rules,
    `
    #########
    #@.....>#
    #########`,
  ));
  const player = playerOf(state);
  const worn = instantiate(rules.templates.protection_ring, state.nextId++, 0, 0);
  player.inventory!.items.push(worn);
  equip(player, worn, [], true);
  // The same kind of ring lies on the floor, not worth a place, and a dart thrown onto it lies on top.
  state.entities.push(instantiate(rules.templates.protection_ring, state.nextId++, 4, 1));
  state.entities.push(instantiate(rules.templates.dart, state.nextId++, 4, 1));
  state.map.explored.fill(1);
  ok(playsOut(state, descends), "it went down the stairs");
  ok(player.inventory!.items.some((i) => i.template === "dart"), "with the dart");
});

Deno.test("an archer that steps back round a pillar: the bot kills it or goes down, not round and round", () => {
  const state = tough(arena(
    rules,
    `
    #########
    #.......#
    #.#####.#
    #.#####.#
    #.a...@.#
    #########`,
    { a: "goblin_archer" },
  ));
  state.map.explored.fill(1);
  setTile(state.map, 7, 1, Tile.DownStairs);
  state.map.stairs = { x: 7, y: 1 };
  const archer = state.entities.find((e) => e.template === "goblin_archer")!;
  ok(playsOut(state, (c) => descends(c) || !isAlive(archer)), "it got out of the archer's game");
});

Deno.test("a fungus in the only corridor to the unexplored rest of the floor: the bot fights through it", () => {
  const state = tough(arena(
    rules,
    `
    ##############
    #@...F......>#
    ##############`,
    { F: "shrieker" },
  ));
  // Only the cells up to the fungus are known: the stairs lie beyond it.
  const { map } = state;
  for (let y = 0; y < map.height; y++) for (let x = 0; x <= 5; x++) map.explored[y * map.width + x] = 1;
  updateVisibility(map, playerOf(state), 2);
  const fungus = state.entities.find((e) => e.template === "shrieker")!;
  ok(playsOut(state, (c) => descends(c) || !isAlive(fungus)), "the way was cleared");
});

Deno.test("the same seed plays the same bot game twice", () => {
  const play = () => {
    const state = newGame(rules, 7), bot = new Bot();
    for (let n = 0; n < 3000 && !isGameOver(state); n++) playCommand(state, rules, bot.decide(state, rules));
    return [state.turn, state.floor, stateChecksum(state)];
  };
  deepEqual(play(), play());
});
