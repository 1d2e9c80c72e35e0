import { deepEqual, equal, ok } from "node:assert/strict";
import { displayText, isGameOver, playCommand, playerOf, playPlayerAction } from "../src/engine/mod.ts";
import { arena, byId } from "./support/arena.ts";
import { bundledContent } from "./support/content.ts";

const { rules } = await bundledContent();
const lastLines = (n: number, state: { log: { text: string; color: string; count: number }[] }) =>
  state.log.slice(-n).map((e) => [displayText(e), e.color]);

Deno.test("bumping a monster attacks it: power − defense, the rules' message in player_atk", () => {
  const state = arena(rules, "#####\n#@o.#\n#####", { o: "orc" });
  ok(playPlayerAction(state, rules, { type: "bump", dx: 1, dy: 0 }));
  deepEqual(byId(state, 1).fighter!.hp, 10 - 2);
  deepEqual(lastLines(1, state), [["Player attacks Orc for 2 hit points.", "player_atk"]]);
  deepEqual([playerOf(state).x, playerOf(state).y], [1, 1], "the player did not move");
});

Deno.test("no damage when defense ≥ power: 'but does no damage.'", () => {
  const state = arena(rules, "#####\n#@T.#\n#####", { T: "troll" });
  playerOf(state).fighter!.power = 1;
  playPlayerAction(state, rules, { type: "bump", dx: 1, dy: 0 });
  deepEqual(lastLines(1, state), [["Player attacks Troll but does no damage.", "player_atk"]]);
  equal(byId(state, 1).fighter!.hp, 16);
});

Deno.test("a monster's attack is in enemy_atk and repeats stack as (x2)", () => {
  const state = arena(rules, "#####\n#@o.#\n#####", { o: "orc" });
  playCommand(state, rules, { act: { type: "wait" } });
  playCommand(state, rules, { act: { type: "wait" } });
  deepEqual(lastLines(1, state), [["Orc attacks Player for 2 hit points. (x2)", "enemy_atk"]]);
  equal(playerOf(state).fighter!.hp, 30 - 4);
});

Deno.test("a monster at 0 HP becomes 'Remains of Orc': %, dark red, not blocking, not acting", () => {
  const state = arena(rules, "#####\n#@o.#\n#####", { o: "orc" });
  byId(state, 1).fighter!.hp = 2;
  playCommand(state, rules, { act: { type: "bump", dx: 1, dy: 0 } });
  const corpse = byId(state, 1);
  deepEqual(
    [corpse.name, corpse.glyph, corpse.color, corpse.blocksMovement, corpse.layer, corpse.ai],
    ["Remains of Orc", "%", 0xbf0000, false, "corpse", undefined],
  );
  deepEqual(lastLines(2, state), [
    ["Player attacks Orc for 2 hit points.", "player_atk"],
    ["Orc is dead!", "enemy_die"],
  ]);
  ok(playCommand(state, rules, { act: { type: "bump", dx: 1, dy: 0 } }), "the corpse is walked over");
  equal(playerOf(state).x, 2);
});

Deno.test('the player at 0 HP: "You died!", a corpse, and the game is over (no action works)', () => {
  const state = arena(rules, "#####\n#@o.#\n#####", { o: "orc" });
  playerOf(state).fighter!.hp = 2;
  playCommand(state, rules, { act: { type: "wait" } });
  ok(isGameOver(state));
  deepEqual(lastLines(1, state), [["You died!", "player_die"]]);
  equal(playerOf(state).name, "Remains of Player");
  equal(playerOf(state).fighter!.hp, 0);
  const turn = state.turn;
  equal(playPlayerAction(state, rules, { type: "wait" }), undefined);
  equal(state.turn, turn);
});

Deno.test('attacking an empty cell is impossible: "Nothing to attack." in grey, no turn', () => {
  const state = arena(rules, "#####\n#@..#\n#####");
  equal(playPlayerAction(state, rules, { type: "melee", dx: 1, dy: 0 }), undefined);
  deepEqual(lastLines(1, state), [["Nothing to attack.", "impossible"]]);
  equal(state.turn, 0);
});
