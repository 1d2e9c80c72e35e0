import { equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  buildFloor,
  type FloorPlan,
  newGame,
  Rng,
  type Rules,
  stepsFrom,
  Tile,
  WALKABLE,
} from "../src/engine/mod.ts";

const MOD = new URL("./fixtures/mods/maps/", import.meta.url);
const { rules } = await loadContent(MOD, "maps/");
const SEEDS = 1000;

/** The mod's rules with one plan for every floor. */
function only(plan: FloorPlan): Rules {
  return { ...rules, floorPlans: [{ ...plan, from: 1 }] };
}

const plans = Object.fromEntries(rules.floorPlans!.map((p) => [p.generator, p]));

for (const generator of ["rooms", "caves", "mixed"] as const) {
  Deno.test(`${generator}, ${SEEDS} seeds: every walkable cell is reached from the start and from the stairs, nothing stands in a wall, vault things lie in their vault`, () => {
    const modded = only({ ...plans[generator], vaults: 2 });
    let vaultThings = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const state = newGame(modded, seed);
      const { map } = state;
      const walk = Uint8Array.from(map.tiles, (t) => WALKABLE[t]);
      const player = state.entities[0];
      const fromStart = stepsFrom(walk, map.width, map.height, player.y * map.width + player.x);
      const fromStairs = stepsFrom(walk, map.width, map.height, map.stairs.y * map.width + map.stairs.x);
      equal(map.tiles[map.stairs.y * map.width + map.stairs.x], Tile.DownStairs, `seed ${seed}: stairs`);
      for (let i = 0; i < walk.length; i++) {
        if (walk[i] && (fromStart[i] < 0 || fromStairs[i] < 0)) {
          throw new Error(`seed ${seed}: cell ${i} cut off`);
        }
      }
      for (const e of state.entities) {
        const t = map.tiles[e.y * map.width + e.x];
        ok(t === Tile.Floor || t === Tile.DownStairs, `seed ${seed}: ${e.name} on tile ${t}`);
      }
      // The game's floor 1 is made from the seed's first draws: the same build shows where the vaults went.
      const built = buildFloor(modded.dungeon, modded.floorPlans![0], modded.vaults!, 1, Rng.fromSeed(seed));
      const reserved = new Set(built.reserved.map((p) => p.y * map.width + p.x));
      for (const thing of built.things) {
        ok(reserved.has(thing.y * map.width + thing.x), `seed ${seed}: a vault thing outside its vault`);
        if ("template" in thing) {
          ok(
            state.entities.some((e) =>
              e.x === thing.x && e.y === thing.y && e.name === rules.templates[thing.template].name
            ),
          );
        }
        vaultThings++;
      }
      for (const e of state.entities.slice(1)) {
        const i = e.y * map.width + e.x;
        // Only what the vault holds is spawned in a vault.
        if (reserved.has(i)) {
          ok(built.things.some((t) => t.x === e.x && t.y === e.y), `seed ${seed}: a spawn in a vault`);
        }
      }
    }
    ok(vaultThings > SEEDS, `vaults were placed (${vaultThings} things)`);
  });
}

Deno.test("a plan's maxRooms replaces the map's tries: fewer rooms, a smaller floor, over 200 seeds", () => {
  const walkable = (r: Rules, seed: number) => {
    const { map } = newGame(r, seed);
    return map.tiles.reduce((n, t) => n + WALKABLE[t], 0);
  };
  for (const generator of ["rooms", "mixed"] as const) {
    let smaller = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const few = walkable(only({ ...plans[generator], maxRooms: 4 }), seed);
      const many = walkable(only({ ...plans[generator] }), seed);
      ok(few <= many || generator === "mixed", `${generator} seed ${seed}: ${few} > ${many}`);
      if (few < many) smaller++;
    }
    ok(smaller >= 190, `${generator}: smaller on ${smaller} of 200 seeds`);
  }
  ok(rules.dungeon.maxRooms > 4, "the map's own number is larger");
});
