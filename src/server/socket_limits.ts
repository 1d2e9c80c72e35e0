/**
 * What one visitor may cost the server's sockets (docs/server.md, Limits):
 * how many sockets an address and everyone together may hold open, and,
 * for each socket, how large and how frequent its messages may be.
 * Deno's WebSockets take messages of up to 64 MiB and have no setting to
 * lower that, so the whole of such a message is read before it can be
 * refused: one over the protocol's limit ends its socket, and its address
 * may open no socket for {@link BARRED_MS} (nor may one whose socket flooded).
 *
 * @module
 */
import { TokenBucket } from "./http_parts.ts";
import { MAX_MESSAGE_BYTES } from "./protocol.ts";
import { RecencyMap } from "./recency_map.ts";
import { type Bar, type BarTerms, nextBar } from "./escalating_bar.ts";

/** A socket closed for a message over {@link MAX_MESSAGE_BYTES} (RFC 6455: message too big). */
export const CLOSE_TOO_BIG = 1009;
/** A socket closed for breaking the protocol: flooding, or a watcher that sends (RFC 6455: policy violation). */
export const CLOSE_POLICY = 1008;
/** A socket refused for now: the server is full (RFC 6455: try again later). */
export const CLOSE_TRY_LATER = 1013;

/**
 * A socket that keeps sending over its rate is closed once it has had this
 * many seconds' worth of messages dropped in a row: a page's own burst (a
 * key held down) never comes near, a flood does at once.
 */
const FLOOD_SECONDS = 10;

/**
 * How long an address that sent a message over the limit, or flooded, may
 * open no socket the first time: reading a message of 64 MiB costs the
 * thread every game shares tens of milliseconds, which one address may make
 * it pay only this seldom. No page of the server ever sends such a message.
 * Each time again doubles the bar, up to {@link LONGEST_BAR_MS}.
 */
export const BARRED_MS = 60_000;

/** The longest an address is barred, however often it comes back to break the limits. */
export const LONGEST_BAR_MS = 24 * 3_600_000;

/** An address's broken limits are forgotten once its bar has been over this long. */
export const FORGIVEN_AFTER_MS = 3_600_000;

/** Addresses barred or remembered at most; past it the one whose bar ended first is forgotten. */
const MAX_BARRED = 100_000;

/** How a socket's bar grows. */
const SOCKET_BAR: BarTerms = {
  firstMs: BARRED_MS,
  longestMs: LONGEST_BAR_MS,
  forgivenAfterMs: FORGIVEN_AFTER_MS,
};

/** Sockets open by address and in all, each counted from the request that asks for it. */
export class SocketCounts {
  readonly #byAddress = new Map<string, number>();
  /** Addresses that broke the limits, oldest bar first (a bar renewed is moved to the end). */
  readonly #barred = new RecencyMap<string, Bar>(MAX_BARRED);
  #total = 0;

  /** `onBar` is told of each bar as it is given (the door below HTTP keeps a copy). */
  constructor(
    readonly perAddress: number,
    readonly total: number,
    readonly onBar: (address: string, until: number) => void = () => {},
  ) {}

  /** Sockets held now, in all. */
  get open(): number {
    return this.#total;
  }

  /**
   * Takes a slot for a socket from `address` at once, before anything is
   * awaited (so many asking together get exactly the limit): the function
   * that gives it back (once, however often it is called), or why not.
   */
  take(address: string, now = Date.now()): (() => void) | { readonly refused: string } {
    const bar = this.#barred.get(address);
    if (bar !== undefined && bar.until > now) {
      const minutes = Math.ceil((bar.until - now) / 60_000);
      return {
        refused: `Your address broke the limits of a socket: wait ${
          minutes === 1 ? "a minute" : `${minutes} minutes`
        } and try again.`,
      };
    }
    const held = this.#byAddress.get(address) ?? 0;
    if (held >= this.perAddress) {
      return { refused: `Your address has as many connections open as it may (${this.perAddress}).` };
    }
    if (this.#total >= this.total) {
      return { refused: `The server has as many connections open as it may (${this.total}).` };
    }
    this.#byAddress.set(address, held + 1);
    this.#total++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.#total--;
      const left = (this.#byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.#byAddress.set(address, left);
      else this.#byAddress.delete(address);
    };
  }

  /**
   * Bars `address` from opening sockets from `now`: for {@link BARRED_MS} the
   * first time, twice as long each time again (up to {@link LONGEST_BAR_MS}),
   * until it has kept the limits for {@link FORGIVEN_AFTER_MS} after a bar.
   */
  bar(address: string, now = Date.now()): void {
    // Past the cap the oldest bar goes whatever it is.
    const bar = nextBar(this.#barred.get(address), now, SOCKET_BAR);
    this.#barred.set(address, bar);
    this.onBar(address, bar.until);
    // The oldest bars, once forgiven, are forgotten as others are added (a few at a time, never a scan of all).
    this.#barred.forgetStalest(({ until }) => until + FORGIVEN_AFTER_MS <= now);
  }

  /** How long `address` is barred from `now`, in ms (0 when it is not). */
  barredFor(address: string, now = Date.now()): number {
    return Math.max(0, (this.#barred.get(address)?.until ?? now) - now);
  }
}

/** What a socket's gate tells the server: the messages it dropped and refused, and when to bar its address. */
export interface GateCounts {
  readonly dropped: () => void;
  readonly refused: () => void;
  /** The socket sent a message over the limit, or flooded: its address is barred a while. */
  readonly broke: () => void;
}

/** The size of a message as it arrived (UTF-16 units of text, a lower bound of its UTF-8 bytes). */
function sizeOf(data: unknown): number {
  if (typeof data === "string") return data.length;
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (data instanceof Blob) return data.size;
  return 0;
}

/**
 * Every message `socket` sends passes here before `handle` sees it: one over
 * {@link MAX_MESSAGE_BYTES} closes the socket; over `rate` a second they are
 * dropped (and counted), and a socket that floods on is closed.
 */
export function gateMessages(
  socket: WebSocket,
  rate: number,
  counts: GateCounts,
  handle: (data: unknown) => void,
): void {
  const bucket = new TokenBucket(rate, Date.now());
  let droppedInARow = 0;
  socket.addEventListener("message", (event) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (sizeOf(event.data) > MAX_MESSAGE_BYTES) {
      counts.refused();
      counts.broke();
      socket.close(CLOSE_TOO_BIG, `A message may be at most ${MAX_MESSAGE_BYTES} bytes.`);
      return;
    }
    if (!bucket.take(Date.now())) {
      counts.dropped();
      if (++droppedInARow > rate * FLOOD_SECONDS) {
        counts.broke();
        socket.close(CLOSE_POLICY, "Too many messages.");
      }
      return;
    }
    droppedInARow = 0;
    handle(event.data);
  });
}

/**
 * A watcher's socket: it has nothing to send, so anything it sends is
 * refused, unanswered, and ends it (one over the size limit bars its
 * address too).
 */
export function refuseMessages(socket: WebSocket, counts: GateCounts): void {
  socket.addEventListener("message", (event) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    counts.refused();
    if (sizeOf(event.data) > MAX_MESSAGE_BYTES) {
      counts.broke();
      socket.close(CLOSE_TOO_BIG, `A message may be at most ${MAX_MESSAGE_BYTES} bytes.`);
    } else socket.close(CLOSE_POLICY, "A watching page sends nothing.");
  });
}
