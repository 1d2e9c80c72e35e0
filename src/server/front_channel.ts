/**
 * What the server's two threads say to each other (docs/server.md, Threads).
 * The front, a worker, owns every request and socket: the door, the pages,
 * logins, finished games and replays. The games' thread owns the games. A
 * page's socket is known to both by a number the front gives it; the games'
 * thread hears only what a game needs of it (attached, keys, sizes, backlog,
 * gone) and answers with what to send it.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import type { LiveRow } from "./pages.ts";
import type { ServerLimits } from "./server_limits.ts";

/** What the front is started with: all of it copied to the worker, so data, never functions. */
export interface FrontOptions {
  readonly hostname: string;
  readonly port: number;
  readonly stateDir: string;
  readonly limits: ServerLimits;
  readonly publicOrigin?: string;
  /** The data the finished games' replays are shown with. */
  readonly content: Content;
}

/** The live games as the front shows and counts them, sent whenever they change (and each second). */
export interface LiveGames {
  /** The games being played (not those whose program has ended), as the lobby lists them. */
  readonly rows: readonly LiveRow[];
  /** Players (in lower case) with a game running or starting: they are never told the server is full. */
  readonly busy: readonly string[];
  /** Games running and starting, against the limit. */
  readonly taken: number;
}

/** Why a watcher was not let in: the status and line its request is refused with. */
export interface Refusal {
  readonly status: number;
  readonly line: string;
}

/** What the front's counters stand at: messages dropped and refused, requests turned away, sockets. */
export interface FrontCounts {
  readonly droppedMessages: number;
  readonly refusedMessages: number;
  readonly refusedAtDoor: number;
  readonly openSockets: number;
  /** The most bytes any one socket has queued for its reader now. */
  readonly largestBacklog: number;
  /** The front's thread's longest pause since the last time asked, in ms. */
  readonly longestPauseMs: number;
}

/** From the games' thread to the front. */
export type ToFront =
  | { readonly type: "start"; readonly options: FrontOptions }
  | { readonly type: "send"; readonly page: number; readonly text: string }
  | { readonly type: "close"; readonly page: number; readonly code: number; readonly reason: string }
  | { readonly type: "games"; readonly games: LiveGames }
  | { readonly type: "watcher"; readonly ask: number; readonly refusal?: Refusal }
  | { readonly type: "counts"; readonly ask: number }
  | { readonly type: "stop"; readonly reason: string };

/** From the front to the games' thread. */
export type FromFront =
  | { readonly type: "listening"; readonly hostname: string; readonly port: number }
  | { readonly type: "failed"; readonly message: string }
  /** A play page opened for `player`, already checked (logged in, from this site). */
  | { readonly type: "play"; readonly page: number; readonly player: string }
  /** A watcher asks to be let in to the game of the player or game id `game`, as `page` once it opens. */
  | { readonly type: "letWatcherIn"; readonly ask: number; readonly page: number; readonly game: string }
  /** A watcher let in has opened. */
  | { readonly type: "watch"; readonly page: number }
  | { readonly type: "input"; readonly page: number; readonly data: string }
  | { readonly type: "resize"; readonly page: number; readonly columns: number; readonly rows: number }
  /** The page's socket has `bytes` waiting for its reader (past the backlog's bound, or back to 0). */
  | { readonly type: "backlog"; readonly page: number; readonly bytes: number }
  /** The page's socket closed (or, let in, never opened). */
  | { readonly type: "gone"; readonly page: number }
  | { readonly type: "counts"; readonly ask: number; readonly counts: FrontCounts }
  | { readonly type: "stopped" };

/** One end of the channel: a worker, or the worker's own scope. */
export interface ChannelEnd<Out> {
  postMessage(message: Out): void;
}
