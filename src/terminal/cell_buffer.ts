/**
 * A screen's worth of cells in typed arrays: a glyph, a foreground, a
 * background (0xRRGGBB) and attribute bits per cell.
 *
 * A glyph is a code point. A character two columns wide (`あ`, most emoji)
 * takes two cells: its own and a {@link WIDE_TAIL} after it, which the
 * renderer never prints (the terminal fills it). The rare grapheme of
 * several code points (`é` written as e and a combining accent) gets a code
 * past Unicode's last, naming it in a small table of this buffer, so every
 * cell stays one number.
 *
 * @module
 */
import { graphemes, isPlainAscii } from "../text/mod.ts";

/** Attribute bits for {@link CellBuffer.attrs}. */
export const Attr = { None: 0, Bold: 1, Dim: 2, Underline: 4, Reverse: 8 } as const;

/** The glyph of a cell covered by the wide character to its left. */
export const WIDE_TAIL = 0;

/** Glyph codes from here on name a grapheme in the buffer's table. */
const CLUSTER_BASE = 0x110000;
/** Beyond this many different graphemes of several code points, more are drawn as U+FFFD. */
const MAX_CLUSTERS = 4096;
const SPACE = 0x20;
const QUESTION = 0x3f;

/**
 * What one cell shows for a glyph given to {@link CellBuffer.set}: its code
 * point, the grapheme when it is several code points, or `?` for anything
 * that is not exactly one grapheme one column wide. Remembered: the map
 * asks for the same few glyphs thousands of times a frame.
 */
const singleCells = new Map<string, number | string>();

/** A drawn grapheme as a cell: its code point if it is one, else the grapheme itself. */
function singleCellOf(text: string): number | string {
  const cp = text.codePointAt(0)!;
  return text.length === 1 || (cp > 0xffff && text.length === 2) ? cp : text;
}

function singleCell(glyph: string): number | string {
  // A grapheme of more code units than this is no glyph (and is not remembered).
  if (glyph.length > 16) return QUESTION;
  let cell = singleCells.get(glyph);
  if (cell === undefined) {
    const drawn = graphemes(glyph, 2);
    const only = drawn.length === 1 && drawn[0].width === 1 ? drawn[0].text : undefined;
    cell = only === undefined ? QUESTION : singleCellOf(only);
    if (singleCells.size >= 1024) singleCells.clear();
    singleCells.set(glyph, cell);
  }
  return cell;
}

/** A grid of cells, row-major. */
export class CellBuffer {
  readonly glyphs: Uint32Array;
  readonly fg: Uint32Array;
  readonly bg: Uint32Array;
  readonly attrs: Uint8Array;
  #clusters: string[] = [];
  #clusterCodes = new Map<string, number>();

  constructor(readonly width: number, readonly height: number) {
    const size = width * height;
    this.glyphs = new Uint32Array(size).fill(SPACE);
    this.fg = new Uint32Array(size).fill(0xffffff);
    this.bg = new Uint32Array(size);
    this.attrs = new Uint8Array(size);
  }

  /** Paints every cell blank with the given colours. */
  clear(fg = 0xffffff, bg = 0x000000): void {
    this.glyphs.fill(SPACE);
    this.fg.fill(fg);
    this.bg.fill(bg);
    this.attrs.fill(0);
    // Most frames have no graphemes of several characters: nothing to forget, nothing made anew.
    if (this.#clusters.length > 0) {
      this.#clusters = [];
      this.#clusterCodes.clear();
    }
  }

  /**
   * Sets one cell; cells outside the buffer are ignored. A glyph that is
   * not one printable character one column wide (a control, an emoji, two
   * characters) is drawn as `?`, so the cells beside it never move; a bare
   * accent is drawn on a dotted circle.
   */
  set(x: number, y: number, glyph: string | number, fg: number, bg: number, attrs = 0): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    let code: number;
    if (typeof glyph === "number") {
      code = glyph >= SPACE && glyph < 0x7f ? glyph : this.#code(
        Number.isInteger(glyph) && glyph >= 0 && glyph <= 0x10ffff
          ? singleCell(String.fromCodePoint(glyph))
          : QUESTION,
      );
    } else {
      const first = glyph.charCodeAt(0);
      code = glyph.length === 1 && first >= SPACE && first < 0x7f ? first : this.#code(singleCell(glyph));
    }
    const i = y * this.width + x, glyphs = this.glyphs;
    if (glyphs[i] !== WIDE_TAIL && (x + 1 === this.width || glyphs[i + 1] !== WIDE_TAIL)) {
      // No wide character here or beside: the common case, drawn here (the map's thousands of cells a frame).
      glyphs[i] = code;
      this.fg[i] = fg;
      this.bg[i] = bg;
      this.attrs[i] = attrs;
    } else {
      this.#put(i, code, 1, fg, bg, attrs);
    }
  }

  /**
   * Writes `text` from (x, y) on one row, clipped at the right edge, each
   * grapheme in as many cells as it is wide; anything that is not
   * printable is drawn as its visible escape. With `bg` undefined the cells
   * keep their background.
   */
  text(x: number, y: number, text: string, fg: number, bg?: number, attrs = 0): void {
    if (y < 0 || y >= this.height) return;
    const row = y * this.width;
    let cx = x;
    // Only as much as the row can show is looked at (a printable ASCII character a cell).
    if (isPlainAscii(text.length > this.width ? text.slice(0, Math.max(0, this.width - x)) : text)) {
      // Printable ASCII, most of what is drawn: one cell a character.
      for (let k = Math.max(0, -x); k < text.length && x + k < this.width; k++) {
        this.#put(row + x + k, text.charCodeAt(k), 1, fg, bg ?? this.bg[row + x + k], attrs);
      }
      return;
    }
    for (const g of graphemes(text, this.width - x)) {
      if (cx + g.width > this.width) return;
      if (cx >= 0) {
        const code = this.#code(singleCellOf(g.text));
        this.#put(row + cx, code, g.width, fg, bg ?? this.bg[row + cx], attrs);
      }
      cx += g.width;
    }
  }

  /** Recolours cell (x, y), keeping its glyph: the whole character, if it is a wide one. */
  recolor(x: number, y: number, fg: number, bg: number, attrs = 0): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const row = y * this.width;
    let i = row + x;
    while (i > row && this.glyphs[i] === WIDE_TAIL) i--;
    do {
      this.fg[i] = fg;
      this.bg[i] = bg;
      this.attrs[i] = attrs;
      i++;
    } while (i < row + this.width && this.glyphs[i] === WIDE_TAIL);
  }

  /** Paints a rectangle's background, keeping glyphs and foregrounds. */
  fillBg(x: number, y: number, width: number, height: number, bg: number): void {
    for (let cy = Math.max(0, y); cy < Math.min(this.height, y + height); cy++) {
      for (let cx = Math.max(0, x); cx < Math.min(this.width, x + width); cx++) {
        this.bg[cy * this.width + cx] = bg;
      }
    }
  }

  /** What cell `i` shows: "" for the tail of a wide character. */
  cellText(i: number): string {
    const code = this.glyphs[i];
    if (code === WIDE_TAIL) return "";
    return code >= CLUSTER_BASE ? this.#clusters[code - CLUSTER_BASE] : String.fromCodePoint(code);
  }

  /** True when cell `i` here shows what cell `j` of `other` shows. */
  sameGlyph(i: number, other: CellBuffer, j = i): boolean {
    const a = this.glyphs[i], b = other.glyphs[j];
    return a === b ||
      (a >= CLUSTER_BASE && b >= CLUSTER_BASE &&
        this.#clusters[a - CLUSTER_BASE] === other.#clusters[b - CLUSTER_BASE]);
  }

  /** Makes this buffer (of the same size) a copy of `source`. */
  copyFrom(source: CellBuffer): void {
    this.glyphs.set(source.glyphs);
    this.fg.set(source.fg);
    this.bg.set(source.bg);
    this.attrs.set(source.attrs);
    if (this.#clusters.length > 0 || source.#clusters.length > 0) {
      this.#clusters = [...source.#clusters];
      this.#clusterCodes = new Map(source.#clusterCodes);
    }
  }

  /** The text of row `y`, for tests and snapshots. */
  rowText(y: number): string {
    let text = "";
    for (let i = y * this.width; i < (y + 1) * this.width; i++) text += this.cellText(i);
    return text;
  }

  /** The glyph code for a cell: a code point, or the table's code for a grapheme of several. */
  #code(cell: number | string): number {
    if (typeof cell === "number") return cell;
    let code = this.#clusterCodes.get(cell);
    if (code === undefined) {
      if (this.#clusters.length >= MAX_CLUSTERS) return 0xfffd;
      code = CLUSTER_BASE + this.#clusters.length;
      this.#clusters.push(cell);
      this.#clusterCodes.set(cell, code);
    }
    return code;
  }

  /**
   * Writes a glyph `width` cells wide at `i` (the caller keeps it on one
   * row). A wide character it covers only in part is blanked whole, since
   * no terminal can show half of one.
   */
  #put(i: number, code: number, width: number, fg: number, bg: number, attrs: number): void {
    const { glyphs } = this;
    const column = i % this.width;
    if (
      width === 1 && glyphs[i] !== WIDE_TAIL && (column + 1 === this.width || glyphs[i + 1] !== WIDE_TAIL)
    ) {
      // No wide character here or beside: the common case, one cell.
      glyphs[i] = code;
      this.fg[i] = fg;
      this.bg[i] = bg;
      this.attrs[i] = attrs;
      return;
    }
    const rowStart = i - column, rowEnd = rowStart + this.width;
    if (glyphs[i] === WIDE_TAIL) {
      let lead = i - 1;
      while (lead > rowStart && glyphs[lead] === WIDE_TAIL) glyphs[lead--] = SPACE;
      glyphs[lead] = SPACE;
    }
    for (let j = i + width; j < rowEnd && glyphs[j] === WIDE_TAIL; j++) glyphs[j] = SPACE;
    for (let k = 0; k < width; k++) {
      glyphs[i + k] = k === 0 ? code : WIDE_TAIL;
      this.fg[i + k] = fg;
      this.bg[i + k] = bg;
      this.attrs[i + k] = attrs;
    }
  }
}
