/**
 * Text on its way to a terminal: made printable (no control sequences from a file
 * reach the screen), measured in terminal columns, and a long value quoted by
 * its ends.
 *
 * @module
 */
export { firstNonPrintable, isPlainAscii, printable, printableLines } from "./printable.ts";
export { SHOWN_VALUE_COLUMNS, shownValue } from "./shown_value.ts";
export { displayWidth, fitWidth, graphemes } from "./text_width.ts";
