/**
 * The door below HTTP (docs/server.md, The door below HTTP): the server's
 * public port, where each connection is taken before a byte of it is read.
 * An address shut out (barred for breaking a socket's limits, or paused for
 * being refused again and again) has its connections closed unread, which
 * costs the thread every game shares a small part of what reading and
 * refusing a request costs; the rest are relayed to the server's HTTP side,
 * which listens on loopback alone and learns from the door whose each
 * connection is.
 *
 * @module
 */
import { addressKey } from "../address_door.ts";
import { closeQuietly, type InboundBudget, relay } from "./connection_relay.ts";
import { TokenBucket } from "../http_parts.ts";
import { DoorShared } from "./door_shared.ts";

/** How long the door waits after a connection failed as it was taken. */
const ACCEPT_RETRY_MS = 10;

/**
 * The connections the door takes at once, past which it waits for its rate:
 * a tenth of a second's worth, and never fewer than a page's own burst (its
 * document, scripts, styles and socket, a few at once). A whole second's
 * worth at once would reach the HTTP side, on the thread every game shares,
 * all together whenever a crowd's pauses end.
 */
export function admissionBurst(connectionsPerSecond: number): number {
  return Math.max(10, Math.ceil(connectionsPerSecond / 10));
}

/** How the door is set up. */
export interface ConnectionDoorOptions {
  /** The public address and port (0: any free one). */
  readonly hostname: string;
  readonly port: number;
  /** The HTTP side's port on loopback (127.0.0.1). */
  readonly innerPort: number;
  /**
   * Connections taken a second, in all, in bursts of a tenth as many
   * ({@link admissionBurst}); past it they are closed unread. A crowd from many addresses, none yet paused, is
   * then read no faster than this, while the games already being played go on.
   */
  readonly connectionsPerSecond: number;
  /** What each connection may send. */
  readonly budget: InboundBudget;
  /** Whether connections from `address` (a key from {@link addressKey}) are closed unread at `now` (ms). */
  readonly shutOut: (address: string, now: number) => boolean;
  /** A connection from `address` sent over its budget, and was cut. */
  readonly overBudget: (address: string) => void;
  /** The clock, in ms (`Date.now` unless given: a test's, stopped). */
  readonly now?: () => number;
  /** Where the door notes each relay's visitor and its counts (a new table unless given). */
  readonly shared?: DoorShared;
}

/** The public port's door; see the module doc. */
export class ConnectionDoor {
  readonly #listener: Deno.TcpListener;
  /** Each relayed connection's visitor (read by the HTTP side: {@link DoorShared.visitorOf}); the counts. */
  readonly shared: DoorShared;
  readonly #relays = new Set<Promise<unknown>>();
  readonly #open = new Set<Deno.Conn>();
  readonly #accepting: Promise<void>;
  readonly #admissions: TokenBucket;

  private constructor(readonly options: ConnectionDoorOptions) {
    this.shared = options.shared ?? new DoorShared();
    this.#admissions = new TokenBucket(
      options.connectionsPerSecond,
      (options.now ?? Date.now)(),
      admissionBurst(options.connectionsPerSecond),
    );
    this.#listener = Deno.listen({ hostname: options.hostname, port: options.port, transport: "tcp" });
    this.#accepting = this.#accept();
  }

  /** Listens on the public port. */
  static listen(options: ConnectionDoorOptions): ConnectionDoor {
    return new ConnectionDoor(options);
  }

  /** Where visitors connect. */
  get address(): Deno.NetAddr {
    return this.#listener.addr;
  }

  async #accept(): Promise<void> {
    for (;;) {
      let conn: Deno.TcpConn;
      try {
        conn = await this.#listener.accept();
      } catch (error) {
        if (error instanceof Deno.errors.BadResource || error instanceof Deno.errors.Interrupted) return;
        // A connection that failed before it was taken (reset, or no descriptor left): the next one, after a
        // moment, so that a failure that repeats (no descriptor left) does not spin the thread every game shares.
        await new Promise((next) => setTimeout(next, ACCEPT_RETRY_MS));
        continue;
      }
      const address = addressKey(conn.remoteAddr.hostname);
      const now = (this.options.now ?? Date.now)();
      if (this.options.shutOut(address, now)) {
        this.shared.add("closedUnread");
        conn.close();
        continue;
      }
      if (!this.#admissions.take(now)) {
        this.shared.add("closedBusy");
        conn.close();
        continue;
      }
      const relaying = this.#relay(conn, address);
      this.#relays.add(relaying);
      void relaying.finally(() => this.#relays.delete(relaying));
    }
  }

  async #relay(visitor: Deno.TcpConn, address: string): Promise<void> {
    this.#open.add(visitor);
    let inner: Deno.TcpConn | undefined;
    try {
      inner = await Deno.connect({ hostname: "127.0.0.1", port: this.options.innerPort });
      this.#open.add(inner);
      // Each write goes at once: waiting to fill a packet (Nagle's algorithm) holds a frame's last bytes back
      // until the other side acknowledges the first, which it may delay tens of milliseconds.
      visitor.setNoDelay(true);
      inner.setNoDelay(true);
      const from = inner.localAddr.port;
      // Noted before a byte is relayed: the HTTP side looks it up once the connection's first request came.
      if (!this.shared.relayFrom(from, address)) return;
      try {
        if (await relay(visitor, inner, this.options.budget) === "over budget") {
          this.shared.add("cut");
          this.options.overBudget(address);
        }
      } finally {
        this.shared.ended(from);
      }
    } catch {
      // The HTTP side is gone (the server is stopping): the visitor is closed below.
    } finally {
      for (const conn of [visitor, inner]) {
        if (!conn) continue;
        this.#open.delete(conn);
        closeQuietly(conn);
      }
    }
  }

  /**
   * Stops taking connections; those being relayed are given `graceMs` to
   * end (a socket's last frames, its close, carried to its page), then
   * closed; their relays are awaited.
   */
  async close(graceMs = 1000): Promise<void> {
    this.#listener.close();
    await this.#accepting;
    let grace: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(this.#relays),
      new Promise((ended) => (grace = setTimeout(ended, graceMs))),
    ]);
    clearTimeout(grace);
    for (const conn of this.#open) closeQuietly(conn);
    await Promise.all(this.#relays);
  }
}
