/**
 * Deep water (docs/rules.md, Deep water): a floor plan's `water` pools it
 * over floor cells (never the start), after grass; it is walked and seen
 * through and never burns; where the rules' `water` says so, each turn the
 * player stands in it, it may sweep away a heavy thing carried and not
 * worn, told in the data's words.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { themeFromContent } from "../src/app/mod.ts";
import {
  buildFloor,
  displayText,
  endOfTurn,
  equip,
  FLAMMABLE,
  type FloorPlan,
  type GameEvent,
  type GameState,
  instantiate,
  playerOf,
  Rng,
  type Rules,
  setTile,
  Tile,
  TRANSPARENT,
  WALKABLE,
} from "../src/engine/mod.ts";
import { narrate } from "../src/engine/narration.ts";
import { arena } from "./support/arena.ts";
import { bundledContent } from "./support/content.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");
const { rules } = delve;

function planOf(floor: number, water: FloorPlan["water"]): FloorPlan {
  const plan = [...rules.floorPlans!].reverse().find((p) => p.from <= floor)!;
  const { water: _, ...rest } = plan;
  return (water ? { ...rest, water } : rest) as FloorPlan;
}

Deno.test("deep water is walked and seen through and never burns", () => {
  equal(WALKABLE[Tile.DeepWater], 1);
  equal(TRANSPARENT[Tile.DeepWater], 1);
  equal(FLAMMABLE[Tile.DeepWater], 0);
  equal(themeFromContent(delve).tiles[Tile.DeepWater].name, "deep water");
});

Deno.test("a plan's water pools only on floor cells, never the start, and nothing else changes", () => {
  const water = { patches: 3, size: 30 };
  for (const floor of [3, 4, 6]) {
    for (let seed = 1; seed <= 30; seed++) {
      const bare = buildFloor(
        rules.dungeon,
        planOf(floor, undefined),
        rules.vaults ?? [],
        floor,
        Rng.fromSeed(seed),
      );
      const wet = buildFloor(
        rules.dungeon,
        planOf(floor, water),
        rules.vaults ?? [],
        floor,
        Rng.fromSeed(seed),
      );
      let cells = 0;
      for (let i = 0; i < bare.map.tiles.length; i++) {
        if (wet.map.tiles[i] === Tile.DeepWater) {
          cells++;
          equal(bare.map.tiles[i], Tile.Floor, `floor ${floor}, seed ${seed}`);
        } else equal(wet.map.tiles[i], bare.map.tiles[i]);
      }
      ok(cells > 0);
      equal(
        wet.map.tiles[wet.start.y * wet.map.width + wet.start.x] === Tile.DeepWater,
        false,
        "not on the start",
      );
    }
  }
});

Deno.test("Delve pools water from floor 3; the tutorials never do", async () => {
  ok(rules.floorPlans!.filter((p) => p.from < 3).every((p) => p.water === undefined));
  ok(rules.floorPlans!.filter((p) => p.from >= 3).every((p) => p.water !== undefined));
  const { rules: tutorial } = await bundledContent();
  equal(tutorial.water, undefined);
});

/** The player in a pool (or beside it), carrying chain mail and a battle axe, wearing plate mail. */
function wading(inWater: boolean): GameState {
  const state = arena(rules, "######\n#.@..#\n######");
  if (rules.combat) state.rolls = [1, 2, 3, 4];
  if (inWater) setTile(state.map, 2, 1, Tile.DeepWater);
  const player = playerOf(state);
  for (const id of ["chain_mail", "battle_axe", "plate_mail", "health_potion"]) {
    player.inventory!.items.push(instantiate(rules.templates[id], state.nextId++, 0, 0));
  }
  equip(player, player.inventory!.items.find((e) => e.template === "plate_mail")!, []);
  return state;
}

function turns(state: GameState, on: Rules, n: number): GameEvent[] {
  const events: GameEvent[] = [];
  for (let k = 0; k < n; k++) endOfTurn(state, on, events);
  return events;
}

Deno.test("deep water sweeps away heavy things carried and not worn, one a turn by its chance, told in the data's words", () => {
  const always: Rules = { ...rules, water: { ...rules.water!, drop: 1000 } };
  const state = wading(true);
  const events = turns(state, always, 1);
  deepEqual(events.filter((e) => e.type === "swept_away").length, 1);
  const left = () => playerOf(state).inventory!.items.map((e) => e.template);
  ok(!left().includes("chain_mail"), "the first heavy thing went");
  turns(state, always, 5);
  ok(!left().includes("battle_axe"));
  ok(left().includes("plate_mail"), "worn, it stays");
  ok(left().includes("health_potion"), "not heavy, it stays");
  const dry = wading(false), carried = playerOf(dry).inventory!.items.length;
  turns(dry, always, 5);
  equal(playerOf(dry).inventory!.items.length, carried, "out of the water nothing goes");
  const never = wading(true);
  turns(never, { ...rules, water: { ...rules.water!, drop: 0 } }, 20);
  equal(playerOf(never).inventory!.items.length, carried);
  narrate(state.log, rules, events, state.playerId);
  equal(displayText(state.log.at(-1)!), "The current sweeps away your Chain Mail!");
});
