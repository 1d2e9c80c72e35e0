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

Deno.test("Delve's followFrom: orcs hunting the player within 5 steps follow, arriving as far behind less one", () => {
  equal(delve.followFrom, 5);
  // The player on the stairs (x 1); orcs 3, 5 and 6 steps east, and one 3 off that has not seen him.
  const state = rolledArena(delve, "##########\n#>..o.oo.#\n#@..o....#\n##########", { o: "orc" });
  Object.assign(playerOf(state), state.map.stairs);
  const player = playerOf(state);
  const orcs = state.entities.filter((e) => e.template === "orc");
  const at = (x: number, y: number) => orcs.find((e) => e.x === x && e.y === y)!;
  const [three, five, six, unaware] = [at(4, 1), at(6, 1), at(7, 1), at(4, 2)];
  for (const orc of [three, five, six]) {
    if (orc.ai?.type === "hostile") {
      Object.assign(orc.ai, { asleep: undefined, lastSeen: player.y * 80 + player.x });
    }
  }
  if (unaware.ai?.type === "hostile") Object.assign(unaware.ai, { asleep: undefined, lastSeen: -1 });
  deepEqual([three, five, six, unaware].map((e) => chebyshev(e, player)), [3, 5, 6, 3]);
  const before = state.log.length;
  ok(playCommand(state, delve, { act: { type: "descend" } }));
  deepEqual(
    [three, five, six, unaware].map((e) => onFloor(state, e.id)),
    [true, true, false, false],
    "the hunters within 5 steps came; the one 6 off and the one that never saw him stayed",
  );
  // Placed as far behind as they were, less one: the monsters' turn after the stairs may have moved each a step.
  const now = playerOf(state);
  ok(chebyshev(byId(state, three.id), now) >= 2 - 1, `${chebyshev(byId(state, three.id), now)}`);
  ok(chebyshev(byId(state, five.id), now) >= 4 - 1, `${chebyshev(byId(state, five.id), now)}`);
  ok(state.log.slice(before).map(displayText).includes("Orc follows you. (x2)"), "each told");
  // Without followFrom only the orc beside would have come: none here.
  const plain = rolledArena(
    { ...delve, followFrom: undefined },
    "##########\n#>..o....#\n#@.......#\n##########",
    {
      o: "orc",
    },
  );
  Object.assign(playerOf(plain), plain.map.stairs);
  const orc = plain.entities.find((e) => e.template === "orc")!;
  if (orc.ai?.type === "hostile") Object.assign(orc.ai, { asleep: undefined, lastSeen: 1 * 80 + 1 });
  ok(playCommand(plain, { ...delve, followFrom: undefined }, { act: { type: "descend" } }));
  ok(!onFloor(plain, orc.id));
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
