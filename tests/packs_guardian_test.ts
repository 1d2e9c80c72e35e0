/**
 * Packs and the goal's guardian (docs/rules.md, Packs; A goal): a pack kind
 * drawn by the spawn tables comes with others of its kind in its room; the
 * goal item lies with its guardian beside it; bad data is one line each.
 */
import { modProblems } from "./support/mod_problems.ts";
import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  type EntityTemplate,
  newGame,
  playCommand,
  playerOf,
  populateAreas,
  Rng,
  type Rules,
  type SpawnTables,
  type SpawnTarget,
} from "../src/engine/mod.ts";

const MOD = new URL("./fixtures/mods/floors/", import.meta.url);
const { rules } = await loadContent(MOD, "tests/fixtures/mods/floors/");

const ROOM = { x1: 0, y1: 0, x2: 40, y2: 40 };

/** What one room of `ROOM`'s size gets from tables naming only `id`, one monster a room at most. */
function roomOf(templates: Record<string, EntityTemplate>, id: string, seed: number): string[] {
  const tables: SpawnTables = {
    maxMonstersPerRoom: [{ floor: 1, value: 1 }],
    maxItemsPerRoom: [],
    monsters: [{ floor: 1, weights: { [id]: 1 } }],
    items: [],
  };
  const target: SpawnTarget = { entities: [], nextId: 1 };
  populateAreas(target, [ROOM], [], 1, tables, templates, Rng.fromSeed(seed));
  for (const e of target.entities) ok(e.x > ROOM.x1 && e.x < ROOM.x2 && e.y > ROOM.y1 && e.y < ROOM.y2);
  return target.entities.map((e) => e.template);
}

Deno.test("a pack kind drawn once comes as min to max of its kind in the room; a lone kind comes alone", () => {
  const orc = rules.templates.orc;
  const templates = { ...rules.templates, wolf: { ...orc, id: "wolf", pack: { min: 3, max: 5 } } };
  const sizes = new Set<number>();
  for (let seed = 1; seed <= 60; seed++) {
    const wolves = roomOf(templates, "wolf", seed).length;
    // Drawn onto a taken cell, a wolf is skipped, as any spawn is: rarely, in a room this large.
    ok(wolves === 0 || (wolves >= 2 && wolves <= 5), `seed ${seed}: ${wolves}`);
    sizes.add(wolves);
    ok(roomOf(templates, "orc", seed).length <= 1);
  }
  ok(sizes.has(0) && [3, 4, 5].every((n) => sizes.has(n)), [...sizes].join());
});

/** The floors mod with a warden (a troll of its own name, which no floor draws) guarding the amulet. */
function withWarden(): Rules {
  const warden = { ...rules.templates.troll, id: "warden", name: "Warden" };
  return {
    ...rules,
    templates: { ...rules.templates, warden },
    goal: { ...rules.goal!, guardian: "warden" },
  };
}

Deno.test("the goal item lies with its guardian on the nearest free cell, on the goal's floor only", () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    const guarded = withWarden();
    const s = newGame(guarded, seed);
    const wardens = () => s.entities.filter((e) => e.template === "warden");
    for (let floor = 1; floor < guarded.goal!.floor; floor++) {
      equal(wardens().length, 0, `no guardian on floor ${floor}`);
      const p = playerOf(s);
      for (const e of s.entities) if (e !== p && e.x === s.map.stairs.x && e.y === s.map.stairs.y) e.x = p.x;
      Object.assign(p, s.map.stairs);
      ok(playCommand(s, guarded, { act: { type: "descend" } }));
    }
    const amulet = s.entities.find((e) => e.template === "amulet")!;
    deepEqual(wardens().length, 1, `seed ${seed}: the guardian`);
    const [warden] = wardens();
    equal(
      Math.max(Math.abs(warden.x - amulet.x), Math.abs(warden.y - amulet.y)),
      1,
      `seed ${seed}: beside it`,
    );
  }
});

/** The problems of the floors mod with `change` made to its parsed files. */
// deno-lint-ignore no-explicit-any
type Json = any;

const problemsWith = (change: (game: Json, entities: Json) => void): Promise<string[]> =>
  modProblems(MOD, (f) => change(f.game, f.entities));

Deno.test("a pack on a thing that is no monster, a pack whose max is below its min, a guardian that is no monster: one line each", async () => {
  deepEqual(await problemsWith((_g, e) => (e.health_potion.pack = { min: 2, max: 3 })), [
    "mod/entities.json: $.health_potion.pack: expected only on a monster (a template with an ai), found a pack",
  ]);
  const [order] = await problemsWith((_g, e) => (e.orc.pack = { min: 4, max: 2 }));
  ok(order.startsWith("mod/entities.json: $.orc.pack.max: "), order);
  deepEqual(await problemsWith((g) => (g.dungeon.goal.guardian = "health_potion")), [
    'mod/game.json: $.dungeon.goal.guardian: expected a monster template (with an ai) from mod/entities.json, found "health_potion"',
  ]);
});
