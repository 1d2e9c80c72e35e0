/**
 * The terminal's picture: a cell buffer the size of the terminal and the
 * renderer that writes only what changed since the last frame. Below the
 * minimum size every app shows the same notice instead of its screens.
 *
 * @module
 */
import { CellBuffer, type ColorDepth, DiffRenderer, type Terminal } from "../terminal/mod.ts";
import { MIN_COLUMNS, MIN_ROWS } from "./layout.ts";
import { centredX, wrapText } from "./text.ts";

/** A buffer that follows the terminal's size, and its renderer. */
export class Frame {
  readonly #renderer: DiffRenderer;
  #buffer: CellBuffer;

  constructor(
    readonly terminal: Pick<Terminal, "columns" | "rows" | "write" | "takeLostTrack" | "shown">,
    colorDepth: ColorDepth,
  ) {
    this.#renderer = new DiffRenderer(colorDepth);
    this.#buffer = new CellBuffer(terminal.columns, terminal.rows);
  }

  /** The picture as last drawn. */
  get buffer(): CellBuffer {
    return this.#buffer;
  }

  /**
   * True while the terminal is below the minimum size: the notice is all
   * there is to see, so nothing but Ctrl-C may act on what is behind it.
   */
  get tooSmall(): boolean {
    return this.terminal.columns < MIN_COLUMNS || this.terminal.rows < MIN_ROWS;
  }

  /** The next frame repaints every cell (something else wrote to the terminal). */
  invalidate(): void {
    this.#renderer.invalidate();
  }

  /** Draws with `draw`, or the too-small notice, and writes what changed. */
  paint(draw: (buf: CellBuffer) => void): void {
    const { columns, rows } = this.terminal;
    if (this.#buffer.width !== columns || this.#buffer.height !== rows) {
      this.#buffer = new CellBuffer(columns, rows);
      this.#renderer.invalidate();
    }
    if (this.terminal.takeLostTrack?.()) this.#renderer.loseTrack();
    if (this.tooSmall) drawTooSmall(this.#buffer, columns, rows);
    else draw(this.#buffer);
    const bytes = this.#renderer.render(this.#buffer);
    this.terminal.shown?.(this.#buffer, this.#renderer.depth);
    this.terminal.write(bytes);
  }
}

function drawTooSmall(buf: CellBuffer, columns: number, rows: number): void {
  buf.clear();
  const need = `${MIN_COLUMNS}x${MIN_ROWS}`;
  const lines = wrapText(`terminal too small (need ${need}, have ${columns}x${rows})`, Math.max(1, columns));
  const top = Math.max(0, Math.floor((rows - lines.length) / 2));
  lines.forEach((line, k) => buf.text(centredX(0, columns, line), top + k, line, 0xffffff));
}
