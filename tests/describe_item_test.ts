/**
 * The describe window (`e`, then a letter; docs/rules.md, Windows) and look
 * mode tell what an item is and its numbers; an unknown item keeps its secret.
 */
import { equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { instantiate, playerOf } from "../src/engine/mod.ts";
import { DescribeScreen, PlayScreen } from "../src/ui/mod.ts";
import { arena } from "./support/arena.ts";
import { appOn, feed, screenText } from "./support/ui_harness.ts";

const { rules } = await loadContent(new URL("../data/", import.meta.url), "data/");
// Tall enough for the windows: a window is never taller than the map view.
const ROOM = ["#########", "#.@..)..#", ...Array(12).fill("#.......#"), "#########"].join("\n");

function carrying(...templates: string[]) {
  const state = arena(rules, ROOM, { ")": "sword" });
  const player = playerOf(state);
  player.inventory = {
    capacity: 26,
    items: templates.map((t) => instantiate(rules.templates[t], state.nextId++, 0, 0)),
  };
  return state;
}

Deno.test("e then a letter describes the item: a sword's description and what wearing it adds", async () => {
  const app = appOn(carrying("sword", "lightning_wand", "haste_potion"), rules, undefined, 80, 24);
  await feed(app, "e");
  ok(screenText(app).join("\n").includes("Select an item to describe"));
  await feed(app, "a");
  ok(app.top instanceof DescribeScreen);
  const sword = screenText(app).join("\n");
  for (const text of ["Long Sword", "the fighter's favourite", "Wielded: attack +1, damage 1d8"]) {
    ok(sword.includes(text), `${text}\n${sword}`);
  }
  await feed(app, "x");
  ok(app.top instanceof PlayScreen, "any key closes it, and takes no turn");
  equal(app.state.turn, 0);
  await feed(app, "e", "b");
  const wand = screenText(app).join("\n");
  ok(wand.includes("Aimed: a bolt of 12 damage") && wand.includes("Charges left: 4."), wand);
});

Deno.test("an unknown potion keeps its secret in the describe window", async () => {
  const app = appOn(carrying("haste_potion"), rules, undefined, 80, 24);
  await feed(app, "e", "a");
  const text = screenText(app).join("\n");
  ok(text.includes("You do not know what it is"), text);
  ok(!text.includes("Haste") && !text.includes(rules.templates.haste_potion.description!.slice(0, 15)), text);
});

Deno.test("an empty letter says Invalid entry and the window stays", async () => {
  const app = appOn(carrying("sword"), rules, undefined, 80, 24);
  await feed(app, "e", "q");
  ok(screenText(app).join("\n").includes("Select an item to describe"));
});

Deno.test("look mode on a known item on the floor shows its numbers too", async () => {
  const app = appOn(carrying(), rules, undefined, 80, 24);
  await feed(app, "/", "l", "l", "l");
  const text = screenText(app).join("\n");
  ok(text.includes("Wielded: attack +1, damage 1d8"), text);
});

Deno.test("an item's description speaks of throwing only where a throw of it hurts someone or bursts", () => {
  // A thrown potion without a burst only shatters (docs/rules.md, Throwing): a text that advises throwing one misleads.
  for (const [id, template] of Object.entries(rules.templates)) {
    if (!template.item || !/\bthrow/i.test(template.description ?? "")) continue;
    const thrown = template.item.thrown;
    ok(thrown?.damage || thrown?.burst, `${id}: "${template.description}" but a throw of it hurts no one`);
  }
});
