/**
 * The modes the game's terminal is put in, as escape sequences: on the way
 * in (tty_terminal.ts) and out again, by the game or, when the game died
 * where it could not, by its launcher (src/app/child_death.ts), which
 * loads this module alone.
 *
 * @module
 */

/**
 * Alternate screen, hide cursor, mouse (clicks 1000, drags 1002, any motion
 * 1003 so hovering names things, SGR coordinates 1006), keypad mode, clear.
 */
export const ENTER_SEQUENCE =
  "\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1003h\x1b[?1006h\x1b=\x1b[0m\x1b[2J";

/** Everything {@link ENTER_SEQUENCE} turned on, off again; cursor shown. */
export const LEAVE_SEQUENCE =
  "\x1b[?2026l\x1b[?1006l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b>\x1b[0m\x1b[?25h\x1b[?1049l";
