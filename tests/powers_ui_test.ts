import { deepEqual, ok } from "node:assert/strict";
import { displayText, instantiate, playerOf } from "../src/engine/mod.ts";
import { InventoryScreen, TargetScreen } from "../src/ui/mod.ts";
import { feed, lastShown, startApp } from "./support/ui_harness.ts";
import { powersContent } from "./support/powers_mod.ts";

const powers = (await powersContent()).rules;

Deno.test("a wand with charges is aimed; an empty one is not: it says nothing happens and the window stays", async () => {
  const app = startApp(80, 24, 10);
  const pack = playerOf(app.state).inventory!;
  pack.items = [instantiate(powers.templates.lightning_wand, app.state.nextId++, 0, 0)];
  await feed(app, "i", "a");
  ok(app.top instanceof TargetScreen, "aiming");
  await feed(app, "\x1b");
  pack.items[0].item!.charges = 0;
  await feed(app, "i", "a");
  deepEqual([displayText(lastShown(app)), app.top instanceof InventoryScreen, app.state.turn], [
    "Nothing happens.",
    true,
    0,
  ]);
});
