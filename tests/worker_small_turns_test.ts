/**
 * Turns small enough to play in the app's own thread: with the worker's copy
 * following them quietly (its checksums compared as they come), or left out
 * altogether (its copy sent again when a large turn comes, the worker not
 * started until one does); and the estimate that tells them apart.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { Bot, cloneState, instantiate, newGame, playerOf } from "../src/engine/mod.ts";
import {
  InProcessRunner,
  mirrorOf,
  PHASE_US_PER_CELL,
  PHASE_US_PER_MONSTER,
  phaseEstimateUs,
  WorkerRunner,
} from "../src/worker/mod.ts";
import { bundledContent } from "./support/content.ts";
import { script } from "./support/faulty_game.ts";
import { both, corruptCopy, divergedGame, nextKey, waits } from "./support/worker_games.ts";

const { rules } = await bundledContent();

Deno.test("turns small enough to play here do, the worker's copy playing them quietly: a bot's game with a new floor is the same, its copy sent once, its checksums agreeing as they come", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 7, localPhaseUs: Infinity });
  ok(await worker.ready);
  const games = [newGame(rules, 6), newGame(rules, 6)] as const;
  const posted: string[] = [];
  let checks = 0;
  worker.onPost = (message) => {
    if (message.type === "play" && "act" in message.command) {
      posted.push(message.quiet ? "quiet" : "answered");
      if (message.check) checks++;
    }
  };
  try {
    const bot = new Bot();
    for (let n = 0; n < 330; n++) {
      await both(bot.decide(games[1], rules), games, [worker, new InProcessRunner(rules)]);
      await nextKey();
    }
    // The last checksum's reply, if it is still on its way.
    for (let wait = 0; wait < 100 && worker.quietChecks < checks; wait++) await nextKey();
  } finally {
    worker.close();
  }
  equal(games[0].floor, 2);
  deepEqual([worker.faults, worker.loads, worker.workerTurns], [[], 1, 0], "no turn waited for the worker");
  // Every 7th action and a new floor's first carry a check, each agreeing when it came.
  ok(checks > 25, `${checks} checks`);
  equal(worker.quietChecks, checks);
  ok(worker.localTurns > 300);
  deepEqual(posted, Array(worker.localTurns).fill("quiet"));
});

Deno.test("turns too small to need the worker leave it out, its copy left behind; a crowd that comes sends it the game, the copy follows until the crowd thins below half the line, and the game is the same as in-process", async () => {
  const small = phaseEstimateUs(newGame(rules, 6));
  // Between the floor as it is and the floor with a crowd: the crowd's turns go through the worker.
  const bar = small + 100 * PHASE_US_PER_MONSTER;
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, localPhaseUs: bar, alonePhaseUs: bar });
  ok(await worker.ready);
  const games = [newGame(rules, 6), newGame(rules, 6)] as const;
  // A player who lives through it all, so that every wait takes a turn.
  for (const game of games) playerOf(game).fighter = { ...playerOf(game).fighter!, hp: 1e6, maxHp: 1e6 };
  const posted: string[] = [];
  worker.onPost = (message) => void posted.push(message.type);
  try {
    for (const action of script(6, 40)) {
      await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
    }
    deepEqual([posted, worker.loads, worker.aloneTurns], [[], 0, 40], "nothing was sent to the worker");
    // A crowd on every cell of floor the same on both games, as a summoning would make it.
    for (const game of games) {
      for (let i = 0; i < game.map.tiles.length && phaseEstimateUs(game) <= bar; i++) {
        const x = i % game.map.width, y = Math.floor(i / game.map.width);
        if (game.map.tiles[i] !== 1 || game.entities.some((e) => e.x === x && e.y === y)) continue;
        game.entities.push(instantiate(rules.templates.orc, game.nextId++, x, y));
      }
    }
    for (const action of waits(10)) await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
    deepEqual(
      [worker.faults, worker.loads, worker.workerTurns],
      [[], 1, 10],
      "sent once, then every turn answered",
    );
    equal(posted[0], "load");
    // The crowd thins to just under the line: the copy, following now, keeps following (quietly), not sent again.
    for (const game of games) {
      for (const e of game.entities) {
        if (e.template === "orc" && phaseEstimateUs(game) >= bar) e.fighter!.hp = 0;
      }
      ok(phaseEstimateUs(game) > bar / 2);
    }
    // Told to the copy behind the runner's back (the change is not a command's), so that it stays the game.
    const { state: copy, transfer } = mirrorOf(cloneState(games[0]));
    worker.post({ type: "load", state: copy }, transfer);
    for (const action of waits(5)) await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
  } finally {
    worker.close();
  }
  deepEqual([worker.faults, worker.loads, worker.localTurns, worker.aloneTurns], [[], 1, 5, 40]);
});

Deno.test("a runner not started starts no worker for the turns it plays alone: the first turn that needs one starts it", async () => {
  const Real = globalThis.Worker;
  let made = 0;
  globalThis.Worker = class extends Real {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      made++;
    }
  };
  const game = newGame(rules, 6);
  const bar = phaseEstimateUs(game) + 1;
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, localPhaseUs: bar, alonePhaseUs: bar });
  try {
    for (const action of waits(5)) await worker.play(game, { act: action });
    equal(made, 0, "no worker for small turns");
    game.entities.push(
      instantiate(rules.templates.orc, game.nextId++, playerOf(game).x, playerOf(game).y + 1),
    );
    await worker.play(game, { act: { type: "wait" } });
    equal(made, 1, "the first large turn starts one");
  } finally {
    worker.close();
    globalThis.Worker = Real;
  }
  equal(worker.aloneTurns, 5);
});

Deno.test("a copy gone wrong while the turns play here is caught when its next checksum comes, and sent again", async () => {
  const caught = await divergedGame(5, (copy) => {
    for (const e of copy.entities) if (e.ai) e.x = e.x + 1 < copy.map.width ? e.x + 1 : e.x - 1;
  }, Infinity);
  // The checksum comes within the key after it was asked for.
  ok(caught >= 0 && caught < 6, `caught ${caught} turns after`);
});

Deno.test("a quiet command the worker's copy cannot play is a fault, and the copy is sent the game again; the game goes on as in-process", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, localPhaseUs: Infinity });
  ok(await worker.ready);
  const games = [newGame(rules, 2), newGame(rules, 2)] as const;
  try {
    for (const [n, action] of script(2, 30).entries()) {
      // A copy with no player: the next command cannot be played on it.
      if (n === 10) corruptCopy(worker, games[0], (copy) => copy.entities.splice(0, 1));
      await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
      await nextKey();
    }
  } finally {
    worker.close();
  }
  deepEqual([worker.faults, worker.loads], [["failed"], 2]);
});

Deno.test("a worker that goes silent while it shadows small turns is noticed by its missing checksum, replaced, and the game goes on as in-process", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, checkEvery: 5, localPhaseUs: Infinity });
  ok(await worker.ready);
  const games = [newGame(rules, 2), newGame(rules, 2)] as const;
  let replaced = -1;
  try {
    for (const [n, action] of script(2, 40).entries()) {
      // Gone without an error: only a checksum that never comes tells.
      if (n === 10) worker.killWorker();
      await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
      await nextKey();
      if (replaced < 0 && worker.faults.length > 0) replaced = n;
    }
    for (let wait = 0; wait < 100 && worker.quietChecks === 0; wait++) await nextKey();
  } finally {
    worker.close();
  }
  deepEqual(worker.faults, ["timeout"]);
  // Noticed at the second checksum asked after it went: the first is given a whole period to come.
  ok(replaced > 10 && replaced <= 10 + 3 * 5, `replaced at command ${replaced}`);
  equal(worker.loads, 2, "the new worker was sent the game");
});

Deno.test("a phase's estimate counts the monsters that will act and the map's cells", () => {
  const game = newGame(rules, 6);
  const actors = game.entities.filter((e) => e.ai && e.fighter && e.fighter.hp > 0).length;
  const cells = game.map.width * game.map.height;
  ok(actors > 0);
  equal(phaseEstimateUs(game), actors * PHASE_US_PER_MONSTER + cells * PHASE_US_PER_CELL);
  for (const e of game.entities) if (e.ai) e.fighter!.hp = 0;
  equal(phaseEstimateUs(game), cells * PHASE_US_PER_CELL, "the dead do not act");
});
