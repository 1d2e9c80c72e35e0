/**
 * Where every command's lines leave the program. A line may quote a file's
 * key, a path or an error's message, any of which can hold an escape
 * sequence meant for the terminal: each line is made printable on its way
 * out (`\x1b` shown, never obeyed), here and nowhere else.
 *
 * @module
 */
import { printableLines } from "../text/printable.ts";

/** Writes `text` (one or more lines) to stderr, made printable; never throws (stderr may be gone). */
export function say(text: string): void {
  try {
    console.error(printableLines(text));
  } catch {
    // stderr went with the terminal: the exit status still tells.
  }
}

/**
 * Writes `value` as one line of JSON to stdout, every character past ASCII
 * written as a JSON escape: still the same JSON to whoever parses it, and
 * nothing a terminal would obey.
 */
export function sayJson(value: unknown): void {
  console.log(
    JSON.stringify(value).replace(
      /[^\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    ),
  );
}

/** Writes `text` (one or more lines) to stdout, made printable. */
export function sayOut(text: string): void {
  console.log(printableLines(text));
}
