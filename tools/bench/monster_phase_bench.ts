/**
 * Turns with every monster hunting the player, in view of it: 20 monsters on
 * 80x43, 1,000 on 256x256, 10,000 on 1024x1024, and on 1024x1024 also 1,000
 * monsters (how the cost grows with monsters alone) and 10,000 on the open
 * worst case. "phase" is the monsters' half in-process; "turn through the
 * worker" the whole turn through the AI worker: the player's command
 * posted, played on the worker's copy with the monsters' turn, the moves
 * applied here. Each is a game of its own that goes on from bench to bench.
 */
import {
  cloneState,
  type Command,
  playPlayerAction,
  runMonsterPhase,
  settleAndNarrate,
} from "../../src/engine/mod.ts";
import { WorkerRunner } from "../../src/worker/mod.ts";
import { benchContent, type MonsterScale, TARGET_SCALES } from "./app_cases.ts";
import { huntingGame } from "./monster_turns.ts";

const { rules } = await benchContent();
const WAIT = { act: { type: "wait" } } as const satisfies Command;

const SCALES: MonsterScale[] = [
  ...TARGET_SCALES,
  { width: 1024, height: 1024, monsters: 1000, kind: "dungeon" },
  { width: 1024, height: 1024, monsters: 10_000, kind: "open" },
];

for (const scale of SCALES) {
  const { state: local, label: group } = huntingGame(rules, scale);
  const remote = cloneState(local);
  Deno.bench({
    name: `phase in-process: ${group}`,
    group,
    baseline: true,
    n: 50,
    warmup: 10,
    fn: (b) => {
      playPlayerAction(local, rules, WAIT.act);
      b.start();
      const { events } = runMonsterPhase(local, rules);
      b.end();
      settleAndNarrate(local, rules, events);
    },
  });
  const runner = new WorkerRunner(rules, { timeoutMs: 10_000 });
  // Time a loaded worker, not its cold start (turns meanwhile run in-process).
  if (!(await runner.ready)) throw new Error("the AI worker did not load");
  Deno.bench({
    name: `turn through the worker: ${group}`,
    group,
    n: 50,
    warmup: 10,
    fn: async () => void await runner.play(remote, WAIT),
  });
  globalThis.addEventListener("unload", () => {
    // Every timed turn must have been the worker's, or the figure is not a round trip.
    if (runner.faults.length > 0) console.error(`${group}: worker faults ${runner.faults.join(", ")}`);
    const { workerMs, workerTurns } = runner.stats;
    const inWorker = workerMs / workerTurns;
    if (workerTurns === 0) return runner.close();
    console.log(
      `${group}: ${workerTurns} turns answered by the worker, ${inWorker.toFixed(2)} ms each in it`,
    );
    runner.close();
  });
}
