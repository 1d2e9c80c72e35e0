/**
 * The AI worker's life as a thread: started with no permissions, replaced
 * when it throws, dies or stops answering, and asked one question at a time
 * (the messages go by `channel.ts`).
 *
 * @module
 */
import { type ChannelEnd, openAppEnd } from "./channel.ts";
import type { AppBell } from "./doorbell.ts";
import type { FromWorker, MovesPart, ToWorker } from "./protocol.ts";
import type { WorkerFault } from "./runner.ts";

/** The AI worker's module, found from this file as in a compiled binary. */
export const AI_WORKER_URL: URL = new URL("../../workers/ai_worker.ts", import.meta.url);

/** The AI worker runs with no permissions at all: it only computes. */
export const AI_WORKER_OPTIONS: WorkerOptions = { type: "module", deno: { permissions: "none" } };

/** How long a new worker may take to load before it counts as failed. */
export const WORKER_STARTUP_MS = 10_000;

/** How long the worker sleeps on its bell at a time before it looks again whether the app is still there. */
export const PARK_SLICE_MS = 20;

/** How long after the app's last message the worker keeps parking on its bell; after that it sleeps in its event loop. */
export const PARK_ACTIVE_MS = 2_000;

/**
 * How long the app blocks on the bell for an answer before it waits in its
 * event loop instead (where the time limit is kept).
 */
export const ANSWER_WAIT_MS = 50;

/**
 * How long the app polls for an answer before it sleeps on the bell, where
 * the worker has a processor of its own (see `AppBell.waitForMessage`):
 * about a turn of a few dozen monsters. Not longer: on a busy machine a
 * polling app takes the processor the worker needs to answer (3 ms of
 * polling tripled the 99th percentile of a key to its frame there).
 */
export const ANSWER_SPIN_MS = 0.5;

/** An answer, or what became of the question instead. */
export type Reply = FromWorker | WorkerFault;

/**
 * One worker at a time, started on first use. While it loads it is not
 * `loaded`: the caller then does the work itself, so a cold start never
 * stalls a key and a time limit only ever counts a loaded worker's thinking.
 */
export class WorkerConnection {
  #worker: Worker | undefined;
  /** The app's end of the channel to the current worker. */
  #channel: ChannelEnd<ToWorker, FromWorker, AppBell> | undefined;
  #loaded = false;
  #ready: Promise<boolean> = Promise.resolve(false);
  #waiting:
    | {
      readonly seq: number;
      readonly settle: (reply: Reply) => void;
      readonly part: (part: MovesPart) => void;
    }
    | undefined;
  /** Faults seen so far, oldest first (noted by {@link noteFault}). */
  readonly faults: WorkerFault[] = [];
  /** Told each fault as it is noted. */
  onFault: (fault: WorkerFault) => void = () => {};
  /** Notes `fault`, and tells `onFault`. */
  noteFault(fault: WorkerFault): void {
    this.faults.push(fault);
    this.onFault(fault);
  }

  /** Told each answer no one waits for (one to a question given up on). */
  onStray: (reply: FromWorker) => void = () => {};
  /** Told each message posted to the worker, as it goes (tests count them). */
  onPost: (message: ToWorker) => void = () => {};
  /** Told when a new worker starts: it knows nothing yet. */
  onStart: (worker: Worker) => void = () => {};

  /** How long to poll before sleeping while waiting: none on a single processor, where it would starve the worker. */
  readonly #spinMs = (navigator.hardwareConcurrency ?? 1) > 1 ? ANSWER_SPIN_MS : 0;

  /**
   * `blockOnAnswer`: whether `expectAnswer` blocks this thread on a bell
   * until the answer comes. A thread that plays one game loses nothing by
   * it and gains the event loop's wake-up; one that plays many (the
   * server's) would keep every other game waiting on this one's worker,
   * so it takes the answer in its event loop (no bell, no shared memory).
   */
  constructor(readonly url: URL, readonly timeoutMs: number, readonly blockOnAnswer = true) {}

  /** True while there is a worker (started, loading or loaded). */
  get started(): boolean {
    return this.#worker !== undefined;
  }

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
   * one-line message: every way Delve is started passes it (the tasks, the
   * launcher, the compiled binary), and a test runs the launcher's grants.
   */
  get worker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.url, AI_WORKER_OPTIONS);
    this.#worker = worker;
    this.#loaded = false;
    let settleLoad: (ok: boolean) => void = () => {};
    this.#ready = new Promise((resolve) => (settleLoad = resolve));
    const failLoad = (fault: WorkerFault) => {
      if (this.#worker !== worker || this.#loaded) return;
      this.noteFault(fault);
      this.restart();
      settleLoad(false);
    };
    const startup = setTimeout(() => failLoad("timeout"), WORKER_STARTUP_MS);
    Deno.unrefTimer(startup);
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (e.data.type === "wake") return this.#takeWaiting();
      if (e.data.type !== "ready") return this.#answer(e.data);
      clearTimeout(startup);
      this.#loaded = true;
      settleLoad(true);
    };
    // The bell's message goes the worker's own way; every later one by the port, in order.
    this.#channel = openAppEnd(worker, this.blockOnAnswer);
    worker.onerror = (e) => {
      e.preventDefault();
      clearTimeout(startup);
      if (this.#loaded) this.#fail("error");
      else failLoad("error");
    };
    worker.onmessageerror = () => this.#fail("error");
    this.onStart(worker);
    return worker;
  }

  /** Posts `message`, moving `transfer`'s buffers instead of copying them. */
  post(message: ToWorker, transfer: Transferable[] = []): void {
    void this.worker;
    const channel = this.#channel!;
    this.onPost(message);
    // A command's answer is read on the bell from now until `expectAnswer` gives up or has it all.
    if (message.type === "play" && !message.quiet) channel.bell?.listening(true);
    channel.send(message, transfer);
  }

  /**
   * Takes the worker's messages as they come, blocking this thread on the
   * bell between them, until the answer waited for has come (its parts
   * handed on as they arrive) or `ANSWER_WAIT_MS` pass; the event loop
   * delivers the rest. Without shared memory it returns at once.
   */
  expectAnswer(): void {
    const bell = this.#channel?.bell;
    if (!this.#loaded || !bell) return;
    const deadline = performance.now() + ANSWER_WAIT_MS;
    while (this.#waiting) {
      if (this.#takeWaiting()) continue;
      const left = deadline - performance.now();
      if (left <= 0 || !bell.waitForMessage(left, this.#spinMs)) break;
    }
    // From here the worker's messages come with a "wake"; one posted meanwhile is taken now.
    bell.listening(false);
    this.#takeWaiting();
  }

  /**
   * Handles every message waiting on the port; true if there was one. A
   * "wake" by the worker's own way stands for the event loop.
   */
  #takeWaiting(): boolean {
    return this.#channel?.takeWaiting((message) => this.#answer(message)) ?? false;
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

  #answer(message: FromWorker): void {
    let reply: FromWorker;
    try {
      reply = this.#channel ? this.#channel.read(message) : message;
    } catch {
      return this.#fail("error");
    }
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
    this.noteFault(fault);
    this.restart();
    waiting?.settle(fault);
  }

  /** Ends the current worker; the next use starts another. */
  restart(): void {
    this.kill();
    this.#channel?.line?.port.close();
    this.#worker = undefined;
    this.#channel = undefined;
    this.#loaded = false;
  }

  /**
   * Ends the current worker as a crash would, the connection none the wiser
   * (tests kill it so; `restart` forgets it too): its bell closed first, for
   * a parked worker's event loop to turn, where the `terminate` takes effect.
   */
  kill(): void {
    this.#channel?.bell?.close();
    this.#worker?.terminate();
  }

  /** Ends the worker for good, telling whoever waits. */
  close(): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.settle("error");
    this.restart();
  }
}
