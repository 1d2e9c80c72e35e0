/**
 * Spreading bot games over workers: each worker takes the next game when it
 * finishes one, and the results come back in seed order, so a run with any
 * number of jobs reports exactly what a serial run does (every game depends
 * on its seed alone).
 *
 * @module
 */
import type { Content } from "../../content/mod.ts";
import { type GameResult, simulate } from "./simulate.ts";

/** A message to a simulator worker. */
export type ToSimWorker =
  | {
    readonly type: "setup";
    readonly content: Content;
    readonly turns: number;
    readonly background?: string;
  }
  | { readonly type: "game"; readonly index: number; readonly seed: number };

/** A simulator worker's answer. */
export type FromSimWorker =
  | { readonly type: "result"; readonly index: number; readonly result: GameResult }
  | { readonly type: "failed"; readonly index: number; readonly reason: string };

/** What to play: `games` games from `seed` on, at most `turns` turns each. */
export interface SimPlan {
  readonly content: Content;
  readonly games: number;
  readonly seed: number;
  readonly turns: number;
  /** The background every game starts with; absent: none (docs/rules.md, Backgrounds). */
  readonly background?: string;
}

/** Called after each finished game with how many are done. */
export type Progress = (done: number, total: number) => void;

const seedOf = (plan: SimPlan, index: number) => (plan.seed + index) >>> 0;

/** Plays the games in this thread, one after another. */
export function simulateSerially(plan: SimPlan, progress?: Progress): GameResult[] {
  const results: GameResult[] = [];
  for (let k = 0; k < plan.games; k++) {
    results.push(simulate(plan.content, seedOf(plan, k), plan.turns, undefined, plan.background));
    progress?.(k + 1, plan.games);
  }
  return results;
}

/**
 * Plays the games on `jobs` workers (never more workers than games); a
 * worker that throws or fails ends the run with its reason.
 */
export function simulateInWorkers(plan: SimPlan, jobs: number, progress?: Progress): Promise<GameResult[]> {
  const results: GameResult[] = new Array(plan.games);
  const workers: Worker[] = [];
  let next = 0, done = 0;
  return new Promise<GameResult[]>((resolve, reject) => {
    const stop = (outcome: () => void) => {
      for (const w of workers) w.terminate();
      outcome();
    };
    const handOut = (worker: Worker) => {
      if (next >= plan.games) return;
      const message: ToSimWorker = { type: "game", index: next, seed: seedOf(plan, next) };
      next++;
      worker.postMessage(message);
    };
    for (let j = 0; j < Math.min(jobs, plan.games); j++) {
      const worker = new Worker(new URL("./sim_worker.ts", import.meta.url), { type: "module" });
      workers.push(worker);
      worker.onmessage = (e: MessageEvent<FromSimWorker>) => {
        const answer = e.data;
        if (answer.type === "failed") {
          return stop(() => reject(new Error(`game ${seedOf(plan, answer.index)}: ${answer.reason}`)));
        }
        results[answer.index] = answer.result;
        done++; // not inside progress?.(): that skips its arguments when there is no progress
        progress?.(done, plan.games);
        if (done === plan.games) return stop(() => resolve(results));
        handOut(worker);
      };
      worker.onerror = (e) => {
        e.preventDefault();
        stop(() => reject(new Error(`a simulator worker failed: ${e.message}`)));
      };
      const setup: ToSimWorker = {
        type: "setup",
        content: plan.content,
        turns: plan.turns,
        ...(plan.background === undefined ? {} : { background: plan.background }),
      };
      worker.postMessage(setup);
      handOut(worker);
    }
  });
}
