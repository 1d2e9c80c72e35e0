/**
 * The play screen's keys. One table serves both what the keys do and the
 * help that lists them, so the two cannot disagree.
 *
 * @module
 */
import type { Action } from "../engine/actions.ts";
import type { KeyEvent } from "../terminal/input_events.ts";

/** What a key on the play screen asks for. */
export type PlayIntent =
  | { readonly type: "act"; readonly action: Action }
  | { readonly type: "quit" };

/** Keys that share one meaning, and how help describes them. */
export interface Binding {
  readonly keys: readonly string[];
  readonly intent: PlayIntent;
  readonly help: string;
}

const step = (dx: number, dy: number, help: string, keys: string[]): Binding => ({
  keys,
  intent: { type: "act", action: { type: "bump", dx, dy } },
  help,
});

/**
 * Movement: arrows and Home/End/PgUp/PgDn, the numpad (application mode
 * `KPn`, or digits with Num Lock) and vi keys.
 */
export const PLAY_BINDINGS: readonly Binding[] = [
  step(0, -1, "move north", ["Up", "KP8", "8", "k"]),
  step(0, 1, "move south", ["Down", "KP2", "2", "j"]),
  step(-1, 0, "move west", ["Left", "KP4", "4", "h"]),
  step(1, 0, "move east", ["Right", "KP6", "6", "l"]),
  step(-1, -1, "move north-west", ["Home", "KP7", "7", "y"]),
  step(1, -1, "move north-east", ["PageUp", "KP9", "9", "u"]),
  step(-1, 1, "move south-west", ["End", "KP1", "1", "b"]),
  step(1, 1, "move south-east", ["PageDown", "KP3", "3", "n"]),
  {
    keys: [".", "KP5", "5", "Begin"],
    intent: { type: "act", action: { type: "wait" } },
    help: "wait a turn",
  },
  { keys: ["Escape"], intent: { type: "quit" }, help: "quit" },
];

/** Printable keys match only without Ctrl or Alt; named keys ignore modifiers. */
function matches(binding: Binding, event: KeyEvent): boolean {
  if (!binding.keys.includes(event.key)) return false;
  return [...event.key].length > 1 || (!event.ctrl && !event.alt);
}

/** The intent bound to `event`, if any. */
export function lookupKey(bindings: readonly Binding[], event: KeyEvent): PlayIntent | undefined {
  return bindings.find((b) => matches(b, event))?.intent;
}
