import { deepEqual, equal, ok } from "node:assert/strict";
import {
  attackOf,
  computeFov,
  defenseOf,
  displayText,
  type Entity,
  type GameState,
  instantiate,
  itemName,
  MAX_MONSTERS_ON_FLOOR,
  newGame,
  playerOf,
  playPlayerAction,
  sightOf,
  Tile,
} from "../src/engine/mod.ts";
import { inventoryLines } from "../src/ui/mod.ts";
import { itemNumbers } from "../src/ui/item_numbers.ts";
import { arenaStill, byId } from "./support/arena.ts";
import { bundledContent, delveContent } from "./support/content.ts";
import { powersContent } from "./support/powers_mod.ts";

const { rules } = await powersContent();

function carry(state: GameState, template: string): Entity {
  const item = instantiate(rules.templates[template], state.nextId++, 0, 0);
  playerOf(state).inventory!.items.push(item);
  return item;
}

const slotOf = (state: GameState, item: Entity) => playerOf(state).inventory!.items.indexOf(item);
const use = (state: GameState, item: Entity, target?: { x: number; y: number }) =>
  playPlayerAction(state, rules, { type: "use", item: slotOf(state, item), target });
const lastText = (state: GameState) => displayText(state.log.at(-1)!);

Deno.test("a wand's bolt hits the first actor in line, not the one aimed at behind it, and costs a charge", () => {
  const state = arenaStill(rules, "##########\n#@.a..b..#\n##########", { a: "orc", b: "troll" });
  const wand = carry(state, "lightning_wand");
  equal(itemName(state, rules, wand), "Wand of Lightning (3)");
  const troll = byId(state, 2), orc = byId(state, 1);
  ok(use(state, wand, { x: troll.x, y: troll.y }));
  deepEqual([orc.fighter!.hp, troll.fighter!.hp], [2, 16]);
  equal(lastText(state), "The bolt hits the Orc for 8 damage!");
  deepEqual([wand.item!.charges, itemName(state, rules, wand)], [2, "Wand of Lightning (2)"]);
});

Deno.test("a bolt stops at a wall, goes on past the aimed cell, and hitting no one still costs a charge", () => {
  const state = arenaStill(rules, "#######\n#@..#o#\n#.....#\n#######", { o: "orc" });
  const wand = carry(state, "lightning_wand");
  ok(use(state, wand, { x: 2, y: 1 }), "aimed at the empty floor short of the wall");
  equal(byId(state, 1).fighter!.hp, 10, "the wall stopped it");
  equal(lastText(state), "The bolt hits nothing.");
  equal(wand.item!.charges, 2);
  const open = arenaStill(rules, "#######\n#@...o#\n#######", { o: "orc" });
  const far = carry(open, "lightning_wand");
  ok(use(open, far, { x: 2, y: 1 }), "aimed at the cell next to the player");
  equal(byId(open, 1).fighter!.hp, 2, "the bolt flew on past the aimed cell");
});

Deno.test("an empty wand stays in the pack: using it says nothing happens and takes no turn", () => {
  const state = arenaStill(rules, "#######\n#@...o#\n#######", { o: "orc" });
  const wand = carry(state, "lightning_wand");
  wand.item!.charges = 0;
  equal(use(state, wand, { x: 5, y: 1 }), undefined);
  deepEqual([state.turn, lastText(state), playerOf(state).inventory!.items.includes(wand)], [
    0,
    "Nothing happens.",
    true,
  ]);
  equal(inventoryLines(state, rules).at(-1), "(a) Wand of Lightning (0)");
});

Deno.test("teleport lands on a free floor cell no monster sees, drawn from the game's RNG", () => {
  const picture = `
##########################
#@.......#######.........#
#........#######.........#
#....o...#######.........#
##########################`;
  const landings = new Set<string>();
  for (let seed = 1; seed <= 20; seed++) {
    const state = arenaStill(rules, picture, { o: "orc" });
    state.rng = [seed, ~seed, seed * 7, 3];
    const before = [...state.rng];
    ok(use(state, carry(state, "teleport_scroll")));
    const p = playerOf(state), orc = byId(state, 1);
    const orcView = computeFov(
      state.map.transparent,
      state.map.width,
      state.map.height,
      orc.x,
      orc.y,
      sightOf(p, rules),
    );
    equal(orcView[p.y * state.map.width + p.x], 0, "out of the orc's sight");
    equal(state.map.tiles[p.y * state.map.width + p.x], Tile.Floor);
    ok(!(p.x === orc.x && p.y === orc.y));
    ok(state.rng.join() !== before.join(), "the draw came from the game's RNG");
    landings.add(`${p.x},${p.y}`);
  }
  ok(landings.size > 5, "the landing is random");
  const again = arenaStill(rules, picture, { o: "orc" });
  again.rng = [3, ~3, 21, 3];
  use(again, carry(again, "teleport_scroll"));
  const twice = arenaStill(rules, picture, { o: "orc" });
  twice.rng = [3, ~3, 21, 3];
  use(twice, carry(twice, "teleport_scroll"));
  deepEqual(
    [playerOf(again).x, playerOf(again).y],
    [playerOf(twice).x, playerOf(twice).y],
    "same RNG, same cell",
  );
});

Deno.test("magic mapping remembers every floor cell and the walls beside them, not solid rock", () => {
  const state = arenaStill(rules, "########\n#@.#####\n#..#####\n######.#\n########");
  ok(use(state, carry(state, "mapping_scroll")));
  const { explored, width } = state.map;
  equal(explored[3 * width + 6], 1, "a floor cell never seen");
  equal(explored[2 * width + 5], 1, "a wall beside it");
  equal(explored[1 * width + 5], 0, "rock with no floor beside it");
  equal(lastText(state), "The layout of this floor comes to you.");
});

Deno.test("a cursed scroll calls its monsters onto the nearest free cells; with no room, nothing happens", () => {
  const state = arenaStill(rules, "#######\n#.....#\n#..@..#\n#.....#\n#######");
  const scroll = carry(state, "summon_scroll");
  const next = state.nextId;
  ok(use(state, scroll));
  const orcs = state.entities.filter((e) => e.template === "orc");
  deepEqual(orcs.map((o) => [o.id, Math.max(Math.abs(o.x - 3), Math.abs(o.y - 2))]), [[next, 1], [
    next + 1,
    1,
  ]]);
  ok(orcs.every((o) => o.ai?.type === "hostile"), "they come awake and hostile");
  ok(state.log.some((l) => displayText(l).startsWith("An Orc appears!")));
  ok(!playerOf(state).inventory!.items.includes(scroll), "the scroll is read up");

  const boxed = arenaStill(rules, "###\n#@#\n###");
  const cursed = carry(boxed, "summon_scroll");
  ok(use(boxed, cursed));
  deepEqual([boxed.entities.length, lastText(boxed), playerOf(boxed).inventory!.items.length], [
    1,
    "Nothing happens.",
    0,
  ]);
});

Deno.test("a summoning calls no monster past the most a floor holds", () => {
  const crowded = (living: number) => {
    const state = arenaStill(rules, "#######\n#.....#\n#..@..#\n#.....#\n#######");
    // The crowd stands in the rock, out of the way: only its number counts.
    for (let k = 0; k < living; k++) {
      state.entities.push(instantiate(rules.templates.orc, state.nextId++, 0, 0));
    }
    ok(use(state, carry(state, "summon_scroll")));
    return state;
  };
  const nearlyFull = crowded(MAX_MONSTERS_ON_FLOOR - 1);
  equal(nearlyFull.entities.filter((e) => e.ai).length, MAX_MONSTERS_ON_FLOOR, "one called of two");
  const full = crowded(MAX_MONSTERS_ON_FLOOR);
  equal(full.entities.filter((e) => e.ai).length, MAX_MONSTERS_ON_FLOOR);
  equal(lastText(full), "Nothing happens.");
});

Deno.test("a summoning with no template draws from the floor's monster table", () => {
  const state = arenaStill(rules, "#######\n#.....#\n#..@..#\n#.....#\n#######");
  ok(use(state, carry(state, "chaos_scroll")));
  const called = state.entities.filter((e) => e.ai);
  equal(called.length, 3);
  ok(called.every((e) => e.template === "orc"), "floor 1's table holds only orcs");
});

Deno.test("rings and amulets are worn in slots of their own and add power, defense, max HP and sight", () => {
  const state = arenaStill(rules, "#####\n#@..#\n#####");
  const p = playerOf(state);
  const [power, defense, sight] = [attackOf(p), defenseOf(p), sightOf(p, rules)];
  const amulet = carry(state, "vitality_amulet"), ring = carry(state, "protection_ring");
  const farSight = carry(state, "sight_ring");
  ok(use(state, amulet));
  ok(use(state, ring));
  deepEqual([attackOf(p), defenseOf(p), p.fighter!.maxHp, p.fighter!.hp], [power + 1, defense + 2, 40, 40]);
  deepEqual(Object.keys(p.equipment!).sort(), ["amulet", "ring"]);
  ok(use(state, farSight), "a second ring takes the first one's place");
  deepEqual([defenseOf(p), sightOf(p, rules)], [defense, sight + 3]);
  p.fighter!.hp = 38;
  ok(use(state, amulet), "taken off");
  deepEqual([p.fighter!.maxHp, p.fighter!.hp, attackOf(p)], [30, 30, power]);
});

Deno.test("unknown potions go by this game's appearance until one is drunk, then by their name everywhere", () => {
  const state = newGame(rules, 7);
  const a = carry(state, "health_potion"), b = carry(state, "health_potion");
  const other = carry(state, "blink_potion");
  const look = itemName(state, rules, a);
  ok(/^(murky|bubbling|fizzy|smoky|milky|golden) potion$/.test(look), look);
  ok(itemName(state, rules, other) !== look, "each kind has its own appearance");
  equal(state.known, undefined, "nothing learnt yet: the state has no list");
  playerOf(state).fighter!.hp = 20;
  ok(use(state, a));
  deepEqual(state.known, ["health_potion"]);
  const said = state.log.slice(-2).map(displayText);
  deepEqual(said, [`The ${look} was a Health Potion.`, "You consume the Health Potion, and recover 4 HP!"]);
  equal(itemName(state, rules, b), "Health Potion");
  equal(itemName(state, rules, other).endsWith(" potion"), true, "the other kind stays unknown");
});

Deno.test("appearances are shuffled by the seed without taking a draw from the game's RNG", () => {
  const tutorialLike = { ...rules, unknownItems: undefined };
  const looks = new Set<string>();
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const game = newGame(rules, seed);
    deepEqual(game.rng, newGame(tutorialLike, seed).rng, "the same dungeon and RNG either way");
    looks.add(itemName(game, rules, instantiate(rules.templates.health_potion, 99, 0, 0)));
  }
  ok(looks.size > 1, "different games, different appearances");
});

Deno.test("the tutorial's rules write none of the new fields into a game", async () => {
  const tutorial = (await bundledContent()).rules;
  const state = newGame(tutorial, 5);
  equal("known" in state, false);
  for (const item of playerOf(state).inventory!.items) equal("charges" in item.item!, false);
  deepEqual(Object.keys(playerOf(state).equipment!), ["weapon", "armor"]);
  equal(tutorial.equipmentSlots, undefined);
  equal(tutorial.unknownItems, undefined);
});

Deno.test("Delve's healing potions heal a share of max HP (at least their amount); the greater one every wound", async () => {
  const delve = (await delveContent()).rules;
  const healed = (template: string, maxHp: number, hp: number) => {
    const state = newGame(delve, 3);
    const p = playerOf(state);
    Object.assign(p.fighter!, { maxHp, hp });
    const potion = instantiate(delve.templates[template], state.nextId++, 0, 0);
    p.inventory!.items.push(potion);
    ok(playPlayerAction(state, delve, { type: "use", item: p.inventory!.items.indexOf(potion) }));
    return p.fighter!.hp - hp;
  };
  equal(delve.templates.health_potion.item?.effect?.type, "heal");
  deepEqual(
    [healed("health_potion", 60, 10), healed("health_potion", 20, 5)],
    [24, 10],
    "40 % of 60; 10 at least",
  );
  equal(healed("health_potion", 60, 55), 5, "never past max HP");
  equal(healed("greater_health_potion", 90, 1), 89, "every wound");
  const potion = instantiate(delve.templates.health_potion, 1, 0, 0);
  ok(
    itemNumbers(potion, delve).includes("Used: heals 40 % of max HP, at least 10."),
    itemNumbers(potion, delve).join(),
  );
});

Deno.test("with clearBolts, a bolt whose way to the aimed cell a wall cuts is not fired: no turn, the charge kept", () => {
  // The cell aimed at, an opening in the wall row, is in view; the bolt's line to it clips the wall beside it.
  const picture = "##########\n#####.####\n#......@.#\n##########";
  for (const clear of [true, false]) {
    const words = clear
      ? {
        ...rules,
        clearBolts: true as const,
        messages: {
          ...rules.messages,
          bolt_blocked: { text: "A wall is in the way of that bolt.", color: "white" },
        },
      }
      : rules;
    const state = arenaStill(words, picture);
    const wand = carry(state, "lightning_wand");
    const turn = state.turn;
    // Aimed past the wall at (4, 1): the line meets it before the aimed cell.
    const played = playPlayerAction(state, words, {
      type: "use",
      item: slotOf(state, wand),
      target: { x: 5, y: 1 },
    });
    if (clear) {
      equal(played, undefined, "refused");
      deepEqual([lastText(state), wand.item!.charges, state.turn], [
        "A wall is in the way of that bolt.",
        3,
        turn,
      ]);
    } else {
      ok(played, "fired");
      deepEqual([lastText(state), wand.item!.charges], ["The bolt hits nothing.", 2]);
    }
  }
});
