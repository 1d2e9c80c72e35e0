/**
 * Turns a cell buffer into the bytes that bring the terminal from the last
 * frame to this one: only changed cells, the cursor moved only across gaps,
 * SGR only when a colour or attribute changes, all inside one synchronized
 * update.
 *
 * @module
 */
import { Attr, CellBuffer, WIDE_TAIL } from "./cell_buffer.ts";
import { type ColorDepth, glyphColor16, quantize, sgrColor } from "./color.ts";

/** Begin / end synchronized output (DEC mode 2026). */
export const SYNC_BEGIN = "\x1b[?2026h";
export const SYNC_END = "\x1b[?2026l";

const SPACE = 0x20;

const ATTR_CODES: readonly [number, number][] = [
  [Attr.Bold, 1],
  [Attr.Dim, 2],
  [Attr.Underline, 4],
  [Attr.Reverse, 7],
];

/** Remembers the last frame and writes the difference to the next. */
export class DiffRenderer {
  #prev: CellBuffer | undefined;
  readonly #cache = new Map<number, number>();

  constructor(readonly depth: ColorDepth) {}

  /** Forgets the last frame: the next one is drawn whole. */
  invalidate(): void {
    this.#prev = undefined;
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
    const prev = this.#prev?.width === next.width && this.#prev.height === next.height
      ? this.#prev
      : undefined;
    const { width, height, glyphs, fg, bg, attrs } = next;
    const colored = this.depth !== "none";
    const parts: string[] = [];
    let cx = -1, cy = -1;
    let curFg = -2, curBg = -2, curAttr = -1;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        // A wide character goes out whole with its lead cell's colours, or not at all: it is
        // sent again when its lead or any cell it covers changed. (A tail with no lead, which
        // the buffer never makes, is a cell of its own and goes out as a space.)
        let span = 1;
        while (x + span < width && glyphs[i + span] === WIDE_TAIL && glyphs[i] !== WIDE_TAIL) span++;
        if (
          prev && (span === 1 && prev.glyphs[i] === glyphs[i] && prev.attrs[i] === attrs[i] &&
              prev.fg[i] === fg[i] && prev.bg[i] === bg[i] || this.#same(prev, next, i, span, colored))
        ) {
          x += span - 1;
          continue;
        }
        const qbg = colored ? this.#q(bg[i]) : -1;
        let qfg = colored ? this.#q(fg[i]) : -1;
        // In 16 colours two colours apart may become one: a glyph never takes its background's.
        if (this.depth === "16" && glyphs[i] !== SPACE) qfg = glyphColor16(qfg, qbg);
        if (cy !== y || cx !== x) {
          parts.push(cy === y && cx >= 0 && x > cx ? `\x1b[${x - cx}C` : `\x1b[${y + 1};${x + 1}H`);
        }
        const params: string[] = [];
        if (attrs[i] !== curAttr) {
          params.push("0");
          for (const [bit, code] of ATTR_CODES) if (attrs[i] & bit) params.push(String(code));
          curAttr = attrs[i];
          curFg = curBg = -2;
        }
        if (colored && qfg !== curFg) params.push(sgrColor(qfg, this.depth, false));
        if (colored && qbg !== curBg) params.push(sgrColor(qbg, this.depth, true));
        curFg = qfg;
        curBg = qbg;
        if (params.length > 0) parts.push(`\x1b[${params.join(";")}m`);
        parts.push(glyphs[i] === WIDE_TAIL ? " " : next.cellText(i));
        x += span - 1;
        cx = x + 1;
        cy = y;
        // After the last column the cursor waits to wrap; say where it goes.
        if (cx >= width) cx = cy = -1;
      }
    }
    this.#prev = prev ?? new CellBuffer(width, height);
    this.#prev.copyFrom(next);
    return parts.length === 0 ? "" : SYNC_BEGIN + parts.join("") + SYNC_END;
  }

  /** True when the `span` cells from `i` look in `prev` as they do in `next`. */
  #same(prev: CellBuffer, next: CellBuffer, i: number, span: number, colored: boolean): boolean {
    for (let k = i; k < i + span; k++) {
      if (
        (prev.glyphs[k] !== next.glyphs[k] && !next.sameGlyph(k, prev)) || prev.attrs[k] !== next.attrs[k] ||
        (colored && (
          (prev.fg[k] !== next.fg[k] && this.#q(prev.fg[k]) !== this.#q(next.fg[k])) ||
          (prev.bg[k] !== next.bg[k] && this.#q(prev.bg[k]) !== this.#q(next.bg[k]))
        ))
      ) return false;
    }
    return true;
  }
}
