/**
 * Every screen's key table, for the commands the player can rebind
 * (docs/options.md, Keys): a command's name is the same on every screen it
 * appears on (`help`, the moves, the scrolling keys), and a key is in
 * conflict when two commands of one screen have it.
 *
 * @module
 */
import { AIM_BINDINGS } from "./aim_targets.ts";
import { CHARACTER_BINDINGS } from "./character_screen.ts";
import { CLOSE_DOOR_BINDINGS } from "./close_door_screen.ts";
import { CountScreen, restCount } from "./count_screen.ts";
import { cursorBindings } from "./cursor_screen.ts";
import { DESCRIBE_BINDINGS } from "./describe_screen.ts";
import { GAME_OVER_BINDINGS } from "./game_over_screen.ts";
import { HELP_SCREEN_BINDINGS } from "./help_screen.ts";
import { HISTORY_BINDINGS } from "./history_screen.ts";
import { InventoryScreen } from "./inventory_screen.ts";
import { type ActiveBinding, type Binding, type KeyMap, keysOf } from "./keymap.ts";
import { LEAVE_BINDINGS } from "./leave_screen.ts";
import { PLAY_BINDINGS } from "./play_screen.ts";
import { QUIT_BINDINGS } from "./quit_screen.ts";
import { PICKUP_BINDINGS } from "./pickup_screen.ts";
import { THROW_WORN_BINDINGS } from "./throw_worn_screen.ts";

/** A screen's name and its key table. */
export interface ScreenKeys {
  readonly screen: string;
  readonly bindings: readonly Binding<unknown>[];
}

/** Every screen with a key table the player's keys change, the game first. */
export const SCREEN_KEYS: readonly ScreenKeys[] = [
  { screen: "game", bindings: PLAY_BINDINGS },
  { screen: "inventory", bindings: new InventoryScreen("use").bindings },
  { screen: "pick up", bindings: PICKUP_BINDINGS },
  { screen: "help", bindings: HELP_SCREEN_BINDINGS },
  { screen: "message history", bindings: HISTORY_BINDINGS },
  { screen: "look and aim", bindings: [...cursorBindings("use or look here", "close"), ...AIM_BINDINGS] },
  { screen: "count", bindings: new CountScreen(restCount(9)).bindings },
  { screen: "character", bindings: CHARACTER_BINDINGS },
  { screen: "describe", bindings: DESCRIBE_BINDINGS },
  { screen: "leaving the dungeon", bindings: LEAVE_BINDINGS },
  { screen: "leaving to the title", bindings: QUIT_BINDINGS },
  { screen: "throwing what is worn", bindings: THROW_WORN_BINDINGS },
  { screen: "closing a door", bindings: CLOSE_DOOR_BINDINGS },
  { screen: "game over", bindings: GAME_OVER_BINDINGS },
];

/** A command the player can rebind: its name, what it does, and the screens it is on. */
export interface NamedCommand {
  readonly name: string;
  readonly help: string;
  readonly screens: readonly string[];
  readonly binding: ActiveBinding<unknown>;
}

function named(b: Binding<unknown>): b is ActiveBinding<unknown> & { name: string } {
  return !b.listedOnly && b.name !== undefined;
}

/** Every named command once, the game's first in its help's order, then each other screen's new ones. */
export const NAMED_COMMANDS: readonly NamedCommand[] = (() => {
  const commands = new Map<
    string,
    { name: string; help: string; screens: string[]; binding: ActiveBinding<unknown> }
  >();
  for (const { screen, bindings } of SCREEN_KEYS) {
    for (const b of bindings.filter(named)) {
      const known = commands.get(b.name);
      if (known) known.screens.includes(screen) || known.screens.push(screen);
      else commands.set(b.name, { name: b.name, help: b.help, screens: [screen], binding: b });
    }
  }
  return [...commands.values()];
})();

/** Every command name, in {@link NAMED_COMMANDS}' order. */
export const COMMAND_NAMES: readonly string[] = NAMED_COMMANDS.map((c) => c.name);

/** The keys each named command has under `keys`, in {@link NAMED_COMMANDS}' order. */
export function boundKeys(keys?: KeyMap): { name: string; help: string; keys: readonly string[] }[] {
  return NAMED_COMMANDS.map((c) => ({ name: c.name, help: c.help, keys: keysOf(c.binding, keys) }));
}

/** Each screen's named commands and their keys under `keys`. */
export function commandsByScreen(
  keys?: KeyMap,
): { screen: string; commands: { name: string; keys: readonly string[] }[] }[] {
  return SCREEN_KEYS.map(({ screen, bindings }) => ({
    screen,
    commands: bindings.filter(named).map((b) => ({ name: b.name, keys: keysOf(b, keys) })),
  }));
}

/**
 * Each key that two or more commands of one screen have under `keys`, with
 * those commands (the commands of every screen it clashes on, in order).
 */
export function keyConflicts(keys: KeyMap): Map<string, string[]> {
  const clashes = new Map<string, string[]>();
  for (const { commands } of commandsByScreen(keys)) {
    const owners = new Map<string, string[]>();
    for (const command of commands) {
      for (const key of command.keys) {
        const names = owners.get(key) ?? [];
        if (!names.includes(command.name)) owners.set(key, [...names, command.name]);
      }
    }
    for (const [key, names] of owners) {
      if (names.length < 2) continue;
      const all = clashes.get(key) ?? [];
      clashes.set(key, [...all, ...names.filter((n) => !all.includes(n))]);
    }
  }
  return clashes;
}
