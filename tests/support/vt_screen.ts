import stringWidth from "string-width";

/**
 * A minimal terminal emulator for tests: it applies the escape sequences the
 * renderer emits (CUP, CUF, SGR truecolor and attributes, ED, DEC private
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
    const re = /\x1b\[([?]?)([\d;]*)([A-Za-z])|\x1b([=>])|([^\x1b])/gsu;
    for (const m of text.matchAll(re)) {
      if (m[5] !== undefined) this.#print(m[5]);
      else if (m[4] !== undefined) this.modes.set(m[4], true);
      else this.#csi(m[1], m[2], m[3]);
    }
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
      case "C":
        this.x = Math.min(this.width - 1, this.x + Math.max(1, n[0]));
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
      else if ((code === 38 || code === 48) && n[k + 1] === 2) {
        const rgb = (n[k + 2] << 16) | (n[k + 3] << 8) | n[k + 4];
        if (code === 38) this.#fg = rgb;
        else this.#bg = rgb;
        k += 4;
      } else throw new Error(`VtScreen: unsupported SGR ${code}`);
    }
  }
}
