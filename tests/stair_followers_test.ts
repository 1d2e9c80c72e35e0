/**
 * Followers on the stairs (docs/rules.md, Followers on the stairs): with
 * Delve's `dungeon.followers`, an awake hostile monster beside the player
 * comes along on the stairs and arrives beside them; one farther off, or
 * asleep, stays; the rule without the word leaves everyone behind.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { dataStamp, decodeSave, encodeSave } from "../src/store/mod.ts";
import {
  displayText,
  type Entity,
  type GameState,
  playCommand,
  playerOf,
  type Rules,
  stateChecksum,
} from "../src/engine/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { byId } from "./support/arena.ts";
import { rolledArena } from "./support/combat_mod.ts";
import { both } from "./support/worker_games.ts";

const content = await loadContent(new URL("../data/", import.meta.url), "data/");
const delve = content.rules;
const leftBehind: Rules = { ...delve, stairFollowers: undefined };

/** The player on the down stairs of floor 1 with an orc beside him (id 1) and one two cells off (id 2). */
function orcsAtTheStairs(rules: Rules): GameState {
  const state = rolledArena(rules, "#########\n#@o>.o..#\n#.......#\n#########", { o: "orc" });
  const player = playerOf(state);
  Object.assign(player, state.map.stairs);
  for (const e of state.entities) if (e.ai?.type === "hostile") delete e.ai.asleep;
  // The orcs stand at x 2 and 5: beside the stairs (x 3) and two cells from them.
  deepEqual([byId(state, 1).x, byId(state, 2).x], [2, 5]);
  return state;
}

const chebyshev = (a: Entity, b: Entity) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
const onFloor = (state: GameState, id: number) => state.entities.some((e) => e.id === id);

Deno.test("Delve: the orc beside the player follows him down and arrives beside him; the one two cells off stays", () => {
  equal(delve.stairFollowers, true);
  const state = orcsAtTheStairs(delve);
  const before = state.log.length;
  ok(playCommand(state, delve, { act: { type: "descend" } }));
  equal(state.floor, 2);
  ok(onFloor(state, 1), "the orc beside came along");
  ok(!onFloor(state, 2), "the orc two cells off did not");
  const kept = state.keptFloors!.find((k) => k.floor === 1)!;
  ok(kept.entities.some((e) => e.id === 2) && !kept.entities.some((e) => e.id === 1));
  const orc = byId(state, 1);
  ok(orc.fighter!.hp > 0);
  const arrived = state.log.slice(before).map(displayText);
  ok(arrived.includes("Orc follows you."), arrived.join(" | "));
  // It may have struck already in the monsters' turn after the stairs, but it arrived beside him.
  equal(chebyshev(orc, playerOf(state)), 1);
});

Deno.test("Delve: a follower goes back up with the player too, and a sleeping monster beside him does not", () => {
  const state = orcsAtTheStairs(delve);
  const sleeper = byId(state, 2);
  Object.assign(sleeper, { x: 4, y: 2 });
  if (sleeper.ai?.type === "hostile") sleeper.ai.asleep = true;
  ok(playCommand(state, delve, { act: { type: "descend" } }));
  ok(onFloor(state, 1) && !onFloor(state, 2));
  Object.assign(playerOf(state), state.map.upStairs);
  const orc = byId(state, 1);
  Object.assign(orc, { x: state.map.upStairs!.x + 1, y: state.map.upStairs!.y });
  ok(playCommand(state, delve, { act: { type: "ascend" } }));
  equal(state.floor, 1);
  ok(onFloor(state, 1) && onFloor(state, 2));
  equal(chebyshev(byId(state, 1), playerOf(state)), 1);
});

Deno.test("without the word the stairs leave the orc beside the player behind", () => {
  const state = orcsAtTheStairs(leftBehind);
  ok(playCommand(state, leftBehind, { act: { type: "descend" } }));
  equal(state.floor, 2);
  ok(!onFloor(state, 1) && !onFloor(state, 2));
});

Deno.test("a follower is an ordinary monster of its new floor after a save and a load", () => {
  const state = orcsAtTheStairs(delve);
  ok(playCommand(state, delve, { act: { type: "descend" } }));
  const loaded = decodeSave(JSON.parse(encodeSave(state, dataStamp(content), "t", new Date(0))), delve);
  equal(stateChecksum(loaded), stateChecksum(state));
  const orc = loaded.entities.find((e) => e.id === 1)!;
  deepEqual([orc.x, orc.y, orc.fighter!.hp], [
    byId(state, 1).x,
    byId(state, 1).y,
    byId(state, 1).fighter!.hp,
  ]);
});

Deno.test("with the worker, a follower arrives and fights the same as in-process, to the checksum", async () => {
  const worker = new WorkerRunner(delve, { timeoutMs: 2000, checkEvery: 1 });
  ok(await worker.ready);
  const games = [orcsAtTheStairs(delve), orcsAtTheStairs(delve)] as const;
  const runners = [worker, new InProcessRunner(delve)] as const;
  try {
    await both({ act: { type: "descend" } }, games, runners);
    ok(onFloor(games[0], 1));
    for (let k = 0; k < 4; k++) await both({ act: { type: "wait" } }, games, runners);
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, []);
});
