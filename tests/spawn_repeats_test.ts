import { deepEqual, equal, ok } from "node:assert/strict";
import { dataStamp, decodeSave, encodeSave } from "../src/store/mod.ts";
import {
  drawItems,
  drawWeighted,
  newGame,
  playerOf,
  repeatedWeight,
  Rng,
  type SpawnTables,
} from "../src/engine/mod.ts";
import { delveContent } from "./support/content.ts";

const tables: SpawnTables = { maxMonstersPerRoom: [], maxItemsPerRoom: [], monsters: [], items: [] };

Deno.test("a kind's weight halves with each one drawn, in thousandths, and never falls to nothing", () => {
  deepEqual([0, 1, 2].map((n) => repeatedWeight(10, n, 0.5)), [10_000, 5_000, 2_500]);
  equal(repeatedWeight(3, 40, 0.5), 1);
  equal(repeatedWeight(0, 0, 0.5), 0);
});

Deno.test("without repeatWeight, items are drawn as before, from the same stream, and nothing is counted", () => {
  const weights = new Map([["a", 5], ["b", 3], ["c", 1]]);
  const target = { entities: [], nextId: 1 };
  deepEqual(
    drawItems(target, tables, weights, 20, Rng.fromSeed(7)),
    drawWeighted(weights, 20, Rng.fromSeed(7)),
  );
  equal("drawn" in target, false);
});

Deno.test("with repeatWeight, a rare kind comes up far more often than its weight alone gives, and is counted", () => {
  const weights = new Map([["common", 90], ["rare", 10]]);
  const plain = drawWeighted(weights, 40, Rng.fromSeed(3)).filter((id) => id === "rare").length;
  const target: { entities: never[]; nextId: number; drawn?: Record<string, number> } = {
    entities: [],
    nextId: 1,
  };
  const picks = drawItems(target, { ...tables, repeatWeight: 0.5 }, weights, 40, Rng.fromSeed(3));
  const rare = picks.filter((id) => id === "rare").length;
  ok(rare >= 3 * Math.max(1, plain), `${rare} rare of 40, against ${plain}`);
  deepEqual(target.drawn, { common: 40 - rare, rare });
});

Deno.test("Delve: the items a run has drawn are counted from the first floor and kept in the save", async () => {
  const content = await delveContent();
  const { rules } = content;
  ok(rules.spawn.repeatWeight! < 1);
  const state = newGame(rules, 5);
  const drawn = state.drawn!;
  ok(Object.values(drawn).reduce((a, b) => a + b, 0) > 0, JSON.stringify(drawn));
  const items = state.entities.filter((e) => e.layer === "item" && e !== playerOf(state));
  ok(items.length > 0);
  const loaded = decodeSave(JSON.parse(encodeSave(state, dataStamp(content), "test", new Date(0))), rules);
  deepEqual(loaded.drawn, drawn);
});

Deno.test("without repeatWeight, a new game keeps the state it always had: nothing drawn is counted", async () => {
  const { rules } = await delveContent();
  const state = newGame({ ...rules, spawn: { ...rules.spawn, repeatWeight: undefined } }, 5);
  equal(state.drawn, undefined);
});
