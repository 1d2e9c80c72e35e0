/**
 * What the app needs from a terminal. The real one drives a TTY; the
 * headless one lets tests and CI run the same app code without one.
 *
 * @module
 */
import type { CellBuffer } from "./cell_buffer.ts";
import type { ColorDepth } from "./color.ts";
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
  /**
   * True once after a copy of the screen was drawn from a snapshot (a
   * watcher's page): the next frame moves the cursor and sets the colours
   * from scratch, as the copy's cursor and colours are not the renderer's.
   */
  takeLostTrack?(): boolean;
  /**
   * Told the picture each frame shows, just before its bytes are written
   * (the caller's buffer, drawn into again for the next frame): a terminal
   * that draws the whole screen for a copy that joins late keeps it, and a
   * copy drawn whole while the bytes go out is drawn with this frame in it.
   */
  shown?(picture: CellBuffer, depth: ColorDepth): void;
}
