/**
 * Discovery in the AI worker: a game of Delve that drinks an unknown potion to no effect, reads a scroll of
 * identify, throws a bursting potion and goes down the stairs (each floor drawing its items with repeats
 * made rarer) is the same with the monsters in the worker as in-process, to the checksum.
 */
import { deepEqual, ok } from "node:assert/strict";
import {
  Bot,
  type GameState,
  instantiate,
  isKnown,
  isWalkable,
  newGame,
  playerOf,
} from "../src/engine/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { both } from "./support/worker_games.ts";
import { delveContent } from "./support/content.ts";

const { rules } = await delveContent();

function kit(state: GameState): void {
  for (const id of ["health_potion", "identify_scroll", "poison_potion", "haste_potion"]) {
    playerOf(state).inventory!.items.push(instantiate(rules.templates[id], state.nextId++, 0, 0));
  }
  state.known = ["identify_scroll"];
}

/** A floor cell in view two cells from the player, to throw at. */
function cellInView(state: GameState): { x: number; y: number } {
  const { map } = state, player = playerOf(state);
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      const x = player.x + dx, y = player.y + dy;
      if (Math.max(Math.abs(dx), Math.abs(dy)) !== 2 || !isWalkable(map, x, y)) continue;
      if (map.visible[y * map.width + x] === 1) return { x, y };
    }
  }
  throw new Error("no cell in view");
}

Deno.test("Delve's discovery plays the same with the worker as in-process, down three floors", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 2000, checkEvery: 1 });
  ok(await worker.ready);
  const games = [newGame(rules, 3), newGame(rules, 3)] as const;
  kit(games[0]);
  kit(games[1]);
  const runners = [worker, new InProcessRunner(rules)] as const;
  try {
    await both({ act: { type: "use", item: 2 } }, games, runners);
    ok(isKnown(games[0], rules, "health_potion"), "the potion drunk at full health is named");
    await both({ act: { type: "use", item: 2, choice: 4 } }, games, runners);
    ok(isKnown(games[0], rules, "haste_potion"), "the scroll names the potion chosen");
    await both({ act: { type: "throw", item: 2, target: cellInView(games[1]) } }, games, runners);
    ok(isKnown(games[0], rules, "poison_potion"), "the burst names the potion");
    const bot = new Bot();
    for (let n = 0; n < 4000 && games[1].floor < 3 && playerOf(games[1]).fighter!.hp > 0; n++) {
      await both(bot.decide(games[1], rules), games, runners);
    }
  } finally {
    worker.close();
  }
  ok(games[0].floor >= 3, `reached floor ${games[0].floor}`);
  ok(Object.keys(games[0].drawn ?? {}).length > 0, "the floors' items were counted");
  deepEqual(games[0].drawn, games[1].drawn);
  deepEqual(worker.faults, []);
});
