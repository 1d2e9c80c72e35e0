/**
 * Why explore, travel and run stop, and what they say: the stopping rules
 * on their own (a pure function of the state and of what the player had
 * seen when the walk began) and through the app, on hand-drawn arenas.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import type { GameSession } from "../src/app/mod.ts";
import type { MonsterRunner } from "../src/worker/mod.ts";
import {
  displayText,
  type GameState,
  type LogEntry,
  type MessageId,
  newGame,
  playerOf,
  type Rules,
  startWalk,
  stopAfterStep,
  stopBeforeStep,
  tellStop,
  updateVisibility,
  type WalkStop,
} from "../src/engine/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import { type HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import { arena, arenaStill } from "./support/arena.ts";
import { HookedRunner } from "./support/hooked_runner.ts";
import { bundledContent, delveContent, emptyDungeonRules } from "./support/content.ts";
import { appOn, sessionOn } from "./support/ui_harness.ts";

const { rules } = await bundledContent();
const empty = await emptyDungeonRules();

const press = (app: GameSession, key: string, mods = {}) => app.handleInput(keyEvent(key, mods));
const texts = (state: GameState) => state.log.map((e) => e.text);
const lastText = (state: GameState) => state.log.at(-1)?.text;

const stillArena = (picture: string, things: Record<string, string>) => arenaStill(rules, picture, things);

Deno.test("the stopping rules: a monster in view at the start does not stop a walk, one that comes into view does", () => {
  const state = stillArena(
    `
    ####################
    #@.o.......#.......#
    #..................#
    #..........#...T...#
    ####################`,
    { o: "orc", T: "troll" },
  );
  const start = startWalk(state, { kind: "explore" });
  const player = playerOf(state);
  Object.assign(player, { x: 5, y: 1 });
  updateVisibility(state.map, player, rules.sightRadius);
  equal(stopAfterStep(state, start, new Set()), undefined, "the orc was in view from the start");
  Object.assign(player, { x: 12, y: 2 });
  updateVisibility(state.map, player, rules.sightRadius);
  deepEqual(stopAfterStep(state, start, new Set()), { reason: "monster", names: ["Troll"] });
  deepEqual(
    stopBeforeStep(state, { x: 3, y: 1 }),
    { reason: "blocked", name: "Orc" },
    "the orc stands there",
  );
  equal(stopBeforeStep(state, { x: 4, y: 1 }), undefined);
});

Deno.test("a new monster stops explore, travel and run alike, each saying what it saw", async () => {
  const picture = `
    ##############
    #@..........>#
    #######.######
    #######T######
    ##############`;
  for (const [key, mods] of [["x", {}], [">", {}], ["Right", { shift: true }]] as const) {
    const state = stillArena(picture, { T: "troll" });
    // The corridor known, for travel; explore still has the niche to see.
    state.map.explored.fill(1, state.map.width, 2 * state.map.width);
    const app = appOn(state, rules);
    await press(app, key, mods);
    equal(lastText(state), "You see a Troll.", key);
    ok(playerOf(state).x > 1 && playerOf(state).x < 12, `${key}: stopped on the way`);
  }
});

Deno.test("explore stops once on an item it walks onto, and an item seen and left never stops it again", async () => {
  const state = stillArena(
    "##########################################\n" +
      "#@..............!........................#\n" +
      "##########################################",
    { "!": "health_potion" },
  );
  const app = appOn(state, rules);
  const potion = state.entities.find((e) => e.template === "health_potion")!;
  await press(app, "x");
  deepEqual([playerOf(state).x, lastText(state)], [potion.x, "There is a Health Potion here."]);
  // Leave it lying, out of sight, and explore again: past it, to the far end, in one go.
  for (let k = 0; k < 10; k++) await press(app, "h");
  equal(state.map.visible[potion.y * state.map.width + potion.x], 0, "the potion is out of sight");
  await press(app, "x");
  equal(lastText(state), "Nothing left to explore.");
  equal(texts(state).filter((t) => t.includes("Health Potion")).length, 1, "told of the potion once");
});

Deno.test("> away from known stairs walks all the way in one command, over items, and says it arrived", async () => {
  const corridor = stillArena(
    "###############################\n" +
      "#@....!....!.....!...........>#\n" +
      "###############################",
    { "!": "health_potion" },
  );
  corridor.map.explored.fill(1);
  await press(appOn(corridor, rules), ">");
  deepEqual([playerOf(corridor).x, lastText(corridor)], [corridor.map.stairs.x, "You reach the stairs."]);
  // A generated floor strewn with items, with the stairs known: one press.
  const strewn: Rules = { ...rules, spawn: { ...rules.spawn, maxMonstersPerRoom: [] } };
  for (const seed of [21, 22, 23]) {
    const state = newGame(strewn, seed);
    state.map.explored.fill(1);
    const app = appOn(state, strewn);
    await press(app, ">");
    const p = playerOf(state);
    deepEqual([p.x, p.y, lastText(state)], [state.map.stairs.x, state.map.stairs.y, "You reach the stairs."]);
  }
});

/** A runner that does what the real one does, and something more on turn `at` (before the monsters act). */
function withHook(rules: Rules, at: number, hook: (state: GameState) => void): MonsterRunner {
  return new HookedRunner(rules, (state, turn) => {
    if (turn === at) hook(state);
  });
}

Deno.test("a walk stops when HP drops (You are hurt.) and when a key is pressed (Interrupted., the key used up)", async () => {
  const hurt = newGame(empty, 4);
  const app = appOn(hurt, empty, withHook(empty, 3, (s) => playerOf(s).fighter!.hp -= 5));
  await press(app, "x");
  deepEqual([hurt.turn, lastText(hurt)], [3, "You are hurt."]);
  const keyed = newGame(empty, 4);
  const holder: { app?: GameSession } = {};
  const app2 = holder.app = appOn(
    keyed,
    empty,
    withHook(empty, 4, () => (holder.app!.terminal as HeadlessTerminal).input(keyEvent("j"))),
  );
  await press(app2, "x");
  deepEqual([keyed.turn, lastText(keyed)], [4, "Interrupted."]);
  equal(app2.terminal.hasPendingInput(), false, "the interrupting key is not also played");
});

Deno.test("a monster in a corridor blocks a walk (The way is blocked.), in a room the walk goes round it; no known way is told", async () => {
  const corridor = stillArena("############\n#@...o....>#\n############", { o: "orc" });
  corridor.map.explored.fill(1);
  await press(appOn(corridor, rules), ">");
  deepEqual([lastText(corridor), corridor.turn], ["The way is blocked.", 0]);
  const explore = stillArena("#################\n#@...o..........#\n#################", { o: "orc" });
  await press(appOn(explore, rules), "x");
  equal(lastText(explore), "The way is blocked.", "nothing left to explore but behind the orc");
  const run = stillArena("############\n#@...o....>#\n############", { o: "orc" });
  await press(appOn(run, rules), "L");
  deepEqual([playerOf(run).x, lastText(run)], [4, "The way is blocked."], "a run stops before it");
  const unknown = stillArena("############\n#@........>#\n############", {});
  unknown.map.explored[unknown.map.stairs.y * unknown.map.width + unknown.map.stairs.x] = 1;
  unknown.map.explored[unknown.map.width + 7] = 0;
  await press(appOn(unknown, rules), ">");
  deepEqual([lastText(unknown), unknown.turn], ["You know no way there.", 0], "no known way, no monster");
  const room = stillArena("############\n#..........#\n#@...o....>#\n#..........#\n############", {
    o: "orc",
  });
  room.map.explored.fill(1);
  await press(appOn(room, rules), ">");
  equal(lastText(room), "You reach the stairs.");
});

Deno.test("a run stops on the stairs and on an item, naming each; run again from the item and it goes on", async () => {
  const state = stillArena("###############\n#@....!.....>.#\n###############", { "!": "health_potion" });
  const app = appOn(state, rules);
  await press(app, "L");
  deepEqual([playerOf(state).x, lastText(state)], [6, "There is a Health Potion here."]);
  await press(app, "L");
  deepEqual([playerOf(state).x, lastText(state)], [12, "You reach the stairs."]);
});

Deno.test("what a walk says on stopping is the rules' text: a mod's messages are the ones shown", async () => {
  const ids: MessageId[] = ["walk_monster", "walk_stairs", "explored"];
  const modded: Rules = {
    ...rules,
    messages: {
      ...rules.messages,
      ...Object.fromEntries(ids.map((id) => [id, { text: `[${id}] {Name}`, color: "white" }])),
    },
  };
  const state = arena(modded, "##########\n#@......>#\n#######.##\n#######o##\n##########", { o: "orc" });
  state.entities.forEach((e) => (e.ai = undefined));
  state.map.explored.fill(1);
  await press(appOn(state, modded), ">");
  equal(lastText(state), "[walk_monster] Orc");
  const stairs = arena(modded, "#######\n#@...>#\n#######");
  stairs.map.explored.fill(1);
  const app = appOn(stairs, modded);
  await press(app, ">");
  equal(lastText(stairs), "[walk_stairs] {Name}");
  await press(app, "x");
  equal(lastText(stairs), "[explored] {Name}");
});

Deno.test("a monster in the way is named where the rules word it (Delve's game), and the way is blocked where they do not", async () => {
  const delve = (await loadContent(new URL("../data/", import.meta.url), "data/")).rules;
  const said = (r: Rules, stop: WalkStop) => {
    const log: LogEntry[] = [];
    tellStop(log, r, stop);
    return log.map(displayText);
  };
  deepEqual(said(delve, { reason: "blocked", name: "Orc" }), ["An Orc is in the way."]);
  deepEqual(said(delve, { reason: "blocked" }), ["The way is blocked."]);
  deepEqual(said(rules, { reason: "blocked", name: "Orc" }), ["The way is blocked."]);
});

Deno.test("with narration.itemsUnderfoot a step by hand onto items says what lies there, as explore's stop does", async () => {
  const delve = await delveContent();
  const picture = "##############\n#@.)..!......#\n##############";
  const state = arenaStill(delve.rules, picture, { ")": "dart", "!": "health_potion" });
  const app = sessionOn(delve, state);
  await press(app, "l");
  equal(lastText(state), undefined, "a step onto bare floor says nothing");
  await press(app, "l");
  equal(lastText(state), "There is a Dart here.");
  await press(app, "l");
  equal(lastText(state), "There is a Dart here.", "nor does the next one");
  // Explore says it once: the step onto the potion, not its stop again.
  const walked = arenaStill(delve.rules, "##############\n#@....!......#\n##############", {
    "!": "health_potion",
  });
  const explorer = sessionOn(delve, walked);
  await press(explorer, "x");
  const potion = walked.entities.find((e) => e.template === "health_potion")!;
  equal(playerOf(walked).x, potion.x);
  // Counted: a line said twice running is one entry of the log, its count 2.
  const told = walked.log.filter((e) => /^There is an? .* here\.$/.test(e.text));
  equal(told.reduce((n, e) => n + e.count, 0), 1, texts(walked).join("\n"));
});

Deno.test("without narration.itemsUnderfoot (the tutorials) a step by hand onto an item says nothing", async () => {
  const state = stillArena("######\n#@)..#\n######", { ")": "dagger" });
  const before = texts(state).length;
  const app = appOn(state, rules);
  await press(app, "l");
  equal(texts(state).length, before);
});
