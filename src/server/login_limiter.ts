/**
 * How often one may try to log in: at most so many attempts a minute for a
 * player name from one address, and four times as many from one address
 * whatever the names, refused or not, counted in memory. A name is counted
 * per address, so strangers trying it elsewhere cannot lock its player out. The
 * memory is bounded: attempts older than the minute are forgotten, and past
 * a cap on the keys kept the stalest key goes first.
 *
 * @module
 */
import { RecencyMap } from "./recency_map.ts";

/** The window attempts are counted over, in milliseconds. */
export const LOGIN_WINDOW_MS = 60_000;

/** How a {@link LoginLimiter} is set. */
export interface LoginLimiterOptions {
  /** Attempts a minute for one name from one address (5 unless set); an address has four times as many. */
  readonly perMinute?: number;
  /** Names and addresses remembered at most (100,000 unless set). */
  readonly maxKeys?: number;
}

/** How many times the attempts of one name an address may make in all, for several players behind one address. */
export const ADDRESS_SHARE = 4;

/** Counts login attempts by name and address, and by address; see the module doc. */
export class LoginLimiter {
  readonly perMinute: number;
  readonly maxKeys: number;
  /** The times of the attempts allowed in the window, by key, the key recorded longest ago first. */
  readonly #attempts: RecencyMap<string, number[]>;

  constructor(options: LoginLimiterOptions = {}) {
    this.perMinute = options.perMinute ?? 5;
    this.maxKeys = options.maxKeys ?? 100_000;
    if (!Number.isSafeInteger(this.perMinute) || this.perMinute < 1) {
      throw new RangeError(
        `login attempts a minute: expected a whole number from 1, found ${this.perMinute}`,
      );
    }
    if (!Number.isSafeInteger(this.maxKeys) || this.maxKeys < 2) {
      throw new RangeError(`login keys kept: expected a whole number from 2, found ${this.maxKeys}`);
    }
    this.#attempts = new RecencyMap(this.maxKeys);
  }

  /** Names and addresses remembered now. */
  get size(): number {
    return this.#attempts.size;
  }

  /**
   * True, and the attempt counted, when `name` (without regard to case) from
   * `address` has had fewer than {@link perMinute} attempts allowed in the
   * minute before `now` (milliseconds), and `address` fewer than
   * {@link ADDRESS_SHARE} times as many; false, counting nothing, when not.
   */
  allow(name: string, address: string, now: number): boolean {
    // Keys whose last attempt is out of the window are forgotten, the stalest first.
    this.#attempts.forgetStalest((times) => times[times.length - 1] <= now - LOGIN_WINDOW_MS);
    const keys = [`name:${address} ${name.toLowerCase()}`, `address:${address}`];
    const limits = [this.perMinute, this.perMinute * ADDRESS_SHARE];
    const recent = keys.map((key) =>
      (this.#attempts.get(key) ?? []).filter((t) => t > now - LOGIN_WINDOW_MS)
    );
    if (recent.some((times, i) => times.length >= limits[i])) return false;
    keys.forEach((key, i) => this.#attempts.set(key, [...recent[i], now]));
    return true;
  }
}
