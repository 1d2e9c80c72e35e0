/**
 * The loop: input → screen → engine → render, one event at a time, in the
 * order the events came.
 *
 * @module
 */
import type { Content } from "../content/load_content.ts";
import { narrate } from "../engine/narration.ts";
import type { GameState } from "../engine/state.ts";
import { isGameOver, playerAct } from "../engine/turn.ts";
import { CellBuffer } from "../terminal/cell_buffer.ts";
import type { ColorDepth } from "../terminal/color.ts";
import { DiffRenderer } from "../terminal/diff_renderer.ts";
import type { KeyEvent } from "../terminal/input_events.ts";
import type { Terminal } from "../terminal/terminal.ts";
import { lookupKey, PLAY_BINDINGS } from "../ui/keymap.ts";
import { computeLayout, MIN_COLUMNS, MIN_ROWS } from "../ui/layout.ts";
import { drawPlayScreen, drawTooSmall } from "../ui/play_screen.ts";
import type { Theme } from "../ui/theme.ts";
import type { MonsterRunner } from "./monster_runner.ts";
import { themeFromContent } from "./theme_from_content.ts";

/** Why the loop ended. */
export type ExitReason = "quit" | "interrupt" | "input-closed";

/** Options for a session. */
export interface GameAppOptions {
  readonly colorDepth: ColorDepth;
}

/** One play session on one terminal. */
export class GameApp {
  readonly #theme: Theme;
  readonly #renderer: DiffRenderer;
  #buffer: CellBuffer;

  constructor(
    readonly terminal: Terminal,
    readonly content: Content,
    readonly state: GameState,
    readonly runner: MonsterRunner,
    readonly options: GameAppOptions,
  ) {
    this.#theme = themeFromContent(content);
    this.#renderer = new DiffRenderer(options.colorDepth);
    this.#buffer = new CellBuffer(terminal.columns, terminal.rows);
  }

  /** The buffer of the last frame drawn. */
  get screen(): CellBuffer {
    return this.#buffer;
  }

  /** Draws the current state and writes what changed. */
  render(): void {
    const { columns, rows } = this.terminal;
    if (this.#buffer.width !== columns || this.#buffer.height !== rows) {
      this.#buffer = new CellBuffer(columns, rows);
      this.#renderer.invalidate();
    }
    const layout = computeLayout(columns, rows, this.state.map.width, this.state.map.height);
    if (layout.tooSmall) {
      drawTooSmall(this.#buffer, columns, rows, `${MIN_COLUMNS}x${MIN_ROWS}`);
    } else {
      const plainGlyphs = this.options.colorDepth === "16" || this.options.colorDepth === "none";
      drawPlayScreen(this.#buffer, this.state, this.#theme, layout, { plainGlyphs });
    }
    this.terminal.write(this.#renderer.render(this.#buffer));
  }

  /**
   * Handles one key; returns a reason to stop, or undefined to go on. Keys
   * that arrive meanwhile wait in the terminal's queue.
   */
  async handleKey(event: KeyEvent): Promise<ExitReason | undefined> {
    if (event.ctrl && event.key === "c") return "interrupt";
    if (this.terminal.columns < MIN_COLUMNS || this.terminal.rows < MIN_ROWS) return undefined;
    const intent = lookupKey(PLAY_BINDINGS, event);
    if (intent?.type === "quit") return "quit";
    // Once the player is dead only leaving remains.
    if (intent?.type !== "act" || isGameOver(this.state)) return undefined;
    const { rules } = this.content;
    if (playerAct(this.state, rules, intent.action)) {
      const faults = this.runner.faults.length;
      narrate(this.state.log, rules, await this.runner.run(this.state), this.state.playerId);
      // A dying worker may have written to the terminal: paint everything again.
      if (this.runner.faults.length !== faults) this.#renderer.invalidate();
    }
    return undefined;
  }

  /** Runs until the player quits or the input ends. */
  async run(): Promise<ExitReason> {
    this.render();
    for await (const event of this.terminal.events) {
      if (event.type === "resize") {
        // A resize may leave stale cells anywhere: draw everything again.
        this.#renderer.invalidate();
      } else if (event.type === "key") {
        const reason = await this.handleKey(event);
        if (reason) return reason;
      }
      this.render();
    }
    return "input-closed";
  }
}
