/**
 * The monster runner the fuzzer drives the program with: it checks the
 * game after every turn (an action that took time, the monsters' included).
 *
 * @module
 */
import type { Content } from "../../src/content/mod.ts";
import type { Command, GameState } from "../../src/engine/mod.ts";
import {
  InProcessRunner,
  type MonsterRunner,
  type TurnOutcome,
  type WorkerFault,
  WorkerRunner,
} from "../../src/worker/mod.ts";

/** The monsters (in-process, or in the AI worker), with a check after each turn. */
export class CheckedRunner implements MonsterRunner {
  readonly #inner: MonsterRunner;
  /**
   * With the worker: settles once it has loaded. A fuzz game spends no real
   * time, so without this wait its first turns (often all of them) would
   * run in-process, as play does only while a worker is still starting.
   */
  readonly #loaded: Promise<unknown>;

  constructor(content: Content, worker: boolean, readonly afterTurn: (state: GameState) => void) {
    if (worker) {
      const runner = new WorkerRunner(content.rules);
      this.#loaded = runner.ready;
      this.#inner = runner;
    } else {
      this.#inner = new InProcessRunner(content.rules);
      this.#loaded = Promise.resolve();
    }
  }

  get faults(): readonly WorkerFault[] {
    return this.#inner.faults;
  }

  async play(state: GameState, command: Command): Promise<TurnOutcome> {
    await this.#loaded;
    const outcome = await this.#inner.play(state, command);
    if (Array.isArray(outcome) && "act" in command) this.afterTurn(state);
    return outcome;
  }

  close(): void {
    this.#inner.close();
    this.onClose(this.#inner);
  }

  /** Told the runner's counts when it closes. */
  onClose: (runner: MonsterRunner) => void = () => {};
}
