/**
 * The addresses the door below HTTP closes unread, and until when: a copy,
 * on the door's own thread, of the pauses and bars the server gives
 * (src/server/address_door.ts, src/server/socket_limits.ts), which it is
 * told of as it gives them.
 *
 * @module
 */
import { RecencyMap } from "../recency_map.ts";

/** Addresses remembered at most; past it the one shut out longest ago is forgotten. */
const MAX_ADDRESSES = 100_000;

/** Addresses shut out until a time; see the module doc. */
export class ShutList {
  /** Until when (ms) each address is shut out, the one told of longest ago first. */
  readonly #until: RecencyMap<string, number>;

  constructor(maxAddresses = MAX_ADDRESSES) {
    this.#until = new RecencyMap(maxAddresses);
  }

  /** Addresses held now (some perhaps no longer shut out). */
  get size(): number {
    return this.#until.size;
  }

  /** Shuts `address` out until `until` (ms), unless it is shut out longer already; `now` forgets the ended. */
  shut(address: string, until: number, now: number): void {
    this.#until.set(address, Math.max(until, this.#until.get(address) ?? 0));
    // The oldest, once ended, are forgotten as others come (a few at a time, never a scan of all).
    this.#until.forgetStalest((ends) => ends <= now);
  }

  /** Whether `address` is shut out at `now`. */
  shutOut(address: string, now: number): boolean {
    return (this.#until.get(address) ?? 0) > now;
  }
}
