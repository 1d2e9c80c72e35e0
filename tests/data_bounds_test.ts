/**
 * Numbers that pass the data's checks can no longer break the game: each
 * breaker found is refused in one line (file, JSON path, expected, found),
 * the generator keeps to its budget, and the most extreme data the checks
 * take plays to the highest level and saves a game the save's reader takes.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  type Content,
  ContentError,
  loadContent,
  MAP_BUDGET,
  NAME_LIMITS,
  REACHABLE,
} from "../src/content/mod.ts";
import { dataStamp, decodeSave, encodeSave } from "../src/store/mod.ts";
import {
  chooseLevelUp,
  instantiate,
  levelUpPending,
  MAX_FLOOR,
  MAX_LEVEL,
  newGame,
  playCommand,
  playerOf,
  scoreOf,
  takeDamage,
} from "../src/engine/mod.ts";
import { bundledContent, copyOfData } from "./support/content.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** A copy of the bundled data with `edit` applied to each named file's JSON; its folder's URL. */
async function modded(edits: Record<string, (json: Json) => void>): Promise<URL> {
  const dir = await copyOfData("delve-bounds-");
  for (const [name, edit] of Object.entries(edits)) {
    const json = JSON.parse(await Deno.readTextFile(`${dir}/${name}`));
    edit(json);
    await Deno.writeTextFile(`${dir}/${name}`, JSON.stringify(json, null, 2));
  }
  return new URL(`file://${dir}/`);
}

async function load(dir: URL): Promise<Content | readonly string[]> {
  try {
    return await loadContent(dir, "mod/");
  } catch (e) {
    if (e instanceof ContentError) return e.problems;
    throw e;
  }
}

async function problemsOf(edits: Record<string, (json: Json) => void>): Promise<readonly string[]> {
  const loaded = await load(await modded(edits));
  return Array.isArray(loaded) ? loaded : [];
}

const raise = (choice: number, stats: Json) => ({
  "game.json": (g: Json) => (g.progression.choices[choice].raise = stats),
});

Deno.test("level-up raises that broke the game are refused in one line: -9 sight, 2^52 power, -1000 max HP", async () => {
  deepEqual(await problemsOf(raise(3, { sight: -9 })), [
    "mod/game.json: $.progression.choices[3].raise.sight: expected a non-negative integer, at most 1000, found -9",
  ]);
  deepEqual(await problemsOf(raise(1, { power: 2 ** 52 })), [
    "mod/game.json: $.progression.choices[1].raise.power: expected at most 1000, found 4503599627370496",
  ]);
  deepEqual(await problemsOf(raise(0, { maxHp: -1000 })), [
    "mod/game.json: $.progression.choices[0].raise.maxHp: expected a non-negative integer, at most 1000, found -1000",
  ]);
  deepEqual(await problemsOf(raise(0, { hp: -5 })), [
    "mod/game.json: $.progression.choices[0].raise.hp: expected a non-negative integer, at most 1000000, found -5",
  ]);
});

Deno.test("an XP curve with a level that costs nothing is refused: it would open the level-up window forever", async () => {
  const curve = (xpForNextLevel: Json, xpAfterLevelUp = "keep") => ({
    "game.json": (g: Json) => Object.assign(g.progression, { xpForNextLevel, xpAfterLevelUp }),
  });
  const line = (level: number, cost: number) =>
    "mod/game.json: $.progression.xpForNextLevel: expected every level up to 1000 to cost at least 1 XP " +
    `(else the level-up window never closes), found level ${level} costing ${cost}`;
  deepEqual(await problemsOf(curve({ formula: "linear", base: 100, factor: 0 })), [line(2, 0)]);
  deepEqual(await problemsOf(curve({ formula: "linear", base: 0, factor: 0 }, "reduce")), [line(1, 0)]);
  deepEqual(await problemsOf(curve({ formula: "power", factor: 1e-6, exponent: 2 })), [line(1, 1e-6)]);
  // Ever flatter: fine at first, too cheap from level 401.
  deepEqual(await problemsOf(curve({ formula: "power", factor: 40, exponent: 0.5 })), [line(401, 0.999)]);
  // A level every 100 XP, each taking its 100: playable, and taken.
  deepEqual(await problemsOf(curve({ formula: "linear", base: 100, factor: 0 }, "reduce")), []);
});

Deno.test("the generator's budget: maps past it are refused in one line; the largest it takes is made whole", async () => {
  const map = (fields: Json) => ({ "game.json": (g: Json) => Object.assign(g.map, fields) });
  deepEqual(await problemsOf(map({ maxRooms: 100_000 })), [
    "mod/game.json: $.map.maxRooms: expected at most 1000, found 100000",
  ]);
  deepEqual(await problemsOf(map({ width: 2048 })), [
    "mod/game.json: $.map.width: expected at most 1000, found 2048",
  ]);
  deepEqual(
    await problemsOf({
      "spawn_tables.json": (s: Json) => (s.maxMonstersPerRoom[0].value = 10_000),
    }),
    ["mod/spawn_tables.json: $.maxMonstersPerRoom[0].value: expected at most 100, found 10000"],
  );
  // The worst the budget takes: the largest floor, every attempt a room big enough for its fill of items,
  // and as many monsters as the work a key may cost allows (packs of up to 3 in Delve's data).
  const worst = await load(
    await modded({
      "game.json": (g: Json) =>
        Object.assign(g.map, {
          width: MAP_BUDGET.side,
          height: MAP_BUDGET.side,
          maxRooms: MAP_BUDGET.roomAttempts,
          roomMinSize: 16,
          roomMaxSize: 17,
          floors: [{ from: 1, generator: "rooms", vaults: 0 }],
        }),
      "spawn_tables.json": (s: Json) => {
        s.maxMonstersPerRoom = [{ floor: 0, value: 0 }];
        s.maxItemsPerRoom = [{ floor: 0, value: MAP_BUDGET.perRoom }];
      },
    }),
  );
  ok(!Array.isArray(worst), `the worst budget loads: ${worst}`);
  const { rules } = worst as Content;
  const stamp = dataStamp(worst as Content);
  const state = newGame(rules, 7);
  ok(state.entities.length > 10_000, `a full floor: ${state.entities.length} things`);
  ok(state.entities.length <= REACHABLE.things);
  playCommand(state, rules, { act: { type: "wait" } });
  const again = decodeSave(JSON.parse(encodeSave(state, stamp, "t", new Date(0))), rules);
  equal(again.entities.length, state.entities.length, "and its save reads back");
});

Deno.test("the most extreme data the checks take plays to the highest level and saves a game that reads back", async () => {
  const loaded = await load(
    await modded({
      "game.json": (g: Json) => {
        Object.assign(g.progression, {
          xpForNextLevel: { formula: "linear", base: 0, factor: 1 },
          xpAfterLevelUp: "keep",
          healOnLevelUpPerLevel: 1000,
        });
        g.progression.choices = [
          {
            key: "a",
            label: "All",
            raise: { maxHp: 1000, hp: 1_000_000, power: 1000, defense: 1000, sight: 1000 },
            message: "",
          },
          { key: "b", label: "Less", raise: { power: -1000, defense: -1000 }, message: "" },
        ];
        g.score = { perFloor: 1e6, perXp: 1e6, perTurn: 1e6 };
      },
      "entities.json": (e: Json) =>
        Object.assign(e.player.fighter, { hp: 1_000_000, power: 1000, defense: 1000 }),
    }),
  );
  ok(!Array.isArray(loaded), `the extreme data loads: ${loaded}`);
  const { rules } = loaded as Content;
  const stamp = dataStamp(loaded as Content);
  for (const choice of [0, 1]) {
    const state = newGame(rules, 3);
    const player = playerOf(state);
    player.level!.xp = 1e15;
    state.chronicle.xpEarned = 1e15;
    let taken = 0;
    for (; levelUpPending(state, rules) && taken <= MAX_LEVEL; taken++) chooseLevelUp(state, rules, choice);
    equal(player.level!.current, MAX_LEVEL, "levels stop at the highest");
    equal(taken, MAX_LEVEL - 1, "and the window closes there");
    playCommand(state, rules, { act: { type: "wait" } });
    const f = player.fighter!;
    const raised = (from: number, by: number) => from + (MAX_LEVEL - 1) * by;
    if (choice === 0) {
      deepEqual([f.maxHp, f.power, player.sight], [raised(1e6, 1000), raised(1000, 1000), raised(8, 1000)]);
      ok(f.maxHp <= REACHABLE.maxHp && f.power <= REACHABLE.stat && player.sight! <= REACHABLE.sight);
    } else {
      deepEqual([f.power, f.defense], [raised(1000, -1000), raised(1000, -1000)]);
      ok(f.power >= -REACHABLE.stat);
    }
    ok(Number.isSafeInteger(scoreOf(state, rules.score)), "the score is a whole number the table can keep");
    const again = decodeSave(JSON.parse(encodeSave(state, stamp, "t", new Date(0))), rules);
    deepEqual(playerOf(again).fighter, f, "the save of it reads back");
  }
});

Deno.test("a corpse name that would outgrow what a save keeps is refused; the longest one taken saves a kill that reads back", async () => {
  const longest = "x".repeat(NAME_LIMITS.template);
  const naming = (corpse: string) => ({
    "game.json": (g: Json) => (g.corpse.name = corpse),
    "entities.json": (e: Json) => (e.orc.name = longest),
  });
  deepEqual(await problemsOf(naming("{name}".repeat(6))), [
    `mod/game.json: $.corpse.name: expected a name of at most ${NAME_LIMITS.thing} characters with the longest ` +
    `actor's name (${NAME_LIMITS.template}) filled in for {name}, found one of ${6 * NAME_LIMITS.template}`,
  ]);
  const taken = "{Name}" + "{name}".repeat(4);
  const loaded = await load(await modded(naming(taken)));
  ok(!Array.isArray(loaded), `taken: ${loaded}`);
  const content = loaded as Content;
  const state = newGame(content.rules, 5);
  const { x, y } = playerOf(state);
  const orc = instantiate(content.rules.templates.orc, state.nextId++, x, y);
  state.entities.push(orc);
  takeDamage(orc, orc.fighter!.hp, content.rules, []);
  equal(orc.name.length, NAME_LIMITS.thing, "the corpse's name as long as a save keeps");
  const stamp = dataStamp(content);
  const again = decodeSave(JSON.parse(encodeSave(state, stamp, "t", new Date(0))), content.rules);
  equal(again.entities.find((e) => e.id === orc.id)?.name, orc.name, "and its save reads back");
});

Deno.test("a data file with 200,000 problems reports each, rather than overflowing the stack", async () => {
  const dir = await copyOfData("delve-bounds-");
  const templates = Array.from({ length: 200_000 }, (_, k) => `"t${k}": 0`).join(",");
  await Deno.writeTextFile(`${dir}/entities.json`, `{${templates}}`);
  const problems = await load(new URL(`file://${dir}/`));
  ok(Array.isArray(problems));
  const own = (problems as string[]).filter((line) => line.startsWith("mod/entities.json: $."));
  ok(own.length >= 200_000, `${own.length} problems`);
  // The other files' references to templates the file no longer holds are told too, each naming its place.
  ok((problems as string[]).every((line) => /^mod\/\w+\.json: \$[.[]/.test(line)), "each names its place");
});

Deno.test("the deepest floor's stairs lead nowhere, so a game never goes past what its save can hold", async () => {
  const { rules } = await bundledContent();
  const state = newGame(rules, 4);
  Object.assign(playerOf(state), state.map.stairs);
  state.floor = MAX_FLOOR - 1;
  ok(playCommand(state, rules, { act: { type: "descend" } }), "down to the deepest floor");
  equal(state.floor, MAX_FLOOR);
  Object.assign(playerOf(state), state.map.stairs);
  equal(playCommand(state, rules, { act: { type: "descend" } }), undefined, "and no further");
  equal(state.floor, MAX_FLOOR);
});
