/**
 * Turns small enough to play in the app's own thread, the worker's copy
 * left out (sent the game again when a large turn comes, the worker not
 * started until one does); the turn policy's thresholds, and the estimate
 * they are set against.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { cloneState, instantiate, newGame, playerOf } from "../src/engine/mod.ts";
import {
  EVERY_TURN,
  InProcessRunner,
  mirrorOf,
  PHASE_US_PER_CELL,
  PHASE_US_PER_MONSTER,
  phaseEstimateUs,
  SERVER_TURNS,
  total,
  TurnPolicy,
  WorkerRunner,
} from "../src/worker/mod.ts";
import { bundledContent } from "./support/content.ts";
import { script } from "./support/faulty_game.ts";
import { both, waits } from "./support/worker_games.ts";

const { rules } = await bundledContent();

Deno.test("turns too small to need the worker leave it out, its copy left behind; a crowd that comes sends it the game, the copy follows until the crowd thins below half the line, and the game is the same as in-process", async () => {
  const small = phaseEstimateUs(newGame(rules, 6));
  // Between the floor as it is and the floor with a crowd: the crowd's turns go through the worker.
  const bar = small + 100 * PHASE_US_PER_MONSTER;
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, policy: new TurnPolicy(bar, bar / 2) });
  ok(await worker.ready);
  const games = [newGame(rules, 6), newGame(rules, 6)] as const;
  // A player who lives through it all, so that every wait takes a turn.
  for (const game of games) playerOf(game).fighter = { ...playerOf(game).fighter!, hp: 1e6, maxHp: 1e6 };
  const posted: string[] = [];
  worker.onPost = (message) => void posted.push(message.type);
  let turns = 0;
  try {
    for (const action of script(6, 40)) {
      await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
    }
    // Every turn that took time (a step into a wall takes none) played here.
    turns = games[1].turn;
    ok(turns > 30);
    deepEqual(
      [posted, worker.stats.loads, total(worker.stats.hereTurns)],
      [[], 0, turns],
      "nothing was sent to the worker",
    );
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
      [worker.faults, worker.stats.loads, worker.stats.workerTurns],
      [[], 1, 10],
      "sent once, then every turn answered",
    );
    equal(posted[0], "load");
    // The crowd thins to just under the line: the copy, following now, keeps following, not sent again.
    for (const game of games) {
      for (const e of game.entities) {
        if (e.template === "orc" && phaseEstimateUs(game) >= bar) e.fighter!.hp = 0;
      }
      ok(phaseEstimateUs(game) > bar / 2);
    }
    // Told to the copy behind the runner's back (the change is not a command's), so that it stays the game.
    const { state: copy, transfer } = mirrorOf(cloneState(games[0]));
    worker.post({ type: "load", node: worker.node, state: copy }, transfer);
    for (const action of waits(5)) await both({ act: action }, games, [worker, new InProcessRunner(rules)]);
  } finally {
    worker.close();
  }
  deepEqual([worker.faults, worker.stats.loads, worker.stats.workerTurns, total(worker.stats.hereTurns)], [
    [],
    1,
    15,
    turns,
  ]);
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
  const worker = new WorkerRunner(rules, { timeoutMs: 1000, policy: new TurnPolicy(bar) });
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
  // The five small turns, and the large one that started the worker: it played here while the worker loaded.
  equal(total(worker.stats.hereTurns), 6);
});

Deno.test("the turn policy sends a turn to the worker from its first threshold, and keeps the copy following down to its second", () => {
  const policy = new TurnPolicy(1000, 500);
  deepEqual(
    [999, 1000, 5000].map((us) => policy.kindAt(us, false)),
    ["here", "worker", "worker"],
    "a copy not following: the worker from the first threshold",
  );
  deepEqual(
    [499, 500, 999].map((us) => policy.kindAt(us, true)),
    ["here", "worker", "worker"],
    "a copy following: the worker down to the second",
  );
  equal(new TurnPolicy(500, 900).backHereUs, 500, "the second threshold is never above the first");
  equal(EVERY_TURN.kind(newGame(rules, 6), false), "worker");
});

Deno.test("the server's preset leaves every turn of the bundled game here", () => {
  const game = newGame(rules, 6);
  deepEqual([SERVER_TURNS.kind(game, false), SERVER_TURNS.kind(game, true)], ["here", "here"]);
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
