/**
 * A screen's worth of cells in typed arrays: a code point, a foreground,
 * a background (0xRRGGBB) and attribute bits per cell.
 *
 * @module
 */

/** Attribute bits for {@link CellBuffer.attrs}. */
export const Attr = { None: 0, Bold: 1, Dim: 2, Underline: 4, Reverse: 8 } as const;

/** A grid of cells, row-major. Glyphs must be single-width characters. */
export class CellBuffer {
  readonly glyphs: Uint32Array;
  readonly fg: Uint32Array;
  readonly bg: Uint32Array;
  readonly attrs: Uint8Array;

  constructor(readonly width: number, readonly height: number) {
    const size = width * height;
    this.glyphs = new Uint32Array(size).fill(0x20);
    this.fg = new Uint32Array(size).fill(0xffffff);
    this.bg = new Uint32Array(size);
    this.attrs = new Uint8Array(size);
  }

  /** Paints every cell blank with the given colours. */
  clear(fg = 0xffffff, bg = 0x000000): void {
    this.glyphs.fill(0x20);
    this.fg.fill(fg);
    this.bg.fill(bg);
    this.attrs.fill(0);
  }

  /** Sets one cell; cells outside the buffer are ignored. */
  set(x: number, y: number, glyph: string | number, fg: number, bg: number, attrs = 0): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = y * this.width + x;
    const cp = typeof glyph === "number" ? glyph : glyph.codePointAt(0) ?? 0x20;
    // A control character would move the terminal's cursor, not draw: never send one.
    this.glyphs[i] = cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? 0x3f : cp;
    this.fg[i] = fg;
    this.bg[i] = bg;
    this.attrs[i] = attrs;
  }

  /**
   * Writes `text` from (x, y) on one row, clipped at the right edge. With
   * `bg` undefined the cells keep their background.
   */
  text(x: number, y: number, text: string, fg: number, bg?: number, attrs = 0): void {
    if (y < 0 || y >= this.height) return;
    let cx = x;
    for (const ch of text) {
      if (cx >= this.width) return;
      if (cx >= 0) this.set(cx, y, ch, fg, bg ?? this.bg[y * this.width + cx], attrs);
      cx++;
    }
  }

  /** Paints a rectangle's background, keeping glyphs and foregrounds. */
  fillBg(x: number, y: number, width: number, height: number, bg: number): void {
    for (let cy = Math.max(0, y); cy < Math.min(this.height, y + height); cy++) {
      for (let cx = Math.max(0, x); cx < Math.min(this.width, x + width); cx++) {
        this.bg[cy * this.width + cx] = bg;
      }
    }
  }

  /** The text of row `y`, for tests and snapshots. */
  rowText(y: number): string {
    return String.fromCodePoint(...this.glyphs.subarray(y * this.width, (y + 1) * this.width));
  }
}
