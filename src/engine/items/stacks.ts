/**
 * Stacks and inventory letters (docs/rules.md, Stacks). Items whose template
 * says `stacks` merge, in a pack and on the floor, into one entity with a
 * `count`; one is used or thrown at a time, and a drop takes the whole stack
 * or a part of it. Where the rules keep letters, an item keeps the letter it
 * was given until it leaves the pack.
 *
 * @module
 */
import type { Entity, Inventory } from "../entity.ts";
import type { Rules } from "../rules.ts";
import type { GameState } from "../state.ts";

/** How many `item` is: its stack's count, else one. */
export function countOf(item: Entity): number {
  return item.count ?? 1;
}

/** Sets `item`'s count; one is written as no count at all, as a thing that never stacked. */
function setCount(item: Entity, count: number): void {
  if (count > 1) item.count = count;
  else delete item.count;
}

/** True when `a` and `b` merge into one stack. */
export function stacksWith(a: Entity, b: Entity): boolean {
  return a !== b && a.template === b.template && a.item?.stacks === true && b.item?.stacks === true;
}

/** The pack's stack that `item` would merge into, if any. */
export function stackFor(inventory: Inventory, item: Entity): Entity | undefined {
  return inventory.items.find((carried) => stacksWith(carried, item));
}

/**
 * Puts `item` into `inventory`: onto its stack if it has one there, else in
 * a slot of its own (with the first free letter, where the rules keep
 * letters). The caller checks the capacity: a merge needs no slot.
 */
export function carry(inventory: Inventory, item: Entity, rules: Rules): void {
  const stack = stackFor(inventory, item);
  if (stack) {
    setCount(stack, countOf(stack) + countOf(item));
    delete item.formerLetter;
    return;
  }
  if (rules.keepLetters) {
    const used = new Set(inventory.items.map((i) => i.letter));
    let letter = item.formerLetter !== undefined && !used.has(item.formerLetter) ? item.formerLetter : 0;
    while (used.has(letter)) letter++;
    item.letter = letter;
  }
  delete item.formerLetter;
  inventory.items.push(item);
}

/** Takes `item` (in slot `slot`) out of `inventory` whole: its letter becomes the one it had. */
export function takeOut(inventory: Inventory, slot: number): Entity {
  const [item] = inventory.items.splice(slot, 1);
  if (item.letter !== undefined) item.formerLetter = item.letter;
  delete item.letter;
  return item;
}

/**
 * `n` of the stack in slot `slot`: the whole item when that is all of it,
 * else a new entity of `n` (the next id) split off, the rest staying.
 */
export function takeSome(state: GameState, inventory: Inventory, slot: number, n: number): Entity {
  const item = inventory.items[slot];
  const count = countOf(item);
  if (n >= count) return takeOut(inventory, slot);
  setCount(item, count - n);
  const { letter, count: __, ...rest } = item;
  const piece: Entity = { ...structuredClone(rest), id: state.nextId++ };
  if (letter !== undefined) piece.formerLetter = letter;
  setCount(piece, n);
  return piece;
}

/** Uses up one of the item in slot `slot`: a stack loses one, a single item leaves the pack. */
export function useUpOne(inventory: Inventory, slot: number): void {
  const item = inventory.items[slot];
  if (countOf(item) > 1) setCount(item, countOf(item) - 1);
  else takeOut(inventory, slot);
}

/**
 * Lays `item` at (x, y), on top of what lies there; a stack of its kind
 * already there joins it (that entity goes, its count added).
 */
export function layDown(state: GameState, item: Entity, x: number, y: number): void {
  item.x = x;
  item.y = y;
  const at = state.entities.findIndex((e) =>
    e.layer === "item" && e.x === x && e.y === y && stacksWith(e, item)
  );
  if (at >= 0) {
    const [old] = state.entities.splice(at, 1);
    setCount(item, countOf(item) + countOf(old));
  }
  state.entities.push(item);
}

/** The letter (0 is a) the item in slot `slot` is shown and chosen by. */
export function letterAt(inventory: Inventory, slot: number): number {
  return inventory.items[slot].letter ?? slot;
}

/** The slot of the item shown with letter `letter`, or -1. */
export function slotOfLetter(inventory: Inventory, letter: number): number {
  return inventory.items.findIndex((item, slot) => (item.letter ?? slot) === letter);
}

/** The slots in the order their letters run. */
export function slotsByLetter(inventory: Inventory): number[] {
  return inventory.items.map((_, slot) => slot).sort((a, b) =>
    letterAt(inventory, a) - letterAt(inventory, b)
  );
}
