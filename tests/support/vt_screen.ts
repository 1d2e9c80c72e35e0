import stringWidth from "string-width";

/**
 * A minimal terminal emulator for tests: it applies the escape sequences the
 * renderer emits (CUP, the relative moves CUU, CUD, CUF, CUB and CHA, carriage
 * return, SGR attributes on and off and colours at every depth, ED, DEC private
 * modes) to a grid, so a test can compare what the terminal would show with
 * the buffer that was drawn. Like a real terminal it gives each character
 * its width: a wide one takes its cell and the next (left "" there), a
 * combining mark joins the cell before it, and writing over half of a wide
 * character blanks the other half.
 */
export class VtScreen {
  readonly glyphs: string[];
  readonly fg: number[];
  readonly bg: number[];
  readonly attrs: number[];
  x = 0;
  y = 0;
  #fg = 0xffffff;
  #bg = 0;
  #attr = 0;
  #pendingWrap = false;
  readonly modes = new Map<string, boolean>();

  constructor(readonly width: number, readonly height: number) {
    const size = width * height;
    this.glyphs = Array(size).fill(" ");
    this.fg = Array(size).fill(0xffffff);
    this.bg = Array(size).fill(0);
    this.attrs = Array(size).fill(0);
  }

  apply(text: string): void {
    // Escape sequences are what this parses, so the pattern must name ESC.
    // deno-lint-ignore no-control-regex
    const re = /\x1b\[([?]?)([\d;]*)([A-Za-z])|\x1b([=>M])|([^\x1b])/gsu;
    for (const m of text.matchAll(re)) {
      if (m[5] !== undefined && m[5] < " ") this.#control(m[5]);
      else if (m[5] !== undefined) this.#print(m[5]);
      else if (m[4] === "M") this.#index(-1);
      else if (m[4] !== undefined) this.modes.set(m[4], true);
      else this.#csi(m[1], m[2], m[3]);
    }
  }

  /** Carriage return, backspace, and a vertical tab as a line feed (the column stays). */
  #control(ch: string): void {
    if (ch === "\r") this.x = 0;
    else if (ch === "\b") this.x = Math.max(0, this.x - 1);
    else if (ch === "\x0b") this.#index(1);
    else throw new Error(`VtScreen: unsupported control ${JSON.stringify(ch)}`);
    this.#pendingWrap = false;
  }

  /** A line down (a vertical tab) or up (a reverse index): past the bottom or top row the screen scrolls. */
  #index(dy: 1 | -1): void {
    this.#pendingWrap = false;
    const y = this.y + dy;
    if (y >= 0 && y < this.height) {
      this.y = y;
      return;
    }
    this.scrolled++;
    for (const cells of [this.glyphs, this.fg, this.bg, this.attrs] as (string | number)[][]) {
      const blank = cells === this.glyphs
        ? " "
        : cells === this.fg
        ? 0xffffff
        : cells === this.bg
        ? this.#bg
        : 0;
      if (dy > 0) cells.splice(0, this.width), cells.push(...Array(this.width).fill(blank));
      else {cells.splice(cells.length - this.width, this.width),
          cells.unshift(...Array(this.width).fill(blank));}
    }
  }

  /** Times the screen scrolled (a line fed past the bottom, or reverse-indexed past the top). */
  scrolled = 0;

  /** Moves the cursor, stopping at the edges. */
  #move(dx: number, dy: number): void {
    this.x = Math.max(0, Math.min(this.width - 1, this.x + dx));
    this.y = Math.max(0, Math.min(this.height - 1, this.y + dy));
    this.#pendingWrap = false;
  }

  #print(ch: string): void {
    const width = stringWidth(ch);
    if (width === 0) {
      // A combining mark: it joins the character last drawn.
      const row = this.y * this.width;
      let last = row + (this.#pendingWrap ? this.x : Math.max(0, this.x - 1));
      while (last > row && this.glyphs[last] === "") last--;
      this.glyphs[last] += ch;
      return;
    }
    if (this.#pendingWrap || this.x + width > this.width) {
      this.#pendingWrap = false;
      this.x = 0;
      this.y = Math.min(this.height - 1, this.y + 1);
    }
    const i = this.y * this.width + this.x;
    for (let k = 0; k < width; k++) {
      this.#unwide(i + k);
      this.glyphs[i + k] = k === 0 ? ch : "";
      this.fg[i + k] = this.#fg;
      this.bg[i + k] = this.#bg;
      this.attrs[i + k] = this.#attr;
    }
    if (this.x + width >= this.width) {
      this.x = this.width - 1;
      this.#pendingWrap = true;
    } else this.x += width;
  }

  /** Blanks the wide character cell `i` is part of, as a terminal does when half of one is overwritten. */
  #unwide(i: number): void {
    const row = i - (i % this.width);
    if (this.glyphs[i] === "" && i > row) this.glyphs[i - 1] = " ";
    if (i + 1 < row + this.width && this.glyphs[i + 1] === "") this.glyphs[i + 1] = " ";
  }

  #csi(priv: string, params: string, final: string): void {
    const n = params.split(";").map((p) => (p === "" ? 0 : Number(p)));
    this.#pendingWrap = false;
    if (priv === "?") {
      for (const mode of n) this.modes.set(String(mode), final === "h");
      return;
    }
    switch (final) {
      case "H":
        this.y = Math.max(1, n[0] || 1) - 1;
        this.x = Math.max(1, n[1] || 1) - 1;
        return;
      case "A":
        return this.#move(0, -Math.max(1, n[0]));
      case "B":
        return this.#move(0, Math.max(1, n[0]));
      case "C":
        return this.#move(Math.max(1, n[0]), 0);
      case "D":
        return this.#move(-Math.max(1, n[0]), 0);
      case "G":
        this.x = Math.min(this.width - 1, Math.max(1, n[0] || 1) - 1);
        return;
      case "J":
        this.glyphs.fill(" ");
        this.bg.fill(this.#bg);
        return;
      case "m":
        this.#sgr(n);
        return;
      default:
        throw new Error(`VtScreen: unsupported CSI ${priv}${params}${final}`);
    }
  }

  #sgr(n: number[]): void {
    for (let k = 0; k < n.length; k++) {
      const code = n[k];
      if (code === 0) {
        this.#fg = 0xffffff;
        this.#bg = 0;
        this.#attr = 0;
      } else if (code === 1) this.#attr |= 1;
      else if (code === 2) this.#attr |= 2;
      else if (code === 4) this.#attr |= 4;
      else if (code === 7) this.#attr |= 8;
      else if (code === 22) this.#attr &= ~3;
      else if (code === 24) this.#attr &= ~4;
      else if (code === 27) this.#attr &= ~8;
      else if ((code === 38 || code === 48) && n[k + 1] === 2) {
        const rgb = (n[k + 2] << 16) | (n[k + 3] << 8) | n[k + 4];
        if (code === 38) this.#fg = rgb;
        else this.#bg = rgb;
        k += 4;
      } else if ((code === 38 || code === 48) && n[k + 1] === 5) {
        // A palette colour is kept as its index.
        if (code === 38) this.#fg = n[k + 2];
        else this.#bg = n[k + 2];
        k += 2;
      } else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) {
        this.#fg = (code % 10) + (code >= 90 ? 8 : 0);
      } else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) {
        this.#bg = (code % 10) + (code >= 100 ? 8 : 0);
      } else throw new Error(`VtScreen: unsupported SGR ${code}`);
    }
  }
}
