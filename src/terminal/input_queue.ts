/**
 * The events a terminal has read and the app has not yet taken, read with
 * `for await`. Bounded, so a flood of input (a paste of fifty thousand
 * characters, a key held down on a slow machine) can neither grow memory
 * without end nor keep the player waiting for the backlog to play out:
 *
 * - at most {@link INPUT_QUEUE_LIMIT} keys and mouse reports wait; later
 *   ones are dropped and counted in {@link InputQueue.dropped};
 * - a mouse movement replaces a movement still waiting, and a resize a
 *   resize still waiting (only the latest matters);
 * - Ctrl-C jumps the queue: what waits is dropped (and counted), so the
 *   app takes it as soon as it is done with the event in hand.
 *
 * @module
 */
import type { TerminalEvent } from "./input_events.ts";

/** How many key and mouse events may wait before more are dropped. */
export const INPUT_QUEUE_LIMIT = 256;

/** True for the key that must act at once whatever waits. */
function isInterrupt(e: TerminalEvent): boolean {
  return e.type === "key" && e.ctrl && e.key === "c";
}

/** True when `next` makes `waiting` pointless: the newer report says all it said. */
function supersedes(next: TerminalEvent, waiting: TerminalEvent): boolean {
  if (next.type === "resize") return waiting.type === "resize";
  return next.type === "mouse" && next.action === "move" && waiting.type === "mouse" &&
    waiting.action === "move";
}

/** A bounded queue of terminal events; see the module's notes. */
export class InputQueue implements AsyncIterable<TerminalEvent> {
  /** Waiting events from `#head` on; the front is trimmed now and then, not per take. */
  #items: TerminalEvent[] = [];
  #head = 0;
  #waiter: ((result: IteratorResult<TerminalEvent>) => void) | undefined;
  #closed = false;
  #dropped = 0;
  /** Key and mouse events waiting (resizes do not count against the limit). */
  #inputWaiting = 0;

  constructor(readonly limit: number = INPUT_QUEUE_LIMIT) {}

  /** Key and mouse events dropped so far: over the limit, or cut short by Ctrl-C. */
  get dropped(): number {
    return this.#dropped;
  }

  /** How many events wait. */
  get size(): number {
    return this.#items.length - this.#head;
  }

  /** Adds an event, by the rules above (ignored once closed). */
  push(event: TerminalEvent): void {
    if (this.#closed) return;
    const waiter = this.#waiter;
    if (waiter) {
      this.#waiter = undefined;
      waiter({ value: event, done: false });
      return;
    }
    if (isInterrupt(event)) {
      this.#dropped += this.#inputWaiting;
      const resize = this.drain().findLast((e) => e.type === "resize");
      if (resize) this.#items.push(resize);
    }
    const last = this.size > 0 ? this.#items[this.#items.length - 1] : undefined;
    if (last && supersedes(event, last)) {
      this.#items[this.#items.length - 1] = event;
      return;
    }
    if (event.type !== "resize") {
      if (this.#inputWaiting >= this.limit && !isInterrupt(event)) {
        this.#dropped++;
        return;
      }
      this.#inputWaiting++;
    }
    this.#items.push(event);
  }

  /** Ends iteration once the waiting events are taken. */
  close(): void {
    this.#closed = true;
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.({ value: undefined, done: true });
  }

  /** Takes every waiting event out, unread (used up, not counted as dropped). */
  drain(): TerminalEvent[] {
    const taken = this.#items.slice(this.#head);
    this.#items = [];
    this.#head = 0;
    this.#inputWaiting = 0;
    return taken;
  }

  /** The next event, or done once closed and drained. */
  next(): Promise<IteratorResult<TerminalEvent>> {
    if (this.size > 0) {
      const value = this.#items[this.#head++];
      if (value.type !== "resize") this.#inputWaiting--;
      if (this.#head === this.#items.length) {
        this.#items = [];
        this.#head = 0;
      } else if (this.#head >= 1024) {
        this.#items = this.#items.slice(this.#head);
        this.#head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.#closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.#waiter = resolve));
  }

  [Symbol.asyncIterator](): AsyncIterator<TerminalEvent> {
    return { next: () => this.next() };
  }
}
