/**
 * The terminal's pen: the graphic rendition (attributes, foreground,
 * background) the next character will be drawn with, as far as the renderer
 * knows it, and the shortest SGR sequence that sets what a cell needs. The
 * renderer is the terminal's only writer while a frame is shown, so the pen
 * it left at the end of one frame is the pen the next one starts with.
 *
 * @module
 */
import { Attr } from "./cell_buffer.ts";
import { type ColorDepth, sgrColor } from "./color.ts";

/** A pen value the renderer does not know (before the first frame, after a reset or an invalidate). */
export const UNKNOWN = -2;

/**
 * A need a cell does not have: the foreground of a blank cell (nothing of it
 * shows), the attributes of one (any will do that draws no line and does not
 * swap colours), either colour at depth "none".
 */
export const ANY = -3;

/** The attributes a blank cell shows: an underline and reversed colours. Bold and dim show nothing on a space. */
export const SHOWN_ON_BLANK: number = Attr.Underline | Attr.Reverse;

const BOLD_DIM = Attr.Bold | Attr.Dim;

/** SGR codes that turn an attribute on, and (22 for bold and dim both) off. */
const ATTR_CODES: readonly (readonly [number, string])[] = [
  [Attr.Bold, "1"],
  [Attr.Dim, "2"],
  [Attr.Underline, "4"],
  [Attr.Reverse, "7"],
];

// The parts of one change, as bits of a plan; the attributes to turn on sit above them.
const RESET = 1;
const OFF_BOLD_DIM = 2;
const OFF_UNDERLINE = 4;
const OFF_REVERSE = 8;
const SET_FG = 16;
const SET_BG = 32;
const ADD_SHIFT = 6;

/** Attribute bits set in `bits` (each is one SGR code of one character). */
function countBits(bits: number): number {
  let n = 0;
  for (let b = bits; b !== 0; b &= b - 1) n++;
  return n;
}

/** The pen and how to change it. */
export class Pen {
  attr: number = UNKNOWN;
  fg: number = UNKNOWN;
  bg: number = UNKNOWN;
  readonly #params = [new Map<number, string>(), new Map<number, string>()];

  constructor(readonly depth: ColorDepth) {}

  /** Something else may have set the pen: the next change states everything. */
  forget(): void {
    this.attr = this.fg = this.bg = UNKNOWN;
  }

  /**
   * True when the pen draws a cell needing `attr`, `fg` and `bg` (each of
   * them a value or {@link ANY}) as it is.
   */
  draws(attr: number, fg: number, bg: number): boolean {
    return this.#plan(attr, fg, bg) === 0;
  }

  /** Bytes of the SGR sequence {@link change} would write for that cell (0 when none is needed). */
  cost(attr: number, fg: number, bg: number): number {
    return this.#length(this.#plan(attr, fg, bg), fg, bg);
  }

  /** The SGR sequence that makes the pen draw a cell needing `attr`, `fg` and `bg`; the pen takes it. */
  change(attr: number, fg: number, bg: number): string {
    const plan = this.#plan(attr, fg, bg);
    if (plan === 0) return "";
    const sequence = this.#sequence(plan, plan & SET_FG ? fg : ANY, plan & SET_BG ? bg : ANY);
    this.attr = this.#target(attr);
    if (plan & RESET) this.fg = this.bg = UNKNOWN;
    if (plan & SET_FG) this.fg = fg;
    if (plan & SET_BG) this.bg = bg;
    return sequence;
  }

  /**
   * The sequences made so far, by plan, foreground and background (ANY for a
   * colour the plan does not set): a frame asks for the same few again and
   * again, and a key's frame then makes no garbage for them.
   */
  readonly #sequences = new Map<number, Map<number, Map<number, string>>>();

  /** The SGR sequence of `plan` with these colours, remembered. */
  #sequence(plan: number, fg: number, bg: number): string {
    let byFg = this.#sequences.get(plan);
    if (!byFg) this.#sequences.set(plan, byFg = new Map());
    let byBg = byFg.get(fg);
    if (!byBg) byFg.set(fg, byBg = new Map());
    let sequence = byBg.get(bg);
    if (sequence === undefined) {
      const params: string[] = [];
      if (plan & RESET) params.push("0");
      if (plan & OFF_BOLD_DIM) params.push("22");
      if (plan & OFF_UNDERLINE) params.push("24");
      if (plan & OFF_REVERSE) params.push("27");
      const add = plan >> ADD_SHIFT;
      for (const [bit, code] of ATTR_CODES) if (add & bit) params.push(code);
      if (plan & SET_FG) params.push(this.#param(fg, false));
      if (plan & SET_BG) params.push(this.#param(bg, true));
      sequence = `\x1b[${params.join(";")}m`;
      byBg.set(bg, sequence);
    }
    return sequence;
  }

  /** The attributes the pen will hold: the cell's, or for a blank cell the pen's own if they will do. */
  #target(attr: number): number {
    if (attr !== ANY) return attr;
    return this.attr !== UNKNOWN && (this.attr & SHOWN_ON_BLANK) === 0 ? this.attr : 0;
  }

  /** The colour bits of a plan: a colour is set when needed and not held (after a reset none is). */
  #colors(fg: number, bg: number, reset: boolean): number {
    return (fg !== ANY && (reset || fg !== this.fg) ? SET_FG : 0) |
      (bg !== ANY && (reset || bg !== this.bg) ? SET_BG : 0);
  }

  /**
   * What to send, as bits: a reset and every attribute again, or the codes
   * that turn off what must go (22, 24, 27) and on what must come, whichever
   * is shorter; then each colour needed that the pen does not hold.
   */
  #plan(attr: number, fg: number, bg: number): number {
    const target = this.#target(attr), held = this.attr;
    if (held === target) return this.#colors(fg, bg, false);
    const reset = RESET | (target << ADD_SHIFT) | this.#colors(fg, bg, true);
    if (held === UNKNOWN) return reset;
    const removed = held & ~target;
    let off = 0, left = held;
    if (removed & BOLD_DIM) (off |= OFF_BOLD_DIM), (left &= ~BOLD_DIM);
    if (removed & Attr.Underline) (off |= OFF_UNDERLINE), (left &= ~Attr.Underline);
    if (removed & Attr.Reverse) (off |= OFF_REVERSE), (left &= ~Attr.Reverse);
    const change = off | ((target & ~left) << ADD_SHIFT) | this.#colors(fg, bg, false);
    return removed !== 0 && this.#length(reset, fg, bg) < this.#length(change, fg, bg) ? reset : change;
  }

  /** Bytes of the sequence for `plan`. */
  #length(plan: number, fg: number, bg: number): number {
    if (plan === 0) return 0;
    let params = countBits(plan >> ADD_SHIFT), chars = params;
    if (plan & RESET) (params++, chars++);
    const offs = countBits(plan & (OFF_BOLD_DIM | OFF_UNDERLINE | OFF_REVERSE));
    params += offs;
    chars += 2 * offs;
    if (plan & SET_FG) (params++, chars += this.#param(fg, false).length);
    if (plan & SET_BG) (params++, chars += this.#param(bg, true).length);
    return 3 + chars + params - 1;
  }

  /** The SGR parameters for a quantized colour, remembered. */
  #param(value: number, background: boolean): string {
    const cache = this.#params[background ? 1 : 0];
    let param = cache.get(value);
    if (param === undefined) {
      param = sgrColor(value, this.depth, background);
      cache.set(value, param);
    }
    return param;
  }
}
