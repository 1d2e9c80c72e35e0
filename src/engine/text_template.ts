/**
 * Texts with `{name}`-style placeholders, as the data writes its messages
 * and labels (docs/rules.md, Message log): `{name}` is filled from the
 * parameters, `{Name}` is `{name}` with its first letter upper-cased (the
 * rest keeps its own capitals), and a placeholder with no parameter stays
 * as written.
 *
 * Each template is split into its pieces once and remembered: the panel
 * alone fills a dozen templates a frame, and filling them with a regular
 * expression's replace and a callback stood high among the game's own
 * functions in a CPU profile of a key, after the frame's diff and the panel.
 *
 * @module
 */

/** A placeholder: the parameter it names, and the same with its first letter lower-cased when that differs. */
interface Slot {
  readonly key: string;
  readonly lower: string | undefined;
  /** The placeholder as written, for when no parameter fills it. */
  readonly whole: string;
}

type Piece = string | Slot;

/** Templates split so far: the bundled game has about sixty, a mod may have more; this many at most are kept. */
const MAX_KEPT = 1024;
const kept = new Map<string, readonly Piece[]>();

/** A word character, as `\w` has it: ASCII letters, digits and the underscore. */
function isWord(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** `text` in literal pieces and placeholders (`{` then one or more word characters then `}`). */
function split(text: string): readonly Piece[] {
  const pieces: Piece[] = [];
  let literal = "", i = 0;
  while (i < text.length) {
    const open = text.indexOf("{", i);
    if (open < 0) break;
    let end = open + 1;
    while (end < text.length && isWord(text.charCodeAt(end))) end++;
    if (end === open + 1 || text.charCodeAt(end) !== 125 /* } */) {
      // Not a placeholder: the brace is text, and the search goes on after it.
      literal += text.slice(i, open + 1);
      i = open + 1;
      continue;
    }
    literal += text.slice(i, open);
    if (literal !== "") pieces.push(literal);
    literal = "";
    const key = text.slice(open + 1, end), lower = key[0].toLowerCase() + key.slice(1);
    pieces.push({ key, lower: lower === key ? undefined : lower, whole: text.slice(open, end + 1) });
    i = end + 1;
  }
  literal += text.slice(i);
  if (literal !== "") pieces.push(literal);
  return pieces;
}

/** The pieces of `text`, split once. */
function piecesOf(text: string): readonly Piece[] {
  let pieces = kept.get(text);
  if (pieces === undefined) {
    pieces = split(text);
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(text, pieces);
  }
  return pieces;
}

/**
 * Fills `{name}`-style placeholders from `params`. `{Name}` is `{name}` with
 * its first letter upper-cased; the rest keeps its own capitals.
 */
export function formatTemplate(text: string, params: Readonly<Record<string, string | number>>): string {
  if (!text.includes("{")) return text;
  let out = "";
  for (const piece of piecesOf(text)) {
    if (typeof piece === "string") {
      out += piece;
    } else if (Object.hasOwn(params, piece.key)) {
      out += String(params[piece.key]);
    } else if (piece.lower !== undefined && Object.hasOwn(params, piece.lower)) {
      const value = String(params[piece.lower]);
      out += value.charAt(0).toUpperCase() + value.slice(1);
    } else {
      out += piece.whole;
    }
  }
  return out;
}
