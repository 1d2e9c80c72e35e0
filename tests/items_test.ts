import { deepEqual, equal, ok } from "node:assert/strict";
import {
  attackOf,
  confusionDepth,
  defenseOf,
  displayText,
  type Entity,
  type GameState,
  inBlast,
  instantiate,
  isWorn,
  MAX_CONFUSIONS,
  playerOf,
  playPlayerAction,
  runMonsterPhase,
  targetingOf,
} from "../src/engine/mod.ts";
import { arena, byId } from "./support/arena.ts";
import { bundledContent, delveContent } from "./support/content.ts";

const { rules } = await bundledContent();

function carry(state: GameState, template: string): Entity {
  const item = instantiate(rules.templates[template], state.nextId++, 0, 0);
  playerOf(state).inventory!.items.push(item);
  return item;
}

function lay(state: GameState, template: string, x: number, y: number): Entity {
  const item = instantiate(rules.templates[template], state.nextId++, x, y);
  state.entities.push(item);
  return item;
}

const last = (state: GameState) => [displayText(state.log.at(-1)!), state.log.at(-1)!.color];
const ROOM = "#########\n#.......#\n#.@.....#\n#.......#\n#########";

Deno.test("pick up: the item dropped last comes first; nothing here, and a full pack, are impossible", () => {
  const state = arena(rules, ROOM);
  const p = playerOf(state);
  deepEqual([playPlayerAction(state, rules, { type: "pickup" }), last(state)], [undefined, [
    "There is nothing here to pick up.",
    "impossible",
  ]]);
  lay(state, "health_potion", p.x, p.y);
  const scroll = lay(state, "confusion_scroll", p.x, p.y);
  ok(playPlayerAction(state, rules, { type: "pickup" }));
  deepEqual(last(state), ["You picked up the Confusion Scroll!", "white"]);
  equal(p.inventory!.items[0], scroll, "the topmost (dropped last) first");
  ok(!state.entities.includes(scroll), "it left the map");
  equal(state.turn, 1, "a pickup takes a turn");
  while (p.inventory!.items.length < 26) carry(state, "health_potion");
  deepEqual([playPlayerAction(state, rules, { type: "pickup" }), last(state)], [undefined, [
    "Your inventory is full.",
    "impossible",
  ]]);
});

Deno.test("drop: the item goes on top of the player's cell and takes a turn", () => {
  const state = arena(rules, ROOM);
  const p = playerOf(state);
  const potion = carry(state, "health_potion");
  ok(playPlayerAction(state, rules, { type: "drop", item: 0 }));
  deepEqual(last(state), ["You dropped the Health Potion.", "white"]);
  deepEqual([potion.x, potion.y, state.entities.at(-1)], [p.x, p.y, potion]);
  deepEqual(p.inventory!.items, []);
});

Deno.test("health potion: heals up to 4, says how much; at full HP it is kept and no turn passes", () => {
  const state = arena(rules, ROOM);
  const p = playerOf(state);
  carry(state, "health_potion");
  deepEqual([playPlayerAction(state, rules, { type: "use", item: 0 }), last(state)], [undefined, [
    "Your health is already full.",
    "impossible",
  ]]);
  equal(p.inventory!.items.length, 1);
  equal(state.turn, 0);
  p.fighter!.hp = 28;
  ok(playPlayerAction(state, rules, { type: "use", item: 0 }));
  deepEqual(last(state), ["You consume the Health Potion, and recover 2 HP!", "health_recovered"]);
  deepEqual([p.fighter!.hp, p.inventory!.items.length], [30, 0]);
});

Deno.test("lightning: the nearest visible enemy within range 5 takes 20; none in reach is impossible", () => {
  const state = arena(rules, "###########\n#@...o..T.#\n###########", { o: "orc", T: "troll" });
  carry(state, "lightning_scroll");
  ok(playPlayerAction(state, rules, { type: "use", item: 0 }));
  const lines = state.log.slice(-2).map((e) => [displayText(e), e.color]);
  deepEqual(lines, [
    ["A lightning bolt strikes the Orc with a loud thunder, for 20 damage!", "white"],
    ["Orc is dead!", "enemy_die"],
  ]);
  equal(byId(state, 2).fighter!.hp, 16, "the troll, farther, was spared");
  const far = arena(rules, "###########\n#@......T.#\n###########", { T: "troll" });
  carry(far, "lightning_scroll");
  deepEqual([playPlayerAction(far, rules, { type: "use", item: 0 }), last(far)], [undefined, [
    "No enemy is close enough to strike.",
    "impossible",
  ]]);
  equal(playerOf(far).inventory!.items.length, 1, "not used up");
});

Deno.test("confusion: the three checks in order, then 10 turns of confusion", () => {
  const state = arena(rules, "#######\n#@.o..#\n#######\n#..o..#\n#######", { o: "orc" });
  carry(state, "confusion_scroll");
  const tryAt = (
    x: number,
    y: number,
  ) => [playPlayerAction(state, rules, { type: "use", item: 0, target: { x, y } }), last(state)];
  deepEqual(tryAt(3, 3), [undefined, ["You cannot target an area that you cannot see.", "impossible"]]);
  deepEqual(tryAt(2, 1), [undefined, ["You must select an enemy to target.", "impossible"]]);
  deepEqual(tryAt(1, 1), [undefined, ["You cannot confuse yourself!", "impossible"]]);
  equal(state.turn, 0);
  ok(tryAt(3, 1)[0]);
  deepEqual(last(state), [
    "The eyes of the Orc look vacant, as it starts to stumble around!",
    "status_effect_applied",
  ]);
  const orc = byId(state, 1);
  equal(orc.ai!.type, "confused");
  equal(orc.ai?.type === "confused" && orc.ai.turnsRemaining, 10);
});

Deno.test("confusion on a confused monster remembers the confusion before it, up to 64 deep; past that it lengthens the outermost", () => {
  const state = arena(rules, "#######\n#@.o..#\n#######", { o: "orc" });
  const orc = byId(state, 1);
  const confuseOrc = () => {
    carry(state, "confusion_scroll");
    ok(playPlayerAction(state, rules, { type: "use", item: 0, target: { x: 3, y: 1 } }));
  };
  confuseOrc();
  confuseOrc();
  equal(confusionDepth(orc.ai!), 2, "a confusion keeps the one before it, as the tutorial's does");
  for (let n = 2; n < MAX_CONFUSIONS + 5; n++) confuseOrc();
  equal(confusionDepth(orc.ai!), MAX_CONFUSIONS, "no deeper than the cap, so every save stays readable");
  equal(orc.ai?.type === "confused" && orc.ai.turnsRemaining, 10);
});

Deno.test("fireball: everyone alive within 3 (the player too) takes 12; unseen or empty targets are refused", () => {
  const room = "###########\n#@..o..T..#\n#.........#\n#.........#\n#.........#\n#.........#\n###########";
  const state = arena(rules, room, { o: "orc", T: "troll" });
  carry(state, "fireball_scroll");
  const use = (x: number, y: number) =>
    playPlayerAction(state, rules, { type: "use", item: 0, target: { x, y } });
  state.map.visible[1 * 11 + 9] = 0;
  equal(use(9, 1), undefined);
  deepEqual(last(state), ["You cannot target an area that you cannot see.", "impossible"]);
  state.map.visible[1 * 11 + 9] = 1;
  equal(use(1, 5), undefined, "in view, but nobody within 3 of it");
  deepEqual(last(state), ["There are no targets in the radius.", "impossible"]);
  ok(use(4, 1));
  const lines = state.log.slice(-4).map((e) => displayText(e));
  deepEqual(lines, [
    "The Player is engulfed in a fiery explosion, taking 12 damage!",
    "The Orc is engulfed in a fiery explosion, taking 12 damage!",
    "Orc is dead!",
    "The Troll is engulfed in a fiery explosion, taking 12 damage!",
  ]);
  equal(playerOf(state).fighter!.hp, 18);
  equal(byId(state, 2).fighter!.hp, 4);
});

Deno.test("targeting needs and the blast shape: a circle, not a square", () => {
  deepEqual(targetingOf(rules.templates.health_potion.item!.effect), { kind: "none" });
  deepEqual(targetingOf(rules.templates.lightning_scroll.item!.effect), { kind: "none" });
  deepEqual(targetingOf(rules.templates.confusion_scroll.item!.effect), { kind: "single" });
  deepEqual(targetingOf(rules.templates.fireball_scroll.item!.effect), { kind: "area", radius: 3 });
  let cells = 0;
  for (let y = -4; y <= 4; y++) {
    for (let x = -4; x <= 4; x++) if (inBlast({ x: 0, y: 0 }, 3, { x, y })) cells++;
  }
  equal(cells, 29, "the radius-3 disc");
  ok(inBlast({ x: 0, y: 0 }, 3, { x: 3, y: 0 }) && !inBlast({ x: 0, y: 0 }, 3, { x: 3, y: 1 }));
});

Deno.test("the player starts wearing the Dagger and Leather Armor: attack 4, defense 2", async () => {
  const { newGame } = await import("../src/engine/mod.ts");
  const state = newGame(rules, 1);
  const p = playerOf(state);
  deepEqual(p.inventory!.items.map((i) => i.name), ["Dagger", "Leather Armor"]);
  deepEqual([attackOf(p), defenseOf(p)], [4, 2]);
  ok(!state.log.some((e) => e.text.startsWith("You equip")), "silently");
});

Deno.test("equip and unequip: using wearables swaps the slot with the rules' messages; each a turn", () => {
  const state = arena(rules, ROOM);
  const p = playerOf(state);
  const dagger = carry(state, "dagger"), sword = carry(state, "sword");
  carry(state, "chain_mail");
  ok(playPlayerAction(state, rules, { type: "use", item: 0 }));
  deepEqual(last(state), ["You equip the Dagger.", "white"]);
  ok(isWorn(p, dagger) && attackOf(p) === 4);
  ok(playPlayerAction(state, rules, { type: "use", item: 1 }));
  deepEqual(state.log.slice(-2).map((e) => e.text), ["You remove the Dagger.", "You equip the Sword."]);
  ok(!isWorn(p, dagger) && isWorn(p, sword) && attackOf(p) === 6);
  ok(playPlayerAction(state, rules, { type: "use", item: 2 }));
  equal(defenseOf(p), 1 + 3, "armour goes in its own slot");
  ok(playPlayerAction(state, rules, { type: "use", item: 1 }));
  deepEqual(last(state), ["You remove the Sword.", "white"]);
  equal(attackOf(p), 2);
  equal(state.turn, 4);
});

Deno.test("dropping a worn item takes it off first", () => {
  const state = arena(rules, ROOM);
  const p = playerOf(state);
  carry(state, "chain_mail");
  playPlayerAction(state, rules, { type: "use", item: 0 });
  ok(playPlayerAction(state, rules, { type: "drop", item: 0 }));
  deepEqual(state.log.slice(-2).map((e) => e.text), [
    "You remove the Chain Mail.",
    "You dropped the Chain Mail.",
  ]);
  equal(defenseOf(p), 1);
  deepEqual(p.equipment, {});
});

Deno.test("melee counts what is worn: the Dagger makes 4 damage to an orc, Leather Armor lets an orc do 1", () => {
  const state = arena(rules, "#####\n#@o.#\n#####", { o: "orc" });
  carry(state, "dagger");
  carry(state, "leather_armor");
  playPlayerAction(state, rules, { type: "use", item: 0 });
  playPlayerAction(state, rules, { type: "use", item: 1 });
  const hp = playerOf(state).fighter!.hp;
  playPlayerAction(state, rules, { type: "bump", dx: 1, dy: 0 });
  deepEqual(last(state), ["Player attacks Orc for 4 hit points.", "player_atk"]);
  runMonsterPhase(state, rules);
  equal(playerOf(state).fighter!.hp, hp - 1);
});

Deno.test("Delve's own data tells the player caught in their own blast in the second person", async () => {
  const { rules: delve } = await delveContent();
  const room = "#########\n#@..o...#\n#.......#\n#########";
  const state = arena(delve, room, { o: "orc" });
  carry(state, "fireball_scroll");
  ok(playPlayerAction(state, delve, { type: "use", item: 0, target: { x: 2, y: 1 } }));
  const lines = state.log.map((e) => displayText(e));
  ok(lines.some((l) => l.startsWith("You are engulfed in a fiery explosion, taking")), lines.join(" | "));
  ok(lines.some((l) => l.startsWith("The Orc is engulfed in a fiery explosion")), lines.join(" | "));
  ok(!lines.some((l) => l.includes("The Player")), lines.join(" | "));
});
