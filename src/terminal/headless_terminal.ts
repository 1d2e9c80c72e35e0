/**
 * A terminal with no TTY: tests push input and read back what was written.
 *
 * @module
 */
import type { InputEvent, TerminalEvent } from "./input_events.ts";
import type { Terminal } from "./terminal.ts";
import { InputQueue } from "./input_queue.ts";

/** A scripted terminal for tests and headless runs. */
export class HeadlessTerminal implements Terminal {
  readonly #queue = new InputQueue();
  /** Everything written, one entry per write. */
  readonly writes: string[] = [];

  constructor(public columns = 80, public rows = 24) {}

  get events(): AsyncIterable<TerminalEvent> {
    return this.#queue;
  }

  get droppedInput(): number {
    return this.#queue.dropped;
  }

  hasPendingInput(): boolean {
    return this.#queue.size > 0;
  }

  discardPendingInput(): void {
    this.#queue.drain();
  }

  write(text: string): void {
    this.writes.push(text);
  }

  /** Queues input as if typed. */
  input(...events: InputEvent[]): void {
    for (const e of events) this.#queue.push(e);
  }

  /** Changes the size and reports it. */
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.#queue.push({ type: "resize", columns, rows });
  }

  /** Ends the input: the app sees no more events. */
  end(): void {
    this.#queue.close();
  }
}
