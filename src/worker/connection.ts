/**
 * The AI worker's life as a thread: started with no permissions, told its
 * rules first, replaced when it throws, dies or fails to load, and ended
 * for good when the game is. Messages go either way in batches, an array a
 * `postMessage`; the worker's come in the event loop, to `onMessage`. The
 * flag it is given (protocol.ts, `start`) is raised before a message it
 * should read at once.
 *
 * @module
 */
import type { Rules } from "../engine/mod.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";
import type { WorkerFault } from "./runner.ts";

/** The AI worker's module, found from this file as in a compiled binary. */
export const AI_WORKER_URL: URL = new URL("../../workers/ai_worker.ts", import.meta.url);

/** The AI worker runs with no permissions at all: it only computes. */
export const AI_WORKER_OPTIONS: WorkerOptions = { type: "module", deno: { permissions: "none" } };

/** How long a new worker may take to load before it counts as failed. */
export const WORKER_STARTUP_MS = 10_000;

/** How many workers in a row may fail to load before the game plays on without one. */
export const LOADS_TRIED = 3;

/**
 * One worker at a time, started on first use. While it loads it is not
 * `loaded`: the caller then does the work itself, so a cold start never
 * stalls a key. The terminal's program keeps one for all its games, started
 * as the title shows so that it is warm for the first (`warmUp`); a game's
 * runner tells it its rules (`use`).
 */
export class WorkerConnection {
  #rules: Rules | undefined;
  #ahead = false;
  /** How long the next worker started may warm up by itself, ms. */
  #warmUpMs = 0;
  #worker: Worker | undefined;
  #loaded = false;
  #ready: Promise<boolean> = Promise.resolve(false);
  /** The current worker's flag, where memory can be shared. */
  #urgent: Int32Array | undefined;
  /** Workers that failed to load since one last did. */
  #failedLoads = 0;
  /** Told each fault as it is noted. */
  onFault: (fault: WorkerFault) => void = () => {};
  /** Told each message of the worker's but `ready`. */
  onMessage: (message: FromWorker) => void = () => {};
  /** Told after each batch of the worker's messages has been read. */
  onBatch: () => void = () => {};
  /** Told each message posted to the worker, as it goes (tests count them). */
  onPost: (message: ToWorker) => void = () => {};

  constructor(readonly url: URL = AI_WORKER_URL) {}

  /**
   * The rules the worker plays by from now on, and whether it thinks ahead
   * (the terminal's game) or only answers (the server's); a worker running
   * is told at once, and forgets the game it had.
   */
  use(rules: Rules, ahead: boolean): void {
    this.#rules = rules;
    this.#ahead = ahead;
    if (this.#worker) this.#post([this.#startMessage()]);
  }

  /**
   * Starts a worker at once that plays a game of `rules` by itself for up to
   * `ms`, while it has no game of the player's: its code is compiled for
   * speed by the time the player's first keys come (docs/architecture.md).
   */
  warmUp(rules: Rules, ms: number): void {
    this.#warmUpMs = ms;
    this.use(rules, true);
    this.#start();
  }

  /** True while there is a worker (started, loading or loaded). */
  get started(): boolean {
    return this.#worker !== undefined;
  }

  /** True once the current worker has loaded. */
  get loaded(): boolean {
    return this.#loaded;
  }

  /** True once `LOADS_TRIED` workers in a row failed to load: no other is started. */
  get givenUp(): boolean {
    return this.#failedLoads >= LOADS_TRIED;
  }

  /** Resolves once the current worker has loaded (false if it failed to); starts it if none is. */
  get ready(): Promise<boolean> {
    this.#start();
    return this.#ready;
  }

  /** Tells `onFault` of `fault`. */
  noteFault(fault: WorkerFault): void {
    this.onFault(fault);
  }

  /**
   * The current worker, started if there is none. Without
   * `--unstable-worker-options` Deno ends the process right here with a
   * one-line message: every way Delve is started passes it (the tasks, the
   * launcher, the compiled binary), and a test runs the launcher's grants.
   */
  #start(): Worker | undefined {
    if (this.#worker || this.givenUp || !this.#rules) return this.#worker;
    const worker = new Worker(this.url, AI_WORKER_OPTIONS);
    this.#worker = worker;
    this.#loaded = false;
    let settleLoad: (ok: boolean) => void = () => {};
    this.#ready = new Promise((resolve) => (settleLoad = resolve));
    const failLoad = (fault: WorkerFault) => {
      if (this.#worker !== worker || this.#loaded) return;
      this.#failedLoads++;
      this.noteFault(fault);
      this.restart();
      settleLoad(false);
    };
    const startup = setTimeout(() => failLoad("timeout"), WORKER_STARTUP_MS);
    Deno.unrefTimer(startup);
    worker.onmessage = (e: MessageEvent<readonly FromWorker[]>) => {
      for (const message of e.data) {
        if (this.#worker !== worker) return;
        if (message.type !== "ready") {
          this.onMessage(message);
          continue;
        }
        clearTimeout(startup);
        this.#loaded = true;
        this.#failedLoads = 0;
        settleLoad(true);
      }
      this.onBatch();
    };
    worker.onerror = (e) => {
      e.preventDefault();
      clearTimeout(startup);
      if (this.#loaded) this.fail("error");
      else failLoad("error");
    };
    worker.onmessageerror = () => this.fail("error");
    const shared = typeof SharedArrayBuffer === "function" ? new SharedArrayBuffer(4) : undefined;
    this.#urgent = shared && new Int32Array(shared);
    this.#post([{ ...this.#startMessage(), ...(shared ? { urgent: shared } : {}) }]);
    return worker;
  }

  /** The `start` message for the rules in use, with the warm-up asked for, once. */
  #startMessage(): ToWorker {
    const warmUpMs = this.#warmUpMs;
    this.#warmUpMs = 0;
    return { type: "start", rules: this.#rules!, ahead: this.#ahead, ...(warmUpMs > 0 ? { warmUpMs } : {}) };
  }

  #post(messages: readonly ToWorker[], transfer: Transferable[] = []): void {
    for (const message of messages) this.onPost(message);
    this.#worker!.postMessage(messages, transfer);
  }

  /**
   * Posts `messages` in one batch (starting a worker if there is none),
   * moving `transfer`'s buffers instead of copying them; `urgent`: the
   * worker drops what it is thinking to read them.
   */
  post(messages: readonly ToWorker[], transfer: Transferable[] = [], urgent = false): void {
    if (messages.length === 0 || !this.#start()) return;
    if (urgent && this.#urgent) Atomics.add(this.#urgent, 0, 1);
    this.#post(messages, transfer);
  }

  /** A fault: noted, and the worker replaced. */
  fail(fault: WorkerFault): void {
    this.noteFault(fault);
    this.restart();
  }

  /** Ends the current worker; the next use starts another. */
  restart(): void {
    this.kill();
    this.#worker = undefined;
    this.#loaded = false;
  }

  /** Ends the current worker as a crash would, the connection none the wiser (tests kill it so). */
  kill(): void {
    this.#worker?.terminate();
  }

  /** Ends the worker for good. */
  close(): void {
    this.restart();
  }
}
