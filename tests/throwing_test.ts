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
import { bundledContent } from "./support/content.ts";

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
