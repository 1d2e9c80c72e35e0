/**
 * A short game played with a faulty AI worker beside the same game played
 * in-process: the worker's faults, and whether the two games came out the same.
 */
import { InProcessRunner, type MonsterRunner, WorkerRunner } from "../../src/worker/mod.ts";
import { type Action, type GameState, newGame, Rng, type Rules } from "../../src/engine/mod.ts";

/** `length` random moves and waits from `seed`. */
export function script(seed: number, length: number): Action[] {
  const rng = Rng.fromSeed(seed);
  return Array.from(
    { length },
    () =>
      rng.int(0, 7) === 0
        ? { type: "wait" } as const
        : { type: "bump", dx: rng.int(-1, 1), dy: rng.int(-1, 1) } as const,
  );
}

/** One turn; true when it took time (the monsters then acted). */
export async function turn(state: GameState, runner: MonsterRunner, action: Action): Promise<boolean> {
  return (await runner.play(state, { act: action })) !== undefined;
}

/** The state without its typed-array views' buffers, for comparing. */
export const snapshot = (s: GameState): unknown =>
  JSON.parse(JSON.stringify({ ...s, map: { ...s.map, tiles: [...s.map.tiles] } }));

/** Plays 12 turns with the worker in `workerFile` (tests/support/workers/) and in-process. */
export async function faultyGame(
  rules: Rules,
  workerFile: string,
  timeoutMs: number,
): Promise<{ faults: readonly string[]; faulty: unknown; reference: unknown }> {
  const url = new URL(`./workers/${workerFile}`, import.meta.url);
  const runner = new WorkerRunner(rules, { timeoutMs, workerUrl: url });
  await runner.ready;
  const faulty = newGame(rules, 8), reference = newGame(rules, 8);
  try {
    for (const action of script(8, 12)) {
      await turn(faulty, runner, action);
      await turn(reference, new InProcessRunner(rules), action);
    }
  } finally {
    runner.close();
  }
  return { faults: runner.faults, faulty: snapshot(faulty), reference: snapshot(reference) };
}
