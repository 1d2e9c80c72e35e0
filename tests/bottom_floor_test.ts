/**
 * Delve's own game has a bottom (docs/rules.md, Persistent floors): floor
 * 10, where the Amulet lies, has no down stairs; `>` there says so, the
 * descend action is refused, and the floor keeps every invariant.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { changeFloor, newGame, playCommand, playerOf, stateProblems, Tile } from "../src/engine/mod.ts";
import { appOn, feed, lastShown } from "./support/ui_harness.ts";

const { rules } = await loadContent(new URL("../data/", import.meta.url), "data/");

Deno.test("floor 10 of Delve's own game has no down stairs, and no way further down", async () => {
  equal(rules.bottom, 10);
  for (const seed of [1, 2, 3]) {
    const state = newGame(rules, seed);
    for (let floor = 2; floor <= 10; floor++) changeFloor(state, rules, floor);
    const { map } = state;
    equal(
      map.tiles.filter((t) => t === Tile.DownStairs).length,
      0,
      `seed ${seed}: no down stairs on floor 10`,
    );
    equal(map.tiles.filter((t) => t === Tile.UpStairs).length, 1, "the up stairs are there");
    deepEqual(stateProblems(state, rules), []);
    // Even standing where the stairs would be, descending is refused and takes no turn.
    const player = playerOf(state);
    [player.x, player.y] = [map.stairs.x, map.stairs.y];
    const turn = state.turn;
    playCommand(state, rules, { act: { type: "descend" } });
    deepEqual([state.floor, state.turn], [10, turn]);
    const app = appOn(state, rules);
    await feed(app, ">");
    ok(lastShown(app).text.startsWith("This is the deepest floor"), lastShown(app).text);
  }
});

Deno.test("the floors above the bottom keep their down stairs", () => {
  const state = newGame(rules, 4);
  changeFloor(state, rules, 9);
  equal(state.map.tiles.filter((t) => t === Tile.DownStairs).length, 1);
});
