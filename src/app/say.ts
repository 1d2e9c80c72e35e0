/**
 * Where every command's lines leave the program. A line may quote a file's
 * key, a path or an error's message, any of which can hold an escape
 * sequence meant for the terminal: each line is made printable on its way
 * out (`\x1b` shown, never obeyed), here and nowhere else.
 *
 * @module
 */
import { printableLines } from "../terminal/printable.ts";

/** Writes `text` (one or more lines) to stderr, made printable; never throws (stderr may be gone). */
export function say(text: string): void {
  try {
    console.error(printableLines(text));
  } catch {
    // stderr went with the terminal: the exit status still tells.
  }
}

/** Writes `text` (one or more lines) to stdout, made printable. */
export function sayOut(text: string): void {
  console.log(printableLines(text));
}
