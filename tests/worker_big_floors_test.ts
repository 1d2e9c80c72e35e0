/**
 * When the AI worker runs: the bundled game never needs it (its floors are
 * far under the terminal's threshold), and the big-floors mod
 * (data/mods/big_floors) does from its first turn. Each game played through
 * the session, as the terminal program plays it, and beside it in-process:
 * the same game either way.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { GameSession } from "../src/app/mod.ts";
import { type Content, loadContent } from "../src/content/mod.ts";
import { Bot, newGame, playerOf, stateChecksum } from "../src/engine/mod.ts";
import { SinkTerminal } from "../src/terminal/mod.ts";
import { InProcessRunner, TERMINAL_TURNS, WorkerRunner } from "../src/worker/mod.ts";
import { delveContent } from "./support/content.ts";
import { snapshot } from "./support/faulty_game.ts";

const BIG_FLOORS = new URL("../data/mods/big_floors/", import.meta.url);

/** `turns` of a bot's game of `content` through a session with the terminal's runner, and in-process beside it. */
async function playBoth(content: Content, seed: number, turns: number): Promise<WorkerRunner> {
  const { rules } = content;
  const runner = new WorkerRunner(rules, { timeoutMs: 5000, policy: TERMINAL_TURNS });
  const games = [newGame(rules, seed), newGame(rules, seed)] as const;
  const session = new GameSession(new SinkTerminal(80, 24), content, games[0], runner, { colorDepth: "256" });
  const here = new InProcessRunner(rules);
  const bot = new Bot();
  try {
    for (let n = 0; n < turns && playerOf(games[1]).fighter!.hp > 0; n++) {
      const command = bot.decide(games[1], rules);
      ok(await session.perform(command));
      await here.play(games[1], command);
      // The first turn that needed the worker started it: the next turns wait for it to load, as keys would.
      if (n === 0 && runner.started) ok(await runner.ready, "the worker loaded");
    }
    equal(stateChecksum(games[0]), stateChecksum(games[1]));
    deepEqual(snapshot(games[0]), snapshot(games[1]));
  } finally {
    runner.close();
  }
  return runner;
}

Deno.test("the bundled game never starts the AI worker: every turn plays here", async () => {
  const runner = await playBoth(await delveContent(), 6, 60);
  equal(runner.started, false);
  deepEqual([runner.stats.workerTurns, runner.stats.loads], [0, 0]);
  ok(runner.stats.hereTurns >= 60, `${runner.stats.hereTurns} turns played here`);
});

Deno.test("the big-floors mod's turns go to the AI worker, started by the first: the game is the same as in-process", async () => {
  const content = await loadContent(BIG_FLOORS, "data/mods/big_floors/");
  const runner = await playBoth(content, 6, 40);
  deepEqual(runner.faults, []);
  equal(runner.stats.loads, 1, "the game sent once");
  ok(runner.stats.workerTurns >= 35, `${runner.stats.workerTurns} turns answered by the worker`);
});
