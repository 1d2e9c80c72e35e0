/**
 * Key tables. A screen answers the keys in its table and its help window
 * lists that same table, so the two cannot disagree.
 *
 * @module
 */
import type { KeyEvent } from "../terminal/mod.ts";

/** Keys that share one meaning (`value`), and how help describes them. */
export interface ActiveBinding<T> {
  readonly keys: readonly string[];
  readonly value: T;
  readonly help: string;
  readonly listedOnly?: false;
}

/**
 * Listed in help but not looked up: mouse actions, modifiers, and the
 * "any other key" a screen handles by falling through.
 */
export interface ListedBinding {
  readonly keys: readonly string[];
  readonly help: string;
  readonly listedOnly: true;
}

/** A line of a screen's key table. */
export type Binding<T> = ActiveBinding<T> | ListedBinding;

/** The eight directions and the keys for each: arrows/Home/End/PgUp/PgDn, keypad, digits (Num Lock), vi. */
export const MOVE_BINDINGS: readonly ActiveBinding<{ dx: number; dy: number }>[] = [
  { keys: ["Up", "KP8", "8", "k"], value: { dx: 0, dy: -1 }, help: "north" },
  { keys: ["Down", "KP2", "2", "j"], value: { dx: 0, dy: 1 }, help: "south" },
  { keys: ["Left", "KP4", "4", "h"], value: { dx: -1, dy: 0 }, help: "west" },
  { keys: ["Right", "KP6", "6", "l"], value: { dx: 1, dy: 0 }, help: "east" },
  { keys: ["Home", "KP7", "7", "y"], value: { dx: -1, dy: -1 }, help: "north-west" },
  { keys: ["PageUp", "KP9", "9", "u"], value: { dx: 1, dy: -1 }, help: "north-east" },
  { keys: ["End", "KP1", "1", "b"], value: { dx: -1, dy: 1 }, help: "south-west" },
  { keys: ["PageDown", "KP3", "3", "n"], value: { dx: 1, dy: 1 }, help: "south-east" },
];

/** `?`: the help window, on every screen that has one. */
export const HELP_KEY = "?";

/**
 * The binding for `event`. Printable keys match only without Ctrl or Alt
 * (Ctrl-C is not `c`); named keys match whatever modifiers come with them,
 * so Shift+Up is still Up (the screen may read the modifiers).
 */
export function lookupKey<T>(bindings: readonly Binding<T>[], event: KeyEvent): ActiveBinding<T> | undefined {
  const printable = [...event.key].length === 1;
  if (printable && (event.ctrl || event.alt)) return undefined;
  return bindings.find((b): b is ActiveBinding<T> => !b.listedOnly && b.keys.includes(event.key));
}

/**
 * The direction `event` moves and whether Shift came with it: a capital vi
 * letter (K, L, …) is Shift + that letter, since terminals send it without
 * a shift flag.
 */
export function moveOf(event: KeyEvent): { dx: number; dy: number; shift: boolean } | undefined {
  const lower = event.key.toLowerCase();
  const capital = [...event.key].length === 1 && lower !== event.key;
  const binding = lookupKey(MOVE_BINDINGS, capital ? { ...event, key: lower } : event);
  return binding && { ...binding.value, shift: event.shift || capital };
}

const KEY_NAMES: Readonly<Record<string, string>> = {
  Up: "↑",
  Down: "↓",
  Left: "←",
  Right: "→",
  PageUp: "PgUp",
  PageDown: "PgDn",
  Escape: "Esc",
  " ": "Space",
  KPEnter: "keypad Enter",
  Begin: "keypad 5",
};

/** How a key is written in help: `↑`, `PgUp`, `keypad 8`, `k`. */
export function keyLabel(key: string): string {
  if (KEY_NAMES[key]) return KEY_NAMES[key];
  const keypad = /^KP(\d)$/.exec(key);
  return keypad ? `keypad ${keypad[1]}` : key;
}

/** Help lines for a table: the keys (`↑, keypad 8, 8, k`), then what they do. */
export function helpLines(bindings: readonly Binding<unknown>[]): { keys: string; help: string }[] {
  return bindings.map((b) => ({ keys: [...new Set(b.keys.map(keyLabel))].join(", "), help: b.help }));
}
