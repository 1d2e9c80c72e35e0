/**
 * A doorbell beside a worker's messages: two counters in shared memory that
 * let each side sleep on a futex, not in its event loop, while it waits for
 * the other, and a message port of their own that each side reads at once
 * when the bell wakes it (`receiveMessageOnPort`), not when its event loop
 * next delivers. Messages still carry everything; the bell only wakes.
 *
 * Why: a thread asleep in its event loop takes about a quarter of a
 * millisecond to be woken by a message (more at the 99th percentile), and a
 * message posted to a busy thread waits for its event loop's next turn; a
 * turn through the worker is a message each way, and a long one several
 * parts back. A thread in `Atomics.wait` wakes in a few microseconds and
 * takes its message there and then: a question and its answer then cost
 * about 30 µs (`deno task bench --only monsters,pty` shows the turns).
 *
 * Counter 0 counts the messages the app posted, counter 1 those the worker
 * posted; each side adds one after posting. The app knows how many answers
 * it has read, so "is one on its way" is the worker's counter differing
 * from that, without a race; the worker only needs to know the app rang.
 *
 * @module
 */
import { type MessagePort as NodeMessagePort, receiveMessageOnPort } from "node:worker_threads";

/** Whether this thread may block in `Atomics.wait` (a browser's page may not) and memory can be shared. */
export function canShareMemory(): boolean {
  if (typeof SharedArrayBuffer !== "function") return false;
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The counters' places. `CLOSED` is set once, when the app is done with the
 * worker; `*_LISTENS` is 1 while that side reads the port on the bell's wake,
 * when the other need not send it a "wake" by the worker's own way.
 */
const POSTED_BY_APP = 0, POSTED_BY_WORKER = 1, CLOSED = 2, APP_LISTENS = 3, WORKER_LISTENS = 4;

/** How large the bell's shared buffer is. */
const BELL_BYTES = 5 * 4;

/**
 * The message that hands the worker its bell, the port every later message
 * comes and goes by, and the shared buffer its moves are written to (where
 * this runtime can grow one: `move_buffer.ts`).
 */
export interface BellMessage {
  readonly type: "bell";
  readonly bell: SharedArrayBuffer;
  readonly port: MessagePort;
  readonly moves?: SharedArrayBuffer;
}

/**
 * The next message waiting on `port`, taken now rather than when the event
 * loop would deliver it; undefined if none has come.
 */
export function takeMessage<T>(port: MessagePort): T | undefined {
  return receiveMessageOnPort(port as unknown as NodeMessagePort)?.message as T | undefined;
}

/**
 * What either side's end of the bell does alike, for the channel that
 * carries its messages (`channel.ts`): rings after each post, counts each
 * message read, and says whether the other side reads the port on a ring.
 */
export interface BellEnd {
  /** Counts a message just posted, waking the other side if it waits. */
  ring(): void;
  /** Counts a message of the other side's as read. */
  read(): void;
  /** Whether this side reads the port on the bell's wake from now on. */
  listening(on: boolean): void;
  /** Whether the other side reads the port on the bell's wake (else a message to it needs a "wake"). */
  readonly otherListens: boolean;
}

/** The app's side: rings after each post, and waits for the worker's next message. */
export class AppBell implements BellEnd {
  readonly #counters: Int32Array;
  #read = 0;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(BELL_BYTES)) {
    this.#counters = new Int32Array(buffer);
  }

  /**
   * Whether the app reads the port on the bell's wake from now on. Turned
   * off before the app's last look at the port, so that a message posted in
   * between is either seen there or sent a "wake".
   */
  listening(on: boolean): void {
    Atomics.store(this.#counters, APP_LISTENS, on ? 1 : 0);
  }

  /** Whether the worker reads the port on the bell's wake (else a message to it needs a "wake"). */
  get otherListens(): boolean {
    return Atomics.load(this.#counters, WORKER_LISTENS) === 1;
  }

  /**
   * Tells the worker the app is done with it: it stops parking, and its
   * event loop turns, where a `terminate` takes effect (it does not in
   * `Atomics.wait`).
   */
  close(): void {
    Atomics.store(this.#counters, CLOSED, 1);
    Atomics.notify(this.#counters, POSTED_BY_APP);
  }

  /** Tells a parked worker a message was posted. */
  ring(): void {
    Atomics.add(this.#counters, POSTED_BY_APP, 1);
    Atomics.notify(this.#counters, POSTED_BY_APP);
  }

  /** Counts a message of the worker's as read. */
  read(): void {
    this.#read = (this.#read + 1) | 0;
  }

  /**
   * Blocks this thread until the worker has posted a message not read yet,
   * or `ms` pass; true if one is on its way (to be taken from the port).
   * The first `spinMs` of the wait poll the counter instead of sleeping: a
   * virtual machine's idle processor takes a tenth of a millisecond or more
   * to wake, a polling one notices at once (only worth it with a processor
   * to spare for the worker).
   */
  waitForMessage(ms: number, spinMs = 0): boolean {
    const counters = this.#counters, read = this.#read;
    if (spinMs > 0) {
      const until = performance.now() + Math.min(ms, spinMs);
      while (Atomics.load(counters, POSTED_BY_WORKER) === read) if (performance.now() >= until) break;
    }
    if (Atomics.load(counters, POSTED_BY_WORKER) !== read) return true;
    return Atomics.wait(counters, POSTED_BY_WORKER, read, ms) !== "timed-out";
  }
}

/** The worker's side: counts what it posts, and parks between messages while the app is busy with it. */
export class WorkerBell implements BellEnd {
  readonly #counters: Int32Array;
  #rung = 0;
  #lastMessage = 0;

  constructor(buffer: SharedArrayBuffer, readonly now: () => number) {
    this.#counters = new Int32Array(buffer);
  }

  /** Notes that a message of the app's came (the worker parks for a while after each). */
  read(): void {
    this.#lastMessage = this.now();
  }

  /** Whether the worker reads the port on the bell's wake from now on (see `AppBell.listening`). */
  listening(on: boolean): void {
    Atomics.store(this.#counters, WORKER_LISTENS, on ? 1 : 0);
  }

  /** Whether the app reads the port on the bell's wake (else a message to it needs a "wake"). */
  get otherListens(): boolean {
    return Atomics.load(this.#counters, APP_LISTENS) === 1;
  }

  /** Counts a message just posted, waking the app if it waits. */
  ring(): void {
    Atomics.add(this.#counters, POSTED_BY_WORKER, 1);
    Atomics.notify(this.#counters, POSTED_BY_WORKER);
  }

  /**
   * Blocks until the app rings or `sliceMs` pass, unless it rang since the
   * last park (its message is then already posted, to be taken from the
   * port). True while the app was heard from within `activeMs` and has not
   * closed the bell: the caller takes its messages and parks again.
   */
  park(sliceMs: number, activeMs: number): boolean {
    if (this.now() - this.#lastMessage > activeMs || Atomics.load(this.#counters, CLOSED) !== 0) return false;
    const rung = Atomics.load(this.#counters, POSTED_BY_APP);
    if (rung !== this.#rung) this.#rung = rung;
    else Atomics.wait(this.#counters, POSTED_BY_APP, rung, sliceMs);
    return true;
  }
}
