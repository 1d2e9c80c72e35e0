/**
 * Text on its way to a terminal: made printable (no control sequences from a file
 * reach the screen) and measured in terminal columns.
 *
 * @module
 */
export { firstNonPrintable, isPlainAscii, printable, printableLines } from "./printable.ts";
export { displayWidth, fitWidth, graphemes } from "./text_width.ts";
