/**
 * Turns a cell buffer into the bytes that bring the terminal from the last
 * frame to this one, inside one synchronized update, in as few bytes as it
 * can find cheaply:
 *
 * - only cells that look different are sent; a blank cell (a space with no
 *   underline or reversed colours) looks like its background alone, so its
 *   foreground, bold and dim are neither compared nor sent;
 * - changed cells next to each other that one pen draws form a run, sent
 *   with one cursor move and at most one SGR sequence;
 * - the runs of a small frame go out in the order that costs least at each
 *   step (cursor move plus SGR change, see `cursor_moves.ts` and `pen.ts`),
 *   so runs of one colour are drawn together; a large frame goes row by row;
 * - the pen and the cursor are remembered from the last frame (the renderer
 *   is the terminal's only writer between frames; {@link DiffRenderer.invalidate}
 *   forgets them with the picture), and a gap of up to three unchanged cells
 *   the pen draws as they are is written over rather than jumped.
 *
 * @module
 */
import { CellBuffer, WIDE_TAIL } from "./cell_buffer.ts";
import { type ColorDepth, glyphColor16, quantize } from "./color.ts";
import { moveLength, moveText } from "./cursor_moves.ts";
import { ANY, Pen, SHOWN_ON_BLANK } from "./pen.ts";

/** Begin / end synchronized output (DEC mode 2026). */
export const SYNC_BEGIN = "\x1b[?2026h";
export const SYNC_END = "\x1b[?2026l";

const SPACE = 0x20;
const TILDE = 0x7e;

/** Up to this many unchanged cells are written again rather than jumped (a jump is 3 or 4 bytes). */
const BRIDGE = 3;

/** Frames of up to this many runs go out cheapest step first; larger ones (a whole screen) row by row. */
const GREEDY_RUNS = 64;

// A run is FIELDS numbers in #runs: its first cell, the cell after its last, and what the pen needs.
const START = 0;
const END = 1;
const ATTR = 2;
const FG = 3;
const BG = 4;
const FIELDS = 5;

/** Remembers the last frame (and the pen and cursor it left) and writes the difference to the next. */
export class DiffRenderer {
  #prev: CellBuffer | undefined;
  readonly #cache = new Map<number, number>();
  readonly #pen: Pen;
  /** The cursor's cell; -1 when not known (before a frame, or waiting to wrap after the last column). */
  #cx = -1;
  #cy = -1;
  /** This frame's runs, {@link FIELDS} numbers each, and which are drawn. */
  #runs = new Int32Array(0);
  #drawn = new Uint8Array(0);
  #penCosts = new Int32Array(0);
  /** The last frame while this one is worked out (undefined: drawn whole). */
  #base: CellBuffer | undefined;

  constructor(readonly depth: ColorDepth) {
    this.#pen = new Pen(depth);
  }

  /** Forgets the last frame, the pen and the cursor: the next frame is drawn whole. */
  invalidate(): void {
    this.#prev = undefined;
    this.#forget();
  }

  /**
   * Forgets the pen and the cursor but not the picture: someone else's copy
   * of the screen was drawn whole (a watcher's, from a snapshot) and the next
   * frame must not take the pen or cursor for granted there.
   */
  loseTrack(): void {
    this.#forget();
  }

  #forget(): void {
    this.#pen.forget();
    this.#cx = this.#cy = -1;
  }

  #q(rgb: number): number {
    if (this.depth === "truecolor") return rgb;
    let value = this.#cache.get(rgb);
    if (value === undefined) {
      value = quantize(rgb, this.depth);
      this.#cache.set(rgb, value);
    }
    return value;
  }

  /**
   * The escape sequence from the previous frame to `next` ("" when nothing
   * changed). `next` is copied, so the caller may keep drawing into it.
   */
  render(next: CellBuffer): string {
    let prev = this.#prev;
    if (prev?.width !== next.width || prev.height !== next.height) {
      prev = undefined;
      this.#forget();
    }
    this.#base = prev;
    const runs = this.#collect(prev, next);
    const out = runs === 0 ? "" : SYNC_BEGIN + this.#emit(next, runs) + SYNC_END;
    this.#base = undefined;
    this.#prev = prev ?? new CellBuffer(next.width, next.height);
    this.#prev.copyFrom(next);
    return out;
  }

  /** True when a cell of `buf` shows its background alone. */
  #blank(buf: CellBuffer, i: number): boolean {
    return buf.glyphs[i] === SPACE && (buf.attrs[i] & SHOWN_ON_BLANK) === 0;
  }

  /** True when the `span` cells from `i` look in `prev` as they do in `next`. */
  #same(prev: CellBuffer, next: CellBuffer, i: number, span: number): boolean {
    const colored = this.depth !== "none";
    for (let k = i; k < i + span; k++) {
      if (prev.glyphs[k] !== next.glyphs[k] && !next.sameGlyph(k, prev)) return false;
      if (this.#blank(prev, k) && this.#blank(next, k)) {
        if (colored && prev.bg[k] !== next.bg[k] && this.#q(prev.bg[k]) !== this.#q(next.bg[k])) return false;
        continue;
      }
      if (
        prev.attrs[k] !== next.attrs[k] ||
        (colored && (
          (prev.fg[k] !== next.fg[k] && this.#q(prev.fg[k]) !== this.#q(next.fg[k])) ||
          (prev.bg[k] !== next.bg[k] && this.#q(prev.bg[k]) !== this.#q(next.bg[k]))
        ))
      ) return false;
    }
    return true;
  }

  /** The foreground cell `i` is drawn in (quantized; in 16 colours never its background's). */
  #fgOf(buf: CellBuffer, i: number, bg: number): number {
    const fg = this.#q(buf.fg[i]);
    return this.depth === "16" && buf.glyphs[i] !== SPACE ? glyphColor16(fg, bg) : fg;
  }

  /**
   * Finds the cells that changed and groups them into runs; returns how
   * many. With no `prev` every cell has changed.
   */
  #collect(prev: CellBuffer | undefined, next: CellBuffer): number {
    const { width, height, glyphs, attrs, fg, bg } = next;
    const size = width * height;
    if (this.#drawn.length !== size) {
      this.#drawn = new Uint8Array(size);
      this.#penCosts = new Int32Array(size);
      this.#runs = new Int32Array(size * FIELDS);
    }
    const runs = this.#runs, colored = this.depth !== "none";
    // The last frame's cells (this frame's when there is none: then nothing is compared).
    const last = prev ?? next,
      lastGlyphs = last.glyphs,
      lastAttrs = last.attrs,
      lastFg = last.fg,
      lastBg = last.bg;
    let n = 0;
    for (let y = 0; y < height; y++) {
      let open = false;
      for (let x = 0, i = y * width; x < width; x++, i++) {
        const glyph = glyphs[i];
        // Most cells: as they were, and no wide character begins here.
        if (
          prev && lastGlyphs[i] === glyph && lastAttrs[i] === attrs[i] && lastFg[i] === fg[i] &&
          lastBg[i] === bg[i] && (x + 1 === width || glyphs[i + 1] !== WIDE_TAIL || glyph === WIDE_TAIL)
        ) {
          open = false;
          continue;
        }
        // A wide character goes out whole with its lead cell's colours, or not at all: it is
        // sent again when its lead or any cell it covers changed. (A tail with no lead, which
        // the buffer never makes, is a cell of its own and goes out as a space.)
        let span = 1;
        while (x + span < width && glyphs[i + span] === WIDE_TAIL && glyph !== WIDE_TAIL) span++;
        const start = i;
        x += span - 1;
        i += span - 1;
        if (prev && this.#same(prev, next, start, span)) {
          open = false;
          continue;
        }
        const blank = this.#blank(next, start);
        const needBg = colored ? this.#q(bg[start]) : ANY;
        const needFg = colored && !blank ? this.#fgOf(next, start, needBg) : ANY;
        const needAttr = blank ? ANY : attrs[start];
        if (open && this.#join(n - 1, needAttr, needFg, needBg)) {
          runs[(n - 1) * FIELDS + END] = start + span;
          continue;
        }
        const r = n++ * FIELDS;
        runs[r + START] = start;
        runs[r + END] = start + span;
        runs[r + ATTR] = needAttr;
        runs[r + FG] = needFg;
        runs[r + BG] = needBg;
        open = true;
      }
    }
    return n;
  }

  /** Adds a cell with these needs to run `r` if one pen draws both; true if it did. */
  #join(r: number, attr: number, fg: number, bg: number): boolean {
    const runs = this.#runs, at = r * FIELDS;
    const runAttr = runs[at + ATTR], runFg = runs[at + FG];
    if (runs[at + BG] !== bg || (runFg !== ANY && fg !== ANY && runFg !== fg)) return false;
    if (runAttr !== attr) {
      if (
        runAttr === ANY ? (attr & SHOWN_ON_BLANK) !== 0 : attr !== ANY || (runAttr & SHOWN_ON_BLANK) !== 0
      ) {
        return false;
      }
      if (runAttr === ANY) runs[at + ATTR] = attr;
    }
    if (runFg === ANY) runs[at + FG] = fg;
    return true;
  }

  /** The runs' bytes: each one reached, its pen set, its cells written. */
  #emit(next: CellBuffer, n: number): string {
    const drawn = this.#drawn, runs = this.#runs, pen = this.#pen, penCosts = this.#penCosts;
    drawn.fill(0, 0, n);
    // What each run's SGR costs from the pen as it is: -1 until asked, again after the pen changes.
    penCosts.fill(-1, 0, n);
    let out = "";
    for (let left = n; left > 0; left--) {
      let pick = n - left;
      if (n <= GREEDY_RUNS) {
        let best = Infinity;
        for (let r = 0; r < n && best > 0; r++) {
          if (drawn[r]) continue;
          const at = r * FIELDS;
          let cost = penCosts[r];
          if (cost < 0) cost = penCosts[r] = pen.cost(runs[at + ATTR], runs[at + FG], runs[at + BG]);
          if (cost >= best) continue;
          cost += this.#reachLength(next, runs[at + START]);
          if (cost < best) (best = cost), (pick = r);
        }
      }
      drawn[pick] = 1;
      const attr = pen.attr, fg = pen.fg, bg = pen.bg;
      out += this.#draw(next, pick);
      if (pen.attr !== attr || pen.fg !== fg || pen.bg !== bg) penCosts.fill(-1, 0, n);
    }
    return out;
  }

  /**
   * Bytes that bring the cursor to cell `to`: the shortest move, or a few
   * unchanged cells just ahead on the same row written over, when the pen
   * draws them as they are and that is shorter ({@link #overLength}).
   */
  #reachLength(next: CellBuffer, to: number): number {
    const over = this.#overLength(next, to);
    return over >= 0 ? over : moveLength(this.#cx, this.#cy, to % next.width, Math.floor(to / next.width));
  }

  /** The bytes {@link #reachLength} counts. */
  #reachText(next: CellBuffer, to: number): string {
    const over = this.#overLength(next, to);
    if (over < 0) return moveText(this.#cx, this.#cy, to % next.width, Math.floor(to / next.width));
    let text = "";
    for (let k = to - over; k < to; k++) text += String.fromCharCode(next.glyphs[k]);
    return text;
  }

  /** How many cells are written over to reach `to`, if that is the shortest way; else -1. */
  #overLength(next: CellBuffer, to: number): number {
    const width = next.width, x = to % width, cx = this.#cx;
    if (cx < 0 || x <= cx || x - cx > BRIDGE || this.#cy !== (to - x) / width) return -1;
    if (x - cx >= moveLength(cx, this.#cy, x, this.#cy)) return -1;
    return this.#bridges(next, to - (x - cx), to) ? x - cx : -1;
  }

  /** True when cells `from` to `to` (not included) are unchanged, plain ASCII, and drawn as they are by the pen. */
  #bridges(next: CellBuffer, from: number, to: number): boolean {
    const colored = this.depth !== "none";
    for (let k = from; k < to; k++) {
      const glyph = next.glyphs[k];
      const base = this.#base;
      if (glyph < SPACE || glyph > TILDE || !base || !this.#same(base, next, k, 1)) return false;
      const blank = this.#blank(next, k);
      const bg = colored ? this.#q(next.bg[k]) : ANY;
      const fg = colored && !blank ? this.#fgOf(next, k, bg) : ANY;
      if (!this.#pen.draws(blank ? ANY : next.attrs[k], fg, bg)) return false;
    }
    return true;
  }

  /** Run `r`'s bytes: the cursor brought to it, the pen set, its cells; the cursor is then after it. */
  #draw(next: CellBuffer, r: number): string {
    const runs = this.#runs, at = r * FIELDS, glyphs = next.glyphs, width = next.width;
    const start = runs[at + START], end = runs[at + END];
    let out = this.#reachText(next, start) + this.#pen.change(runs[at + ATTR], runs[at + FG], runs[at + BG]);
    for (let k = start; k < end;) {
      if (glyphs[k] === WIDE_TAIL) {
        out += " ";
        k++;
        continue;
      }
      out += next.cellText(k++);
      while (k < end && glyphs[k] === WIDE_TAIL) k++;
    }
    const x = (start % width) + end - start;
    // After the last column the cursor waits to wrap: where it is, is not known.
    this.#cx = x >= width ? -1 : x;
    this.#cy = x >= width ? -1 : (start - (start % width)) / width;
    return out;
  }
}
