/**
 * Reading a known scroll of identify asks which unknown thing to name (docs/rules.md, Identify): a window
 * lists only the unknown things under their own letters; a letter names one, another says "Invalid entry.",
 * and any other key closes it with nothing used. Played through the headless terminal.
 */
import { equal, ok } from "node:assert/strict";
import { countOf, instantiate, isKnown, playerOf } from "../src/engine/mod.ts";
import { InventoryScreen, PlayScreen } from "../src/ui/mod.ts";
import { arenaStill } from "./support/arena.ts";
import { delveContent } from "./support/content.ts";
import { feed, screenText, sessionOn, type } from "./support/ui_harness.ts";

const delve = await delveContent();

/** The player with a known scroll of identify (a), a dart (b) and an unknown potion of blinking (c). */
function reader() {
  const state = arenaStill(delve.rules, "#######\n#@....#\n#######");
  playerOf(state).inventory!.items = ["identify_scroll", "dart", "blink_potion"].map((id) =>
    instantiate(delve.rules.templates[id], state.nextId++, 0, 0)
  );
  state.known = ["identify_scroll"];
  return sessionOn(delve, state);
}

Deno.test("Delve: a known scroll of identify lists only the unknown things, and names the one picked", async () => {
  const app = reader();
  await type(app, "ia");
  ok(app.top instanceof InventoryScreen && app.top.mode === "identify", "it asks which");
  const shown = screenText(app).join("\n");
  ok(shown.includes("Select an item to identify") && shown.includes("(c) "), shown);
  ok(!shown.includes("(b) Dart"), "a known thing is not offered");
  await type(app, "b");
  ok(app.top instanceof InventoryScreen, "a known thing's letter keeps the window");
  ok(screenText(app).join("\n").includes("Invalid entry."));
  await type(app, "c");
  ok(app.top instanceof PlayScreen);
  ok(isKnown(app.state, delve.rules, "blink_potion"));
  equal(app.state.turn, 1);
  equal(playerOf(app.state).inventory!.items.some((i) => i.template === "identify_scroll"), false);
});

Deno.test("Delve: closing the identify window uses nothing", async () => {
  const app = reader();
  await type(app, "ia");
  await feed(app, "Escape");
  ok(app.top instanceof PlayScreen);
  equal(app.state.turn, 0);
  equal(countOf(playerOf(app.state).inventory!.items[0]), 1);
  ok(!isKnown(app.state, delve.rules, "blink_potion"));
});
