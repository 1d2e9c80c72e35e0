/**
 * Look mode tells what a thing is where the data describes it
 * (docs/rules.md, Look and aim cursor): a monster's description and its
 * numbers, a known item's description; an unknown item keeps its secret, and
 * rule sets without descriptions look as before.
 */
import { ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { LookScreen } from "../src/ui/mod.ts";
import { arena } from "./support/arena.ts";
import { bundledContent } from "./support/content.ts";
import { appOn, feed, screenText } from "./support/ui_harness.ts";

const { rules } = await loadContent(new URL("../data/", import.meta.url), "data/");
const ROOM = "#########\n#.......#\n#.@o.!..#\n#.......#\n#########";

Deno.test("look mode on an orc shows its description and its numbers; on an unknown potion, nothing of it", async () => {
  const state = arena(rules, ROOM, { o: "orc", "!": "haste_potion" });
  const app = appOn(state, rules, undefined, 80, 24);
  await feed(app, "/", "l");
  ok(app.top instanceof LookScreen);
  const onOrc = screenText(app).join("\n");
  ok(onOrc.includes(rules.templates.orc.description!.slice(0, 25)), onOrc);
  const orc = rules.templates.orc.fighter!;
  ok(onOrc.includes(`HP ${orc.hp}/${orc.hp}, damage ${orc.damage}`), onOrc);
  await feed(app, "l", "l");
  const onPotion = screenText(app).join("\n");
  ok(!onPotion.includes(rules.templates.haste_potion.description!.slice(0, 20)), onPotion);
  ok(!onPotion.includes("Potion of Haste"), "its name unknown too");
});

Deno.test("look mode in a rule set without descriptions opens no window over the map", async () => {
  const tutorial = (await bundledContent()).rules;
  const state = arena(tutorial, ROOM, { o: "orc" });
  const app = appOn(state, tutorial, undefined, 80, 24);
  await feed(app, "/", "l");
  ok(!screenText(app).join("\n").includes("┌"), screenText(app).join("\n"));
});

Deno.test("look mode on a sleeping viper says it is asleep, and no longer once it has woken", async () => {
  // Tall enough that the window has room for every line.
  const hall = ["#########", ...Array(14).fill("#.......#"), "#########"];
  hall[2] = "#.@o....#";
  const state = arena(rules, hall.join("\n"), { o: "snake" });
  const app = appOn(state, rules, undefined, 80, 24);
  await feed(app, "/", "l");
  ok(
    screenText(app).join("\n").includes("It is asleep: it has not noticed"),
    screenText(app).join("\n"),
  );
  const viper = app.state.entities.find((e) => e.template === "snake")!;
  viper.ai = { type: "hostile", lastSeen: -1, path: [] };
  await feed(app, "h", "l");
  ok(!screenText(app).join("\n").includes("asleep"), screenText(app).join("\n"));
});
