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
  /** The command's name, by which the player's options bind other keys to it (`move.north`). */
  readonly name?: string;
}

/** The player's keys for named commands, replacing the tables' own (from the options file). */
export type KeyMap = Readonly<Record<string, readonly string[]>>;

/**
 * Listed in help but not looked up: mouse actions, modifiers, and the
 * "any other key" a screen handles by falling through.
 */
export interface ListedBinding {
  readonly keys: readonly string[];
  readonly help: string;
  readonly listedOnly: true;
  /** The keys as listed under the player's key map, where they follow it (the letters that run). */
  readonly keysUnder?: (keys: KeyMap) => readonly string[];
  /** Listed only in a terminal: a browser's page keeps the key (Ctrl-C copies there). */
  readonly terminalOnly?: true;
}

/** A line of a screen's key table. */
export type Binding<T> = ActiveBinding<T> | ListedBinding;

/** The eight directions and the keys for each: arrows/Home/End/PgUp/PgDn, keypad, digits (Num Lock), vi. */
export const MOVE_BINDINGS: readonly ActiveBinding<{ dx: number; dy: number }>[] = [
  { keys: ["Up", "KP8", "8", "k"], value: { dx: 0, dy: -1 }, help: "north", name: "move.north" },
  { keys: ["Down", "KP2", "2", "j"], value: { dx: 0, dy: 1 }, help: "south", name: "move.south" },
  { keys: ["Left", "KP4", "4", "h"], value: { dx: -1, dy: 0 }, help: "west", name: "move.west" },
  { keys: ["Right", "KP6", "6", "l"], value: { dx: 1, dy: 0 }, help: "east", name: "move.east" },
  { keys: ["Home", "KP7", "7", "y"], value: { dx: -1, dy: -1 }, help: "north-west", name: "move.north_west" },
  {
    keys: ["PageUp", "KP9", "9", "u"],
    value: { dx: 1, dy: -1 },
    help: "north-east",
    name: "move.north_east",
  },
  { keys: ["End", "KP1", "1", "b"], value: { dx: -1, dy: 1 }, help: "south-west", name: "move.south_west" },
  {
    keys: ["PageDown", "KP3", "3", "n"],
    value: { dx: 1, dy: 1 },
    help: "south-east",
    name: "move.south_east",
  },
];

/** `?`: the help window, on every screen that has one. */
export const HELP_KEY = "?";

/** The help window's key on every screen: one command, `help`, rebound everywhere at once. */
export const HELP_BINDING: ActiveBinding<"help"> = {
  keys: [HELP_KEY],
  value: "help",
  help: "this help",
  name: "help",
};

/** The keys of `binding`: the player's, where their key map names its command, else the table's. */
export function keysOf(binding: Binding<unknown>, keys?: KeyMap): readonly string[] {
  if (binding.listedOnly) return (keys && binding.keysUnder?.(keys)) || binding.keys;
  return (binding.name !== undefined && keys?.[binding.name]) || binding.keys;
}

/** The capital letters that run under `keys`: each move's single lower-case letters, in capitals. */
export function runLetters(keys?: KeyMap): string[] {
  return MOVE_BINDINGS.flatMap((b) =>
    keysOf(b, keys).filter((k) => /^[a-z]$/.test(k)).map((k) => k.toUpperCase())
  );
}

/**
 * How a key map writes `event`: the key, after `Ctrl+`, `Alt+` and, on a
 * named key, `Shift+` when they come with it (`Ctrl+f`, `Alt+Up`, `Shift+F5`).
 */
export function keyName(event: KeyEvent): string {
  const printable = [...event.key].length === 1;
  const shift = event.shift && !printable ? "Shift+" : "";
  return `${event.ctrl ? "Ctrl+" : ""}${event.alt ? "Alt+" : ""}${shift}${event.key}`;
}

/**
 * The binding for `event`, with the player's `keys` where given. A key
 * with modifiers matches its full name (`Ctrl+f`); printable keys match
 * only without Ctrl or Alt (Ctrl-C is not `c`); named keys also match
 * whatever modifiers come with them, so Shift+Up is still Up (the screen
 * may read the modifiers).
 */
export function lookupKey<T>(
  bindings: readonly Binding<T>[],
  event: KeyEvent,
  keys?: KeyMap,
): ActiveBinding<T> | undefined {
  const full = keyName(event);
  const exact = bindings.find((b): b is ActiveBinding<T> => !b.listedOnly && keysOf(b, keys).includes(full));
  if (exact || full === event.key) return exact;
  const printable = [...event.key].length === 1;
  if (printable && (event.ctrl || event.alt)) return undefined;
  return bindings.find((b): b is ActiveBinding<T> => !b.listedOnly && keysOf(b, keys).includes(event.key));
}

/**
 * The keys of `binding` under `keys` as a prompt says them: "Enter, Space
 * or Esc" (a keypad key left out where its twin is said).
 */
export function keysSaid(binding: Binding<unknown>, keys?: KeyMap): string {
  const labels = [...new Set(keysOf(binding, keys).map(keyLabel))];
  const said = labels.filter((l) => !(l.startsWith("keypad ") && labels.includes(l.slice("keypad ".length))));
  return said.length < 2 ? said.join("") : `${said.slice(0, -1).join(", ")} or ${said.at(-1)}`;
}

/**
 * The direction `event` moves and whether Shift came with it: a capital vi
 * letter (K, L, …) is Shift + that letter, since terminals send it without
 * a shift flag.
 */
export function moveOf(
  event: KeyEvent,
  keys?: KeyMap,
): { dx: number; dy: number; shift: boolean } | undefined {
  const direct = lookupKey(MOVE_BINDINGS, event, keys);
  if (direct) return { ...direct.value, shift: event.shift };
  const lower = event.key.toLowerCase();
  const capital = [...event.key].length === 1 && lower !== event.key;
  const binding = capital ? lookupKey(MOVE_BINDINGS, { ...event, key: lower }, keys) : undefined;
  return binding && { ...binding.value, shift: true };
}

/** The named keys the key decoder reports, besides one printable character each. */
export const NAMED_KEYS: readonly string[] = [
  "Up",
  "Down",
  "Left",
  "Right",
  "Home",
  "End",
  "PageUp",
  "PageDown",
  "Insert",
  "Delete",
  "Backspace",
  "Enter",
  "Tab",
  "Escape",
  "Begin",
  "Space",
  ...Array.from({ length: 12 }, (_, k) => `F${k + 1}`),
  ...Array.from({ length: 10 }, (_, k) => `KP${k}`),
  "KPEnter",
  "KPPlus",
  "KPMinus",
  "KPMultiply",
  "KPDivide",
  "KPDecimal",
  "KPComma",
  "KPEqual",
];

/**
 * `name` as a key map holds it, or a reason it is no key: a named key or
 * one printable character, after any of `Ctrl+`, `Alt+` (and `Shift+` on a
 * named key); `Space` is the space bar.
 */
export function parseKeyName(name: string): { key: string } | { problem: string } {
  const parts = /^((?:Ctrl\+|Alt\+|Shift\+)*)(.+)$/u.exec(name);
  const mods = parts?.[1] ?? "", base = parts?.[2] ?? name;
  const printable = [...base].length === 1 && base !== " " && /^\P{C}$/u.test(base);
  if (!printable && !NAMED_KEYS.includes(base)) {
    return { problem: "expected a key: one printable character or a key name such as Up, F5, KP8 or Enter" };
  }
  if (printable && mods.includes("Shift+")) {
    return { problem: "expected Shift+ only on a named key (write the capital)" };
  }
  if (name === "Ctrl+c") {
    return { problem: "expected a key other than Ctrl+c, which saves the game and quits" };
  }
  return { key: base === "Space" ? `${mods} ` : name };
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

/**
 * Help lines for a table, with the player's `keys`: the keys (`↑, keypad 8, 8, k`), then what they do;
 * `inBrowser`, without the lines of keys a browser's page keeps.
 */
export function helpLines(
  bindings: readonly Binding<unknown>[],
  keys?: KeyMap,
  inBrowser = false,
): { keys: string; help: string }[] {
  return bindings.filter((b) => !(inBrowser && b.listedOnly && b.terminalOnly)).map((b) => ({
    keys: [...new Set(keysOf(b, keys).map(keyLabel))].join(", "),
    help: b.help,
  }));
}
