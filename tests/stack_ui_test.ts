import { deepEqual, equal, ok } from "node:assert/strict";
import { carry, countedName, instantiate, itemName, labelOf, playerOf } from "../src/engine/mod.ts";
import { CountScreen, PlayScreen, TargetScreen } from "../src/ui/mod.ts";
import { combatContent, rolledArena } from "./support/combat_mod.ts";
import { appOn, feed, screenText } from "./support/ui_harness.ts";
import { delveContent } from "./support/content.ts";

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

Deno.test("one way names a count: a known stack, an unknown one in its kind's plural, and one of a thing alone", async () => {
  const delve = await delveContent();
  const state = rolledArena(delve.rules, ROOM);
  const pack = playerOf(state).inventory!;
  const stack = (template: string, count: number) => {
    const item = instantiate(delve.rules.templates[template], state.nextId++, 0, 0);
    item.count = count;
    carry(pack, item, delve.rules);
    return item;
  };
  const darts = stack("dart", 2), potions = stack("health_potion", 4), scrolls = stack("fireball_scroll", 3);
  equal(labelOf(state, delve.rules, darts), "2 Darts");
  const potion = itemName(state, delve.rules, potions), scroll = itemName(state, delve.rules, scrolls);
  ok(/^\w+ potion$/.test(potion) && /^scroll labelled /.test(scroll), `${potion}, ${scroll}`);
  equal(labelOf(state, delve.rules, potions), `4 ${potion}s`, "an unknown stack in its kind's plural, no ×");
  equal(labelOf(state, delve.rules, scrolls), `3 ${scroll.replace("scroll", "scrolls")}`);
  state.known = ["health_potion"];
  equal(labelOf(state, delve.rules, potions), "4 Potions of Healing", "the template's plural once known");
  deepEqual([countedName(1, "Dart"), countedName(5, "Dart"), countedName(2, "Staff", "Staves")], [
    "Dart",
    "5 Darts",
    "2 Staves",
  ]);
  // The drop window's heading names the stack as the pack does: an unknown one keeps its secret there too.
  state.known = [];
  const app = appOn(state, delve.rules, undefined, 80, 24);
  await feed(app, "d", "b");
  ok(app.top instanceof CountScreen);
  const text = screenText(app).join("\n");
  ok(text.includes(`4 ${potion}s`) && !text.includes("Healing"), text);
});

Deno.test("an unknown kind whose data give no plural still counts its stack with ×", async () => {
  const delve = await delveContent();
  const kinds = Object.fromEntries(
    Object.entries(delve.rules.unknownItems!).map(([id, { plural: _, ...kind }]) => [id, kind]),
  );
  const rules = { ...delve.rules, unknownItems: kinds };
  const state = rolledArena(rules, ROOM);
  const potions = instantiate(rules.templates.health_potion, state.nextId++, 0, 0);
  potions.count = 2;
  equal(labelOf(state, rules, potions), `2 × ${itemName(state, rules, potions)}`);
});
