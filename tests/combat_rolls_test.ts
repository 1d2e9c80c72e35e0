import { modProblems } from "./support/mod_problems.ts";
import { deepEqual, equal, ok, throws } from "node:assert/strict";
import {
  accuracyOf,
  applyMonsterMoves,
  cloneState,
  damageDiceOf,
  diceRange,
  evasionOf,
  type GameEvent,
  isRandomDice,
  melee,
  newGame,
  parseDice,
  playerOf,
  playPlayerAction,
  Rng,
  rollDice,
  runMonsterPhase,
  unequip,
  wornIn,
} from "../src/engine/mod.ts";
import { arena, byId } from "./support/arena.ts";
import { COMBAT_MOD, combatContent, rolledArena } from "./support/combat_mod.ts";
import { bundledContent } from "./support/content.ts";

const mod = (await combatContent()).rules;
const bundled = (await bundledContent()).rules;

Deno.test("dice: the forms the data may write parse, anything else does not", () => {
  deepEqual(parseDice("2d4+1"), { count: 2, sides: 4, bonus: 1 });
  deepEqual(parseDice("d6"), { count: 1, sides: 6, bonus: 0 });
  deepEqual(parseDice("1d8-1"), { count: 1, sides: 8, bonus: -1 });
  deepEqual(parseDice("3"), { count: 0, sides: 1, bonus: 3 });
  for (
    const bad of ["", "d", "2d", "2d0", "0d6", "2d4+", "2d4 + 1", "2x4", "101d6", "1d1001", "+", "2d4+1d6"]
  ) {
    equal(parseDice(bad), undefined, bad);
  }
  deepEqual(diceRange("2d4+1"), { min: 3, max: 9 });
  ok(isRandomDice("1d2") && !isRandomDice("5") && !isRandomDice("3d1"));
});

Deno.test("dice: a roll stays in its range, and plain numbers draw nothing from the stream", () => {
  const rng = Rng.fromSeed(3);
  const seen = new Set<number>();
  for (let k = 0; k < 500; k++) seen.add(rollDice("2d4+1", rng));
  deepEqual([...seen].sort((a, b) => a - b), [3, 4, 5, 6, 7, 8, 9]);
  const before = rng.state();
  equal(rollDice("7", rng), 7);
  equal(rollDice("3d1+1", rng), 4);
  deepEqual(rng.state(), before);
  throws(() => rollDice("1d6", undefined), /rolls stream/);
});

Deno.test("the tutorial rules roll nothing: no rolls stream in the state, melee is power − defense", () => {
  const state = newGame(bundled, 5);
  ok(!("rolls" in state), "a rule set without $.combat has no rolls field");
  const room = arena(bundled, "#####\n#@o.#\n#####", { o: "orc" });
  const events: GameEvent[] = [];
  melee(room, playerOf(room), byId(room, 1), bundled, events);
  deepEqual(events.map((e) => e.type === "attacked" && e.damage), [2]);
  ok(!("rolls" in room));
});

Deno.test("rolled melee: blows miss with their own message and hits roll within the dice", () => {
  let misses = 0, hits = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const state = rolledArena(mod, "#####\n#@o.#\n#####", { o: "orc" }, seed);
    const orc = byId(state, 1);
    orc.fighter!.hp = 1000;
    orc.fighter!.maxHp = 1000;
    ok(playPlayerAction(state, mod, { type: "bump", dx: 1, dy: 0 }));
    const line = state.log.at(-1)!.text;
    if (line === "Player misses Orc.") misses++;
    else {
      // The player's own 1d3 (the arena gives no gear) + power 0 against defense 0: 1 to 3.
      const damage = 1000 - orc.fighter!.hp;
      ok(damage >= 1 && damage <= 3, `${damage}`);
      equal(line, `Player attacks Orc for ${damage} hit points.`);
      hits++;
    }
  }
  // 70 + accuracy 0 − evasion 5: 65 %.
  ok(misses >= 8 && hits >= 30, `${misses} misses, ${hits} hits`);
});

Deno.test("a wielded weapon's dice replace the wielder's own, and its accuracy and evasion add up", () => {
  const state = newGame(mod, 2);
  const player = playerOf(state);
  deepEqual([damageDiceOf(player), accuracyOf(player), evasionOf(player)], ["1d6", 5, 15]);
  unequip(player, wornIn(player, "weapon")!, []);
  equal(damageDiceOf(player), "1d3");
  ok(Array.isArray(state.rolls), "a rule set with $.combat starts a rolls stream");
});

Deno.test("armour never brings a hit below the data's least damage; to-hit stays within min and max", () => {
  const rules = { ...mod, combat: { toHit: { base: 500, min: 5, max: 95 }, minDamage: 1 } };
  let hits = 0;
  for (let seed = 1; seed <= 100; seed++) {
    const state = rolledArena(rules, "#####\n#@o.#\n#####", { o: "troll" }, seed);
    const troll = byId(state, 1);
    troll.fighter!.defense = 500;
    const before = troll.fighter!.hp;
    melee(state, playerOf(state), troll, rules, []);
    const damage = before - troll.fighter!.hp;
    ok(damage === 0 || damage === 1, `${damage}`);
    hits += damage;
  }
  // Capped at 95 %: some blows still miss, most land for exactly the least damage.
  ok(hits >= 85 && hits < 100, `${hits} hits of 100`);
});

Deno.test("a monster phase replayed from its moves rolls the same blows: the state comes out equal", () => {
  let compared = 0;
  for (let seed = 1; seed <= 20; seed++) {
    const state = rolledArena(mod, "#######\n#o@o..#\n#.o...#\n#######", { o: "orc" }, seed);
    for (let turn = 0; turn < 6; turn++) {
      const replayed = cloneState(state);
      const { moves } = runMonsterPhase(state, mod);
      applyMonsterMoves(replayed, mod, moves);
      // The main RNG is the deciding side's; the rolls stream and everything else must match.
      replayed.rng = state.rng;
      deepEqual(JSON.parse(JSON.stringify(replayed)), JSON.parse(JSON.stringify(state)));
      compared++;
      if (playerOf(state).fighter!.hp <= 0) break;
    }
  }
  ok(compared > 40);
});

/** The problems of the combat mod with `edit` made to its files, by file name. */
const problemsOf = (edit: (files: Record<string, Record<string, unknown>>) => void): Promise<string[]> =>
  modProblems(COMBAT_MOD, (f) => {
    const files = { "game.json": f.game, "entities.json": f.entities, "spawn_tables.json": f.spawn };
    edit(files);
    [f.game, f.entities, f.spawn] = [files["game.json"], files["entities.json"], files["spawn_tables.json"]];
  });

type Json = Record<string, Record<string, Record<string, unknown>>>;

Deno.test("bad combat words: one line each, with file, JSON path, expected and found", async () => {
  deepEqual(
    await problemsOf((f) => {
      (f["entities.json"] as Json).orc.fighter.damage = "2d";
    }),
    ['mod/entities.json: $.orc.fighter.damage: expected dice like "2d4+1" (at most 100d1000, a bonus of at most 10000), found "2d"'],
  );
  deepEqual(
    await problemsOf((f) => {
      delete f["game.json"].combat;
    }),
    [
      'mod/entities.json: $.player.fighter.damage: expected a plain number unless mod/game.json has $.combat (which rolls dice), found "1d3"',
      'mod/entities.json: $.orc.fighter.damage: expected a plain number unless mod/game.json has $.combat (which rolls dice), found "1d6"',
      'mod/entities.json: $.troll.fighter.damage: expected a plain number unless mod/game.json has $.combat (which rolls dice), found "2d4+1"',
      'mod/entities.json: $.sword.equippable.damage: expected a plain number unless mod/game.json has $.combat (which rolls dice), found "1d10"',
      'mod/entities.json: $.dart.item.thrown.damage: expected a plain number unless mod/game.json has $.combat (which rolls dice), found "1d4+1"',
      'mod/entities.json: $.javelin.item.thrown.damage: expected a plain number unless mod/game.json has $.combat (which rolls dice), found "2d4"',
      'mod/entities.json: $.short_sword.equippable.damage: expected a plain number unless mod/game.json has $.combat (which rolls dice), found "1d6"',
    ],
  );
  deepEqual(
    await problemsOf((f) => {
      (f["game.json"] as Json).combat.toHit = { base: 50, min: 90, max: 10 };
    }),
    ["mod/game.json: $.combat.toHit.max: expected at least min (90), found 10"],
  );
});
