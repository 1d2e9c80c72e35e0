/**
 * How a game session draws: the frame it paints into, the look of things
 * (which the options may change mid-game) and the layout, made again only
 * when the terminal or the map changes size.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import type { GameState } from "../engine/mod.ts";
import type { CellBuffer, ColorDepth, Terminal } from "../terminal/mod.ts";
import { computeLayout, Frame, type Layout, type Screen, type Theme, type UiContext } from "../ui/mod.ts";
import { themeFromContent } from "./theme_from_content.ts";

/** The frame, theme and layout of one session's terminal. */
export class SessionView {
  readonly #frame: Frame;
  readonly #terminal: Terminal;
  /** The look of things, and where the panel goes (made before the UI context, which needs a layout). */
  #theme: Theme;
  /** The layout last made, and the map size it was made for: it holds while no size changes (nearly every frame). */
  #laid: Layout | undefined;
  #laidMap = { width: 0, height: 0 };
  /** The worker faults already repainted after. */
  #faultsSeen = 0;

  constructor(terminal: Terminal, colorDepth: ColorDepth, content: Content, palette: string | undefined) {
    this.#terminal = terminal;
    this.#frame = new Frame(terminal, colorDepth);
    this.#theme = themeFromContent(content, palette);
  }

  /** The look of things as the options now set it. */
  get theme(): Theme {
    return this.#theme;
  }

  /** Builds the look of things again, for a palette the options chose. */
  retheme(content: Content, palette: string | undefined): Theme {
    return this.#theme = themeFromContent(content, palette);
  }

  /** The buffer of the last frame drawn. */
  get buffer(): CellBuffer {
    return this.#frame.buffer;
  }

  /** True while the terminal is too small to draw the game in. */
  get tooSmall(): boolean {
    return this.#frame.tooSmall;
  }

  /** The next frame repaints every cell (a resize may leave stale cells anywhere). */
  invalidate(): void {
    this.#frame.invalidate();
  }

  /** Repaints whole when the worker failed since last asked: a dying worker may have written on the screen. */
  noteFaults(faults: number): void {
    if (faults !== this.#faultsSeen) this.#frame.invalidate();
    this.#faultsSeen = faults;
  }

  /** The layout for `state`'s map on the terminal as it is now. */
  layout(state: GameState): Layout {
    const { columns, rows } = this.#terminal, { width, height } = state.map, laid = this.#laid;
    if (
      laid?.columns === columns && laid.rows === rows && this.#laidMap.width === width &&
      this.#laidMap.height === height
    ) {
      return laid;
    }
    this.#laidMap = { width, height };
    const below = this.#theme.texts.panel.below;
    const plan = { x: below.x, barRow: below.barRow, linesRow: below.linesRow, lines: below.lines.length };
    return this.#laid = computeLayout(columns, rows, width, height, this.#theme.panel, plan);
  }

  /** Draws every screen of `stack`, bottom first, and writes what changed. */
  render(stack: readonly Screen[], ui: UiContext): void {
    ui.layout = this.layout(ui.state);
    ui.prompt = stack[stack.length - 1].prompt?.(ui);
    this.#frame.paint((buf) => {
      for (const screen of stack) screen.draw(buf, ui);
    });
  }
}
