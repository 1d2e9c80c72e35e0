import { deepEqual, equal, ok } from "node:assert/strict";
import {
  generateDungeon,
  newGame,
  playerOf,
  playPlayerAction,
  populateRooms,
  Rng,
  type SpawnTarget,
  Tile,
  weightsForFloor,
} from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";

const { rules } = await bundledContent();

Deno.test("taking the stairs: floor 2, a new map, the player whole, the rules' message; elsewhere it is refused", () => {
  const s = newGame(rules, 3);
  const p = playerOf(s);
  equal(playPlayerAction(s, rules, { type: "descend" }), undefined);
  deepEqual([s.log.at(-1)!.text, s.log.at(-1)!.color], ["There are no stairs here.", "impossible"]);
  p.fighter!.hp = 17;
  p.level!.xp = 123;
  const inventory = p.inventory!.items.map((i) => i.id), equipment = { ...p.equipment };
  const oldMap = s.map;
  Object.assign(p, s.map.stairs);
  ok(playPlayerAction(s, rules, { type: "descend" }));
  deepEqual([s.floor, s.map !== oldMap], [2, true]);
  deepEqual([p.fighter!.hp, p.level!.xp, p.inventory!.items.map((i) => i.id), p.equipment], [
    17,
    123,
    inventory,
    equipment,
  ]);
  deepEqual([s.log.at(-1)!.text, s.log.at(-1)!.color], ["You descend the staircase.", "descend"]);
  equal(s.entities[0], p, "the player is the same entity");
  ok(s.entities.slice(1).every((e) => e.id > 2), "everything else is new");
  equal(s.map.tiles[s.map.stairs.y * s.map.width + s.map.stairs.x], Tile.DownStairs);
  equal(s.map.visible[p.y * s.map.width + p.x], 1, "the view is of the new floor");
  deepEqual(
    [...s.map.explored].filter((v, i) => v && !s.map.visible[i]),
    [],
    "nothing remembered from above",
  );
});

Deno.test("spawn shares per floor match the tables (seeded; 1,000 floors a depth, so 3 points is about 4 standard errors)", () => {
  for (const floor of [1, 3, 4, 5, 6, 7]) {
    const spawned: SpawnTarget["entities"] = [];
    const rng = Rng.fromSeed(floor);
    for (let k = 0; k < 1000; k++) {
      // Each floor its own: things on one floor must not block cells of another.
      const target: SpawnTarget = { entities: [], nextId: 1 };
      const { rooms } = generateDungeon(rules.dungeon, rng);
      populateRooms(target, rooms, floor, rules.spawn, rules.templates, rng);
      spawned.push(...target.entities);
    }
    for (const [table, layer] of [["monsters", "actor"], ["items", "item"]] as const) {
      const weights = weightsForFloor(rules.spawn[table], floor);
      const total = [...weights.values()].reduce((a, b) => a + b, 0);
      const seen = spawned.filter((e) => e.layer === layer);
      ok(seen.length > 3000, `floor ${floor}: ${seen.length} ${table}`);
      for (const [id, weight] of weights) {
        const share = seen.filter((e) => e.template === id).length / seen.length;
        ok(
          Math.abs(share - weight / total) < 0.03,
          `floor ${floor} ${id}: ${share.toFixed(3)} vs ${(weight / total).toFixed(3)}`,
        );
      }
      ok(seen.every((e) => weights.has(e.template)), `floor ${floor}: only the table's ${table}`);
    }
  }
});
