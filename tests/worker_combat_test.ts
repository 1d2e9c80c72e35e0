import { deepEqual, equal, ok } from "node:assert/strict";
import { type Action, newGame, playerOf } from "../src/engine/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { combatContent } from "./support/combat_mod.ts";
import { script, snapshot, turn } from "./support/faulty_game.ts";

const { rules } = await combatContent();

Deno.test("with rolled combat the worker and in-process AI give the same game: misses, dice, throws and stacks alike", async () => {
  let misses = 0, hits = 0, turns = 0;
  for (const seed of [1, 2, 3]) {
    const viaWorker = newGame(rules, seed), inProcess = newGame(rules, seed);
    const worker = new WorkerRunner(rules), local = new InProcessRunner(rules);
    ok(await worker.ready, "the worker loaded");
    try {
      let k = 0, timed = 0;
      for (const step of script(seed, 200)) {
        // Every tenth turn picks up, every fifteenth throws the first thing carried at two cells right.
        const p = playerOf(inProcess);
        const action: Action = k % 10 === 9
          ? { type: "pickup" }
          : k % 15 === 14
          ? { type: "throw", item: 2, target: { x: p.x + 2, y: p.y } }
          : step;
        k++;
        if (await turn(viaWorker, worker, action)) timed++;
        await turn(inProcess, local, action);
        deepEqual(snapshot(viaWorker), snapshot(inProcess));
      }
      deepEqual(worker.faults, []);
      equal(worker.stats.workerTurns, timed, "the worker took every turn");
      turns += timed;
      misses += inProcess.log.filter((e) => e.text.includes("misses")).length;
      hits += inProcess.log.filter((e) => e.text.includes("attacks")).length;
    } finally {
      worker.close();
    }
  }
  ok(turns > 60, `${turns} turns compared`);
  ok(misses > 3 && hits > 5, `there were misses (${misses}) and hits (${hits}) to compare`);
});
