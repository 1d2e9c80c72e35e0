/**
 * The first look at every request, before anything else is done for it:
 * how often one address may ask for anything, and how often it may open a
 * socket (docs/server.md, Limits). Everything a request costs the thread
 * every game shares comes after this door; a refusal here costs almost
 * nothing, so a crowd of requests from a few addresses is turned away
 * before it can hold up the games' keys and frames.
 *
 * An address refused again and again (here or past the door) is paused a
 * while: the door below HTTP (src/server/door/connection_door.ts) then closes its
 * connections before reading them.
 *
 * An IPv6 visitor is counted by its /64 network, the block one customer is
 * usually given, so an address of its own per request buys it nothing.
 *
 * @module
 */
import { TokenBucket } from "./http_parts.ts";
import { RecencyMap } from "./recency_map.ts";
import { type Bar, type BarTerms, nextBar } from "./escalating_bar.ts";

/**
 * Refusals an address may be given in a burst before it is paused: a
 * visitor told no reads why and stops, where a crowd's address keeps asking.
 */
export const REFUSALS_BEFORE_PAUSE = 8;

/** Refusals a second an address may be given, once its burst is spent, without being paused. */
export const REFUSALS_PER_SECOND = 0.5;

/**
 * How long an address given too many refusals is paused the first time:
 * its connections are closed before they are read
 * (src/server/door/connection_door.ts), the cheapest refusal there is. Each
 * pause that follows another within {@link PAUSE_FORGIVEN_MS} of its end
 * is twice as long, up to {@link LONGEST_PAUSE_MS}: a crowd's addresses
 * come back less and less often, a visitor who once asked too often is
 * paused ten seconds.
 */
export const PAUSE_MS = 10_000;

/** The longest an address is paused, however often it is paused again. */
export const LONGEST_PAUSE_MS = 600_000;

/** An address's pauses are forgotten once it has gone this long past its last without another. */
export const PAUSE_FORGIVEN_MS = 600_000;

/** How an address's pause grows. */
const PAUSE: BarTerms = {
  firstMs: PAUSE_MS,
  longestMs: LONGEST_PAUSE_MS,
  forgivenAfterMs: PAUSE_FORGIVEN_MS,
};

/** How often one address may ask. */
export interface DoorLimits {
  /** Requests of any kind an address may make a second, in bursts of as many. */
  readonly requestsPerSecond: number;
  /** WebSockets an address may ask to open a second, in bursts of as many. */
  readonly socketsPerSecond: number;
  /** Addresses remembered at most (100,000 unless set); past it the stalest is forgotten. */
  readonly maxAddresses?: number;
}

/** One address's allowances. */
interface Allowance {
  readonly requests: TokenBucket;
  readonly sockets: TokenBucket;
  /** The refusals it may still be given before it is paused. */
  readonly refusals: TokenBucket;
  /** Its last pause, if it has had one (the next is longer unless this one is forgiven). */
  pause?: Bar;
}

/**
 * The key an address is counted by: an IPv4 address itself (an IPv4 address
 * written as IPv6, `::ffff:a.b.c.d`, as the IPv4 one), an IPv6 address by its
 * first four groups (its /64 network).
 */
export function addressKey(hostname: string): string {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  if (!bare.includes(":")) return bare;
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1];
  const zoneless = bare.split("%")[0].toLowerCase();
  const [head, tail = ""] = zoneless.split("::", 2);
  const front = head === "" ? [] : head.split(":");
  const back = tail === "" ? [] : tail.split(":");
  const groups = zoneless.includes("::")
    ? [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back]
    : front;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** Counts each address's requests and socket openings; see the module doc. */
export class AddressDoor {
  readonly maxAddresses: number;
  /** Allowances by address key, the address seen longest ago first. */
  readonly #allowances: RecencyMap<string, Allowance>;
  /** Requests refused at the door so far. */
  refused = 0;

  /** `onPause` is told of each pause as it is given (the door below HTTP keeps a copy). */
  constructor(
    readonly limits: DoorLimits,
    readonly onPause: (address: string, until: number) => void = () => {},
  ) {
    this.maxAddresses = limits.maxAddresses ?? 100_000;
    for (
      const [what, n] of [["requests", limits.requestsPerSecond], [
        "sockets",
        limits.socketsPerSecond,
      ]] as const
    ) {
      if (!Number.isSafeInteger(n) || n < 1) {
        throw new RangeError(
          `${what} an address may make a second: expected a whole number from 1, found ${n}`,
        );
      }
    }
    this.#allowances = new RecencyMap(this.maxAddresses);
  }

  /** Addresses remembered now. */
  get size(): number {
    return this.#allowances.size;
  }

  /**
   * Undefined when the request from `address` (a key from {@link addressKey})
   * at `now` (ms) may go on, a request for a socket when `socket`; else the
   * one line that says why not. A request over the address's rate takes
   * nothing from its socket allowance; one refused for its socket still
   * counts as a request.
   */
  refusal(address: string, socket: boolean, now: number): string | undefined {
    const allowance = this.#allowance(address, now);
    if (!allowance.requests.take(now)) {
      this.refused++;
      this.#strike(address, allowance, now);
      return `Your address is asking faster than ${this.limits.requestsPerSecond} times a second: wait a moment.`;
    }
    if (socket && !allowance.sockets.take(now)) {
      this.refused++;
      this.#strike(address, allowance, now);
      return `Your address is opening connections faster than ${this.limits.socketsPerSecond} a second: ` +
        "wait a moment.";
    }
    return undefined;
  }

  /**
   * Counts a refusal `address` was given past the door at `now` (a socket
   * or a replay it may not have): one too many in a burst pauses it (for
   * {@link PAUSE_MS} the first time).
   */
  refusedPast(address: string, now: number): void {
    this.#strike(address, this.#allowance(address, now), now);
  }

  /** Whether `address` is paused at `now`: its connections are to be closed before they are read. */
  paused(address: string, now: number): boolean {
    return (this.#allowances.get(address)?.pause?.until ?? 0) > now;
  }

  #allowance(address: string, now: number): Allowance {
    const allowance = this.#allowances.get(address) ?? {
      requests: new TokenBucket(this.limits.requestsPerSecond, now),
      sockets: new TokenBucket(this.limits.socketsPerSecond, now),
      refusals: new TokenBucket(REFUSALS_PER_SECOND, now, REFUSALS_BEFORE_PAUSE),
    };
    this.#allowances.set(address, allowance);
    return allowance;
  }

  #strike(address: string, allowance: Allowance, now: number): void {
    // Refusals of requests read before a pause began are not another pause.
    if (allowance.refusals.take(now) || (allowance.pause?.until ?? 0) > now) return;
    allowance.pause = nextBar(allowance.pause, now, PAUSE);
    this.onPause(address, allowance.pause.until);
  }
}
