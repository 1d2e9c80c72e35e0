import { deepEqual } from "node:assert/strict";
import { ContentError, loadContent } from "../src/content/mod.ts";

const MOD = new URL("./fixtures/mods/maps/", import.meta.url);
type Json = Record<string, unknown>;

/** The maps mod with its game.json changed by `edit`; the problems it loads with. */
async function problemsWith(
  edit: (game: Json & { map: Json; vaults: Json[] }) => void,
): Promise<readonly string[]> {
  const dir = await Deno.makeTempDir({ prefix: "delve-maps-" });
  for (const name of ["entities.json", "spawn_tables.json"]) {
    await Deno.copyFile(new URL(name, MOD), `${dir}/${name}`);
  }
  const game = JSON.parse(await Deno.readTextFile(new URL("game.json", MOD)));
  edit(game);
  await Deno.writeTextFile(`${dir}/game.json`, JSON.stringify(game));
  try {
    await loadContent(new URL(`file://${dir}/`), "mod/");
    return [];
  } catch (e) {
    if (e instanceof ContentError) return e.problems;
    throw e;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("the maps mod loads: caves, mixed and rooms plans, and vaults with their default legend", async () => {
  deepEqual(await problemsWith(() => {}), []);
});

Deno.test("a vault's legend naming a missing template is one line", async () => {
  deepEqual(await problemsWith((g) => (g.vaults[0].legend as Json).o = { template: "ogre" }), [
    'mod/game.json: $.vaults[0].legend.o.template: expected a template from mod/entities.json, found "ogre"',
  ]);
});

Deno.test("a vault's legend naming the player (neither monster nor item) is one line", async () => {
  deepEqual(await problemsWith((g) => (g.vaults[0].legend as Json).o = { template: "player" }), [
    'mod/game.json: $.vaults[0].legend.o.template: expected a monster (fighter and ai) or an item, found "player"',
  ]);
});

Deno.test("a vault character the legend does not know, and ragged rows, are one line each", async () => {
  deepEqual(await problemsWith((g) => g.vaults[1].rows = ["#####", "+.X.+", "####"]), [
    'mod/game.json: $.vaults[1].rows[1]: expected characters of the legend ("#", ".", "+" or one in $.vaults[1].legend), found "X" at column 2',
    "mod/game.json: $.vaults[1].rows[2]: expected 5 characters as rows[0] has, found 4",
  ]);
});

Deno.test("a vault larger than the map is one line", async () => {
  deepEqual(await problemsWith((g) => g.vaults[1].rows = ["#".repeat(79), "+".repeat(79)]), [
    "mod/game.json: $.vaults[1].rows: expected a vault of at most 78x41 (inside the 80x43 map's outer wall), found 79x2",
  ]);
});

Deno.test("cave numbers that make no floor are one line, found by trying them", async () => {
  deepEqual(await problemsWith((g) => (g.map.floors as Json[])[0].fill = 0.95), [
    "mod/game.json: $.map.floors[0]: expected cave numbers that make a connected floor of at least 10 cells " +
    "(tried 4 seeds), found one of 0 with fill 0.95, smoothing 4, birth 5, survive 4",
  ]);
});

Deno.test("a fill out of range, a map too small for caves, plans out of order: one line each", async () => {
  deepEqual(await problemsWith((g) => (g.map.floors as Json[])[0].fill = 1.5), [
    "mod/game.json: $.map.floors[0].fill: expected at most 1, found 1.5",
  ]);
  deepEqual(
    await problemsWith((g) => {
      Object.assign(g.map, { width: 7, height: 7, roomMinSize: 3, roomMaxSize: 4 });
      g.vaults = [];
    }),
    [
      "mod/game.json: $.map.floors[0].generator: expected a map at least 8x8 for caves, found 7x7",
      "mod/game.json: $.map.floors[1].generator: expected a map at least 8x8 for mixed, found 7x7",
    ],
  );
  deepEqual(await problemsWith((g) => (g.map.floors as Json[])[2].from = 2), [
    "mod/game.json: $.map.floors[2].from: expected a floor above 2 (plans in ascending order), found 2",
  ]);
});

Deno.test("an unknown generator name is one line", async () => {
  deepEqual(await problemsWith((g) => (g.map.floors as Json[])[0].generator = "maze"), [
    'mod/game.json: $.map.floors[0].generator: expected a generator: "rooms", "caves" or "mixed", found "maze"',
  ]);
});
