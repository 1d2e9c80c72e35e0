/**
 * Bad data for persistent floors and the goal (docs/rules.md, A goal): each
 * problem one line with the file, the JSON path, what was expected and
 * what was found; and the mod itself loads.
 */
import { modProblems } from "./support/mod_problems.ts";
import { deepEqual, equal } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";

const MOD = new URL("./fixtures/mods/floors/", import.meta.url);

type Json = Record<string, unknown>;

/** The problems of the mod with `change` made to its parsed files (game, entities, spawn). */
const problemsWith = (change: (game: Json, entities: Json, spawn: Json) => void): Promise<string[]> =>
  modProblems(MOD, (f) => change(f.game, f.entities, f.spawn));

const dungeon = (game: Json) => game.dungeon as { floors?: string; goal: Json };

Deno.test("the floors mod loads: floors kept, the goal with its bonus", async () => {
  const { rules } = await loadContent(MOD, "mod/");
  deepEqual([rules.floors, rules.goal], ["persistent", { item: "amulet", floor: 3, bonus: 5000 }]);
});

Deno.test("a goal naming no template, or a monster, is one line each", async () => {
  deepEqual(await problemsWith((game) => (dungeon(game).goal.item = "amulet_of_nowhere")), [
    'mod/game.json: $.dungeon.goal.item: expected a template from mod/entities.json, found "amulet_of_nowhere"',
  ]);
  deepEqual(await problemsWith((game) => (dungeon(game).goal.item = "orc")), [
    'mod/game.json: $.dungeon.goal.item: expected an item or equippable template, found "orc"',
  ]);
});

Deno.test("a goal never placed (floors not kept) and a goal a floor could also draw are refused", async () => {
  deepEqual(await problemsWith((game) => (dungeon(game).floors = "fresh")), [
    'mod/game.json: $.dungeon.goal: expected $.dungeon.floors "persistent" (else the goal item is never placed ' +
    'and floor 1 has no way out), found "fresh"',
  ]);
  deepEqual(
    await problemsWith((_game, _entities, spawn) => {
      ((spawn.items as Json[])[0].weights as Json).amulet = 5;
    }),
    [
      "mod/spawn_tables.json: $.items[0].weights.amulet: expected no weight for the goal item " +
      "(it is unique, placed once on floor 3), found 5",
    ],
  );
});

Deno.test("a goal floor that is not a floor, and an unknown floors word, are schema errors with their path", async () => {
  const [floor] = await problemsWith((game) => (dungeon(game).goal.floor = 0));
  equal(floor.startsWith("mod/game.json: $.dungeon.goal.floor: expected a positive integer"), true, floor);
  const [word] = await problemsWith((game) => (dungeon(game).floors = "forever"));
  equal(word.startsWith("mod/game.json: $.dungeon.floors: "), true, word);
});

Deno.test("a bottom over the goal's floor, or with fresh floors, is one line each", async () => {
  deepEqual(await problemsWith((game) => (dungeon(game) as Json).bottom = 2), [
    "mod/game.json: $.dungeon.bottom: expected no shallower than the goal's floor 3, found 2",
  ]);
  const fresh = await problemsWith((game) => {
    delete (dungeon(game) as Json).goal;
    Object.assign(dungeon(game), { floors: "fresh", bottom: 5 });
  });
  deepEqual(fresh, [
    'mod/game.json: $.dungeon.bottom: expected $.dungeon.floors "persistent" (fresh floors have no bottom), found "fresh"',
  ]);
});
