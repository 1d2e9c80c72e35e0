/**
 * What one key may cost is bounded by the data (docs/rules.md, What a key
 * may cost): a monster faster than ten actions a turn, a player action
 * slower than ten turns, or a floor of more than 2,000 monsters is refused
 * in one line (file, JSON path, expected, found); and a mod at every one of
 * those limits at once answers its keys quickly.
 */
import { deepEqual, ok } from "node:assert/strict";
import { loadContent, WORK_LIMITS } from "../src/content/mod.ts";
import { newGame, playCommand, playerOf } from "../src/engine/mod.ts";
import { modCopy, type ModFiles, modProblems } from "./support/mod_problems.ts";

/** The time mod: speeds, statuses that haste (×2) and slow (×0.5), costs. */
const MOD = new URL("./fixtures/mods/time/", import.meta.url);

Deno.test("a monster that would act more than ten times a turn is refused at its speed", async () => {
  deepEqual(await modProblems(MOD, ({ entities }) => (entities.bat.speed = 600)), [
    "mod/entities.json: $.bat.speed: expected a speed at which it acts at most 10 times a turn (the cheapest " +
    "action costs 100, the fastest status multiplies speed by 2), found 600 (12 actions)",
  ]);
  // Cheaper actions make the same speed faster: a bat of 200 hasted acts 10 times at 40 a move, 14 at 30.
  deepEqual(
    await modProblems(MOD, ({ game }) => (game.time.costs = { move: 40, attack: 100, use: 100, wait: 100 })),
    [],
  );
  deepEqual(
    await modProblems(MOD, ({ game }) => (game.time.costs = { move: 30, attack: 100, use: 100, wait: 100 })),
    [
      "mod/entities.json: $.bat.speed: expected a speed at which it acts at most 10 times a turn (the cheapest " +
      "action costs 30, the fastest status multiplies speed by 2), found 200 (14 actions)",
    ],
  );
});

Deno.test("a player action of more than ten turns at the player's slowest is refused at its cost", async () => {
  deepEqual(
    await modProblems(MOD, ({ game }) => (game.time.costs = { move: 100, attack: 100, use: 100, wait: 600 })),
    [
      "mod/game.json: $.time.costs.wait: expected actions the player takes in at most 10 turns at their slowest " +
      "(speed 50, with the slowest gear and status), found 600 (12 turns)",
    ],
  );
  // Gear that slows its wearer counts: a 500-turn wait at speed 50 is fine, not with -10 speed armour on.
  const slowing = (files: ModFiles) => {
    files.game.time.costs = { move: 100, attack: 100, use: 100, wait: 500 };
    files.entities.chain_mail.equippable.speed = -10;
  };
  deepEqual(
    await modProblems(MOD, (f) => (f.game.time.costs = { move: 100, attack: 100, use: 100, wait: 500 })),
    [],
  );
  deepEqual(await modProblems(MOD, slowing), [
    "mod/game.json: $.time.costs.wait: expected actions the player takes in at most 10 turns at their slowest " +
    "(speed 45, with the slowest gear and status), found 500 (12 turns)",
  ]);
});

Deno.test("a floor that may be made with more than 2,000 monsters is refused at the spawn tables", async () => {
  deepEqual(await modProblems(MOD, ({ spawn }) => (spawn.maxMonstersPerRoom = [{ floor: 1, value: 67 }])), [
    "mod/spawn_tables.json: $.maxMonstersPerRoom: expected at most 2000 monsters a floor, found up to 2010 " +
    "(30 rooms or cave squares × 67 a room × packs of up to 1)",
  ]);
  // Packs multiply the draw; cave squares count as rooms.
  const packs = await modProblems(MOD, ({ entities, spawn }) => {
    spawn.maxMonstersPerRoom = [{ floor: 1, value: 30 }];
    entities.orc.pack = { min: 1, max: 3 };
  });
  deepEqual(packs, [
    "mod/spawn_tables.json: $.maxMonstersPerRoom: expected at most 2000 monsters a floor, found up to 2700 " +
    "(30 rooms or cave squares × 30 a room × packs of up to 3)",
  ]);
  deepEqual(
    await modProblems(MOD, ({ spawn }) => (spawn.maxMonstersPerRoom = [{ floor: 1, value: 66 }])),
    [],
  );
});

Deno.test("the mod that froze the game (a 1000x1000 map, 100 fast monsters a room, costly actions) is refused", async () => {
  const problems = await modProblems(MOD, ({ game, entities, spawn }) => {
    Object.assign(game.map, { width: 1000, height: 1000, maxRooms: 1000 });
    game.time.costs = { move: 1, attack: 1, use: 1000, wait: 1000 };
    for (const id of ["orc", "troll", "bat", "slug"]) entities[id].speed = 1000;
    spawn.maxMonstersPerRoom = [{ floor: 1, value: 100 }];
  });
  // Each line names its file and JSON path; the fast monsters, the slow player and the crowd are each named.
  ok(problems.every((p) => /^mod\/[a-z_]+\.json: \$\.\S+: expected .*, found /.test(p)), problems.join("\n"));
  ok(problems.some((p) => p.startsWith("mod/entities.json: $.orc.speed: ")), problems.join("\n"));
  ok(problems.some((p) => p.startsWith("mod/game.json: $.time.costs.")), problems.join("\n"));
  ok(
    problems.some((p) => p.startsWith("mod/spawn_tables.json: $.maxMonstersPerRoom: ")),
    problems.join("\n"),
  );
});

/** The time mod at every work limit at once: a 100x100 cave in 400 squares of 5 monsters, fast and slow. */
function atTheLimits(files: ModFiles): void {
  files.game.map = { ...files.game.map, width: 100, height: 100, roomMinSize: 3, roomMaxSize: 5 };
  files.game.map.floors = [
    { from: 1, generator: "caves", fill: 0.3, smoothing: 2, birth: 5, survive: 4, areaSize: 5, vaults: 0 },
  ];
  // 10 actions a turn hasted; the player's wait takes 10 turns slowed.
  files.game.time.costs = { move: 100, attack: 100, use: 100, wait: 500 };
  for (const id of ["orc", "troll", "bat", "slug"]) {
    files.entities[id].speed = 500;
    files.entities[id].fighter.power = 0;
  }
  files.entities.player.fighter.hp = 1_000_000;
  files.spawn.maxMonstersPerRoom = [{ floor: 1, value: WORK_LIMITS.monstersPerFloor / 400 }];
}

Deno.test("a mod at every work limit at once answers each key quickly", async () => {
  deepEqual(await modProblems(MOD, atTheLimits), []);
  const dir = await modCopy(MOD, atTheLimits);
  try {
    const { rules } = await loadContent(new URL(`file://${dir}/`), "mod/");
    const state = newGame(rules, 3);
    ok(state.entities.filter((e) => e.ai).length > 500, "a crowded floor");
    // Every monster hasted, the player slowed: the most actions a key can be followed by.
    for (const e of state.entities) e.statuses = [{ id: e.ai ? "hasted" : "slowed", turns: 5 }];
    for (let key = 0; key < 5; key++) {
      const started = performance.now();
      playCommand(state, rules, { act: { type: "wait" } });
      const took = performance.now() - started;
      // Well under a second alone; the bound leaves room for a machine shared with other work.
      ok(took < 2000, `key ${key} took ${Math.round(took)} ms`);
      ok(playerOf(state).fighter!.hp > 0);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
