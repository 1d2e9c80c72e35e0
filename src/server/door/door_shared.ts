/**
 * What the door below HTTP (src/server/door/connection_door.ts) shares with the
 * thread every game runs on, in memory both threads see: whose each
 * relayed connection is, by the port its relay comes from on loopback,
 * and the door's counts. The door writes a connection's visitor before it
 * relays a byte of it, so the HTTP side, which reads it when that
 * connection's first request has come, never finds it missing; no message
 * between the threads has to arrive first.
 *
 * @module
 */

/** Loopback ports a relay may come from. */
const PORTS = 65_536;

/**
 * Bytes a visitor's key may take: an address key (src/server/address_door.ts)
 * is an IPv4 address or an IPv6 /64 network, at most 24 characters.
 */
export const KEY_BYTES = 31;

/** What the door turned away, so far or in a period. */
export interface DoorTally {
  /** Connections closed unread, their addresses paused or barred. */
  readonly closedUnread: number;
  /** Connections closed unread, past the connections the door takes a second. */
  readonly closedBusy: number;
  /** Connections cut for sending more than any page does. */
  readonly cut: number;
}

/** The door's counts, in the order they are kept. */
const COUNTS = ["closedUnread", "closedBusy", "cut"] as const;

/** One of the door's counts. */
export type DoorCount = keyof DoorTally;

/** The buffers behind a {@link DoorShared}, as they are posted to the door's thread. */
export interface DoorBuffers {
  readonly lengths: SharedArrayBuffer;
  readonly keys: SharedArrayBuffer;
  readonly counts: SharedArrayBuffer;
}

const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();

/** The door's table of visitors and its counts; see the module doc. */
export class DoorShared {
  /** Each port's key length; 0 where no relay comes from it. Written last, read first. */
  readonly #lengths: Int32Array;
  readonly #keys: Uint8Array;
  readonly #counts: Int32Array;

  /** A table over `buffers` (another thread's), or a new one. */
  constructor(readonly buffers: DoorBuffers = DoorShared.newBuffers()) {
    this.#lengths = new Int32Array(buffers.lengths);
    this.#keys = new Uint8Array(buffers.keys);
    this.#counts = new Int32Array(buffers.counts);
  }

  static newBuffers(): DoorBuffers {
    return {
      lengths: new SharedArrayBuffer(PORTS * Int32Array.BYTES_PER_ELEMENT),
      keys: new SharedArrayBuffer(PORTS * KEY_BYTES),
      // The counts, then the door's thread's longest pause.
      counts: new SharedArrayBuffer((COUNTS.length + 1) * Int32Array.BYTES_PER_ELEMENT),
    };
  }

  /**
   * Notes that the relay from loopback port `port` is `visitor`'s; false
   * (nothing noted) when the key is longer than any address key.
   */
  relayFrom(port: number, visitor: string): boolean {
    const key = ENCODER.encode(visitor);
    if (key.length === 0 || key.length > KEY_BYTES) return false;
    this.#keys.set(key, port * KEY_BYTES);
    Atomics.store(this.#lengths, port, key.length);
    return true;
  }

  /** The relay from `port` has ended. */
  ended(port: number): void {
    Atomics.store(this.#lengths, port, 0);
  }

  /**
   * The visitor (its address key) a connection to the HTTP side comes from
   * on behalf of, given where it comes from; undefined for a connection that
   * did not come through the door (another program on this machine).
   */
  visitorOf(from: Deno.NetAddr): string | undefined {
    return from.hostname === "127.0.0.1" ? this.visitorFrom(from.port) : undefined;
  }

  /** The visitor the relay from loopback port `port` is for, if one is. */
  visitorFrom(port: number): string | undefined {
    if (!Number.isInteger(port) || port < 0 || port >= PORTS) return undefined;
    const length = Atomics.load(this.#lengths, port);
    if (length === 0) return undefined;
    // A shared buffer cannot be decoded in place: the key's bytes are copied out first.
    return DECODER.decode(this.#keys.slice(port * KEY_BYTES, port * KEY_BYTES + length));
  }

  /** Adds one to `count`. */
  add(count: DoorCount): void {
    Atomics.add(this.#counts, COUNTS.indexOf(count), 1);
  }

  /** The door's thread was late `ms` coming back to a timer: the longest such since the last take is kept. */
  notePause(ms: number): void {
    const tenths = Math.min(2 ** 31 - 1, Math.round(ms * 10));
    for (;;) {
      const longest = Atomics.load(this.#counts, COUNTS.length);
      if (tenths <= longest) return;
      if (Atomics.compareExchange(this.#counts, COUNTS.length, longest, tenths) === longest) return;
    }
  }

  /** The door's thread's longest pause since the last take (to 0.1 ms), and a new period begun. */
  takeLongestPause(): number {
    return Atomics.exchange(this.#counts, COUNTS.length, 0) / 10;
  }

  /** The counts so far. */
  tally(): DoorTally {
    const [closedUnread, closedBusy, cut] = COUNTS.map((_, k) => Atomics.load(this.#counts, k));
    return { closedUnread, closedBusy, cut };
  }
}
