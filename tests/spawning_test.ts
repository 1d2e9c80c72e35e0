import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  generateDungeon,
  newGame,
  populateRooms,
  Rng,
  type SpawnTarget,
  valueForFloor,
  weightsForFloor,
} from "../src/engine/mod.ts";
import { bundledContent, copyOfData } from "./support/content.ts";

const { rules } = await bundledContent();

Deno.test("per-room maxima by floor follow the spawn tables' steps", () => {
  const items = [1, 2, 3, 4, 5, 6, 9].map((f) => valueForFloor(rules.spawn.maxItemsPerRoom, f));
  const monsters = [1, 2, 3, 4, 5, 6, 9].map((f) => valueForFloor(rules.spawn.maxMonstersPerRoom, f));
  deepEqual(items, [1, 1, 1, 2, 2, 2, 2]);
  deepEqual(monsters, [2, 2, 2, 3, 3, 5, 5]);
});

Deno.test("weights by floor merge in order, later steps replacing", () => {
  const w = (f: number, table: "monsters" | "items") =>
    Object.fromEntries(weightsForFloor(rules.spawn[table], f));
  deepEqual(w(1, "monsters"), { orc: 80 });
  deepEqual(w(3, "monsters"), { orc: 80, troll: 15 });
  deepEqual(w(5, "monsters"), { orc: 80, troll: 30 });
  deepEqual(w(7, "monsters"), { orc: 80, troll: 60 });
  deepEqual(w(1, "items"), { health_potion: 35 });
  deepEqual(w(4, "items"), { health_potion: 35, confusion_scroll: 10, lightning_scroll: 25, sword: 5 });
  deepEqual(Object.keys(w(6, "items")).length, 6);
});

Deno.test("spawned things never share a cell, stay inside rooms, and respect the per-room maxima", () => {
  for (let seed = 0; seed < 100; seed++) {
    const floor = 1 + (seed % 8);
    const rng = Rng.fromSeed(seed);
    const { rooms } = generateDungeon(rules.dungeon, rng);
    const target: SpawnTarget = { entities: [], nextId: 1 };
    populateRooms(target, rooms, floor, rules.spawn, rules.templates, rng);
    const cells = target.entities.map((e) => `${e.x},${e.y}`);
    equal(new Set(cells).size, cells.length, `seed ${seed}: two things on one cell`);
    for (const room of rooms) {
      const inside = target.entities.filter((e) =>
        e.x > room.x1 && e.x < room.x2 && e.y > room.y1 && e.y < room.y2
      );
      ok(
        inside.filter((e) => e.layer === "actor").length <=
          valueForFloor(rules.spawn.maxMonstersPerRoom, floor),
      );
      ok(
        inside.filter((e) => e.layer === "item").length <= valueForFloor(rules.spawn.maxItemsPerRoom, floor),
      );
    }
  }
});

Deno.test("a new game puts monsters in rooms and none on the player", () => {
  const state = newGame(rules, 5);
  const monsters = state.entities.filter((e) => e.ai);
  ok(monsters.length > 3);
  ok(monsters.every((m) => m.template === "orc"), "floor 1 has only orcs");
  const player = state.entities[0];
  ok(!state.entities.slice(1).some((e) => e.x === player.x && e.y === player.y));
  deepEqual(
    monsters.map((m) => m.id),
    [...monsters.map((m) => m.id)].sort((a, b) => a - b),
    "ids ascend in spawn order",
  );
});

Deno.test("a monster added with JSON only spawns on exactly the floors its table says", async () => {
  const dir = await copyOfData("delve-goblin-");
  const entities = JSON.parse(await Deno.readTextFile(`${dir}/entities.json`));
  entities.goblin = {
    name: "Goblin",
    glyph: "g",
    color: "#8FBC8F",
    fighter: { hp: 6, defense: 0, power: 2 },
    ai: "hostile",
    xp: 20,
  };
  await Deno.writeTextFile(`${dir}/entities.json`, JSON.stringify(entities));
  const spawn = JSON.parse(await Deno.readTextFile(`${dir}/spawn_tables.json`));
  spawn.monsters.splice(1, 0, { floor: 2, weights: { goblin: 1000 } });
  await Deno.writeTextFile(`${dir}/spawn_tables.json`, JSON.stringify(spawn));

  const modded = (await loadContent(new URL(`file://${dir}/`), "mod/")).rules;
  const goblinsOn = (floor: number) => {
    let count = 0;
    for (let seed = 0; seed < 20; seed++) {
      const rng = Rng.fromSeed(seed);
      const { rooms } = generateDungeon(modded.dungeon, rng);
      const target: SpawnTarget = { entities: [], nextId: 1 };
      populateRooms(target, rooms, floor, modded.spawn, modded.templates, rng);
      count += target.entities.filter((e) => e.template === "goblin").length;
    }
    return count;
  };
  equal(goblinsOn(1), 0, "no goblin before floor 2");
  ok(goblinsOn(2) > 50, "goblins from floor 2 on");
  ok(goblinsOn(6) > 50);
  const game = newGame(modded, 3);
  const goblin = game.entities.find((e) => e.template === "goblin");
  equal(goblin, undefined, "a new game starts on floor 1");
  equal(modded.templates.goblin.fighter!.hp, 6);
});
