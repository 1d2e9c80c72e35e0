/**
 * What the app needs from a terminal. The real one drives a TTY; the
 * headless one lets tests and CI run the same app code without one.
 *
 * @module
 */
import type { TerminalEvent } from "./input_events.ts";

/** A terminal the app draws on and reads input from. */
export interface Terminal {
  /** Current size in cells. */
  readonly columns: number;
  readonly rows: number;
  /** Keys, mouse reports and resizes, in the order they happened. */
  readonly events: AsyncIterable<TerminalEvent>;
  /** Writes all of `text` before returning. */
  write(text: string): void;
  /**
   * Key and mouse events dropped unread so far: typed faster than the app
   * takes them (beyond the input queue's limit), or cut short by Ctrl-C.
   */
  readonly droppedInput: number;
  /** True when input has arrived that the app has not read yet. */
  hasPendingInput(): boolean;
  /** Drops input not read yet (a key that interrupted something is used up). */
  discardPendingInput(): void;
}
