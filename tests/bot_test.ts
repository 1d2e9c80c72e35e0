/**
 * The bot's rules (docs/rules.md, The bot) on hand-made arenas, with Delve's
 * own data (data/): it carries the goal up, climbs away from a fight it is
 * losing, throws at a monster across the room, tries an unknown potion when
 * a little hurt and safe, leaves a fungus alone, and makes room for the goal
 * beside it with a full pack.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { Bot, type GameState, instantiate, playerOf, setTile, Tile } from "../src/engine/mod.ts";
import { arena } from "./support/arena.ts";

const { rules } = await loadContent(new URL("../data/", import.meta.url), "data/");

/** `picture` as a kept floor `floor` whose up stairs are at `<`; things carried by the player are `carry`. */
function floorOf(
  picture: string,
  things: Record<string, string>,
  floor: number,
  carry: string[] = [],
): GameState {
  const state = arena(rules, picture.replaceAll("<", "."), things);
  state.floor = floor;
  const rows = picture.trim().split("\n").map((r) => r.trim());
  rows.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      if (ch !== "<") return;
      setTile(state.map, x, y, Tile.UpStairs);
      state.map.upStairs = { x, y };
    })
  );
  state.map.explored.fill(1);
  const player = playerOf(state);
  for (const t of carry) player.inventory!.items.push(instantiate(rules.templates[t], state.nextId++, 0, 0));
  return state;
}

Deno.test("carrying the goal, the bot heads for the up stairs and climbs them", () => {
  const state = floorOf(
    `
    #######
    #<...@#
    #######`,
    {},
    4,
    ["amulet_of_the_deep"],
  );
  deepEqual(new Bot().decide(state, rules), { act: { type: "bump", dx: -1, dy: 0 } });
  Object.assign(playerOf(state), { x: 1, y: 1 });
  deepEqual(new Bot().decide(state, rules), { act: { type: "ascend" } });
});

Deno.test("losing a fight with nothing to drink, the bot climbs away; on floor 1 without the goal it fights on", () => {
  const picture = `
    ########
    #<.@o..#
    ########`;
  const state = floorOf(picture, { o: "orc" }, 3);
  playerOf(state).fighter!.hp = 5;
  deepEqual(new Bot().decide(state, rules), { act: { type: "bump", dx: -1, dy: 0 } }, "away, to the stairs");
  const first = floorOf(picture, { o: "orc" }, 1);
  playerOf(first).fighter!.hp = 5;
  deepEqual(
    new Bot().decide(first, rules),
    { act: { type: "bump", dx: 1, dy: 0 } },
    "floor 1's stairs lead out: it fights",
  );
});

Deno.test("a monster across the room gets a dart along a clear line, none through a wall", () => {
  const open = floorOf(
    `
    ##########
    #@....o..#
    ##########`,
    { o: "orc" },
    2,
    ["dart"],
  );
  const dart = playerOf(open).inventory!.items.findIndex((i) => i.template === "dart");
  const orc = open.entities.find((e) => e.template === "orc")!;
  deepEqual(new Bot().decide(open, rules), {
    act: { type: "throw", item: dart, target: { x: orc.x, y: orc.y } },
  });
  const walled = floorOf(
    `
    ##########
    #@.......#
    #.####.o.#
    ##########`,
    { o: "orc" },
    2,
    ["dart"],
  );
  const command = new Bot().decide(walled, rules);
  ok(!("act" in command && command.act.type === "throw"), JSON.stringify(command));
});

Deno.test("a little hurt with nothing in view, the bot tries an unknown potion; at full health it does not", () => {
  const state = floorOf(
    `
    #####
    #@..#
    #####`,
    {},
    2,
    ["haste_potion"],
  );
  const potion = playerOf(state).inventory!.items.findIndex((i) => i.template === "haste_potion");
  const hurt = playerOf(state).fighter!;
  hurt.hp = hurt.maxHp - 1;
  deepEqual(new Bot().decide(state, rules), { act: { type: "use", item: potion } });
  hurt.hp = hurt.maxHp;
  const command = new Bot().decide(state, rules);
  ok(!("act" in command && command.act.type === "use"), JSON.stringify(command));
});

Deno.test("a fungus off the bot's way is left alone, one beside it is fought", () => {
  const far = floorOf(
    `
    ##########
    #>.@...F.#
    ##########`,
    { F: "shrieker" },
    3,
  );
  deepEqual(
    new Bot().decide(far, rules),
    { act: { type: "bump", dx: -1, dy: 0 } },
    "on to the stairs, away from it",
  );
  const near = floorOf(
    `
    #####
    #@F.#
    #####`,
    { F: "shrieker" },
    3,
  );
  deepEqual(new Bot().decide(near, rules), { act: { type: "bump", dx: 1, dy: 0 } });
});

Deno.test("with a full pack, the bot drops a thing beside the goal, never on it, then takes the goal", () => {
  const state = floorOf(
    `
    #####
    #@A.#
    #####`,
    { A: "amulet_of_the_deep" },
    10,
  );
  const player = playerOf(state);
  while (player.inventory!.items.length < player.inventory!.capacity) {
    player.inventory!.items.push(instantiate(rules.templates.dart, state.nextId++, 0, 0));
  }
  const command = new Bot().decide(state, rules);
  equal("act" in command && command.act.type, "drop");
  player.inventory!.items.pop();
  player.x = 2;
  deepEqual(new Bot().decide(state, rules), { act: { type: "pickup" } });
});

Deno.test("losing with a known blink in the pack, the bot blinks away; far from the stairs without one it fights on", () => {
  const far = `
    ###############
    #<.........@o.#
    ###############`;
  const state = floorOf(far, { o: "orc" }, 3, ["blink_potion"]);
  playerOf(state).fighter!.hp = 5;
  state.known = ["blink_potion"];
  deepEqual(new Bot().decide(state, rules), { act: { type: "use", item: 0 } }, "the known escape");
  const bare = floorOf(far, { o: "orc" }, 3);
  playerOf(bare).fighter!.hp = 5;
  deepEqual(new Bot().decide(bare, rules), { act: { type: "bump", dx: 1, dy: 0 } }, "the stairs are too far");
});

Deno.test("an unknown ring is judged by its kind, not its hidden numbers: never swapped for another unknown one", () => {
  const state = floorOf(
    `
    #####
    #@.>#
    #####`,
    {},
    3,
    ["accuracy_ring", "protection_ring"],
  );
  const player = playerOf(state);
  // The one worn (accuracy) is the weaker by its hidden numbers (defense counts more); a player cannot tell.
  player.equipment = { ring: player.inventory!.items[0].id };
  const command = new Bot().decide(state, rules);
  ok(!("act" in command && command.act.type === "use"), `it does not swap rings: ${JSON.stringify(command)}`);
});
