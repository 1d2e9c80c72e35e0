/**
 * The real terminal: raw mode, alternate screen, hidden cursor, SGR mouse
 * and application keypad on the way in, all undone by {@link TtyTerminal.restore}
 * on the way out, whichever way out it is.
 *
 * @module
 */
import { KeyDecoder } from "./key_decoder.ts";
import type { Terminal } from "./terminal.ts";
import { QueuedInput } from "./queued_input.ts";
import { ENTER_SEQUENCE, LEAVE_SEQUENCE } from "./screen_modes.ts";

/** How long a lone Esc waits for the rest of a sequence. */
const ESC_TIMEOUT_MS = 30;
/** A resize can be missed (no SIGWINCH on some platforms): look this often. */
const RESIZE_POLL_MS = 250;

const encoder = new TextEncoder();

/** Writes all of `bytes` to stdout, however many calls it takes. */
function writeAll(bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) offset += Deno.stdout.writeSync(bytes.subarray(offset));
}

/** The controlling terminal of this process. */
export class TtyTerminal extends QueuedInput implements Terminal {
  readonly #decoder = new KeyDecoder();
  #columns: number;
  #rows: number;
  #active = true;
  #escTimer: ReturnType<typeof setTimeout> | undefined;
  #out = new Uint8Array(16384);
  #pollTimer: ReturnType<typeof setInterval> | undefined;
  readonly #onWinch = () => this.#checkSize();

  private constructor() {
    super();
    const { columns, rows } = Deno.consoleSize();
    this.#columns = columns;
    this.#rows = rows;
  }

  /** Takes over the terminal. Call {@link restore} before the process ends. */
  static open(): TtyTerminal {
    const tty = new TtyTerminal();
    Deno.stdin.setRaw(true);
    writeAll(encoder.encode(ENTER_SEQUENCE));
    try {
      Deno.addSignalListener("SIGWINCH", tty.#onWinch);
    } catch {
      // Not every platform has SIGWINCH; the poll below covers it.
    }
    const poll = setInterval(tty.#onWinch, RESIZE_POLL_MS);
    Deno.unrefTimer(poll);
    tty.#pollTimer = poll;
    tty.#readLoop();
    return tty;
  }

  get columns(): number {
    return this.#columns;
  }

  get rows(): number {
    return this.#rows;
  }

  /**
   * Writes `text`. When the output has gone (its terminal closed, EIO or
   * EPIPE), drawing stops and the input ends, so the app leaves the way it
   * does when the terminal closes: saving first.
   */
  write(text: string): void {
    if (!this.#active || this.#outputLost || text.length === 0) return;
    try {
      // A frame is encoded into the same buffer each time: no new memory for every frame.
      if (this.#out.length < text.length * 3) this.#out = new Uint8Array(text.length * 3);
      const { written } = encoder.encodeInto(text, this.#out);
      writeAll(this.#out.subarray(0, written));
    } catch (e) {
      this.#outputLost = (e as Error).message;
      this.queue.close();
    }
  }

  /** Why the output stopped working, if it did. */
  get outputLost(): string | undefined {
    return this.#outputLost;
  }

  #outputLost: string | undefined;

  /**
   * Gives the terminal back as it was: modes off, cursor shown, normal
   * screen, cooked mode. Safe to call more than once and when the terminal
   * is already gone (each step is tried on its own).
   */
  restore(): void {
    if (!this.#active) return;
    this.#active = false;
    clearInterval(this.#pollTimer);
    clearTimeout(this.#escTimer);
    try {
      Deno.removeSignalListener("SIGWINCH", this.#onWinch);
    } catch { /* never added */ }
    try {
      if (!this.#outputLost) writeAll(encoder.encode(LEAVE_SEQUENCE));
    } catch { /* terminal closed */ }
    try {
      Deno.stdin.setRaw(false);
    } catch { /* terminal closed */ }
    this.queue.close();
  }

  #checkSize(): void {
    if (!this.#active) return;
    let size: { columns: number; rows: number };
    try {
      size = Deno.consoleSize();
    } catch {
      return;
    }
    if (size.columns === this.#columns && size.rows === this.#rows) return;
    this.#columns = size.columns;
    this.#rows = size.rows;
    this.queue.push({ type: "resize", ...size });
  }

  async #readLoop(): Promise<void> {
    const buf = new Uint8Array(4096);
    while (this.#active) {
      let n: number | null;
      try {
        n = await Deno.stdin.read(buf);
      } catch {
        n = null;
      }
      if (n === null) {
        // The terminal went away: no more input will come.
        this.queue.close();
        return;
      }
      clearTimeout(this.#escTimer);
      for (const event of this.#decoder.feed(buf.subarray(0, n))) this.queue.push(event);
      if (this.#decoder.hasPending) {
        this.#escTimer = setTimeout(() => {
          for (const event of this.#decoder.flush()) this.queue.push(event);
        }, ESC_TIMEOUT_MS);
      }
      // The next read is asked for a microtask later: the app, waiting on the queue, has then taken what
      // was just read and played its turn up to the AI worker. Asking for input (or setting a timer) costs
      // tens of microseconds in the game, which must not come before the key in hand. Keys typed
      // meanwhile wait in the terminal driver.
      await Promise.resolve();
    }
  }
}
