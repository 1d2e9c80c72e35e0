/**
 * A terminal with no TTY: tests push input and read back what was written.
 *
 * @module
 */
import type { InputEvent } from "./input_events.ts";
import type { Terminal } from "./terminal.ts";
import { QueuedInput } from "./queued_input.ts";

/** A scripted terminal for tests and headless runs. */
export class HeadlessTerminal extends QueuedInput implements Terminal {
  /** Everything written, one entry per write. */
  readonly writes: string[] = [];

  constructor(public columns = 80, public rows = 24) {
    super();
  }

  write(text: string): void {
    this.writes.push(text);
  }

  /** Queues input as if typed. */
  input(...events: InputEvent[]): void {
    for (const e of events) this.queue.push(e);
  }

  /** Changes the size and reports it. */
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.queue.push({ type: "resize", columns, rows });
  }

  /** Ends the input: the app sees no more events. */
  end(): void {
    this.queue.close();
  }
}
