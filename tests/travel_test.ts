import { deepEqual, equal, ok } from "node:assert/strict";
import { GameSession } from "../src/app/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import { HeadlessTerminal, keyEvent, mouseEvent } from "../src/terminal/mod.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import {
  displayText,
  type GameState,
  isWalkable,
  knownCost,
  newGame,
  planWalk,
  playerOf,
} from "../src/engine/mod.ts";
import { arena } from "./support/arena.ts";
import { bruteDistances } from "./support/brute_paths.ts";
import { emptyDungeonRules } from "./support/content.ts";
import { appOn as appFor, lastShown } from "./support/ui_harness.ts";

const empty = await emptyDungeonRules();

const press = (app: GameSession, key: string, mods = {}) => app.handleInput(keyEvent(key, mods));

function reachable(state: GameState): number[] {
  const { map } = state;
  const p = playerOf(state);
  const seen = new Set([p.y * map.width + p.x]);
  const stack = [...seen];
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % map.width, y = Math.floor(i / map.width);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const j = (y + dy) * map.width + x + dx;
        if (!seen.has(j) && isWalkable(map, x + dx, y + dy)) {
          seen.add(j);
          stack.push(j);
        }
      }
    }
  }
  return [...seen];
}

Deno.test("auto-explore walks until every reachable cell is explored, then says there is nothing left", async () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    const state = newGame(empty, seed);
    const app = appFor(state, empty);
    await press(app, "x");
    equal(state.log.at(-1)!.text, "Nothing left to explore.", `seed ${seed}`);
    const missed = reachable(state).filter((i) => !state.map.explored[i]);
    deepEqual(missed, [], `seed ${seed}: reachable cells never seen`);
    ok(state.turn > 20, "one turn per step");
    const turns = state.turn;
    await press(app, "x");
    deepEqual(
      [displayText(state.log.at(-1)!), state.turn],
      ["Nothing left to explore. (x2)", turns],
      "nothing left: no step taken",
    );
  }
});

Deno.test("travel to the stairs takes a cheapest path over the known map; > there goes down", async () => {
  for (const seed of [6, 7, 8]) {
    const state = newGame(empty, seed);
    state.map.explored.fill(1);
    const app = appFor(state, empty);
    const { map } = state;
    const cost = knownCost(map);
    const best = bruteDistances(cost, map.width, map.height, map.stairs.y * map.width + map.stairs.x);
    const p = playerOf(state);
    let walked = 0, at = { x: p.x, y: p.y };
    const start = best[p.y * map.width + p.x];
    await press(app, ">");
    // Replay the walk from the log of positions: recompute its cost from the turns taken.
    deepEqual([p.x, p.y], [map.stairs.x, map.stairs.y], `seed ${seed}: arrived`);
    // The cost of the walk equals the cheapest: check it step by step with a second walk.
    const again = newGame(empty, seed);
    again.map.explored.fill(1);
    const q = playerOf(again);
    at = { x: q.x, y: q.y };
    for (;;) {
      const { step } = planWalk(again.map, { kind: "travel", from: q, to: again.map.stairs, avoid: [] });
      if (step < 0) break;
      const x = step % map.width, y = Math.floor(step / map.width);
      walked += cost[step] * (x !== at.x && y !== at.y ? 3 : 2);
      Object.assign(q, { x, y });
      at = { x, y };
    }
    equal(walked, start, `seed ${seed}: the path's cost is the cheapest`);
    await press(app, ">");
    equal(state.floor, 2);
  }
});

Deno.test("> with the stairs not yet found says so and takes no turn", async () => {
  const state = newGame(empty, 9);
  const { map } = state;
  map.explored[map.stairs.y * map.width + map.stairs.x] = 0;
  const app = appFor(state, empty);
  await press(app, ">");
  deepEqual([lastShown(app).text, state.turn], ["You have not found the stairs yet.", 0]);
});

Deno.test("running follows a corridor round its corner and stops at the branch", async () => {
  const picture = [
    "###########",
    "#@....#####",
    "#####.#####",
    "#####.....#",
    "#####.#####",
    "#####.#####",
    "###########",
  ].join("\n");
  const state = arena(empty, picture);
  const app = appFor(state, empty);
  await press(app, "Right", { shift: true });
  const p = playerOf(state);
  deepEqual([p.x, p.y], [5, 3], "round the corner, stopped where the corridor branches");
  await press(app, "J");
  deepEqual([p.x, p.y], [5, 5], "shifted vi key: on south to the dead end");
});

Deno.test("running in a room goes straight along a wall and stops at a doorway in it", async () => {
  const picture = [
    "#####.####",
    "#@.......#",
    "#........#",
    "##########",
  ].join("\n");
  const state = arena(empty, picture);
  const app = appFor(state, empty);
  await press(app, "L");
  deepEqual([playerOf(state).x, playerOf(state).y], [5, 1], "stopped beside the opening");
  await press(app, "L");
  deepEqual([playerOf(state).x, playerOf(state).y], [8, 1], "then on to the far wall");
  const row = arena(empty, "##########\n#@.......#\n##########");
  await press(appFor(row, empty), "L");
  equal(playerOf(row).x, 8, "a plain corridor: to its end");
});

Deno.test("a left click on a known cell walks there", async () => {
  const state = newGame(empty, 10);
  const app = appFor(state, empty);
  const p = playerOf(state);
  const target = [...state.map.visible.keys()].find((i) =>
    state.map.visible[i] && isWalkable(state.map, i % 80, Math.floor(i / 80)) && Math.abs(i % 80 - p.x) > 2
  )!;
  const click = mouseEvent("press", "left", target % 80, Math.floor(target / 80));
  await app.handleInput(click);
  deepEqual([p.x, p.y], [target % 80, Math.floor(target / 80)]);
});

Deno.test("the tutorial rule sets' > and < away from the stairs are refused as their seeds do, not walked", async () => {
  for (const ruleset of ["tcod", "rotjs", "roguebasin", "zircon"]) {
    const content = await loadContent(
      new URL(`../data/rulesets/${ruleset}/`, import.meta.url),
      `${ruleset}/`,
    );
    const { rules } = content;
    const state = newGame(rules, 9);
    const { map } = state;
    map.explored.fill(1); // the stairs known: Delve's keys would walk there
    const player = playerOf(state);
    ok(player.x !== map.stairs.x || player.y !== map.stairs.y);
    const app = new GameSession(new HeadlessTerminal(80, 24), content, state, new InProcessRunner(rules), {
      colorDepth: "truecolor",
    });
    // What the rule set says for it (RogueBasin's seed says nothing at all).
    const said = rules.messages.no_stairs.text;
    for (const key of [">", "<"]) {
      const logged = state.log.length;
      await press(app, key);
      deepEqual([state.turn, state.floor, player.x, player.y], [0, 1, playerOf(state).x, playerOf(state).y]);
      if (said) deepEqual([lastShown(app).text, ruleset], [said, ruleset]);
      else equal(state.log.length, logged, `${ruleset}: nothing said`);
    }
    // And the help says so, where Delve's says they walk.
    const help = (key: string) => app.stack[0].bindings.find((b) => b.keys.includes(key))!.help;
    // RogueBasin's `<` is its seed's stairs key down (upKeyDescends).
    const up = ruleset === "roguebasin" ? "down" : "up";
    deepEqual(
      [help(">"), help("<")],
      ["take the stairs down (only standing on them)", `take the stairs ${up} (only standing on them)`],
      ruleset,
    );
  }
  // Delve's own game walks there instead.
  const delve = await loadContent(new URL("../data/", import.meta.url), "data/");
  const state = newGame(delve.rules, 9);
  state.map.explored.fill(1);
  // No monster to stop the walk on the way.
  state.entities = state.entities.filter((e) => !e.ai || e.id === state.playerId);
  const app = new GameSession(new HeadlessTerminal(80, 24), delve, state, new InProcessRunner(delve.rules), {
    colorDepth: "truecolor",
  });
  await press(app, ">");
  const { stairs } = state.map, player = playerOf(state);
  deepEqual([player.x, player.y], [stairs.x, stairs.y], "walked to the stairs");
});
