import { deepEqual, equal, ok } from "node:assert/strict";
import { carry, instantiate, playerOf } from "../src/engine/mod.ts";
import { CountScreen, PlayScreen, TargetScreen } from "../src/ui/mod.ts";
import { combatContent, rolledArena } from "./support/combat_mod.ts";
import { appOn, feed, screenText } from "./support/ui_harness.ts";

const { rules } = await combatContent();
const ROOM = "#########\n#.......#\n#.@.....#\n#.......#\n#########";

function appWith(count: number) {
  const state = rolledArena(rules, ROOM);
  const darts = instantiate(rules.templates.dart, state.nextId++, 0, 0);
  darts.count = count;
  carry(playerOf(state).inventory!, darts, rules);
  return { app: appOn(state, rules, undefined, 80, 24), darts, state };
}

Deno.test("d on a stack asks how many: digits, Backspace and Enter drop that many; Enter alone drops all", async () => {
  const { app, darts, state } = appWith(12);
  await feed(app, "d", "a");
  ok(app.top instanceof CountScreen);
  ok(screenText(app).some((l) => l.includes("12 Darts")));
  await feed(app, "5", "0", "Backspace", "Enter");
  ok(app.top instanceof PlayScreen, "the window closed on the drop");
  deepEqual([darts.count, state.entities.at(-1)!.count], [7, 5]);
  await feed(app, "d", "a", "Escape");
  equal(darts.count, 7, "Esc drops nothing");
  await feed(app, "d", "a", "Enter");
  deepEqual(playerOf(state).inventory!.items, []);
  equal(state.entities.at(-1)!.count, 12, "dropped onto the five: one stack of twelve");
});

Deno.test("t, a letter and a cell throw one of a stack at it", async () => {
  const { app, darts, state } = appWith(3);
  await feed(app, "t", "a");
  ok(app.top instanceof TargetScreen);
  await feed(app, "l", "l", "Enter");
  ok(app.top instanceof PlayScreen);
  equal(darts.count, 2);
  const thrown = state.entities.find((e) => e.template === "dart")!;
  deepEqual([thrown.x, thrown.y], [4, 2]);
});
