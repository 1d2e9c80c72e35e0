/**
 * A terminal whose screen is in a browser: the bytes xterm.js sends are
 * decoded by the same key decoder as a TTY's, and what the game writes goes
 * to a callback (the game host, which sends it on). Ctrl-C leaves a TTY
 * game; here the page is closed instead, so it is dropped.
 *
 * @module
 */
import {
  type CellBuffer,
  type ColorDepth,
  KeyDecoder,
  QueuedInput,
  ShownPicture,
  type Terminal,
  type TerminalEvent,
} from "../terminal/mod.ts";
import { setImmediate } from "node:timers";
import { TokenBucket } from "./http_parts.ts";

/** What a fresh browser terminal needs before a whole screen: the alternate screen, no cursor, blank. */
const SCREEN_START = "\x1b[?1049h\x1b[?25l\x1b[0m\x1b[H\x1b[2J";

/** How long a lone Esc waits for the rest of a sequence (as on a TTY). */
const ESC_TIMEOUT_MS = 30;

/**
 * The sizes a browser may ask for: Delve's least, and a bound on what one
 * page's frame can cost. The largest is a 4K screen (3840x2160 pixels) filled
 * with cells of a small legible font (13x18 pixels): every bigger size is
 * asked for only to make the server draw more.
 */
export const SCREEN_LIMITS = { minColumns: 20, minRows: 10, maxColumns: 300, maxRows: 120 } as const;

/**
 * Keys a page may send: in one message, and a second (in bursts of as many).
 * A person types well under either, a held key repeats at about 30 a second;
 * each key is a turn the server plays, so beyond them keys are dropped and
 * counted, whatever message brought them.
 */
export const KEY_LIMITS = { perMessage: 32, perSecond: 60 } as const;

/** A size clamped to {@link SCREEN_LIMITS}. */
export function clampSize(columns: number, rows: number): { columns: number; rows: number } {
  const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.floor(n) || lo));
  return {
    columns: clamp(columns, SCREEN_LIMITS.minColumns, SCREEN_LIMITS.maxColumns),
    rows: clamp(rows, SCREEN_LIMITS.minRows, SCREEN_LIMITS.maxRows),
  };
}

/** A terminal fed with a browser's bytes, writing to `output`. */
export class SocketTerminal extends QueuedInput implements Terminal {
  readonly #decoder = new KeyDecoder();
  readonly #keys = new TokenBucket(KEY_LIMITS.perSecond, Date.now());
  /** Keys of the message being read. */
  #keysInMessage = 0;
  /** Keys dropped over {@link KEY_LIMITS}. */
  keysDropped = 0;
  #escTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #picture = new ShownPicture();
  columns: number;
  rows: number;

  constructor(columns: number, rows: number, readonly output: (text: string) => void) {
    super();
    ({ columns: this.columns, rows: this.rows } = clampSize(columns, rows));
  }

  /**
   * The events in the order they came, but with a turn of the event loop
   * before each one that was already waiting: a page's message of many keys
   * is played a key at a time, with every other socket read between, so one
   * player's burst never holds the games' thread for the whole of it. (They
   * still wait in the queue meanwhile: a walk sees them and stops.)
   */
  override get events(): AsyncIterable<TerminalEvent> {
    const queue = this.queue;
    const next = async (): Promise<IteratorResult<TerminalEvent>> => {
      if (queue.size > 0) await new Promise((resolve) => setImmediate(resolve));
      return queue.next();
    };
    return { [Symbol.asyncIterator]: () => ({ next }) };
  }

  /** Sends what a frame changed; a frame that changed nothing sends nothing (no empty message to every page). */
  write(text: string): void {
    if (text.length > 0) this.output(text);
  }

  shown(picture: CellBuffer, depth: ColorDepth): void {
    this.#picture.keep(picture, depth);
  }

  /**
   * The whole screen as it stands, as bytes a browser terminal draws from
   * nothing: what a watcher who arrives, or a page that fell behind, is sent.
   */
  wholeScreen(): string {
    return SCREEN_START + this.#picture.redraw();
  }

  /** Bytes the browser sent, as typed. */
  input(bytes: Uint8Array): void {
    clearTimeout(this.#escTimer);
    this.#keysInMessage = 0;
    for (const event of this.#decoder.feed(bytes)) this.#push(event);
    if (this.#decoder.hasPending) {
      this.#escTimer = setTimeout(() => {
        for (const event of this.#decoder.flush()) this.#push(event);
      }, ESC_TIMEOUT_MS);
    }
  }

  #push(event: TerminalEvent): void {
    if (event.type === "key" && event.ctrl && event.key === "c") return;
    // A mouse's movement is not a command (the queue keeps only the latest): only keys and clicks count.
    if (event.type === "key" || (event.type === "mouse" && event.action !== "move")) {
      if (++this.#keysInMessage > KEY_LIMITS.perMessage || !this.#keys.take(Date.now())) {
        this.keysDropped++;
        return;
      }
    }
    this.queue.push(event);
  }

  /** The browser's terminal changed size (clamped to {@link SCREEN_LIMITS}). */
  resize(columns: number, rows: number): void {
    ({ columns: this.columns, rows: this.rows } = clampSize(columns, rows));
    this.queue.push({ type: "resize", columns: this.columns, rows: this.rows });
  }

  #lostTrack = false;

  /** A viewer's copy was drawn from a snapshot: the next frame starts its cursor and colours afresh. */
  loseTrack(): void {
    this.#lostTrack = true;
  }

  takeLostTrack(): boolean {
    const lost = this.#lostTrack;
    this.#lostTrack = false;
    return lost;
  }

  /** No more input: the game's loop ends. */
  end(): void {
    clearTimeout(this.#escTimer);
    this.queue.close();
  }
}
