import { deepEqual, equal, ok } from "node:assert/strict";
import {
  type Action,
  computeFov,
  displayText,
  type GameState,
  isWalkable,
  newGame,
  playCommand,
  playerOf,
  Rng,
} from "../src/engine/mod.ts";
import { bundledContent, emptyDungeonRules } from "./support/content.ts";

// Movement and view alone: no monster gets in the way.
const rules = await emptyDungeonRules();
const fullRules = (await bundledContent()).rules;
const DIRS: [number, number][] = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]];

Deno.test("a new game starts on floor 1 with the player lit, the welcome line and nothing else seen", () => {
  const state = newGame(rules, 3);
  const p = playerOf(state);
  equal(state.floor, 1);
  equal(state.turn, 0);
  equal(state.map.visible[p.y * state.map.width + p.x], 1);
  deepEqual(state.log.map(displayText), ["Hello and welcome, adventurer, to yet another dungeon!"]);
  equal(state.log[0].color, "welcome_text");
  deepEqual(state.map.explored, state.map.visible);
});

Deno.test("moving in each of the 8 directions moves one cell and takes a turn", () => {
  for (const [dx, dy] of DIRS) {
    for (let seed = 0; seed < 20; seed++) {
      const state = newGame(rules, seed);
      const p = playerOf(state);
      const { x, y } = p;
      if (!isWalkable(state.map, x + dx, y + dy)) continue;
      ok(playCommand(state, rules, { act: { type: "bump", dx, dy } }));
      deepEqual([p.x, p.y, state.turn], [x + dx, y + dy, 1]);
    }
  }
});

Deno.test('walking into a wall says "That way is blocked." in grey, takes no turn, and stacks', () => {
  const state = newGame(rules, 11);
  const p = playerOf(state);
  // Walk north until the wall.
  while (isWalkable(state.map, p.x, p.y - 1)) {
    playCommand(state, rules, { act: { type: "bump", dx: 0, dy: -1 } });
  }
  const turn = state.turn, at = [p.x, p.y];
  for (let k = 0; k < 3; k++) {
    equal(playCommand(state, rules, { act: { type: "bump", dx: 0, dy: -1 } }), undefined);
  }
  equal(state.turn, turn);
  deepEqual([p.x, p.y], at);
  const last = state.log.at(-1)!;
  deepEqual([displayText(last), last.color], ["That way is blocked. (x3)", "impossible"]);
});

Deno.test("waiting takes a turn and keeps the player in place", () => {
  const state = newGame(rules, 4);
  const p = playerOf(state);
  const at = [p.x, p.y];
  ok(playCommand(state, rules, { act: { type: "wait" } }));
  deepEqual([p.x, p.y, state.turn], [...at, 1]);
});

function randomWalk(seed: number, steps: number): { state: GameState; actions: Action[] } {
  const state = newGame(fullRules, seed);
  const rng = Rng.fromSeed(seed + 1);
  const actions: Action[] = [];
  for (let k = 0; k < steps; k++) {
    const [dx, dy] = DIRS[rng.int(0, 7)];
    const action: Action = rng.int(0, 9) === 0 ? { type: "wait" } : { type: "bump", dx, dy };
    actions.push(action);
    playCommand(state, fullRules, { act: action });
  }
  return { state, actions };
}

Deno.test("after every step the view is the FOV from the player and memory only grows", () => {
  const state = newGame(rules, 21);
  const rng = Rng.fromSeed(22);
  let explored = state.map.explored.slice();
  for (let k = 0; k < 400; k++) {
    const [dx, dy] = DIRS[rng.int(0, 7)];
    playCommand(state, rules, { act: { type: "bump", dx, dy } });
    const p = playerOf(state);
    const { map } = state;
    deepEqual(map.visible, computeFov(map.transparent, map.width, map.height, p.x, p.y, rules.sightRadius));
    for (let i = 0; i < explored.length; i++) {
      ok(map.explored[i] >= explored[i] && map.explored[i] >= map.visible[i]);
    }
    ok(isWalkable(map, p.x, p.y));
    explored = map.explored.slice();
  }
});

Deno.test("the same seed and the same inputs give the same game, monsters and all", () => {
  const a = randomWalk(99, 500);
  const b = randomWalk(99, 500);
  deepEqual(a.state, b.state);
  const c = randomWalk(100, 500);
  ok(JSON.stringify(c.state.entities) !== JSON.stringify(a.state.entities));
});
