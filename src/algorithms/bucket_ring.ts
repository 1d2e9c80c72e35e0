/**
 * The queue of Dijkstra's algorithm when every step costs a small integer
 * (Dial's): a ring of slots, one per distance modulo the ring's size, each
 * a stack of cells, so that queueing and taking a cell are O(1). A slot's
 * cells sit together in memory, which matters once maps reach millions of
 * cells (a single linked pool was scattered and twice as slow there).
 *
 * One ring is kept between calls (megabytes on a large map): a search
 * empties it before the next begins, as every search here runs to its end
 * before another starts.
 *
 * @module
 */

let slots: Int32Array[] = [];
let slotLength = new Int32Array(0);

/** The ring's slots and their lengths, `ring` of them (a power of two), every slot empty. */
export function emptyRing(ring: number): { readonly slots: Int32Array[]; readonly lengths: Int32Array } {
  if (slots.length !== ring) {
    slots = Array.from({ length: ring }, () => new Int32Array(256));
    slotLength = new Int32Array(ring);
  } else slotLength.fill(0);
  return { slots, lengths: slotLength };
}

/** The size of ring whose slots outlast the largest step, `largestStep`: a power of two above it. */
export function ringFor(largestStep: number): number {
  let ring = 2;
  while (ring <= largestStep) ring *= 2;
  return ring;
}

/** Queues `cell` in slot `slot` of the ring {@link emptyRing} gave; 1 (one more queued). */
export function push(cell: number, slot: number): number {
  let stack = slots[slot];
  const length = slotLength[slot];
  if (length === stack.length) {
    const grown = new Int32Array(stack.length * 2);
    grown.set(stack);
    slots[slot] = stack = grown;
  }
  stack[length] = cell;
  slotLength[slot] = length + 1;
  return 1;
}
