/**
 * The server's limits (docs/server.md, Limits), each a flag of `deno task
 * serve`, the few bounds that are not flags, and what a player is told
 * when the server runs as many games as it may.
 *
 * @module
 */

/** The limits, each a flag of `deno task serve`. */
export interface ServerLimits {
  /** Games running at once. */
  readonly games: number;
  /** Watchers of one game. */
  readonly watchers: number;
  /** Messages a second one connection may send; the rest are dropped and counted. */
  readonly inputRate: number;
  /** Minutes without a key before a game is saved and closed. */
  readonly idleMinutes: number;
  /** Login attempts a minute for one name from one address (an address has four times as many in all). */
  readonly logins: number;
  /** WebSockets open at once from one address (play, watch and replay together). */
  readonly socketsPerAddress: number;
  /** WebSockets open at once in all. */
  readonly sockets: number;
  /** Replays being shown at once, in all (each plays its game's turns again). */
  readonly replays: number;
  /** Requests of any kind one address may make a second. */
  readonly requestRate: number;
  /** WebSockets one address may ask to open a second. */
  readonly socketRate: number;
  /** Connections the server takes a second, in all; past it they are closed unread. */
  readonly connectionRate: number;
}

/** The defaults of {@link ServerLimits}. */
export const DEFAULT_LIMITS: ServerLimits = {
  games: 50,
  watchers: 20,
  inputRate: 100,
  idleMinutes: 30,
  logins: 5,
  socketsPerAddress: 32,
  sockets: 1000,
  replays: 16,
  requestRate: 50,
  socketRate: 8,
  connectionRate: 100,
};

/**
 * How long a game waits for its player's page to come back (a reload, a
 * dropped connection) before it is saved and closed and its place freed:
 * with the sweep's interval, under a minute.
 */
export const ABSENT_MS = 45_000;

/**
 * Replays that may start a second, in all: a replay begins by reading its
 * file and building its game's first floor, some milliseconds of the thread
 * every game shares, which a crowd of replay sockets would otherwise spend
 * all at once.
 */
export const REPLAY_STARTS_PER_SECOND = 2;

/**
 * The thread's time the replays being shown may spend between them: a
 * fifth of the thread every game shares, which also reads every player's
 * keys and sends their frames. A replay at the default speed spends a few
 * ms a second, at a page's fastest some tens; more than a few at the
 * fastest, or seeking through long games, wait their turns.
 */
export const REPLAY_SHARE = { msPerSecond: 200, reserveMs: 20 } as const;

/**
 * What one connection may send (src/server/door/connection_relay.ts): a page's
 * requests and messages are far less (a message is at most 4 KiB, and a
 * page sends a few a second), a message of megabytes is cut after its
 * first quarter of a MiB, and its address barred.
 */
export const INBOUND_BUDGET = { bytesPerSecond: 64 * 1024, burstBytes: 256 * 1024 } as const;

/** What a player is told when the server runs as many games as it may (`games`). */
export function fullLine(games: number): string {
  return `The server is full: ${games} games. Try again later.`;
}
