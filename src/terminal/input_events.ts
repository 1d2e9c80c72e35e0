/**
 * What the terminal reports: keys, mouse, resizes. No game meaning.
 *
 * @module
 */

/**
 * A key press. `key` is the character typed for printable keys (so `>` and
 * `A` arrive as typed, whatever the keyboard layout), otherwise a name:
 * `Enter`, `Escape`, `Backspace`, `Tab`, `Up`, `Down`, `Left`, `Right`,
 * `Home`, `End`, `PageUp`, `PageDown`, `Insert`, `Delete`, `Begin` (keypad 5
 * without Num Lock), `F1`…`F12`, `KP0`…`KP9`, `KPEnter`, `KPPlus`,
 * `KPMinus`, `KPMultiply`, `KPDivide`, `KPDecimal`, `KPEqual`, `KPComma`.
 */
export interface KeyEvent {
  readonly type: "key";
  readonly key: string;
  readonly shift: boolean;
  readonly ctrl: boolean;
  readonly alt: boolean;
}

/** Mouse buttons as reported in SGR mode. */
export type MouseButton =
  | "left"
  | "middle"
  | "right"
  | "none"
  | "wheelUp"
  | "wheelDown"
  | "wheelLeft"
  | "wheelRight";

/** A mouse report; x and y are 0-based screen cells. */
export interface MouseEvent {
  readonly type: "mouse";
  readonly action: "press" | "release" | "move" | "wheel";
  readonly button: MouseButton;
  readonly x: number;
  readonly y: number;
  readonly shift: boolean;
  readonly ctrl: boolean;
  readonly alt: boolean;
}

/** The terminal changed size. */
export interface ResizeEvent {
  readonly type: "resize";
  readonly columns: number;
  readonly rows: number;
}

/** Anything a terminal can report. */
export type InputEvent = KeyEvent | MouseEvent;

/** Anything a terminal can report, resizes included. */
export type TerminalEvent = InputEvent | ResizeEvent;

/** A mouse event at (x, y); modifiers default to off. */
export function mouseEvent(
  action: MouseEvent["action"],
  button: MouseButton,
  x: number,
  y: number,
  mods: Partial<Pick<MouseEvent, "shift" | "ctrl" | "alt">> = {},
): MouseEvent {
  return {
    type: "mouse",
    action,
    button,
    x,
    y,
    shift: mods.shift ?? false,
    ctrl: mods.ctrl ?? false,
    alt: mods.alt ?? false,
  };
}

/** A key event; modifiers default to off. */
export function keyEvent(
  key: string,
  mods: Partial<Pick<KeyEvent, "shift" | "ctrl" | "alt">> = {},
): KeyEvent {
  return { type: "key", key, shift: mods.shift ?? false, ctrl: mods.ctrl ?? false, alt: mods.alt ?? false };
}
