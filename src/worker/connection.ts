/**
 * The AI worker as a thread: started with no permissions, replaced when it
 * throws, dies or stops answering, and asked one question at a time.
 *
 * @module
 */
import { AppBell, canShareMemory } from "./doorbell.ts";
import type { FromWorker, MovesPart, ToWorker } from "./protocol.ts";
import type { WorkerFault } from "./runner.ts";

/** The AI worker's module, found from this file as in a compiled binary. */
export const AI_WORKER_URL: URL = new URL("../../workers/ai_worker.ts", import.meta.url);

/** The AI worker runs with no permissions at all: it only computes. */
export const AI_WORKER_OPTIONS: WorkerOptions = { type: "module", deno: { permissions: "none" } };

/** How long a new worker may take to load before it counts as failed. */
export const WORKER_STARTUP_MS = 10_000;

/** How long the worker sleeps on its bell before its event loop takes a turn (to take a message not rung for, or to end). */
export const PARK_SLICE_MS = 20;

/** How long after the app's last message the worker keeps parking on its bell; after that it sleeps in its event loop. */
export const PARK_ACTIVE_MS = 2_000;

/**
 * How long the app blocks on the bell for the start of an answer before it
 * waits in its event loop instead (where the time limit is kept).
 */
export const ANSWER_WAIT_MS = 50;

/** An answer, or what became of the question instead. */
export type Reply = FromWorker | WorkerFault;

/**
 * One worker at a time, started on first use. While it loads it is not
 * `loaded`: the caller then does the work itself, so a cold start never
 * stalls a key and a time limit only ever counts a loaded worker's thinking.
 */
export class WorkerConnection {
  #worker: Worker | undefined;
  #bell: AppBell | undefined;
  #loaded = false;
  #ready: Promise<boolean> = Promise.resolve(false);
  #waiting:
    | {
      readonly seq: number;
      readonly settle: (reply: Reply) => void;
      readonly part: (part: MovesPart) => void;
    }
    | undefined;
  /** Faults seen so far, oldest first. */
  readonly faults: WorkerFault[] = [];
  /** Told each answer no one waits for (one to a question given up on). */
  onStray: (reply: FromWorker) => void = () => {};
  /** Told when a new worker starts: it knows nothing yet. */
  onStart: (worker: Worker) => void = () => {};

  constructor(readonly url: URL, readonly timeoutMs: number) {}

  /** True once the current worker has loaded. */
  get loaded(): boolean {
    return this.#loaded;
  }

  /** Resolves once the current worker has loaded (false if it failed to). */
  get ready(): Promise<boolean> {
    void this.worker;
    return this.#ready;
  }

  /**
   * The current worker (started on first use). Without
   * `--unstable-worker-options` Deno ends the process right here with a
   * one-line message, which is why the app starts it before the screen opens.
   */
  get worker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.url, AI_WORKER_OPTIONS);
    this.#worker = worker;
    this.#loaded = false;
    const bell = canShareMemory() ? new AppBell() : undefined;
    this.#bell = bell;
    let settleLoad: (ok: boolean) => void = () => {};
    this.#ready = new Promise((resolve) => (settleLoad = resolve));
    const failLoad = (fault: WorkerFault) => {
      if (this.#worker !== worker || this.#loaded) return;
      this.faults.push(fault);
      this.restart();
      settleLoad(false);
    };
    const startup = setTimeout(() => failLoad("timeout"), WORKER_STARTUP_MS);
    Deno.unrefTimer(startup);
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (e.data.type !== "ready") {
        bell?.read();
        return this.#answer(e.data);
      }
      clearTimeout(startup);
      this.#loaded = true;
      settleLoad(true);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      clearTimeout(startup);
      if (this.#loaded) this.#fail("error");
      else failLoad("error");
    };
    worker.onmessageerror = () => this.#fail("error");
    if (bell) this.post({ type: "bell", bell: bell.buffer });
    this.onStart(worker);
    return worker;
  }

  /** Posts `message`, moving `transfer`'s buffers instead of copying them. */
  post(message: ToWorker, transfer: Transferable[] = []): void {
    this.worker.postMessage(message, transfer);
    this.#bell?.ring();
  }

  /**
   * Blocks this thread (at most `ANSWER_WAIT_MS`) until the worker has
   * posted a message this side has not read: waiting on the bell, not in the
   * event loop, takes the answer a quarter of a millisecond sooner. Without
   * shared memory it returns at once.
   */
  expectMessage(): void {
    if (this.#loaded) this.#bell?.waitForMessage(ANSWER_WAIT_MS);
  }

  /**
   * The answer to the question numbered `seq` (posted just before or just
   * after), or the fault that came instead: an error, or no answer in time.
   * A fault replaces the worker. The parts of the answer that come before
   * it are handed to `part` as they arrive.
   */
  answer(seq: number, part: (part: MovesPart) => void = () => {}): Promise<Reply> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#fail("timeout"), this.timeoutMs);
      this.#waiting = {
        seq,
        part,
        settle: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
      };
    });
  }

  /** Stops waiting for the answer to `seq`: when it comes, it is a stray. */
  forget(seq: number): void {
    if (this.#waiting?.seq !== seq) return;
    this.#waiting.settle("failed");
    this.#waiting = undefined;
  }

  #answer(reply: FromWorker): void {
    const waiting = this.#waiting;
    if (waiting && "seq" in reply && reply.seq === waiting.seq) {
      if (reply.type === "moves") return waiting.part(reply);
      this.#waiting = undefined;
      waiting.settle(reply);
    } else {
      this.onStray(reply);
    }
  }

  /** A fault: whoever waits is told, and the worker replaced. */
  #fail(fault: WorkerFault): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    this.faults.push(fault);
    this.restart();
    waiting?.settle(fault);
  }

  /** Ends the current worker; the next use starts another. */
  restart(): void {
    this.#worker?.terminate();
    this.#worker = undefined;
    this.#bell = undefined;
    this.#loaded = false;
  }

  /** Ends the worker for good, telling whoever waits. */
  close(): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.settle("error");
    this.restart();
  }
}
