/**
 * Grass (docs/rules.md, Grass): a floor plan's `grass` grows patches over
 * floor cells only, drawn from the floor's RNG after everything else, so a
 * plan without it makes the very floor it made before; grass is walkable,
 * lets light through and burns; Delve's own floors grow it and look mode
 * names it from the data.
 */
import { equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { themeFromContent } from "../src/app/mod.ts";
import {
  buildFloor,
  FLAMMABLE,
  type FloorPlan,
  newGame,
  Rng,
  Tile,
  TRANSPARENT,
  WALKABLE,
} from "../src/engine/mod.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");
const { rules } = delve;

/** Delve's plan for `floor` with `grass` as given (undefined: none), and no water (grown after grass). */
function planOf(floor: number, grass: FloorPlan["grass"]): FloorPlan {
  const plan = [...rules.floorPlans!].reverse().find((p) => p.from <= floor)!;
  const { grass: _, water: _water, ...rest } = plan;
  return (grass ? { ...rest, grass } : rest) as FloorPlan;
}

Deno.test("grass is walkable, lets light through and burns; no other terrain burns", () => {
  equal(WALKABLE[Tile.Grass], 1);
  equal(TRANSPARENT[Tile.Grass], 1);
  equal(FLAMMABLE[Tile.Grass], 1);
  for (
    const tile of [Tile.Wall, Tile.Floor, Tile.DownStairs, Tile.UpStairs, Tile.ClosedDoor, Tile.OpenDoor]
  ) {
    equal(FLAMMABLE[tile], 0, `tile ${tile}`);
  }
});

for (const floor of [1, 4, 6]) {
  Deno.test(`floor ${floor}: grass grows only where the same floor without it has floor, and nothing else changes`, () => {
    const grass = { patches: 4, size: 30 };
    for (let seed = 1; seed <= 40; seed++) {
      const bare = buildFloor(
        rules.dungeon,
        planOf(floor, undefined),
        rules.vaults ?? [],
        floor,
        Rng.fromSeed(seed),
      );
      const grown = buildFloor(
        rules.dungeon,
        planOf(floor, grass),
        rules.vaults ?? [],
        floor,
        Rng.fromSeed(seed),
      );
      const reserved = new Set(bare.reserved.map((p) => p.y * bare.map.width + p.x));
      let cells = 0;
      for (let i = 0; i < bare.map.tiles.length; i++) {
        if (grown.map.tiles[i] === Tile.Grass) {
          cells++;
          equal(bare.map.tiles[i], Tile.Floor, `seed ${seed}: grass on tile ${bare.map.tiles[i]}`);
          ok(!reserved.has(i), `seed ${seed}: grass in a vault`);
          equal(grown.map.transparent[i], 1);
        } else equal(grown.map.tiles[i], bare.map.tiles[i], `seed ${seed}: cell ${i} changed`);
      }
      ok(cells > 0 && cells <= grass.patches * grass.size, `seed ${seed}: ${cells} grass cells`);
      equal(grown.start.x, bare.start.x);
      equal(grown.start.y, bare.start.y);
      equal(grown.things.length, bare.things.length);
    }
  });
}

Deno.test("a plan without grass grows none and draws no more from the floor's RNG", () => {
  const rng = Rng.fromSeed(7), again = Rng.fromSeed(7);
  const built = buildFloor(rules.dungeon, planOf(1, undefined), rules.vaults ?? [], 1, rng);
  buildFloor(rules.dungeon, planOf(1, undefined), rules.vaults ?? [], 1, again);
  ok(!built.map.tiles.includes(Tile.Grass));
  equal(rng.int(0, 1_000_000), again.int(0, 1_000_000));
  const grown = Rng.fromSeed(7);
  buildFloor(rules.dungeon, planOf(1, { patches: 1, size: 1 }), rules.vaults ?? [], 1, grown);
  ok(grown.state().join() !== Rng.fromSeed(7).state().join());
});

Deno.test("Delve's own floors grow grass, and the tutorials' never do", async () => {
  let grassy = 0;
  for (let seed = 1; seed <= 10; seed++) if (newGame(rules, seed).map.tiles.includes(Tile.Grass)) grassy++;
  equal(grassy, 10);
  for (const name of ["tcod", "rotjs", "roguebasin", "zircon"]) {
    const tutorial = await loadContent(new URL(`../data/rulesets/${name}/`, import.meta.url), `${name}/`);
    ok((tutorial.rules.floorPlans ?? []).every((p) => p.grass === undefined), name);
    for (let seed = 1; seed <= 5; seed++) {
      ok(!newGame(tutorial.rules, seed).map.tiles.includes(Tile.Grass), name);
    }
  }
});

Deno.test("look mode calls grass by the name the data gives it", () => {
  const theme = themeFromContent(delve);
  equal(theme.tiles[Tile.Grass].name, "grass");
  equal(theme.tiles[Tile.Grass].light.glyph, '"');
});
