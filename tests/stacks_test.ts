import { deepEqual, equal, ok } from "node:assert/strict";
import {
  carry,
  displayText,
  type Entity,
  type GameState,
  instantiate,
  labelOf,
  newGame,
  playerOf,
  playPlayerAction,
} from "../src/engine/mod.ts";
import { inventoryLines } from "../src/ui/mod.ts";
import { combatContent, rolledArena } from "./support/combat_mod.ts";
import { bundledContent } from "./support/content.ts";

const mod = (await combatContent()).rules;
const ROOM = "#######\n#.....#\n#..@..#\n#.....#\n#######";

function lay(state: GameState, template: string, count = 1): Entity {
  const p = playerOf(state);
  const item = instantiate(mod.templates[template], state.nextId++, p.x, p.y);
  if (count > 1) item.count = count;
  state.entities.push(item);
  return item;
}

function give(state: GameState, template: string): Entity {
  const item = instantiate(mod.templates[template], state.nextId++, 0, 0);
  carry(playerOf(state).inventory!, item, mod);
  return item;
}

const last = (state: GameState) => displayText(state.log.at(-1)!);

Deno.test("stacks merge on pick-up, named with their count; a merge needs no free slot", () => {
  const state = rolledArena(mod, ROOM);
  const pack = playerOf(state).inventory!;
  lay(state, "health_potion");
  ok(playPlayerAction(state, mod, { type: "pickup" }));
  lay(state, "health_potion", 2);
  ok(playPlayerAction(state, mod, { type: "pickup" }));
  equal(last(state), "You picked up the 2 Health Potions!");
  equal(pack.items.length, 1);
  equal(labelOf(state, mod, pack.items[0]), "3 Health Potions");
  // The default plural: the name with "s".
  const darts = give(state, "dart");
  darts.count = 4;
  equal(labelOf(state, mod, darts), "4 Darts");
  while (pack.items.length < pack.capacity) give(state, "javelin");
  lay(state, "dart");
  ok(playPlayerAction(state, mod, { type: "pickup" }), "a full pack still takes a dart onto its stack");
  equal(darts.count, 5);
  lay(state, "health_potion");
  lay(state, "javelin");
  equal(playPlayerAction(state, mod, { type: "pickup" }), undefined, "but not a javelin, which needs a slot");
});

Deno.test("a stack is used one at a time, and the last one leaves the pack", () => {
  const state = rolledArena(mod, ROOM);
  const player = playerOf(state), pack = player.inventory!;
  const potions = give(state, "health_potion");
  potions.count = 2;
  player.fighter!.hp = 10;
  ok(playPlayerAction(state, mod, { type: "use", item: 0 }));
  deepEqual([pack.items[0], "count" in potions, player.fighter!.hp], [potions, false, 14]);
  ok(playPlayerAction(state, mod, { type: "use", item: 0 }));
  deepEqual(pack.items, []);
});

Deno.test("a drop takes a count of a stack (a new thing of the next id) or all of it, and merges on the floor", () => {
  const state = rolledArena(mod, ROOM);
  const pack = playerOf(state).inventory!;
  const darts = give(state, "dart");
  darts.count = 5;
  const nextId = state.nextId;
  ok(playPlayerAction(state, mod, { type: "drop", item: 0, count: 2 }));
  equal(last(state), "You dropped the 2 Darts.");
  const floor = state.entities.at(-1)!;
  deepEqual([floor.id, floor.count, darts.count, pack.items[0]], [nextId, 2, 3, darts]);
  ok(playPlayerAction(state, mod, { type: "drop", item: 0 }));
  equal(last(state), "You dropped the 3 Darts.");
  deepEqual(pack.items, []);
  const onFloor = state.entities.filter((e) => e.template === "dart");
  deepEqual(onFloor.map((e) => [e.id, e.count]), [[darts.id, 5]], "one stack of five on the cell, on top");
  equal(state.entities.at(-1), darts);
  equal(playPlayerAction(state, mod, { type: "drop", item: 0, count: 0 }), undefined);
});

Deno.test("kept letters: an item keeps its letter until it leaves, and a new one takes the first free letter", () => {
  const state = newGame(mod, 3);
  const pack = playerOf(state).inventory!;
  give(state, "javelin");
  give(state, "health_potion");
  deepEqual(inventoryLines(state, mod), [
    "(a) Short Sword (E)",
    "(b) Leather Armor (E)",
    "(c) Javelin",
    "(d) Health Potion",
  ]);
  ok(playPlayerAction(state, mod, { type: "drop", item: 2 }));
  deepEqual(inventoryLines(state, mod), [
    "(a) Short Sword (E)",
    "(b) Leather Armor (E)",
    "(d) Health Potion",
  ]);
  give(state, "dart");
  deepEqual(inventoryLines(state, mod), [
    "(a) Short Sword (E)",
    "(b) Leather Armor (E)",
    "(c) Dart",
    "(d) Health Potion",
  ]);
  give(state, "health_potion");
  equal(inventoryLines(state, mod)[3], "(d) 2 Health Potions");
  ok(pack.items.every((i) => i.letter !== undefined));
  ok(
    state.entities.every((e) => e.layer !== "item" || e.letter === undefined),
    "things on the floor keep none",
  );
});

Deno.test("the tutorial keeps today's letters: they follow the items' order and no letter is stored", async () => {
  const { rules } = await bundledContent();
  const state = newGame(rules, 3);
  const pack = playerOf(state).inventory!;
  pack.items.push(instantiate(rules.templates.health_potion, state.nextId++, 0, 0));
  ok(playPlayerAction(state, rules, { type: "drop", item: 0 }));
  deepEqual(inventoryLines(state, mod), ["(a) Leather Armor (E)", "(b) Health Potion"]);
  ok(pack.items.every((i) => !("letter" in i) && !("count" in i)));
});

Deno.test("a save keeps stacks, kept letters and the rolls stream, and loads them back the same", async () => {
  const { dataStamp, decodeSave, encodeSave } = await import("../src/store/mod.ts");
  const content = await combatContent();
  const state = newGame(mod, 9);
  give(state, "dart").count = 4;
  give(state, "health_potion");
  ok(playPlayerAction(state, mod, { type: "drop", item: 2, count: 1 }));
  const json = JSON.parse(encodeSave(state, dataStamp(content), "test", new Date(0)));
  const loaded = decodeSave(json, mod);
  deepEqual(JSON.parse(JSON.stringify(loaded)), JSON.parse(JSON.stringify(state)));
  ok(
    Array.isArray(loaded.rolls) &&
      playerOf(loaded).inventory!.items.some((i) => i.count === 3 && i.letter === 2),
  );
});

Deno.test("kept letters: a thrown javelin or dart picked up again takes back its letter, if still free", () => {
  const state = rolledArena(mod, ROOM);
  const player = playerOf(state), pack = player.inventory!;
  give(state, "health_potion");
  give(state, "javelin");
  const darts = give(state, "dart");
  darts.count = 2;
  const letters = () => inventoryLines(state, mod);
  deepEqual(letters(), ["(a) Health Potion", "(b) Javelin", "(c) 2 Darts"]);
  // a freed: a letter picked up things would take first were their own not kept.
  ok(playPlayerAction(state, mod, { type: "drop", item: 0 }));
  const target = { x: player.x + 2, y: player.y };
  ok(playPlayerAction(state, mod, { type: "throw", item: 0, target }));
  ok(playPlayerAction(state, mod, { type: "throw", item: 0, target }));
  ok(playPlayerAction(state, mod, { type: "throw", item: 0, target }));
  equal(pack.items.length, 0);
  // Each comes back to its own letter, the darts (one split from their stack) too.
  const pickUp = (template: string) => {
    const lying = state.entities.find((e) => e.layer === "item" && e.template === template)!;
    Object.assign(lying, { x: player.x, y: player.y });
    state.entities.splice(state.entities.indexOf(lying), 1);
    state.entities.push(lying);
    ok(playPlayerAction(state, mod, { type: "pickup" }));
  };
  pickUp("dart");
  deepEqual(letters(), ["(c) 2 Darts"], "the two, merged where they fell");
  pickUp("javelin");
  deepEqual(letters(), ["(b) Javelin", "(c) 2 Darts"]);
  pickUp("health_potion");
  deepEqual(letters(), ["(a) Health Potion", "(b) Javelin", "(c) 2 Darts"]);
  ok(
    state.entities.every((e) => e.formerLetter === undefined || e.layer === "item"),
    "only things lying keep one",
  );
});
