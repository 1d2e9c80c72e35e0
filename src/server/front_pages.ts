/**
 * The front's side of the live games' sockets (docs/server.md, Threads):
 * each page's socket by the number the games' thread knows it by, what that
 * thread sends it, and its backlog. The games' thread decides what a page
 * is sent, skipping a page that is behind; it learns a page is behind, and
 * when it has caught up, from here. A socket never holds much more than the
 * bound whatever that thread sends meanwhile: past four times it, a message
 * is dropped (the page is sent the whole screen once it catches up).
 *
 * @module
 */
import type { ChannelEnd, FromFront } from "./front_channel.ts";
import { WATCHER_BACKLOG_BYTES } from "./game_host.ts";

/** How often a socket that is behind is looked at, to tell when it has caught up. */
const DRAIN_CHECK_MS = 20;

/** Past this, whatever is sent to a page is dropped: the games' thread has been told it is behind. */
const DROP_BACKLOG_BYTES = 4 * WATCHER_BACKLOG_BYTES;

/** The live games' pages' sockets, by number. */
export class FrontPages {
  readonly #sockets = new Map<number, WebSocket>();
  /** Pages the games' thread has been told are behind. */
  readonly #behind = new Set<number>();
  #drainTimer: ReturnType<typeof setInterval> | undefined;
  #next = 1;

  constructor(readonly games: ChannelEnd<FromFront>) {}

  /** A number for a page not yet open (a watcher asks to be let in with it). */
  reserve(): number {
    return this.#next++;
  }

  /**
   * `socket` as page `page`: once it closes, the games' thread is told it is
   * gone (`gone` also when it never opened).
   */
  add(page: number, socket: WebSocket): void {
    this.#sockets.set(page, socket);
    socket.addEventListener("close", () => this.gone(page));
  }

  /** The games' thread hears that `page` is gone: its socket closed, or was never made. */
  gone(page: number): void {
    this.#behind.delete(page);
    this.#sockets.delete(page);
    this.games.postMessage({ type: "gone", page });
  }

  /** Sends `text` to `page` if it is open, telling the games' thread if that puts it behind. */
  send(page: number, text: string): void {
    const socket = this.#sockets.get(page);
    if (socket?.readyState !== WebSocket.OPEN || socket.bufferedAmount > DROP_BACKLOG_BYTES) return;
    socket.send(text);
    const bytes = socket.bufferedAmount;
    if (bytes > WATCHER_BACKLOG_BYTES && !this.#behind.has(page)) {
      this.#behind.add(page);
      this.games.postMessage({ type: "backlog", page, bytes });
      this.#drainTimer ??= setInterval(() => this.#checkDrained(), DRAIN_CHECK_MS);
    }
  }

  /** Each page behind that has caught up: the games' thread is told, and sends it the whole screen next. */
  #checkDrained(): void {
    for (const page of this.#behind) {
      const bytes = this.#sockets.get(page)?.bufferedAmount ?? 0;
      if (bytes > WATCHER_BACKLOG_BYTES) continue;
      this.#behind.delete(page);
      this.games.postMessage({ type: "backlog", page, bytes });
    }
    if (this.#behind.size === 0) {
      clearInterval(this.#drainTimer);
      this.#drainTimer = undefined;
    }
  }

  /** Closes `page`'s socket with `code` and `reason`. */
  close(page: number, code: number, reason: string): void {
    this.#sockets.get(page)?.close(code, reason);
  }

  /** Stops looking at backlogs (the front is stopping). */
  stop(): void {
    clearInterval(this.#drainTimer);
    this.#drainTimer = undefined;
  }
}
