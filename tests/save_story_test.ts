/**
 * A save holds a game in progress that agrees with itself: its clocks
 * within the bounds the engine keeps to, its story (death, escape, the
 * goal) matching the game, and the game not over. Each hostile save is
 * refused in one line naming where, what was expected and what was found.
 */
import { equal, ok } from "node:assert/strict";
import { dataStamp, decodeSave, encodeSave, gzip, SaveError } from "../src/store/mod.ts";
import {
  Bot,
  isGameOver,
  MAX_STEPS_A_PHASE,
  MAX_TICKS,
  MAX_TURNS,
  newGame,
  playCommand,
  playerOf,
} from "../src/engine/mod.ts";
import { delveContent } from "./support/content.ts";
import { titleSession } from "./support/title_session.ts";

// Delve's own game: a clock of game time (energy), kept floors, a bottom and a goal.
const content = await delveContent();
const { rules } = content;

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** A save's JSON of a game of seed 12 taken down to `floor` by its stairs (the player standing on each). */
function saveOnFloor(floor: number): Json {
  const state = newGame(rules, 12);
  playCommand(state, rules, { act: { type: "wait" } });
  while (state.floor < floor) {
    const p = playerOf(state), at = state.map.stairs;
    state.entities = state.entities.filter((e) => e === p || e.x !== at.x || e.y !== at.y);
    Object.assign(p, at);
    playCommand(state, rules, { act: { type: "descend" } });
  }
  return JSON.parse(encodeSave(state, dataStamp(content), "test", new Date(0)));
}

const goodSave = () => saveOnFloor(1);
const player = (state: Json) => state.entities.find((e: Json) => e.id === state.playerId);

/** Why the save `json` is refused ("taken" if it is not), in one line. */
function refusalOf(json: Json): string {
  try {
    decodeSave(json, rules);
    return "taken";
  } catch (e) {
    ok(e instanceof SaveError, `not a SaveError but ${e}`);
    ok(!(e as Error).message.includes("\n"), (e as Error).message);
    return (e as Error).message;
  }
}

/** Why the good save with `edit` made to its state is refused ("taken" if it is not). */
function refusal(edit: (state: Json) => void): string {
  const json = goodSave();
  edit(json.state);
  return refusalOf(json);
}

Deno.test("a turn or clock counter past the engine's bound is refused at load, naming the bound", () => {
  ok(goodSave().state.ticks !== undefined, "these rules keep a clock of game time");
  equal(
    refusal((s) => (s.turn = Number.MAX_SAFE_INTEGER)),
    `the save is damaged at $.state.turn: expected at most ${MAX_TURNS}, found ${Number.MAX_SAFE_INTEGER}`,
  );
  equal(
    refusal((s) => (s.ticks = Number.MAX_SAFE_INTEGER - 1)),
    `the save is damaged at $.state.ticks: expected at most ${MAX_TICKS}, found ${
      Number.MAX_SAFE_INTEGER - 1
    }`,
  );
  ok(MAX_TICKS + MAX_STEPS_A_PHASE < Number.MAX_SAFE_INTEGER, "a phase more is still a safe integer");
});

Deno.test("a game loaded at its clocks' bounds takes no turn past them, and is saved again as ever", () => {
  for (const edit of [(s: Json) => (s.turn = MAX_TURNS - 1), (s: Json) => (s.ticks = MAX_TICKS - 1)]) {
    const json = goodSave();
    edit(json.state);
    const state = decodeSave(json, rules);
    for (let k = 0; k < 3; k++) playCommand(state, rules, { act: { type: "wait" } });
    ok(
      state.turn <= MAX_TURNS && (state.ticks ?? 0) <= MAX_TICKS,
      `turn ${state.turn}, ticks ${state.ticks}`,
    );
    const again = decodeSave(JSON.parse(encodeSave(state, dataStamp(content), "test", new Date(0))), rules);
    equal(again.turn, state.turn);
  }
  // Within the bounds, turns go on as ever.
  const state = decodeSave(goodSave(), rules);
  const turn = state.turn;
  playCommand(state, rules, { act: { type: "wait" } });
  equal(state.turn, turn + 1);
});

Deno.test("a save marked escaped with the goal, the player alive on floor 4 without it, is refused in one line", () => {
  const json = saveOnFloor(4);
  equal(refusalOf(json), "taken");
  json.state.chronicle.escaped = "won";
  equal(
    refusalOf(json),
    "the save is damaged: the player left the dungeon from floor 4, expected floor 1 (its way out), " +
      "at $.state.chronicle.escaped",
  );
  json.state.floor = 1;
  ok(refusalOf(json).startsWith("the save is damaged"), "nor on floor 1 with floor 4's map");
});

Deno.test("a save of a game that is over is refused: escaped as the rules allow, or dead", () => {
  const goal = rules.goal!;
  const won = goodSave();
  const amulet = {
    ...player(won.state).inventory.items[0],
    id: won.state.nextId++,
    template: goal.item,
    name: rules.templates[goal.item].name,
    letter: 20,
  };
  delete amulet.count;
  // Carried on floor 1 before floor 10 was ever made: the goal item cannot be there yet.
  player(won.state).inventory.items.push(amulet);
  equal(
    refusalOf(won),
    `the save is damaged: the goal item ${goal.item} is there 1 times, expected none before its floor ${goal.floor}`,
  );
  won.state.chronicle.escaped = "won";
  equal(
    refusalOf(won),
    "the save is damaged at $.state.chronicle.escaped: expected a game in progress, found a game won, the " +
      "dungeon left with the goal",
  );
  equal(
    refusal((s) => (s.chronicle.escaped = "left")),
    "the save is damaged at $.state.chronicle.escaped: expected a game in progress, found a game ended, the " +
      "dungeon left",
  );
  equal(
    refusal((s) => (s.chronicle.escaped = "won")),
    "the save is damaged: the game is won without the goal item, expected it carried (amulet_of_the_deep), at " +
      "$.state.chronicle.escaped",
  );
  // Dead in play: the bot's game of seed 8 ends in a death on floor 3.
  const state = newGame(rules, 8);
  const bot = new Bot();
  while (!isGameOver(state)) playCommand(state, rules, bot.decide(state, rules));
  equal(playerOf(state).fighter!.hp <= 0, true, "the bot died");
  const dead = JSON.parse(encodeSave(state, dataStamp(content), "test", new Date(0)));
  equal(
    refusalOf(dead),
    "the save is damaged at $.state.entities[0].fighter.hp: expected a game in progress, found a game ended, " +
      "the player dead",
  );
});

Deno.test("a story against the game is refused: a death told of a living player, a floor below the bottom", () => {
  equal(
    refusal((s) => (s.chronicle.death = { kind: "melee", by: "an Orc" })),
    "the save is damaged: the player is alive, expected dead as the story tells, at $.state.chronicle.death",
  );
  const deep = saveOnFloor(2);
  deep.state.floor = rules.bottom! + 1;
  ok(refusalOf(deep).includes(`expected none below the bottom floor ${rules.bottom}`), refusalOf(deep));
});

Deno.test("title: the victory save of another floor is one line, not a victory on Continue", async () => {
  const json = saveOnFloor(4);
  json.state.chronicle.escaped = "won";
  const t = await titleSession(
    async (path) => await Deno.writeFile(path, await gzip(JSON.stringify(json))),
    {},
    content,
  );
  await t.tick();
  const title = t.text().replace(/\s+/g, " ");
  ok(title.includes("The saved game cannot be read: the save is damaged: the player left"), title);
  ok(!title.includes("[C] Continue"), title);
  await t.press("c");
  const popup = t.text().split("\n").filter((row) => row.split("│").length === 3)
    .map((row) => row.split("│")[1].trim()).join(" ");
  equal(
    popup,
    `Failed to load save: ${t.savePath}: the save is damaged: the player left the dungeon from floor 4, ` +
      "expected floor 1 (its way out), at $.state.chronicle.escaped",
  );
  equal(t.app.game, undefined, "no game, no victory window");
  await t.press("Escape", "q");
  equal(await t.running, "quit");
});
