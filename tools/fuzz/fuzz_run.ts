/**
 * The fuzzer's run (`deno task fuzz`, fuzz.ts): the whole program (title,
 * games, saves, deaths) on a headless terminal, fed random keys, mouse
 * reports and resizes, with the game's invariants checked after every
 * event and every turn, and each continued game checked against the one
 * saved. A failure names the seed and the event to reproduce it from.
 *
 * The terminal hands out one event at a time and only when the app asks:
 * the app asks for the next one once it has fully handled the last, so at
 * each ask the state is between two events and must be whole.
 *
 * @module
 */
import { type Content, loadContent } from "../../src/content/mod.ts";
import {
  type GameState,
  isGameOver,
  type ItemLedger,
  itemLedger,
  ledgerProblems,
  MAX_SEED,
  Rng,
  sortedKeys,
  stateChecksum,
  stateProblems,
  textChecksum,
} from "../../src/engine/mod.ts";
import { type ColorDepth, SinkTerminal, type TerminalEvent } from "../../src/terminal/mod.ts";
import {
  BUNDLED_DATA_DIR,
  decodeRecording,
  playRecording,
  readJsonFile,
  REPLAY_LIMITS,
} from "../../src/store/mod.ts";
import { DelveProgram, type GameSession } from "../../src/app/mod.ts";
import { FuzzEvents } from "./fuzz_events.ts";
import { type MonsterRunner, WorkerRunner } from "../../src/worker/mod.ts";
import { CheckedRunner } from "./checked_runner.ts";

/** What to fuzz. */
export interface FuzzOptions {
  readonly seed: number;
  /** How many events to send. */
  readonly events: number;
  /** The terminal's size at the start (80x50). */
  readonly columns?: number;
  readonly rows?: number;
  /** Called every `progressEvery` events with the counts so far. */
  readonly onProgress?: (soFar: FuzzResult) => void;
  readonly progressEvery?: number;
  /** The data to play by (the bundled data when absent). */
  readonly content?: Content;
  /** Where the run's temporary save folder is made (the system's temporary folder when absent). */
  readonly tempRoot?: string;
  /**
   * For tests: called once event `index` is handled, before the checks,
   * so a test can plant a fault and see it reported at that index.
   */
  readonly afterEvent?: (index: number, app: DelveProgram) => void;
  /**
   * Monsters think in the AI worker, which answers every turn, as on large
   * floors and in the server (slower: a worker a game); in-process when absent.
   */
  readonly worker?: boolean;
}

/** What went wrong, and the event (counted from 0) being handled when it did. */
export interface FuzzFailure {
  readonly index: number;
  readonly problem: string;
  /** Where it was thrown, when the app threw. */
  readonly stack?: string;
}

/** What a run did. */
export interface FuzzResult {
  readonly events: number;
  /** Turns played (each monster phase is one). */
  readonly turns: number;
  /** Games played, new or continued. */
  readonly games: number;
  /** Events sent to each screen, by its title ("title" for the title screen). */
  readonly screens: Record<string, number>;
  /** With `worker`: monster phases the AI worker answered, and its faults (each ran in-process instead). */
  readonly workerTurns: number;
  readonly workerFaults: readonly string[];
  readonly failure?: FuzzFailure;
}

/** The fuzz's clock starts here and moves a second each time it is read: the same for every run. */
const START_MS = Date.parse("2026-01-01T12:00:00Z");
const COLOR_DEPTHS: readonly ColorDepth[] = ["truecolor", "256", "16", "none"];

/**
 * A checksum of what `state` holds, whatever order its fields were made in
 * (a loaded save's come in the schema's order).
 */
function contentSum(state: GameState): number {
  return textChecksum(JSON.stringify(state, (key, value) => {
    if (ArrayBuffer.isView(value)) return Array.from(value as Uint8Array);
    return sortedKeys(key, value);
  }));
}

/** Thrown through the app to stop it once a check failed. */
import { KeptFloorWatch } from "./kept_floors.ts";

class FuzzStop extends Error {}

/** One fuzz run's moving parts. */
class FuzzRun {
  readonly rng: Rng;
  readonly source: FuzzEvents;
  readonly terminal: SinkTerminal;
  /** The last event sent; -1 before the first. */
  index = -1;
  turns = 0;
  games = 0;
  readonly screens: Record<string, number> = {};
  failure: FuzzFailure | undefined;
  app: DelveProgram | undefined;
  #lastGame: GameSession | undefined;
  #lastState: GameState | undefined;
  #lastLedger: ItemLedger | undefined;
  /** The game saved when the last one was left for the title. */
  #saved: { seed: number; turn: number; sum: number } | undefined;
  /** How often the program has read the clock (saves, morgue files): the fuzz's time. */
  clockReads = 0;
  /** The last key sent to the title: `c` continues the saved game, `n` begins one. */
  #titleKey: string | undefined;

  constructor(readonly options: FuzzOptions, readonly content: Content, readonly dir: string) {
    this.rng = Rng.fromSeed(options.seed);
    this.source = new FuzzEvents(this.rng);
    this.terminal = new SinkTerminal(options.columns ?? 80, options.rows ?? 50, this.#input());
  }

  result(): FuzzResult {
    const { turns, games, screens, failure, workerTurns, workerFaults } = this;
    return {
      events: this.index + 1,
      turns,
      games,
      screens: { ...screens },
      workerTurns,
      workerFaults: [...workerFaults],
      failure,
    };
  }

  workerTurns = 0;
  readonly workerFaults: string[] = [];

  /** A game's runner is done: what its worker did is added up. */
  #closed(runner: MonsterRunner): void {
    if (runner instanceof WorkerRunner) this.workerTurns += runner.stats.workerTurns;
    for (const fault of runner.faults) this.workerFaults.push(JSON.stringify(fault));
  }

  /** Checks `state` alone and against the last state checked of the same game. */
  check(state: GameState): void {
    const problems = stateProblems(state, this.content.rules);
    const ledger = itemLedger(state);
    if (state === this.#lastState && this.#lastLedger) {
      problems.push(...ledgerProblems(this.#lastLedger, ledger));
    }
    problems.push(...this.#keptFloors.problems(state));
    this.#lastState = state;
    this.#lastLedger = ledger;
    if (problems.length > 0) this.#fail(problems[0]);
  }

  readonly #keptFloors = new KeptFloorWatch();

  #fail(problem: string): never {
    this.failure = { index: Math.max(0, this.index), problem };
    throw new FuzzStop(problem);
  }

  /**
   * The player left `left` for the title (it was saved, unless it was
   * over; its replay was written) and entered `entered`: a game continued
   * must be the one saved, field for field.
   */
  async #switched(left: GameSession | undefined, entered: GameSession | undefined): Promise<void> {
    if (left) {
      const { state } = left;
      this.#saved = isGameOver(state)
        ? undefined
        : { seed: state.seed, turn: state.turn, sum: contentSum(state) };
      await this.#checkReplay(state);
    }
    if (!entered) return;
    this.games++;
    if (this.#titleKey !== "c") return;
    const saved = this.#saved, { state } = entered;
    if (!saved) this.#fail(`a game was continued (seed ${state.seed}) when none was saved`);
    if (state.seed !== saved.seed || state.turn !== saved.turn || contentSum(state) !== saved.sum) {
      this.#fail(
        `the game continued (seed ${state.seed}, turn ${state.turn}) is not the game saved ` +
          `(seed ${saved.seed}, turn ${saved.turn})`,
      );
    }
  }

  /** The replay written for a game left must play back to that very game. */
  async #checkReplay(state: GameState): Promise<void> {
    const read = await readJsonFile(this.recordPath, "replay", REPLAY_LIMITS);
    if (read.kind !== "read") {
      this.#fail(`no replay of the game left (seed ${state.seed}, turn ${state.turn})`);
    }
    let end: GameState;
    try {
      end = playRecording(decodeRecording(read.json), this.content.rules);
    } catch (e) {
      this.#fail(`the replay of the game left (seed ${state.seed}) fails: ${(e as Error).message}`);
    }
    if (end.turn !== state.turn || stateChecksum(end) !== stateChecksum(state)) {
      this.#fail(
        `the replay of the game left (seed ${state.seed}) ends elsewhere (turn ${end.turn}, not ${state.turn})`,
      );
    }
  }

  get recordPath(): string {
    return `${this.dir}/last-game.replay.json.gz`;
  }

  /** The input: the checks between events, then the next event. */
  async *#input(): AsyncGenerator<TerminalEvent> {
    const { options } = this;
    const every = options.progressEvery ?? 100_000;
    for (;;) {
      // A failure the app caught and swallowed still ends the run.
      if (this.failure) throw new FuzzStop(this.failure.problem);
      const game = this.app?.game;
      if (this.index >= 0) {
        options.afterEvent?.(this.index, this.app!);
        if (game) this.check(game.state);
      }
      if (game !== this.#lastGame) await this.#switched(this.#lastGame, game);
      this.#lastGame = game;
      if (this.index + 1 >= options.events) return;
      if (this.index >= 0 && (this.index + 1) % every === 0) options.onProgress?.(this.result());
      this.index++;
      // The choice of a background, open over the title, is a screen of its own: its keys start no continue.
      const screen = game?.top.title ?? (this.app?.choosingBackground ? "background" : "title");
      this.screens[screen] = (this.screens[screen] ?? 0) + 1;
      const { columns, rows } = this.terminal;
      const event = this.source.next({
        screen,
        columns,
        rows,
        state: game?.state,
        rules: this.content.rules,
      });
      if (event.type === "resize") {
        this.terminal.columns = event.columns;
        this.terminal.rows = event.rows;
      }
      if (screen === "title" && event.type === "key") this.#titleKey = event.key.toLowerCase();
      yield event;
    }
  }

  /** A new program on the same save folder, so what the last one saved is there to continue. */
  newApp(): DelveProgram {
    const { dir, content, rng } = this;
    const app = new DelveProgram(this.terminal, content, {
      savePath: `${dir}/savegame.json.gz`,
      recordPath: this.recordPath,
      morgueDir: `${dir}/morgue`,
      scoresPath: `${dir}/scores.json`,
      colorDepth: COLOR_DEPTHS[rng.int(0, COLOR_DEPTHS.length - 1)],
      version: "fuzz",
      makeRunner: () => {
        const runner = new CheckedRunner(content, this.options.worker ?? false, (state) => {
          this.turns++;
          this.check(state);
        });
        runner.onClose = (inner) => this.#closed(inner);
        return runner;
      },
      randomSeed: () => rng.int(0, MAX_SEED),
      now: () => new Date(START_MS + 1000 * this.clockReads++),
      walkDelayMs: 0,
    });
    this.app = app;
    return app;
  }
}

/**
 * Sends `options.events` random events to the program, starting it again
 * whenever it quits, and stops at the first broken invariant or exception.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const content = options.content ?? (await loadContent(BUNDLED_DATA_DIR, "data/"));
  const dir = await Deno.makeTempDir({ dir: options.tempRoot, prefix: "delve-fuzz-" });
  const run = new FuzzRun(options, content, dir);
  try {
    for (;;) {
      const reason = await run.newApp().run();
      if (reason === "input-closed") break;
    }
  } catch (e) {
    if (!(e instanceof FuzzStop)) {
      const error = e instanceof Error ? e : new Error(String(e));
      run.failure ??= {
        index: Math.max(0, run.index),
        problem: `the app threw ${error.name}: ${error.message}`,
        stack: error.stack,
      };
    }
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  // Without a fault, every monster phase is the worker's (after a fault, a restarting worker's turns
  // run in-process by design): otherwise the run did not test what it says.
  const unanswered = run.turns - run.workerTurns;
  if (options.worker && !run.failure && unanswered > 0 && run.workerFaults.length === 0) {
    run.failure = {
      index: run.index,
      problem: `${unanswered} of ${run.turns} monster phases ran in-process with no worker fault recorded`,
    };
  }
  return run.result();
}
