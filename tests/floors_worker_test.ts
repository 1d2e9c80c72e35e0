/**
 * Kept floors in the AI worker (docs/rules.md, Persistent floors): the
 * worker's copy holds every floor kept and plays the stairs both ways on
 * it, so a game down, up and down again is the same with the worker as
 * in-process, to the checksum, with no copy sent but the first.
 */
import { deepEqual, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { Bot, newGame } from "../src/engine/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { both } from "./support/worker_games.ts";

const { rules } = await loadContent(new URL("./fixtures/mods/floors/", import.meta.url), "floors/");

Deno.test("down the stairs, straight back up, down again and on: the worker's game is the in-process game", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 5 });
  ok(await worker.ready);
  const games = [newGame(rules, 6), newGame(rules, 6)] as const;
  const runners = [worker, new InProcessRunner(rules)] as const;
  const floors: number[] = [];
  try {
    // The bot heads down; each time it arrives (on the up stairs) it climbs straight back and comes down again.
    const bot = new Bot();
    for (let n = 0; n < 3000 && floors.length < 6; n++) {
      const floor = games[1].floor;
      await both(bot.decide(games[1], rules), games, runners);
      if (games[1].floor <= floor) continue;
      floors.push(games[1].floor);
      await both({ act: { type: "ascend" } }, games, runners);
      floors.push(games[1].floor);
      await both({ act: { type: "descend" } }, games, runners);
      floors.push(games[1].floor);
    }
  } finally {
    worker.close();
  }
  deepEqual(floors.slice(0, 6), [2, 1, 2, 3, 2, 3]);
  deepEqual(games[0].keptFloors!.map((k) => k.floor), [1, 2, 3].filter((f) => f !== games[0].floor));
  deepEqual([worker.faults, worker.stats.loads], [[], 1]);
});
