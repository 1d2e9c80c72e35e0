/**
 * A terminal with no screen, for drivers that run the app without a person
 * (the soak, the fuzzer, the latency bench, the program's warm-up game): it
 * keeps nothing it is given, only counts the output and notes when the last
 * write happened, and takes its input from an iterator that is asked for
 * each event as the app wants it. A terminal that stored every frame would
 * itself grow without bound.
 *
 * @module
 */
import type { TerminalEvent } from "./input_events.ts";
import type { Terminal } from "./terminal.ts";

const NO_INPUT: AsyncIterator<TerminalEvent> = {
  next: () => Promise.resolve({ done: true, value: undefined }),
};

/** Output counted and dropped; input from `input` (none when absent). */
export class SinkTerminal implements Terminal {
  /** Characters written so far. */
  chars = 0;
  /** Writes so far (one per frame). */
  writes = 0;
  /** `performance.now()` at the last write. */
  lastWriteAt = 0;
  readonly events: AsyncIterable<TerminalEvent>;

  constructor(public columns = 80, public rows = 24, input: AsyncIterator<TerminalEvent> = NO_INPUT) {
    // No `return`: a loop that stops reading (a game ending) leaves the input open for the next.
    this.events = { [Symbol.asyncIterator]: () => ({ next: () => input.next() }) };
  }

  write(text: string): void {
    this.lastWriteAt = performance.now();
    this.chars += text.length;
    this.writes++;
  }

  /** Input comes on demand, so none ever waits to be dropped. */
  readonly droppedInput = 0;

  hasPendingInput(): boolean {
    return false;
  }

  discardPendingInput(): void {}
}
