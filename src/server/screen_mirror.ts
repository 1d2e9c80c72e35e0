/**
 * The screen a game shows, kept in a headless terminal (xterm.js's, the
 * browser's own parser) so a watcher who arrives late, or falls behind, is
 * sent the whole screen as it stands and then follows frame by frame.
 *
 * @module
 */
import headless from "@xterm/headless";
import serialize from "@xterm/addon-serialize";

/** What a fresh browser terminal needs before a screen: the alternate screen, no cursor. */
const SCREEN_START = "\x1b[?1049h\x1b[?25l\x1b[0m\x1b[H\x1b[2J";

/** A game's screen, fed the game's output. */
export class ScreenMirror {
  readonly #terminal: headless.Terminal;
  readonly #serializer = new serialize.SerializeAddon();
  /** Writes the parser has not finished. */
  #pending = 0;
  #settled: (() => void)[] = [];

  constructor(columns: number, rows: number) {
    this.#terminal = new headless.Terminal({ cols: columns, rows, allowProposedApi: true, scrollback: 1 });
    this.#terminal.loadAddon(this.#serializer as never);
  }

  /** Output the game wrote. */
  write(text: string): void {
    this.#pending++;
    this.#terminal.write(text, () => {
      if (--this.#pending > 0) return;
      const waiting = this.#settled;
      this.#settled = [];
      for (const resolve of waiting) resolve();
    });
  }

  /** The game's size changed. */
  resize(columns: number, rows: number): void {
    this.#terminal.resize(columns, rows);
  }

  /** The size the screen is. */
  get size(): { columns: number; rows: number } {
    return { columns: this.#terminal.cols, rows: this.#terminal.rows };
  }

  /**
   * The whole screen as text a browser terminal of the same size draws from
   * blank, once every write so far is parsed (and any made while waiting).
   */
  async snapshot(): Promise<string> {
    while (this.#pending > 0) await new Promise<void>((resolve) => this.#settled.push(resolve));
    return SCREEN_START + this.#serializer.serialize({ scrollback: 0 });
  }

  /** The screen's rows as text, once every write so far is parsed. */
  async lines(): Promise<string[]> {
    await this.snapshot();
    const buffer = this.#terminal.buffer.active;
    return [...Array(this.#terminal.rows).keys()].map((y) =>
      buffer.getLine(y)?.translateToString(true) ?? ""
    );
  }

  /** Frees the terminal. */
  dispose(): void {
    this.#terminal.dispose();
  }
}
