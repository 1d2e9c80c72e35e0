/**
 * The input side every terminal shares: events wait in a bounded queue
 * (src/terminal/input_queue.ts) until the app takes them.
 *
 * @module
 */
import type { TerminalEvent } from "./input_events.ts";
import { InputQueue } from "./input_queue.ts";

/** A terminal whose keys, mouse reports and resizes wait in an {@link InputQueue}. */
export abstract class QueuedInput {
  /** What arrived and was not taken yet. */
  protected readonly queue: InputQueue = new InputQueue();

  /** Keys, mouse reports and resizes, in the order they happened. */
  get events(): AsyncIterable<TerminalEvent> {
    return this.queue;
  }

  /** Key and mouse events dropped unread so far. */
  get droppedInput(): number {
    return this.queue.dropped;
  }

  /** True when input has arrived that the app has not read yet. */
  hasPendingInput(): boolean {
    return this.queue.size > 0;
  }

  /** Drops input not read yet. */
  discardPendingInput(): void {
    this.queue.drain();
  }
}
