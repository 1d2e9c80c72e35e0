import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  chooseLevelUp,
  die,
  displayText,
  finishTurn,
  type GameEvent,
  type GameState,
  instantiate,
  levelsEarned,
  levelUpPending,
  newGame,
  playerOf,
  type Rules,
  settleAndNarrate,
  threshold,
} from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";

const rules = (await bundledContent()).rules;
const ruleset = async (name: string) =>
  (await loadContent(new URL(`../data/rulesets/${name}/`, import.meta.url), `${name}/`)).rules;
const rotjs = await ruleset("rotjs"),
  roguebasin = await ruleset("roguebasin"),
  zircon = await ruleset("zircon");
const delve = (await loadContent(new URL("../data/", import.meta.url), "data/")).rules;

/** Kills `count` monsters of `template` as the player would; returns the log lines it caused. */
function kill(state: GameState, r: Rules, template: string, count: number): [string, string][] {
  const before = state.log.length;
  for (let k = 0; k < count; k++) {
    const victim = instantiate(r.templates[template], state.nextId++, 1, 1);
    state.entities.push(victim);
    const events: GameEvent[] = [];
    die(victim, r, events, state.playerId); // the player's kill
    settleAndNarrate(state, r, events);
  }
  return state.log.slice(before).map((e) => [displayText(e), e.color]);
}

const level = (s: GameState) => playerOf(s).level!;

Deno.test("default (TCOD): 200 + 150 × level with >; 10 orcs do not level, 11 do, 4 trolls do", () => {
  deepEqual([1, 2, 3].map((l) => threshold(rules.progression, l)), [350, 500, 650]);
  const ten = newGame(rules, 1);
  kill(ten, rules, "orc", 10);
  deepEqual([level(ten).xp, levelUpPending(ten, rules)], [350, false]);
  const lines = kill(ten, rules, "orc", 1);
  deepEqual(lines, [
    ["Orc is dead!", "enemy_die"],
    ["You gain 35 experience points.", "white"],
    ["You advance to level 2!", "white"],
  ]);
  ok(levelUpPending(ten, rules));
  const trolls = newGame(rules, 1);
  kill(trolls, rules, "troll", 4);
  ok(levelUpPending(trolls, rules));
});

Deno.test("default choices: Constitution +20 max and +20 HP, Strength +1, Agility +1, Perception +1 sight; XP reduced", () => {
  const s = newGame(rules, 2);
  kill(s, rules, "orc", 11);
  const p = playerOf(s);
  p.fighter!.hp = 25;
  settleAndNarrate(s, rules, chooseLevelUp(s, rules, 0));
  deepEqual([level(s).current, level(s).xp, p.fighter!.maxHp, p.fighter!.hp], [2, 35, 50, 45]);
  equal(s.log.at(-1)!.text, "Your health improves!");
  equal(levelUpPending(s, rules), false);
  deepEqual(chooseLevelUp(s, rules, 1), [], "no level to take");
  for (
    const [choice, field, message] of [[1, "power", "You feel stronger!"], [
      2,
      "defense",
      "Your movements are getting swifter!",
    ]] as const
  ) {
    const t = newGame(rules, 3);
    kill(t, rules, "troll", 4);
    const before = playerOf(t).fighter![field];
    settleAndNarrate(t, rules, chooseLevelUp(t, rules, choice));
    equal(playerOf(t).fighter![field], before + 1);
    equal(t.log.at(-1)!.text, message);
  }
  const eyes = newGame(rules, 4);
  kill(eyes, rules, "troll", 4);
  const seen = eyes.map.visible.reduce((a, b) => a + b, 0);
  chooseLevelUp(eyes, rules, 3);
  equal(playerOf(eyes).sight, 9);
  ok(eyes.map.visible.reduce((a, b) => a + b, 0) >= seen, "the view was recomputed with the new sight");
});

Deno.test("one kill worth several levels: one choice per level, one after another", () => {
  const s = newGame(rules, 5);
  kill(s, rules, "troll", 12); // 1200 XP: 350 + 500 = 850 for two levels, 650 more needs 1500
  equal(levelsEarned(rules.progression, level(s)), 2);
  chooseLevelUp(s, rules, 1);
  ok(levelUpPending(s, rules));
  chooseLevelUp(s, rules, 1);
  deepEqual([levelUpPending(s, rules), level(s).current, level(s).xp], [false, 3, 1200 - 350 - 500]);
});

Deno.test("ROT.js rules: 20 + 200 × level (220, 420), > and no '!' on the level message", () => {
  deepEqual([1, 2].map((l) => threshold(rotjs.progression, l)), [220, 420]);
  const s = newGame(rotjs, 1);
  deepEqual([playerOf(s).fighter!.power, playerOf(s).fighter!.defense, playerOf(s).inventory!.items], [
    5,
    2,
    [],
  ]);
  kill(s, rotjs, "orc", 6);
  equal(levelUpPending(s, rotjs), false, "210 is not over 220");
  const lines = kill(s, rotjs, "orc", 1);
  deepEqual(lines.at(-1), ["You advance to level 2", "white"]);
  equal(rotjs.progression.choices.length, 3);
});

Deno.test("RogueBasin rules: ≥, its own death and level messages, half HP on the stairs", async () => {
  equal(threshold(roguebasin.progression, 1), 350);
  const s = newGame(roguebasin, 1);
  kill(s, roguebasin, "orc", 9);
  kill(s, roguebasin, "orc", 1);
  finishTurn(s, roguebasin, []); // the level is told at the check before the next turn
  // Ten identical death lines stack into one; no separate XP line in these rules.
  deepEqual(s.log.slice(-2).map((e) => [displayText(e), e.color]), [
    ["The Orc is dead! You gain 35 experience points. (x10)", "orange"],
    ["Your battle skills grow stronger! You reached level 2!", "yellow"],
  ]);
  ok(levelUpPending(s, roguebasin), "350 reaches 350");
  chooseLevelUp(s, roguebasin, 0);
  equal(s.log.at(-1)!.text, "Your battle skills grow stronger! You reached level 2!", "no stat message");
  const { playPlayerAction } = await import("../src/engine/mod.ts");
  const p = playerOf(s);
  p.fighter!.hp = 10;
  Object.assign(p, s.map.stairs);
  ok(playPlayerAction(s, roguebasin, { type: "descend" }));
  equal(p.fighter!.hp, 10 + Math.floor(50 / 2));
  deepEqual(s.log.slice(-2).map((e) => [e.text, e.color]), [
    ["You take a moment to rest, and recover your strength.", "descend"],
    ["After a rare moment of peace, you descend deeper into the heart of the dungeon...", "red"],
  ]);
});

Deno.test("Caves of Zircon rules: XP per kill from stats, cumulative, level^1.5 × 20, heal 2 × level, four choices", () => {
  const t = (l: number) => Math.round(threshold(zircon.progression, l) * 100) / 100;
  deepEqual([1, 2, 3, 4, 5, 10].map(t), [20, 56.57, 103.92, 160, 223.61, 632.46]);
  const s = newGame(zircon, 1);
  const p = playerOf(s);
  kill(s, zircon, "bat", 1);
  equal(level(s).xp, 5 + 2 + 1 - 2, "bat: max HP + attack + defense − 2 × level");
  const said = kill(s, zircon, "zombie", 1);
  equal(level(s).xp, 6 + (25 + 8 + 4 - 2));
  ok(levelUpPending(s, zircon), "41 > 20");
  // The level rises inside the destruction, which is logged after it.
  deepEqual(said.map(([text]) => text.replace(/ dies .*/, " dies …")), [
    "Player advanced to level 2.",
    "Zombie dies …",
  ]);
  equal(level(s).current, 2, "the level rose at the kill");
  p.fighter!.hp = 20;
  settleAndNarrate(s, zircon, chooseLevelUp(s, zircon, 0));
  deepEqual(
    [level(s).current, level(s).xp, p.fighter!.maxHp, p.fighter!.hp],
    [2, 41, 110, 20],
    "+10 max only: the heal came with the level",
  );
  equal(s.log.at(-1)!.text, "You look healthier.");
  const labels = zircon.progression.choices.map((c) => [c.key, c.raise, c.message]);
  deepEqual(labels, [
    ["a", { maxHp: 10 }, "You look healthier."],
    ["b", { power: 2 }, "You look stronger."],
    ["c", { defense: 2 }, "You look tougher."],
    ["d", { sight: 1 }, "You look more perceptive."],
  ]);
  // Kills that jump several levels owe a choice for each, made in turn.
  const big = newGame(zircon, 2);
  // 35 XP a zombie at level 1, 33 at 2, 31 at 3: levels rise at 35, 68 and 130 XP.
  kill(big, zircon, "zombie", 4);
  deepEqual([level(big).current, level(big).xp, level(big).choices], [4, 35 + 33 + 31 * 2, 3]);
  for (const left of [true, true, false]) {
    settleAndNarrate(big, zircon, chooseLevelUp(big, zircon, 1));
    equal(levelUpPending(big, zircon), left);
  }
  deepEqual([level(big).current, playerOf(big).fighter!.power], [
    4,
    playerOf(newGame(zircon, 2)).fighter!.power + 6,
  ]);
});

/** Two orcs die on the player's floor, one at the player's hand, one at another orc's; returns what followed. */
function twoOrcDeaths(r: Rules) {
  const state = newGame(r, 1);
  const [mine, theirs, killer] = [0, 1, 2].map(() => {
    const orc = instantiate(r.templates.orc, state.nextId++, 1, 1);
    state.entities.push(orc);
    return orc;
  });
  const events: GameEvent[] = [];
  die(mine, r, events, state.playerId);
  die(theirs, r, events, killer.id);
  settleAndNarrate(state, r, events);
  return { xp: state.chronicle.xpEarned, kills: state.chronicle.kills };
}

Deno.test("Delve's own_kills: an orc another monster kills gives no XP and is not the player's kill", () => {
  deepEqual([delve.progression.xpFor, delve.progression.killsCounted], ["own_kills", "own_kills"]);
  deepEqual(twoOrcDeaths(delve), { xp: delve.templates.orc.xp, kills: [{ name: "Orc", count: 1 }] });
});

Deno.test("without own_kills every monster's death gives its XP and counts as a kill", () => {
  const everyDeath = {
    ...delve,
    progression: { ...delve.progression, xpFor: undefined, killsCounted: undefined },
  };
  deepEqual(twoOrcDeaths(everyDeath), {
    xp: 2 * delve.templates.orc.xp!,
    kills: [{ name: "Orc", count: 2 }],
  });
});
