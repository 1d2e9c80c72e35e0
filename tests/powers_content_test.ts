import { deepEqual } from "node:assert/strict";
import { ContentError, loadContent } from "../src/content/mod.ts";
import { POWERS_DIR } from "./support/powers_mod.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** The problems of the powers mod with `edit` made to its files (parsed JSON, by file name). */
async function problemsOf(edit: (files: Record<string, Json>) => void): Promise<readonly string[]> {
  const dir = await Deno.makeTempDir({ prefix: "powers_mod_" });
  try {
    const files: Record<string, Json> = {};
    for (const name of ["game.json", "entities.json", "spawn_tables.json"]) {
      files[name] = JSON.parse(await Deno.readTextFile(new URL(name, POWERS_DIR)));
    }
    edit(files);
    for (const [name, json] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, JSON.stringify(json));
    }
    await loadContent(new URL(`file://${dir}/`), "mods/mine/");
    return [];
  } catch (e) {
    if (e instanceof ContentError) return e.problems;
    throw e;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("the powers mod's own data is sound", async () => {
  deepEqual(await problemsOf(() => {}), []);
});

Deno.test("bad item-power data is refused one line each: file, JSON path, expected, found", async () => {
  deepEqual(
    await problemsOf(({ "entities.json": entities }) => {
      entities.lightning_wand.item.charges = 0;
    }),
    ["mods/mine/entities.json: $.lightning_wand.item.charges: expected a positive integer, at most 1000, found 0"],
  );
  // A file the schema refuses is not cross-checked: the cross-checks' own problems, apart.
  const rest = await problemsOf(({ "game.json": game, "entities.json": entities }) => {
    entities.protection_ring.equippable.slot = "finger";
    entities.summon_scroll.item.effect.template = "dragon";
    entities.chaos_scroll.item.effect.template = "health_potion";
    game.unknownItems.potion.appearances = ["murky", "fizzy"];
    entities.teleport_scroll.unknown = "scroll";
  });
  deepEqual(
    [...rest].sort(),
    [
      'mods/mine/entities.json: $.teleport_scroll.unknown: expected a kind of mods/mine/game.json\'s unknownItems, found "scroll"',
      'mods/mine/entities.json: $.summon_scroll.item.effect.template: expected a monster template (fighter and ai), found "dragon"',
      'mods/mine/entities.json: $.chaos_scroll.item.effect.template: expected a monster template (fighter and ai), found "health_potion"',
      'mods/mine/entities.json: $.protection_ring.equippable.slot: expected a slot of mods/mine/game.json\'s equipmentSlots (weapon, armor, ring, amulet), found "finger"',
      "mods/mine/game.json: $.unknownItems.potion.appearances: expected at least 3 (one for each template of the kind), found 2",
    ].sort(),
  );
});

Deno.test("without equipmentSlots the slots are the tutorial's two, and a ring has none to go in", async () => {
  const problems = await problemsOf(({ "game.json": game }) => {
    delete game.equipmentSlots;
  });
  deepEqual(problems, [
    'mods/mine/entities.json: $.protection_ring.equippable.slot: expected a slot of mods/mine/game.json\'s equipmentSlots (weapon, armor), found "ring"',
    'mods/mine/entities.json: $.sight_ring.equippable.slot: expected a slot of mods/mine/game.json\'s equipmentSlots (weapon, armor), found "ring"',
    'mods/mine/entities.json: $.vitality_amulet.equippable.slot: expected a slot of mods/mine/game.json\'s equipmentSlots (weapon, armor), found "amulet"',
  ]);
});

Deno.test("an appearance whose filled-in name is too long for a name is refused in one line", async () => {
  const problems = await problemsOf(({ "game.json": game }) => {
    game.unknownItems.ring.appearances[0] = "x".repeat(36);
  });
  deepEqual(problems, [
    "mods/mine/game.json: $.unknownItems.ring: expected names of at most 40 characters with each appearance filled in, found one of 41",
  ]);
});
