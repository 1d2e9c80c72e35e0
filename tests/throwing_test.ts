import { deepEqual, equal, ok } from "node:assert/strict";
import {
  carry,
  displayText,
  type Entity,
  type GameState,
  instantiate,
  lineCells,
  playerOf,
  playPlayerAction,
  wallInLine,
} from "../src/engine/mod.ts";
import { arena, byId } from "./support/arena.ts";
import { combatContent, rolledArena } from "./support/combat_mod.ts";
import { bundledContent, delveContent } from "./support/content.ts";
import { appOn, feed, screenText, sessionOn } from "./support/ui_harness.ts";
import type { GameSession } from "../src/app/mod.ts";
import { PlayScreen, TargetScreen, ThrowWornScreen } from "../src/ui/mod.ts";

const mod = (await combatContent()).rules;

function give(state: GameState, template: string, count = 1): Entity {
  const item = instantiate(mod.templates[template], state.nextId++, 0, 0);
  if (count > 1) item.count = count;
  carry(playerOf(state).inventory!, item, mod);
  return item;
}

const texts = (state: GameState) => state.log.map(displayText);

Deno.test("a line runs cell by adjacent cell from after its start to its end", () => {
  deepEqual(lineCells({ x: 0, y: 0 }, { x: 3, y: 1 }), [{ x: 1, y: 0 }, { x: 2, y: 1 }, { x: 3, y: 1 }]);
  deepEqual(lineCells({ x: 2, y: 2 }, { x: 2, y: 2 }), []);
  const cells = lineCells({ x: 5, y: 5 }, { x: -2, y: 9 });
  deepEqual(cells.at(-1), { x: -2, y: 9 });
  let from = { x: 5, y: 5 };
  for (const c of cells) {
    ok(Math.max(Math.abs(c.x - from.x), Math.abs(c.y - from.y)) === 1);
    from = c;
  }
});

Deno.test("a dart flies to the first actor in line, not the one behind, hits or misses, and lands at its feet", () => {
  let hits = 0, misses = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const state = rolledArena(mod, "#########\n#@..a.b.#\n#########", { a: "troll", b: "orc" }, seed);
    const troll = byId(state, 1), orc = byId(state, 2);
    troll.fighter!.hp = troll.fighter!.maxHp = 1000;
    const darts = give(state, "dart", 3);
    ok(playPlayerAction(state, mod, { type: "throw", item: 0, target: { x: 6, y: 1 } }));
    equal(darts.count, 2, "one of the stack is thrown");
    const thrown = state.entities.find((e) => e.template === "dart")!;
    deepEqual([thrown.x, thrown.y, thrown.id !== darts.id], [4, 1, true]);
    equal(orc.fighter!.hp, orc.fighter!.maxHp, "the orc behind is never reached");
    const log = texts(state);
    ok(log.includes("You throw the Dart."));
    const damage = 1000 - troll.fighter!.hp;
    if (log.at(-1) === "The Dart misses Troll.") misses++;
    else {
      // 1d4+1 against defense 2, at least 1.
      ok(damage >= 1 && damage <= 3, `${damage}`);
      equal(log.at(-1), `The Dart hits Troll for ${damage} hit points.`);
      hits++;
    }
  }
  ok(hits > 10 && misses > 2, `${hits} hits, ${misses} misses`);
});

Deno.test("a throw lands on the cell aimed at, or before the wall in its way; thrown darts merge on the floor", () => {
  const state = rolledArena(mod, "#######\n#@....#\n#.....#\n#######");
  give(state, "dart", 3);
  ok(playPlayerAction(state, mod, { type: "throw", item: 0, target: { x: 3, y: 1 } }));
  ok(playPlayerAction(state, mod, { type: "throw", item: 0, target: { x: 3, y: 1 } }));
  const floor = state.entities.filter((e) => e.template === "dart");
  deepEqual(floor.map((e) => [e.x, e.y, e.count]), [[3, 1, 2]]);
  // Aimed past the wall's corner: it stops on the last floor cell of its line.
  ok(playPlayerAction(state, mod, { type: "throw", item: 0, target: { x: 5, y: 2 } }));
  deepEqual(playerOf(state).inventory!.items, []);
});

Deno.test("a potion shatters where it lands; any item can be thrown and one that does no damage hurts no one", () => {
  const state = rolledArena(mod, "#######\n#@.o..#\n#######", { o: "orc" });
  const orc = byId(state, 1);
  give(state, "health_potion", 2);
  ok(playPlayerAction(state, mod, { type: "throw", item: 0, target: { x: 3, y: 1 } }));
  deepEqual(texts(state).slice(-3), [
    "You throw the Health Potion.",
    "The Health Potion hits Orc but does no damage.",
    "The Health Potion shatters.",
  ]);
  ok(!state.entities.some((e) => e.template === "health_potion"), "nothing is left of it");
  equal(orc.fighter!.hp, orc.fighter!.maxHp);
});

Deno.test("a throw at oneself or at a cell out of view is refused and takes no turn", () => {
  const state = rolledArena(mod, "#######\n#@.#..#\n#######");
  give(state, "javelin");
  equal(playPlayerAction(state, mod, { type: "throw", item: 0, target: { x: 1, y: 1 } }), undefined);
  equal(texts(state).at(-1), "You cannot throw at yourself.");
  equal(playPlayerAction(state, mod, { type: "throw", item: 0, target: { x: 5, y: 1 } }), undefined);
  equal(texts(state).at(-1), "You cannot target an area that you cannot see.");
  equal(state.turn, 0);
});

Deno.test("in the tutorial rules a thrown thing draws nothing and a worn dagger is taken off first", async () => {
  const { rules } = await bundledContent();
  const state = arena(rules, "#######\n#@.o..#\n#######", { o: "orc" });
  const player = playerOf(state);
  const dagger = instantiate(rules.templates.dagger, state.nextId++, 0, 0);
  player.inventory!.items.push(dagger);
  player.equipment = { weapon: dagger.id };
  ok(playPlayerAction(state, rules, { type: "throw", item: 0, target: { x: 4, y: 1 } }));
  deepEqual(texts(state).slice(-3), [
    "You remove the Dagger.",
    "You throw the Dagger.",
    "The Dagger hits Orc but does no damage.",
  ]);
  deepEqual([dagger.x, dagger.y, player.equipment], [3, 1, {}]);
  ok(!("rolls" in state));
});

Deno.test("with clearThrows a throw whose line a wall cuts is refused, takes no turn and lands nothing on the thrower", () => {
  const blocked = { text: "A wall is in the way of that throw.", color: "impossible" };
  const clear = { ...mod, clearThrows: true as const, messages: { ...mod.messages, throw_blocked: blocked } };
  // The pillar stands beside the player, on the straight line to a floor cell the player sees past it.
  const room = "##########\n#........#\n#.#......#\n#..@.....#\n#........#\n##########";
  const target = { x: 2, y: 1 };
  const state = rolledArena(clear, room);
  const { map } = state;
  equal(map.visible[target.y * map.width + target.x], 1, "seen past the pillar");
  deepEqual(
    wallInLine(state, playerOf(state), target),
    { x: 2, y: 2 },
    "the line's first cell is the pillar",
  );
  give(state, "dart", 2);
  equal(playPlayerAction(state, clear, { type: "throw", item: 0, target }), undefined);
  deepEqual([texts(state).at(-1), state.turn, playerOf(state).inventory!.items[0].count], [
    blocked.text,
    0,
    2,
  ]);
  // Without the word (the tutorials'), the dart flies into the wall and drops on the thrower's own cell.
  const old = rolledArena(mod, room);
  give(old, "dart", 2);
  ok(playPlayerAction(old, mod, { type: "throw", item: 0, target }));
  const player = playerOf(old);
  deepEqual(old.entities.filter((e) => e.template === "dart").map((e) => [e.x, e.y]), [[player.x, player.y]]);
});

/** An app on Delve's own game, the player wielding a dagger in slot a beside a javelin in slot b, an orc in view. */
async function wieldingDagger(): Promise<{ app: GameSession; dagger: Entity }> {
  const delve = await delveContent();
  const state = arena(delve.rules, "#######\n#@.o..#\n#######", { o: "orc" });
  const player = playerOf(state);
  const dagger = instantiate(delve.rules.templates.dagger, state.nextId++, 0, 0);
  carry(player.inventory!, dagger, delve.rules);
  carry(player.inventory!, instantiate(delve.rules.templates.javelin, state.nextId++, 0, 0), delve.rules);
  player.equipment = { weapon: dagger.id };
  return { app: sessionOn(delve, state), dagger };
}

Deno.test("with inventory.throwWornAsks throwing the wielded dagger asks first: any other key keeps it", async () => {
  const { app, dagger } = await wieldingDagger();
  await feed(app, "t", "a");
  ok(app.top instanceof ThrowWornScreen, "asked, not aimed");
  ok(screenText(app).join("\n").includes("You have the Dagger equipped"), screenText(app).join("\n"));
  await feed(app, "n");
  ok(app.top instanceof PlayScreen);
  deepEqual([playerOf(app.state).equipment, app.state.turn], [{ weapon: dagger.id }, 0]);
  // Yes goes on to the aim, and the throw takes it off as before.
  await feed(app, "t", "a", "y");
  ok(app.top instanceof TargetScreen);
  await feed(app, "Enter");
  deepEqual([playerOf(app.state).equipment, app.state.turn], [{}, 1]);
  ok(texts(app.state).includes("You throw the Dagger."));
});

Deno.test("with inventory.throwWornAsks a thing not worn is aimed at once, and the tutorials never ask", async () => {
  const { app } = await wieldingDagger();
  await feed(app, "t", "b");
  ok(app.top instanceof TargetScreen, "the javelin is not worn");
  const { rules } = await bundledContent();
  const tutorial = appOn(arena(rules, "#######\n#@.o..#\n#######", { o: "orc" }), rules);
  const player = playerOf(tutorial.state);
  const dagger = instantiate(rules.templates.dagger, tutorial.state.nextId++, 0, 0);
  player.inventory!.items.push(dagger);
  player.equipment = { weapon: dagger.id };
  await feed(tutorial, "t", "a");
  ok(tutorial.top instanceof TargetScreen);
});

Deno.test("with inventory.throwWornAsks the fire key that comes to the wielded dagger asks first too", async () => {
  const { app } = await wieldingDagger();
  const { rules } = await delveContent();
  const spare = instantiate(rules.templates.dagger, app.state.nextId++, 0, 0);
  carry(playerOf(app.state).inventory!, spare, rules);
  await feed(app, "t", "c", "Enter");
  ok(texts(app.state).includes("You throw the Dagger."));
  await feed(app, "f");
  ok(app.top instanceof ThrowWornScreen, "the next Dagger is the wielded one");
});
