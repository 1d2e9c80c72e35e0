/**
 * Named commands and the key presets (docs/options.md, Keys): every command
 * the player can rebind has a name (`move.north`, `inventory.use`), and a
 * preset is a key map over those names. `default` is the tables' own keys.
 *
 * @module
 */
import type { KeyMap } from "./keymap.ts";

/** The presets, by name. */
export const KEY_PRESETS = ["default", "vi", "laptop", "numpad"] as const;
export type KeyPreset = typeof KEY_PRESETS[number];

/** The eight moves' keys, in the tables' order: north, south, west, east, then the diagonals. */
function moves(...keys: (readonly string[])[]): KeyMap {
  const names = ["north", "south", "west", "east", "north_west", "north_east", "south_west", "south_east"];
  return Object.fromEntries(names.map((name, k) => [`move.${name}`, keys[k]]));
}

/** What each preset changes from the tables' own keys. */
const PRESET_MAPS: Readonly<Record<KeyPreset, KeyMap>> = {
  default: {},
  // The letters alone (and the arrows), leaving the digits and the keypad unbound.
  vi: moves(["Up", "k"], ["Down", "j"], ["Left", "h"], ["Right", "l"], ["y"], ["u"], ["b"], ["n"]),
  // No keypad needed: WASD and QEZC, with drop, describe and the character window moved off d, e and c.
  laptop: {
    ...moves(["Up", "w"], ["Down", "s"], ["Left", "a"], ["Right", "d"], ["q"], ["e"], ["z"], ["c"]),
    "inventory.drop": ["p"],
    "describe": ["I"],
    "character": ["@"],
    // C and S run here.
    "door.close": ["o"],
    "sneak": ["m"],
  },
  // The keypad and the keys around the arrows, the digits with Num Lock on; no letters.
  numpad: moves(
    ["Up", "KP8", "8"],
    ["Down", "KP2", "2"],
    ["Left", "KP4", "4"],
    ["Right", "KP6", "6"],
    ["Home", "KP7", "7"],
    ["PageUp", "KP9", "9"],
    ["End", "KP1", "1"],
    ["PageDown", "KP3", "3"],
  ),
};

/** The key map of `preset`. */
export function presetKeys(preset: KeyPreset): KeyMap {
  return PRESET_MAPS[preset];
}

/** What the player chose in the options: the preset, their own bindings over it, and the walk delay. */
export interface KeyChoice {
  readonly preset: KeyPreset;
  /** Keys by command name, replacing the preset's (the options file's `keys.bind`). */
  readonly bind: Readonly<Record<string, readonly string[]>>;
}

/** The key map a choice makes: the preset's, then the player's own bindings over it. */
export function keyMapOf(choice: KeyChoice): KeyMap {
  return { ...presetKeys(choice.preset), ...choice.bind };
}
