/**
 * The monster phase with every monster hunting the player (all cells marked
 * in view): 20 monsters on 80x43, 1,000 on 256x256, 10,000 on 1024x1024, and
 * on 1024x1024 also 1,000 monsters (how the cost grows with monsters alone)
 * and 10,000 on the open worst case. "compute" is the phase itself (the code
 * the worker runs); "round trip" is a real turn through the AI worker: post,
 * compute, answer, replay.
 */
import { WorkerRunner } from "../src/worker/mod.ts";
import { runMonsterPhase } from "../src/engine/monster_phase.ts";
import { benchContent, huntingState, type MonsterScale, TARGET_SCALES } from "./app_cases.ts";

const { rules } = await benchContent();

const SCALES: MonsterScale[] = [
  ...TARGET_SCALES,
  { width: 1024, height: 1024, monsters: 1000, kind: "dungeon" },
  { width: 1024, height: 1024, monsters: 10_000, kind: "open" },
];

for (const scale of SCALES) {
  const { state, reset, label: group } = huntingState(rules, scale);
  Deno.bench({
    name: `compute: ${group}`,
    group,
    baseline: true,
    fn: (b) => {
      reset();
      b.start();
      runMonsterPhase(state, rules);
      b.end();
    },
  });
  const runner = new WorkerRunner(rules, 10_000);
  // Time a loaded worker, not its cold start (turns meanwhile run in-process).
  if (!(await runner.ready)) throw new Error("the AI worker did not load");
  Deno.bench({
    name: `round trip via the worker: ${group}`,
    group,
    fn: async (b) => {
      reset();
      b.start();
      await runner.play(state, { act: { type: "wait" } });
      b.end();
    },
  });
  globalThis.addEventListener("unload", () => {
    // Every timed turn must have been the worker's, or the figure is not a round trip.
    if (runner.faults.length > 0) console.error(`${group}: worker faults ${runner.faults.join(", ")}`);
    const inWorker = runner.workerMs / runner.workerTurns;
    console.log(
      `${group}: ${runner.workerTurns} turns answered by the worker, ${inWorker.toFixed(2)} ms each in it`,
    );
    runner.close();
  });
}
