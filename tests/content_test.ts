import { deepEqual, equal, ok } from "node:assert/strict";
import { ContentError, jsonSchemaFiles, loadContent } from "../src/content/mod.ts";
import { DATA_DIR, DATA_LABEL } from "./support/content.ts";

const FILES = ["game.json", "entities.json", "spawn_tables.json"];
type Json = Record<string, unknown>;

/**
 * A copy of the bundled data with `edits` applied to each file's JSON, or
 * with `raw` text replacing a file. Returns the folder's URL.
 */
async function modded(edits: Record<string, (json: Json) => unknown> = {}, raw: Record<string, string> = {}) {
  const dir = await Deno.makeTempDir({ prefix: "delve-data-" });
  for (const name of FILES) {
    const json = JSON.parse(await Deno.readTextFile(new URL(name, DATA_DIR)));
    const text = raw[name] ?? JSON.stringify(edits[name] ? edits[name](json) : json, null, 2);
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  return new URL(`file://${dir}/`);
}

async function problemsOf(dir: URL): Promise<readonly string[]> {
  try {
    await loadContent(dir, "mod/");
  } catch (e) {
    if (e instanceof ContentError) return e.problems;
    throw e;
  }
  return [];
}

Deno.test("the bundled data loads into the default rules' numbers", async () => {
  const { rules } = await loadContent(DATA_DIR, DATA_LABEL);
  const t = rules.templates;
  deepEqual([t.player.name, t.player.glyph, t.player.color, t.player.fighter], [
    "Player",
    "@",
    0xffffff,
    { hp: 30, defense: 1, power: 2 },
  ]);
  deepEqual([t.orc.fighter, t.orc.xp, t.orc.color], [{ hp: 10, defense: 0, power: 3 }, 35, 0x3f7f3f]);
  deepEqual([t.troll.fighter, t.troll.xp], [{ hp: 16, defense: 1, power: 4 }, 100]);
  deepEqual(t.health_potion.item, { effect: { type: "heal", amount: 4 } });
  deepEqual(t.lightning_scroll.item, { effect: { type: "damage_nearest", amount: 20, range: 5 } });
  deepEqual(t.confusion_scroll.item, { effect: { type: "confuse", turns: 10 } });
  deepEqual(t.fireball_scroll.item, { effect: { type: "damage_area", amount: 12, radius: 3 } });
  deepEqual(t.sword.equippable, { slot: "weapon", power: 4, defense: 0 });
  deepEqual(t.chain_mail.equippable, { slot: "armor", power: 0, defense: 3 });
  equal(rules.sightRadius, 8);
  deepEqual(rules.messages.blocked, { text: "That way is blocked.", color: "impossible" });
});

Deno.test("every problem in every file at once, one line each: file, JSON path, expected, found", async () => {
  const dir = await modded({
    "game.json": (g) => {
      const map = g.map as Json;
      map.width = 0;
      map.widht = 80;
      delete map.maxRooms;
      ((g.tiles as Json).wall as Record<string, Json>).light.bg = "brown";
      return g;
    },
    "entities.json": (e) => {
      ((e.orc as Json).fighter as Json).hp = -3;
      (e.player as Json).glyph = "@@";
      (e.troll as Json).xp = 1e300;
      return e;
    },
    "spawn_tables.json": (s) => {
      ((s.monsters as Json[])[0].weights as Json).orc = -5;
      return s;
    },
  });
  deepEqual(await problemsOf(dir), [
    "mod/game.json: $.map.width: expected a positive integer, at most 1000, found 0",
    // The key meant for a missing field names it, and the missing field has no line of its own.
    'mod/game.json: $.map.widht: unexpected key ("maxRooms" is missing)',
    'mod/game.json: $.tiles.wall.light.bg: expected a colour like "#RRGGBB", found "brown"',
    'mod/entities.json: $.player.glyph: expected one character (this is 2 code points), found "@@"',
    "mod/entities.json: $.orc.fighter.hp: expected a positive integer, at most 1000000, found -3",
    "mod/entities.json: $.troll.xp: expected a non-negative integer, at most 1000000, found 1e+300",
    "mod/spawn_tables.json: $.monsters[0].weights.orc: expected a non-negative integer, at most 1000000, found -5",
  ]);
});

Deno.test("invalid JSON is reported with its line and column", async () => {
  const dir = await modded({}, { "game.json": '{\n  "map": {\n    "width" 80\n  }\n}' });
  deepEqual(await problemsOf(dir), [
    "mod/game.json: invalid JSON at line 3, column 13: Expected ':' after property name",
  ]);
});

Deno.test("a template id given twice is reported, with the line of the second", async () => {
  const text = await Deno.readTextFile(new URL("entities.json", DATA_DIR));
  const doubled = text.replace(
    '"troll": {',
    '"orc": { "name": "Orc", "glyph": "o", "color": "#3F7F3F" },\n  "troll": {',
  );
  const line = doubled.split("\n").findIndex((l, i) => i > 0 && l.includes('"orc": { "name"')) + 1;
  deepEqual(await problemsOf(await modded({}, { "entities.json": doubled })), [
    `mod/entities.json: $.orc: expected each key once, found "orc" again on line ${line}`,
  ]);
});

Deno.test("spawn tables: unknown templates, the wrong kind, floors out of order", async () => {
  const dir = await modded({
    "spawn_tables.json": (s) => {
      (s.monsters as Json[]).push({ floor: 9, weights: { dragon: 5, health_potion: 1 } });
      (s.items as Json[]).push({ floor: 8, weights: { troll: 1 } });
      (s.maxItemsPerRoom as Json[]).unshift({ floor: 3, value: 1 });
      return s;
    },
  });
  deepEqual(await problemsOf(dir), [
    "mod/spawn_tables.json: $.maxItemsPerRoom[1].floor: expected a floor above 3 (floors in ascending order), found 1",
    'mod/spawn_tables.json: $.monsters[4].weights.dragon: expected a template from mod/entities.json, found "dragon"',
    'mod/spawn_tables.json: $.monsters[4].weights.health_potion: expected a monster (fighter and ai), found "health_potion"',
    'mod/spawn_tables.json: $.items[4].weights.troll: expected an item or equippable, found "troll"',
  ]);
});

Deno.test("cross-field checks: rooms that fit, palette colours, template kinds, the player", async () => {
  const dir = await modded({
    "game.json": (g) => {
      Object.assign(g.map as Json, { roomMinSize: 12, roomMaxSize: 8, height: 10 });
      ((g.messages as Json).blocked as Json).color = "mauve";
      return g;
    },
    "entities.json": (e) => {
      delete (e.player as Json).fighter;
      (e.orc as Json).item = {};
      return e;
    },
  });
  deepEqual(await problemsOf(dir), [
    "mod/game.json: $.map.roomMaxSize: expected at least roomMinSize (12), found 8",
    "mod/game.json: $.map.roomMinSize: expected at most 9 to fit the 80x10 map, found 12",
    'mod/game.json: $.messages.blocked.color: expected a colour named in $.palette, found "mauve"',
    "mod/entities.json: $.player: expected exactly one of fighter, item or equippable, found none",
    "mod/entities.json: $.orc: expected exactly one of fighter, item or equippable, found fighter and item",
    "mod/entities.json: $.player.fighter: expected the player's fighter, found nothing",
  ]);
});

Deno.test("hostile shapes give one-line errors, never a crash: a list, null, __proto__, a string", async () => {
  const cases: [string, string, string][] = [
    ["entities.json", "[]", "mod/entities.json: $: expected record, found a list of 0 items"],
    ["spawn_tables.json", "null", "mod/spawn_tables.json: $: expected object, found null"],
    ["game.json", '"hello"', 'mod/game.json: $: expected object, found "hello"'],
  ];
  for (const [file, text, line] of cases) {
    deepEqual(await problemsOf(await modded({}, { [file]: text })), [line]);
  }
  const proto = (await Deno.readTextFile(new URL("entities.json", DATA_DIR))).replace(
    '"orc": {',
    '"__proto__": { "name": "X", "glyph": "x", "color": "#FFFFFF", "fighter": { "hp": 1, "defense": 0, "power": 1 } },\n  "orc": {',
  );
  const problems = await problemsOf(await modded({}, { "entities.json": proto }));
  equal(problems.length, 1);
  ok(problems[0].startsWith("mod/entities.json: $.__proto__: "), problems[0]);
  equal(({} as Record<string, unknown>).name, undefined, "no prototype was polluted");
});

Deno.test("a missing folder or file is named in one line", async () => {
  deepEqual(await problemsOf(new URL("file:///no/such/folder/")), [
    "mod/: cannot read the data folder: no such folder",
  ]);
  const dir = await modded();
  await Deno.remove(new URL("spawn_tables.json", dir));
  deepEqual(await problemsOf(dir), ["mod/spawn_tables.json: cannot read: file not found"]);
});

Deno.test("the JSON Schema files in data/schema are up to date (deno task schema) and named by each file", async () => {
  const data = new URL("../data/", import.meta.url);
  for (const [name, text] of Object.entries(jsonSchemaFiles())) {
    equal(await Deno.readTextFile(new URL(`schema/${name}`, data)), text, `data/schema/${name} is stale`);
  }
  for (const [folder, toSchema] of [["", "./schema/"], ["rulesets/tcod/", "../../schema/"]]) {
    for (const name of FILES) {
      const json = JSON.parse(await Deno.readTextFile(new URL(`${folder}${name}`, data)));
      equal(json.$schema, `${toSchema}${name.replace(".json", ".schema.json")}`, `data/${folder}${name}`);
    }
  }
});

Deno.test("found in review: one-line JSON errors, huge numbers, __proto__ palettes, rooms that cannot fit", async () => {
  deepEqual(await problemsOf(await modded({}, { "game.json": '{"map": tru\n, "x": 1}' })), [
    `mod/game.json: invalid JSON at line 1, column 12: Unexpected token '\\n'`,
  ]);
  const huge = (await Deno.readTextFile(new URL("game.json", DATA_DIR))).replace(
    '"width": 80',
    '"width": 1e400',
  );
  deepEqual(await problemsOf(await modded({}, { "game.json": huge })), [
    "mod/game.json: $.map.width: expected a finite number, found a number too large to read",
  ]);
  const proto = (await Deno.readTextFile(new URL("game.json", DATA_DIR))).replace(
    '"palette": {',
    '"palette": {\n    "__proto__": { "a": 1 },',
  );
  deepEqual(await problemsOf(await modded({}, { "game.json": proto })), [
    "mod/game.json: $.palette.__proto__: expected a key other than __proto__",
  ]);
  const dir = await modded({
    "game.json": (g) => {
      Object.assign(g.map as Json, { maxRooms: 1e12, width: 12, height: 12, roomMaxSize: 1000 });
      ((g.messages as Json).welcome as Json).color = "constructor";
      ((g.messages as Json).blocked as Json).text = "Hello\rXX\u001b[7m";
      return g;
    },
  });
  deepEqual(await problemsOf(dir), [
    "mod/game.json: $.map.maxRooms: expected at most 1000, found 1000000000000",
    "mod/game.json: $.messages.blocked.text: expected printable characters and line breaks (found \\x0d), found " +
    '"Hello\\rXX\\u001b[7m"',
  ]);
  const fit = await modded({
    "game.json": (g) => (Object.assign(g.map as Json, { width: 10, height: 10 }), g),
  });
  deepEqual(await problemsOf(fit), [
    "mod/game.json: $.map.roomMaxSize: expected at most 9 to fit the 10x10 map, found 10",
  ]);
  const color = await modded({
    "game.json": (g) => ((((g.messages as Json).welcome as Json).color = "constructor"), g),
  });
  deepEqual(await problemsOf(color), [
    'mod/game.json: $.messages.welcome.color: expected a colour named in $.palette, found "constructor"',
  ]);
});

Deno.test("a message said under a data word must be given where the word is on: walks' and inventory's", async () => {
  const dir = await modded({
    "game.json": (g) => {
      Object.assign(g, { walks: { noLoops: true }, inventory: { keepLetters: true, throwWornAsks: true } });
      return g;
    },
  });
  deepEqual(await problemsOf(dir), [
    "mod/game.json: $.messages.walk_loop: expected the message $.walks.noLoops says, found none",
    "mod/game.json: $.messages.throw_worn: expected the message $.inventory.throwWornAsks says, found none",
  ]);
});
