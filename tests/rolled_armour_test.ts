import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { blowDamage, defenseOf, playerOf, type Rules } from "../src/engine/mod.ts";
import { byId } from "./support/arena.ts";
import { rolledArena } from "./support/combat_mod.ts";

const delve = (await loadContent(new URL("../data/", import.meta.url), "data/")).rules;
/** Delve's rules with armour taken off whole, as before rolled armour. */
const subtracted: Rules = { ...delve, combat: { ...delve.combat!, armour: "subtract" } };

/** Every landed blow of a `monster` at a player of defense 7 (the floor-5 figure), over 300 seeds. */
function blowsAtDefense7(rules: Rules, monster: string): number[] {
  const hits: number[] = [];
  for (let seed = 1; seed <= 300; seed++) {
    const state = rolledArena(rules, "#####\n#@m.#\n#####", { m: monster }, seed);
    const player = playerOf(state);
    player.fighter!.defense = 7 - defenseOf(player, rules) + player.fighter!.defense;
    const damage = blowDamage(state, byId(state, 1), player, rules);
    if (damage !== undefined) hits.push(damage);
  }
  return hits;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

Deno.test("Delve's armour is rolled: a troll and an ogre still hurt defense 7, sometimes badly", () => {
  equal(delve.combat?.armour, "rolled");
  for (const monster of ["troll", "ogre"]) {
    const hits = blowsAtDefense7(delve, monster);
    ok(hits.length > 150, `${monster}: ${hits.length} hits`);
    ok(mean(hits) > 2, `${monster}: mean ${mean(hits)}`);
    ok(Math.max(...hits) >= 6, `${monster}: at most ${Math.max(...hits)}`);
    ok(Math.min(...hits) >= delve.combat!.minDamage);
  }
});

Deno.test("rolled armour keeps a rat (1d3) mostly to the least damage against defense 7", () => {
  const hits = blowsAtDefense7(delve, "rat");
  const least = hits.filter((d) => d === delve.combat!.minDamage).length;
  ok(least > hits.length * 0.6, `${least} of ${hits.length} at the least`);
  ok(Math.max(...hits) <= 3);
});

Deno.test("armour subtracted whole (the rule without the word): a troll hits defense 7 for 1 or 2", () => {
  const hits = blowsAtDefense7(subtracted, "troll");
  ok(hits.length > 150);
  deepEqual([...new Set(hits)].sort(), [1, 2]);
  ok(mean(hits) < 1.5, `mean ${mean(hits)}`);
});
