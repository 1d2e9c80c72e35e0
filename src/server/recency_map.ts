/**
 * What the server remembers of strangers (their addresses, the names tried
 * from them) is bounded however many come: a map that keeps its keys in the
 * order they were last set, the stalest first, and holds at most so many.
 *
 * @module
 */

/** A map of at most {@link RecencyMap.cap} keys, the stalest forgotten first. */
export class RecencyMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly cap: number) {
    if (!Number.isSafeInteger(cap) || cap < 1) {
      throw new RangeError(`keys kept: expected a whole number from 1, found ${cap}`);
    }
  }

  /** Keys held now. */
  get size(): number {
    return this.#entries.size;
  }

  /** The value of `key`, if it is held (its place is not changed). */
  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /** Sets `key` to `value`, the freshest of all; past the cap the stalest key is forgotten. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.cap) this.#entries.delete(this.#entries.keys().next().value!);
  }

  /**
   * Forgets the stalest keys, from the first, while `stale` says so of
   * them: it stops at the first it does not (looking no further).
   */
  forgetStalest(stale: (value: V, key: K) => boolean): void {
    for (const [key, value] of this.#entries) {
      if (!stale(value, key)) return;
      this.#entries.delete(key);
    }
  }
}
