/**
 * Walks as engine behaviours, with no app: each proposes the next move from
 * the game state alone and says why it stops, on hand-drawn arenas, every
 * step played as a whole turn in-process.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  type GameState,
  playCommand,
  playerOf,
  type Rules,
  type Walk,
  walkBehavior,
  type WalkStop,
} from "../src/engine/mod.ts";
import { arenaStill } from "./support/arena.ts";
import { bundledContent } from "./support/content.ts";

const { rules } = await bundledContent();

/** The arena with its monsters standing still; `known`: every cell explored. */
function stillArena(picture: string, things: Record<string, string> = {}, known = false): GameState {
  const state = arenaStill(rules, picture, things);
  if (known) state.map.explored.fill(1);
  return state;
}

/**
 * Plays `walk` to its stop, each proposed move a whole turn; `afterStep`
 * may change the game between steps. The stop, the steps taken, and where
 * the player ended.
 */
function walkToStop(
  state: GameState,
  walk: Walk,
  visited = new Set<number>(),
  afterStep: (steps: number) => void = () => {},
  playRules: Rules = rules,
): { stop: WalkStop; steps: number; at: [number, number] } {
  const behavior = walkBehavior(state, walk, visited);
  for (let steps = 0;; steps++) {
    const next = behavior.next(state);
    if ("stop" in next) {
      const p = playerOf(state);
      return { stop: next.stop, steps, at: [p.x, p.y] };
    }
    equal(next.act.type, "move", "a walk only ever moves");
    ok(playCommand(state, playRules, next), "each step it proposes can be played");
    afterStep(steps + 1);
  }
}

const RIGHT: Walk = { kind: "run", dx: 1, dy: 0 };

Deno.test("explore passes a monster in view from the start and stops for one that comes into view, naming it", () => {
  const state = stillArena(
    `
    ######################
    #@.o......#..........#
    #.........#..........#
    #....................#
    #.........#.....T....#
    ######################`,
    { o: "orc", T: "troll" },
  );
  const { stop, steps } = walkToStop(state, { kind: "explore" });
  deepEqual(stop, { reason: "monster", names: ["Troll"] });
  ok(steps > 5, `it walked (${steps} steps)`);
  equal(state.turn, steps, "a turn a step");
});

Deno.test("a walk stops when the player loses HP on the way (HP lost before it began does not count)", () => {
  const state = stillArena("##############\n#@...........#\n##############");
  playerOf(state).fighter!.hp -= 10;
  const { stop, steps } = walkToStop(state, RIGHT, new Set(), (taken) => {
    if (taken === 3) playerOf(state).fighter!.hp -= 1;
  });
  deepEqual([stop, steps], [{ reason: "hurt" }, 3]);
});

Deno.test("a run follows its corridor round a corner and ends, silently, where it branches", () => {
  const state = stillArena(
    `
    ###########
    #@....#####
    #####.#####
    #####.....#
    #####.#####
    #####.#####
    ###########`,
  );
  deepEqual(walkToStop(state, RIGHT), { stop: { reason: "end" }, steps: 6, at: [5, 3] });
  deepEqual(walkToStop(state, { kind: "run", dx: 0, dy: 1 }).at, [5, 5], "then on south to the dead end");
});

Deno.test("a run in a room ends where the wall beside it opens", () => {
  const state = stillArena("#####.####\n#@.......#\n#........#\n##########");
  deepEqual(walkToStop(state, RIGHT), { stop: { reason: "end" }, steps: 4, at: [5, 1] });
});

Deno.test("a run stops on an item once and on the stairs; the item it stopped on does not stop the next run", () => {
  const state = stillArena("###############\n#@....!.....>.#\n###############", { "!": "health_potion" });
  const visited = new Set<number>();
  deepEqual(walkToStop(state, RIGHT, visited).stop, { reason: "item", names: ["Health Potion"] });
  deepEqual(walkToStop(state, RIGHT, visited), { stop: { reason: "stairs" }, steps: 6, at: [12, 1] });
});

Deno.test("explore walks to the items it has seen, stops on each once, then has nothing left to explore", () => {
  const state = stillArena("####################\n#@.....!......!....#\n####################", {
    "!": "health_potion",
  });
  const visited = new Set<number>();
  const stops = [1, 2, 3].map(() => walkToStop(state, { kind: "explore" }, visited).stop);
  deepEqual(stops, [
    { reason: "item", names: ["Health Potion"] },
    { reason: "item", names: ["Health Potion"] },
    { reason: "explored" },
  ]);
  deepEqual(walkToStop(state, { kind: "explore" }, visited).steps, 0, "and says so again without a step");
});

Deno.test("travel arrives silently at a cell, names the stairs, and goes round a monster in a room", () => {
  const corridor = stillArena("############\n#@........>#\n############", {}, true);
  deepEqual(walkToStop(corridor, { kind: "travel", to: { x: 5, y: 1 } }).stop, { reason: "arrived" });
  deepEqual(walkToStop(corridor, { kind: "travel", to: corridor.map.stairs }).stop, { reason: "stairs" });
  deepEqual(walkToStop(corridor, { kind: "travel", to: corridor.map.stairs }), {
    stop: { reason: "arrived" },
    steps: 0,
    at: [10, 1],
  }, "sent where it stands: already there");
  const room = stillArena("############\n#..........#\n#@...o....>#\n#..........#\n############", {
    o: "orc",
  }, true);
  deepEqual(walkToStop(room, { kind: "travel", to: room.map.stairs }).stop, { reason: "stairs" });
});

Deno.test("a monster in the only known way blocks a walk before any step into it, and is named; no known way is told apart", () => {
  const blocked = { reason: "blocked", name: "Orc" };
  const travel = stillArena("############\n#@...o....>#\n############", { o: "orc" }, true);
  deepEqual(walkToStop(travel, { kind: "travel", to: travel.map.stairs }), {
    stop: blocked,
    steps: 0,
    at: [1, 1],
  });
  const run = stillArena("############\n#@...o....>#\n############", { o: "orc" });
  deepEqual(walkToStop(run, RIGHT), { stop: blocked, steps: 3, at: [4, 1] }, "a run stops before it");
  const explore = stillArena("#################\n#@...o..........#\n#################", { o: "orc" });
  deepEqual(walkToStop(explore, { kind: "explore" }).stop, blocked, "the unexplored lies behind the orc");
  // Two side by side, neither alone in the way: the stop names no one.
  const pair = stillArena("#################\n#@..oo..........#\n#################", { o: "orc" });
  deepEqual(walkToStop(pair, { kind: "explore" }).stop, { reason: "blocked" }, "two orcs, each in the way");
  const unknown = stillArena("############\n#@........>#\n############", {}, true);
  unknown.map.explored[unknown.map.width + 7] = 0;
  deepEqual(walkToStop(unknown, { kind: "travel", to: unknown.map.stairs }), {
    stop: { reason: "no_way" },
    steps: 0,
    at: [1, 1],
  });
});
