/**
 * The attack figure (the side panel's and the character window's `{attack}`) writes the damage dice and the
 * attack as one sum, as players write dice: a Battle Axe's 1d10+1 with an attack of 4 is `1d10+5`, never
 * `1d10+1+4`. Played through the headless terminal in Delve's own game.
 */
import { equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { attackOf, instantiate, parseDice, playerOf } from "../src/engine/mod.ts";
import { diceWithBonus } from "../src/ui/mod.ts";
import { screenText, startApp, type } from "./support/ui_harness.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");

Deno.test("wielding a Battle Axe, the panel and the character window say its dice and the attack as one sum", async () => {
  const app = startApp(80, 50, 7, "truecolor", delve);
  const player = playerOf(app.state);
  player.inventory!.items = [instantiate(delve.rules.templates.battle_axe, app.state.nextId++, 0, 0)];
  await type(app, "ia");
  const dice = parseDice(delve.rules.templates.battle_axe.equippable!.damage!)!;
  ok(dice.bonus !== 0, "the axe's dice have a constant of their own");
  const sum = `${dice.count}d${dice.sides}+${dice.bonus + attackOf(player, delve.rules)}`;
  const panel = screenText(app).join("\n");
  equal(/Attack:? (\S+)/.exec(panel)?.[1], sum, panel);
  await type(app, "c");
  const window = screenText(app).join("\n");
  ok(window.includes(`Attack: ${sum}`) && !/\d+d\d+[+-]\d+[+-]\d/.test(window), window);
});

Deno.test("dice and a bonus fold into one constant, whatever their signs", () => {
  equal(diceWithBonus("1d10+1", 4), "1d10+5");
  equal(diceWithBonus("1d4", -1), "1d4-1");
  equal(diceWithBonus("1d6+2", -2), "1d6");
  equal(diceWithBonus("2d6", 0), "2d6");
  equal(diceWithBonus("3", 2), "5");
});
