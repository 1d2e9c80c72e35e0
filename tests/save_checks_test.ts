/**
 * A save whose shape is right can still hold a game the engine cannot
 * play. Every field the engine trusts is checked on loading (the engine's
 * own invariants, and bounds a game can reach), and each hostile save is
 * refused with one sentence, never a crash.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { dataStamp, decodeSave, encodeSave, gzip, SaveError } from "../src/store/mod.ts";
import { MAX_LEVEL, newGame, playCommand } from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";
import { titleSession } from "./support/title_session.ts";

const content = await bundledContent();
const { rules } = content;

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** A game a few turns in, as a save's JSON. */
function goodSave(): Json {
  const state = newGame(rules, 12);
  for (let k = 0; k < 5; k++) playCommand(state, rules, { act: { type: "wait" } });
  return JSON.parse(encodeSave(state, dataStamp(content), "test", new Date(0)));
}

/** Why the save with `edit` made to its state is refused ("taken" if it is not). */
function refusal(edit: (state: Json) => void): string {
  const json = goodSave();
  edit(json.state);
  try {
    decodeSave(json, rules);
    return "taken";
  } catch (e) {
    ok(e instanceof SaveError, `not a SaveError but ${e}`);
    const message = (e as Error).message;
    ok(!message.includes("\n"), `one line: ${message}`);
    return message;
  }
}

const monster = (state: Json) => state.entities.find((e: Json) => e.ai);
const player = (state: Json) => state.entities.find((e: Json) => e.id === state.playerId);
/** Where the first monster lies in the good save's entities. */
const orcAt = () => goodSave().state.entities.findIndex((e: Json) => e.ai);

Deno.test("a good save is taken, and a turn plays on it", () => {
  const state = decodeSave(goodSave(), rules);
  ok(playCommand(state, rules, { act: { type: "wait" } }));
});

Deno.test("a monster heading for a cell off the map is refused, by its path or where it last saw the player", () => {
  equal(
    refusal((s) => (monster(s).ai = { type: "hostile", lastSeen: 40, path: [999_999] })),
    `the save is damaged: Orc #${
      monster(goodSave().state).id
    } at $.state.entities[${orcAt()}] heads for cell 999999, off the map`,
  );
  ok(/heads for cell 3440, off the map$/.test(refusal((s) => (monster(s).ai.lastSeen = 80 * 43))));
  ok(/heads for cell 5000, off the map$/.test(refusal((s) => {
    monster(s).ai = {
      type: "confused",
      turnsRemaining: 3,
      previous: { type: "hostile", lastSeen: 5000, path: [] },
    };
  })));
});

Deno.test("150,000 things are refused in one sentence, without overflowing the stack", () => {
  const message = refusal((s) => {
    const potion = { ...player(s), id: 0, template: "health_potion", name: "Potion", layer: "item" };
    for (const field of ["fighter", "inventory", "equipment", "level", "sight", "blocksMovement"]) {
      delete potion[field];
    }
    potion.blocksMovement = false;
    const first = s.nextId;
    for (let k = 0; k < 150_000; k++) s.entities.push({ ...potion, id: first + k });
    s.nextId = first + 150_000;
  });
  equal(
    message,
    `the save is damaged: it holds 150000 things, more than its 80x43 map can`.replace(
      "150000",
      String(goodSave().state.entities.length + 150_000),
    ),
  );
});

Deno.test("numbers past what a game can reach are refused: HP 1e15, power 2^52, level 5000, sight -1", () => {
  equal(
    refusal((s) => (player(s).fighter.hp = 1e15)),
    "the save is damaged at $.state.entities[0].fighter.hp: expected at most 2016000, found 1000000000000000",
  );
  ok(/at \$\.state\.entities\[0\]\.fighter\.power: expected at most \d+, found 4503599627370496$/.test(
    refusal((s) => (player(s).fighter.power = 2 ** 52)),
  ));
  equal(
    refusal((s) => (player(s).level.current = 5000)),
    `the save is damaged at $.state.entities[0].level.current: expected at most ${MAX_LEVEL}, found 5000`,
  );
  equal(
    refusal((s) => (player(s).sight = -1)),
    "the save is damaged at $.state.entities[0].sight: expected at least 0, found -1",
  );
  ok(/at \$\.state\.rng\[2\]: expected at most 2147483647/.test(refusal((s) => (s.rng[2] = 2 ** 40))));
});

Deno.test("a 0-HP player saved alive, and HP above the maximum, are refused", () => {
  equal(
    refusal((s) => (player(s).fighter.hp = 0)),
    "the save is damaged: Player #0 at $.state.entities[0] has 0 HP but is not dead",
  );
  equal(
    refusal((s) => (player(s).fighter.hp = player(s).fighter.maxHp + 1)),
    "the save is damaged: Player #0 at $.state.entities[0] has 31 of 30 HP",
  );
});

Deno.test("everything else the engine assumes is checked: walls, ids, packs, what is worn, the view, the stairs", () => {
  const cases: [string, (s: Json) => void][] = [
    [
      "Player #0 at $.state.entities[0] in a wall or off the map at 0,0",
      (s) => Object.assign(player(s), { x: 0, y: 0 }),
    ],
    ["the save is damaged: id 0 used twice (Orc #0 at $.state.entities[1])", (s) => (monster(s).id = 0)],
    ["has an id not below the counter 1", (s) => (s.nextId = 1)],
    [
      "Player #0 at $.state.entities[0] wears #999 as its weapon but does not carry it",
      (s) => (player(s).equipment.weapon = 999),
    ],
    ["the view is not the player's FOV", (s) => (s.map.visible = btoa("\x01".repeat(80 * 43)))],
    [
      "the stairs at 0,0 are not a staircase on the map, at $.state.map.stairs",
      (s) => (s.map.stairs = { x: 0, y: 0 }),
    ],
    [
      "the stairs at 5000,1 are not a staircase on the map, at $.state.map.stairs",
      (s) => (s.map.stairs = { x: 5000, y: 1 }),
    ],
    ["two blockers on", (s) => Object.assign(monster(s), { x: player(s).x, y: player(s).y })],
    ["the player Player #0 at $.state.entities[0] is moved by an AI", (s) => {
      player(s).ai = { type: "hostile", lastSeen: -1, path: [] };
    }],
    ["the player Player #0 at $.state.entities[0] cannot fight", (s) => {
      delete player(s).fighter;
      player(s).blocksMovement = false; // else "dead but blocks" comes first
    }],
    [
      "kills are counted on floors deeper than the one reached (1), at $.state.chronicle.killsByFloor",
      (s) => (s.chronicle.killsByFloor = [1, 2]),
    ],
    ["id 50000 used twice", (s) => {
      const carried = player(s).inventory.items;
      carried[0].inventory = {
        capacity: 2,
        items: [{ ...carried[1], id: 50000 }, { ...carried[1], id: 50000 }],
      };
      s.nextId = 50001;
    }],
    [
      "at $.state.entities[0].inventory.capacity: expected at most 26",
      (s) => (player(s).inventory.capacity = 27),
    ],
    ["its map's view holds something other than seen and unseen", (s) => {
      s.map.explored = btoa("\x07".repeat(80 * 43));
    }],
  ];
  for (const [expected, edit] of cases) {
    const message = refusal(edit);
    ok(
      message.startsWith("the save is damaged") && message.includes(expected),
      `${expected}: got "${message}"`,
    );
  }
  deepEqual(refusal(() => {}), "taken");
});

Deno.test("templates and glyphs are checked against the save's own rules, as a data file's are", () => {
  const at = `$.state.entities[${orcAt()}]`;
  const orc = `Orc #${monster(goodSave().state).id}`;
  equal(
    refusal((s) => (monster(s).template = "dragon")),
    `the save is damaged: ${orc} at ${at}.template is made from "dragon", a template these rules lack`,
  );
  // A name the prototype of every object has is no template, whatever the rules' object inherits.
  equal(
    refusal((s) => (monster(s).template = "constructor")),
    `the save is damaged: ${orc} at ${at}.template is made from "constructor", a template these rules lack`,
  );
  for (const name of ["__proto__", "toString", "Orc", ""]) {
    equal(
      refusal((s) => (monster(s).template = name)),
      `the save is damaged at ${at}.template: expected an id of lower-case letters, digits and _`,
    );
  }
  equal(
    refusal((s) => (monster(s).glyph = "\u001b")),
    `the save is damaged at ${at}.glyph: expected one printable character (this is or holds \\x1b)`,
  );
  ok(/at \$\.state\.entities\[\d+\]\.glyph: expected a character one terminal column wide/.test(
    refusal((s) => (monster(s).glyph = "龍")),
  ));
  equal(
    refusal((s) => (player(s).statuses = [{ id: "toString", turns: 1 }])),
    `the save is damaged: Player #${player(goodSave().state).id} at $.state.entities[${
      goodSave().state.entities.findIndex((e: Json) => e.id === goodSave().state.playerId)
    }].statuses[0].id is under an unknown status toString`,
  );
  equal(
    refusal((s) => (s.known = ["orc", "constructor"])),
    'the save is damaged: the player knows "constructor", a template these rules lack, at $.state.known[1]',
  );
});

Deno.test("on the title, the refusal is shown whole in the popup, however long", async () => {
  const json = goodSave();
  json.state.entities[0].fighter.hp = 1e15;
  const t = await titleSession(async (path) => await Deno.writeFile(path, await gzip(JSON.stringify(json))));
  await t.tick();
  await t.press("c");
  // The popup's lines, inside its frame, joined.
  const popup = t.text().split("\n").filter((row) => row.split("│").length === 3)
    .map((row) => row.split("│")[1].trim()).join(" ");
  equal(
    popup,
    `Failed to load save: ${t.savePath}: the save is damaged at $.state.entities[0].fighter.hp: expected at ` +
      "most 2016000, found 1000000000000000",
  );
  equal(t.app.game, undefined);
  await t.press("Escape", "q");
  equal(await t.running, "quit");
});
