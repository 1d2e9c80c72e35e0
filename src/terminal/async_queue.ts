/**
 * An unbounded queue read with `for await`: producers never block, the
 * consumer takes items in order, once each.
 *
 * @module
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  readonly #items: T[] = [];
  #waiter: ((result: IteratorResult<T>) => void) | undefined;
  #closed = false;

  /** Adds an item (ignored once closed). */
  push(item: T): void {
    if (this.#closed) return;
    const waiter = this.#waiter;
    if (waiter) {
      this.#waiter = undefined;
      waiter({ value: item, done: false });
    } else {
      this.#items.push(item);
    }
  }

  /** Ends iteration once the queued items are taken. */
  close(): void {
    this.#closed = true;
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.({ value: undefined, done: true });
  }

  /** How many items wait. */
  get size(): number {
    return this.#items.length;
  }

  /** Takes every waiting item out, unread. */
  drain(): T[] {
    return this.#items.splice(0);
  }

  /** The next item, or done once closed and drained. */
  next(): Promise<IteratorResult<T>> {
    if (this.#items.length > 0) return Promise.resolve({ value: this.#items.shift() as T, done: false });
    if (this.#closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.#waiter = resolve));
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return { next: () => this.next() };
  }
}
