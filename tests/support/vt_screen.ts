/**
 * A terminal for tests: xterm.js's own parser and screen, without a display
 * (`@xterm/headless`). A test writes what the program wrote and reads back
 * what a terminal would show, cell by cell, to compare it with the buffer
 * that was drawn. Being a real terminal's emulation, it joins a combining
 * mark to the cell before it, scrolls past the bottom row, and treats every
 * sequence as that terminal does, so a renderer cannot pass by relying on a
 * shortcut of the test.
 *
 * @module
 */
import headless from "@xterm/headless";
import stringWidth from "string-width";
import { Attr, type CellBuffer, WIDE_TAIL } from "../../src/terminal/cell_buffer.ts";
import { type ColorDepth, glyphColor16, quantize } from "../../src/terminal/color.ts";
import { equal } from "node:assert/strict";

/** The foreground a cell has before any SGR sets one, as a number the tests compare with. */
const DEFAULT_FG = 0xffffff;
/** The background a cell has before any SGR sets one. */
const DEFAULT_BG = 0x000000;

/** Widths already measured: a screen repeats its characters. */
const widths = new Map<number, 0 | 1 | 2>();

/**
 * Character widths as terminals give them today (an emoji takes two
 * columns), where xterm's built-in table is Unicode 6's: each code point
 * measured with `string-width`, as the screen buffer measures its text, so
 * a test compares where cells are and not two width tables. The properties
 * are packed as xterm's own Unicode providers pack them (bit 0: joins the
 * character before; bits 1 and 2: the width), and a zero-width character
 * joins the one before it, as theirs do.
 */
const WIDTHS: headless.IUnicodeVersionProvider = {
  version: "string-width",
  wcwidth(codepoint: number): 0 | 1 | 2 {
    let width = widths.get(codepoint);
    if (width === undefined) {
      width = Math.min(2, stringWidth(String.fromCodePoint(codepoint))) as 0 | 1 | 2;
      widths.set(codepoint, width);
    }
    return width;
  },
  charProperties(codepoint: number, preceding: number): number {
    let width = WIDTHS.wcwidth(codepoint);
    const before = (preceding >> 1) & 3;
    const joins = width === 0 && preceding !== 0 && before !== 0;
    if (joins) width = before as 0 | 1 | 2;
    return (width << 1) | (joins ? 1 : 0);
  },
};

/** The cells of the screen, a row after another, read at one moment. */
interface Cells {
  readonly glyphs: string[];
  readonly fg: number[];
  readonly bg: number[];
  readonly attrs: number[];
}

/**
 * A screen of `width` columns and `height` rows. Write with `apply` (and
 * await it: the parser runs after the write returns); then read the cells.
 * Colours read as 0xRRGGBB for a true colour, as the index for a palette
 * colour, and as white on black where none was set.
 */
export class VtScreen {
  readonly #terminal: headless.Terminal;
  /** Writes the parser has not finished: reading the cells meanwhile is a test's mistake. */
  #pending = 0;
  /** The cells as last read, until the next write. */
  #cells: Cells | undefined;
  /** The buffer (normal or alternate) the last scroll event came from. */
  #bufferType: string;

  /** Times the screen scrolled (a line fed past the bottom, or reverse-indexed past the top). */
  scrolled = 0;

  constructor(readonly width: number, readonly height: number) {
    this.#terminal = new headless.Terminal({
      cols: width,
      rows: height,
      scrollback: 0,
      allowProposedApi: true,
    });
    this.#terminal.unicode.register(WIDTHS);
    this.#terminal.unicode.activeVersion = WIDTHS.version;
    this.#bufferType = this.#terminal.buffer.active.type;
    // xterm tells of a scroll up (a line feed at the bottom) and also of a switch of buffer, which is none.
    this.#terminal.onScroll(() => {
      const type = this.#terminal.buffer.active.type;
      if (type === this.#bufferType) this.scrolled++;
      this.#bufferType = type;
    });
    // A reverse index on the top row scrolls down, which xterm does not tell of: see it before xterm acts.
    this.#terminal.parser.registerEscHandler({ final: "M" }, () => {
      if (this.#terminal.buffer.active.cursorY === 0) this.scrolled++;
      return false;
    });
  }

  /** Writes `text` to the terminal; resolves once it is parsed and shown. */
  apply(text: string): Promise<void> {
    this.#pending++;
    this.#cells = undefined;
    return new Promise((resolve) =>
      this.#terminal.write(text, () => {
        this.#pending--;
        resolve();
      })
    );
  }

  /** Puts the cursor at column `x`, row `y` (from 0), as a test's starting point. */
  moveTo(x: number, y: number): Promise<void> {
    return this.apply(`\x1b[${y + 1};${x + 1}H`);
  }

  /** The cursor's column (after the last column's character, the last column, as a terminal shows it). */
  get x(): number {
    return Math.min(this.width - 1, this.#buffer.cursorX);
  }

  /** The cursor's row. */
  get y(): number {
    return this.#buffer.cursorY;
  }

  /** The modes set by `CSI ? n h` (synchronized output among them). */
  get modes(): headless.IModes {
    return this.#read(() => this.#terminal.modes);
  }

  /** Each cell's text: a character with its combining marks; "" for the second cell of a wide one. */
  get glyphs(): string[] {
    return this.#read(() => this.#screen().glyphs);
  }

  /** Each cell's foreground. */
  get fg(): number[] {
    return this.#read(() => this.#screen().fg);
  }

  /** Each cell's background. */
  get bg(): number[] {
    return this.#read(() => this.#screen().bg);
  }

  /** Each cell's attributes, as the bits of `Attr`. */
  get attrs(): number[] {
    return this.#read(() => this.#screen().attrs);
  }

  get #buffer(): headless.IBuffer {
    return this.#read(() => this.#terminal.buffer.active);
  }

  #read<T>(what: () => T): T {
    if (this.#pending > 0) throw new Error("VtScreen: read before the write was parsed (await apply)");
    return what();
  }

  #screen(): Cells {
    if (this.#cells) return this.#cells;
    const cells: Cells = { glyphs: [], fg: [], bg: [], attrs: [] };
    const buffer = this.#terminal.buffer.active;
    const cell = buffer.getNullCell();
    for (let y = 0; y < this.height; y++) {
      const line = buffer.getLine(buffer.viewportY + y)!;
      for (let x = 0; x < this.width; x++) {
        line.getCell(x, cell);
        // A cell never written holds no text; a terminal shows it blank.
        cells.glyphs.push(cell.getWidth() === 0 ? "" : cell.getChars() || " ");
        cells.fg.push(cell.isFgDefault() ? DEFAULT_FG : cell.getFgColor());
        cells.bg.push(cell.isBgDefault() ? DEFAULT_BG : cell.getBgColor());
        cells.attrs.push(
          (cell.isBold() ? Attr.Bold : 0) | (cell.isDim() ? Attr.Dim : 0) |
            (cell.isUnderline() ? Attr.Underline : 0) | (cell.isInverse() ? Attr.Reverse : 0),
        );
      }
    }
    this.#cells = cells;
    return cells;
  }
}

/**
 * True to the eye: every cell of the emulator shows what the buffer holds
 * as a terminal of `depth` shows it: its glyph and background; and its
 * foreground and attributes, but where they cannot be seen (a space with no
 * underline or reversed colours).
 */
export function sameScreen(vt: VtScreen, buf: CellBuffer, depth: ColorDepth = "truecolor"): void {
  for (let i = 0; i < buf.width * buf.height; i++) {
    const where = `cell (${i % buf.width}, ${Math.floor(i / buf.width)})`;
    equal(vt.glyphs[i], buf.cellText(i), where);
    // The second cell of a wide character shows in its first cell's colours.
    let lead = i;
    while (buf.glyphs[lead] === WIDE_TAIL && lead % buf.width > 0) lead--;
    const bg = quantize(buf.bg[lead], depth);
    if (depth !== "none") equal(vt.bg[i], bg, `${where} bg`);
    const shownOnBlank = Attr.Underline | Attr.Reverse;
    if (buf.cellText(i) === " " && (buf.attrs[lead] & shownOnBlank) === 0) {
      equal(vt.attrs[i] & shownOnBlank, 0, `${where}: a blank cell shows no line and no swapped colours`);
      continue;
    }
    if (depth !== "none") {
      const fg = quantize(buf.fg[lead], depth);
      equal(
        vt.fg[i],
        depth === "16" && buf.cellText(lead) !== " " ? glyphColor16(fg, bg) : fg,
        `${where} fg`,
      );
    }
    equal(vt.attrs[i], buf.attrs[lead], `${where} attrs`);
  }
}
