/**
 * The shortest way to move the terminal's cursor from where it is to where
 * the next change goes: the absolute position (CUP), or a move relative to
 * it (up or down, then forward, back, to a column, or to the first one with
 * a carriage return). One row down is a vertical tab (VT, which terminals
 * take as a line feed the tty leaves alone: the column stays), one up a
 * reverse index (RI), a few columns back as many backspaces. Relative moves
 * never pass an edge of the screen, so they never scroll or wrap (VT and RI
 * would scroll only from the bottom and top rows, which a move down or up
 * never starts from).
 *
 * @module
 */

// How the column is reached after any move up or down, or that the absolute position is used.
const H_NONE = 0;
const H_FORWARD = 1;
const H_BACK = 2;
const H_COLUMN = 3;
const H_RETURN = 4;
const H_RETURN_FORWARD = 5;
const ABSOLUTE = 6;
const KINDS = 8;

/** Decimal digits of `n` ≥ 1. */
function digits(n: number): number {
  return n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : String(n).length;
}

/** Bytes of CSI `n` `final`, where an `n` of 1 is left out. */
function csiLength(n: number): number {
  return n === 1 ? 3 : 3 + digits(n);
}

/** Up to this many rows or columns, each move's text is made once and remembered: a frame makes none. */
const REMEMBERED = 1024;
const csiTexts = new Map<string, string[]>();
const absoluteTexts = new Map<number, string>();

function csi(n: number, final: string): string {
  let texts = csiTexts.get(final);
  if (!texts) csiTexts.set(final, texts = []);
  const remembered = n < REMEMBERED ? texts[n] : undefined;
  if (remembered !== undefined) return remembered;
  const text = n === 1 ? `\x1b[${final}` : `\x1b[${n}${final}`;
  if (n < REMEMBERED) texts[n] = text;
  return text;
}

/** CUP to (`x`, `y`), parameters left out where they are 1. */
function absolute(x: number, y: number): string {
  const key = x < REMEMBERED && y < REMEMBERED ? y * REMEMBERED + x : -1;
  const remembered = absoluteTexts.get(key);
  if (remembered !== undefined) return remembered;
  const text = x === 0 ? (y === 0 ? "\x1b[H" : `\x1b[${y + 1}H`) : `\x1b[${y + 1};${x + 1}H`;
  if (key >= 0) absoluteTexts.set(key, text);
  return text;
}

/** Up to this many columns back go as backspaces, a byte each (CUB is 3 or 4). */
const BACKSPACES = 3;

const VT = "\x0b";
const RI = "\x1bM";

/** Bytes of a move `dy` rows down (up when negative). */
function verticalLength(dy: number): number {
  return dy === 0 ? 0 : dy === 1 ? VT.length : dy === -1 ? RI.length : csiLength(Math.abs(dy));
}

function vertical(dy: number): string {
  return dy === 0 ? "" : dy === 1 ? VT : dy === -1 ? RI : dy > 0 ? csi(dy, "B") : csi(-dy, "A");
}

/** Bytes of a move `n` columns back. */
function backLength(n: number): number {
  return n <= BACKSPACES ? n : csiLength(n);
}

/**
 * The cheapest move as one number: its length in bytes times {@link KINDS},
 * plus its kind. `cx` < 0: the cursor's place is not known.
 */
function plan(cx: number, cy: number, x: number, y: number): number {
  const absolute = (x === 0 && y === 0 ? 3 : 3 + digits(y + 1) + (x > 0 ? 1 + digits(x + 1) : 0)) * KINDS +
    ABSOLUTE;
  if (cx < 0 || cy < 0) return absolute;
  const down = verticalLength(y - cy);
  const horizontal = x === cx
    ? H_NONE
    : (x > cx ? csiLength(x - cx) * KINDS + H_FORWARD : backLength(cx - x) * KINDS + H_BACK);
  const column = (x === 0 ? 3 : 3 + digits(x + 1)) * KINDS + H_COLUMN;
  const fromStart = x === 0 ? 1 * KINDS + H_RETURN : (1 + csiLength(x)) * KINDS + H_RETURN_FORWARD;
  // Each candidate is packed the same way, so the smallest is the shortest (ties go to the lower kind).
  return Math.min(absolute, down * KINDS + Math.min(horizontal, column, fromStart));
}

/** Bytes of the shortest move from (`cx`, `cy`) to (`x`, `y`); `cx` < 0 when the cursor's place is not known. */
export function moveLength(cx: number, cy: number, x: number, y: number): number {
  return cx === x && cy === y ? 0 : Math.floor(plan(cx, cy, x, y) / KINDS);
}

/** The shortest move from (`cx`, `cy`) to (`x`, `y`) ("" when it is there); `cx` < 0 when not known. */
export function moveText(cx: number, cy: number, x: number, y: number): string {
  if (cx === x && cy === y) return "";
  const kind = plan(cx, cy, x, y) % KINDS;
  if (kind === ABSOLUTE) {
    return absolute(x, y);
  }
  const down = vertical(y - cy);
  switch (kind) {
    case H_FORWARD:
      return down + csi(x - cx, "C");
    case H_BACK:
      return down + (cx - x <= BACKSPACES ? "\b".repeat(cx - x) : csi(cx - x, "D"));
    case H_COLUMN:
      return down + (x === 0 ? "\x1b[G" : csi(x + 1, "G"));
    case H_RETURN:
      return down + "\r";
    case H_RETURN_FORWARD:
      return down + "\r" + csi(x, "C");
    default:
      return down;
  }
}
