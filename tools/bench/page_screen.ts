/**
 * What a browser page's terminal shows: the bytes a page is sent, parsed by
 * xterm.js's own parser (headless, the same one the page runs), so a test
 * reads the screen a player or a watcher would see, and a bench player
 * (tools/bench/server_hostile.ts) sees what it plays.
 *
 * @module
 */
import headless from "@xterm/headless";

/** A page's screen, fed what the page is sent. */
export class PageScreen {
  readonly #terminal: headless.Terminal;
  /** Writes the parser has not finished. */
  #pending = 0;
  #settled: (() => void)[] = [];
  #disposed = false;

  constructor(columns: number, rows: number) {
    this.#terminal = new headless.Terminal({ cols: columns, rows, allowProposedApi: true, scrollback: 1 });
  }

  /** Output the page was sent. */
  write(text: string): void {
    this.#pending++;
    this.#terminal.write(text, () => {
      if (--this.#pending > 0) return;
      const waiting = this.#settled;
      this.#settled = [];
      for (const resolve of waiting) resolve();
    });
  }

  /** The page's terminal changed size. */
  resize(columns: number, rows: number): void {
    this.#terminal.resize(columns, rows);
  }

  /** The screen's rows as text, once every write so far (and any made while waiting) is parsed; none once freed. */
  async lines(): Promise<string[]> {
    while (this.#pending > 0) await new Promise<void>((resolve) => this.#settled.push(resolve));
    if (this.#disposed) return [];
    const buffer = this.#terminal.buffer.active;
    return [...Array(this.#terminal.rows).keys()].map((y) =>
      buffer.getLine(y)?.translateToString(true) ?? ""
    );
  }

  /** Frees the terminal. */
  dispose(): void {
    this.#disposed = true;
    this.#terminal.dispose();
  }
}
