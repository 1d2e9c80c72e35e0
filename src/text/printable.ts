/**
 * Text made safe to print: a string from a file may hold anything, and a
 * terminal obeys some of it (an escape sequence retitles the window, moves
 * the cursor or rewrites the screen; a bidi override reorders what follows;
 * a zero-width character hides in plain sight). Every such code point is
 * shown as a visible escape instead, `\x1b` or `\u{202e}`, so the reader
 * sees that it was there and the terminal obeys nothing.
 *
 * @module
 */

/**
 * The code points a terminal does not simply draw: controls (C0, DEL, C1),
 * format characters (bidi overrides, isolates and marks, zero-width
 * spaces and joiners, the byte-order mark, invisible operators, tags),
 * every other default-ignorable code point (variation selectors, fillers),
 * line and paragraph separators, lone surrogates and unassigned code points.
 */
const NON_PRINTING = /[\p{Cc}\p{Cf}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/v;
const NON_PRINTING_ALL = new RegExp(NON_PRINTING.source, "gv");

/**
 * Anything but printable ASCII: without it there is nothing to escape (the
 * common case, checked without the Unicode classes). Unanchored, since an
 * anchored `^[…]*$` can overflow V8's backtracking stack on a huge string.
 */
const NOT_PLAIN_ASCII = /[^\x20-\x7e]/;

/** True when `text` is printable ASCII only: one column a character, nothing to escape. */
export function isPlainAscii(text: string): boolean {
  return !NOT_PLAIN_ASCII.test(text);
}

function escapeCodePoint(ch: string): string {
  const cp = ch.codePointAt(0)!;
  return cp <= 0xff ? `\\x${cp.toString(16).padStart(2, "0")}` : `\\u{${cp.toString(16)}}`;
}

/**
 * The visible escape of the first code point in `text` that {@link printable}
 * would escape, or undefined when there is none.
 */
export function firstNonPrintable(text: string): string | undefined {
  const found = NOT_PLAIN_ASCII.test(text) ? NON_PRINTING.exec(text) : null;
  return found ? escapeCodePoint(found[0]) : undefined;
}

/**
 * `text` with every non-printing code point (see above; line breaks and
 * tabs included) replaced by its visible escape. Printable text comes back
 * unchanged, and so does text already made printable.
 */
export function printable(text: string): string {
  return !NOT_PLAIN_ASCII.test(text) ? text : text.replace(NON_PRINTING_ALL, escapeCodePoint);
}

/** {@link printable} for each line of `text`, keeping its line breaks: for lines to a stream. */
export function printableLines(text: string): string {
  return !NOT_PLAIN_ASCII.test(text) ? text : text.split("\n").map(printable).join("\n");
}
