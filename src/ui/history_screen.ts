/**
 * `v`: the whole message log in a window (docs/rules.md, Windows), each message
 * wrapped as in the panel, oldest at the top, newest on the bottom line. It
 * opens at the bottom, on the newest message; Up/Down scroll a line, PgUp/PgDn a page (or the data's
 * `historyPage` lines, the TCOD tutorial's 10), wrapping round
 * from either end; Home shows the oldest messages at the top,
 * End the newest at the bottom; the mouse wheel scrolls; any other key
 * closes.
 *
 * @module
 */
import { displayText, type LogEntry } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_BINDING, lookupKey } from "./keymap.ts";
import { type Notices, shownLog } from "./notices.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { Scroll, scrollBindings, type ScrollCommand } from "./scroll.ts";
import { wrapText } from "./text.ts";
import { paletteColor } from "./theme.ts";
import { drawWindow } from "./window.ts";

export const HISTORY_BINDINGS: readonly Binding<ScrollCommand | "help">[] = [
  ...scrollBindings(true),
  HELP_BINDING,
  { keys: ["mouse wheel"], help: "scroll", listedOnly: true },
  { keys: ["any other key"], help: "back to the game", listedOnly: true },
];

/** One line of the history as drawn: a piece of a message, in its colour. */
interface HistoryLine {
  readonly text: string;
  readonly color: string;
}

/** The message history viewer. */
export class HistoryScreen implements Screen {
  readonly title = "Message history";
  readonly bindings = HISTORY_BINDINGS;
  /** Opens on the newest messages. */
  readonly scroll = new Scroll(true);
  /** The log wrapped at `width`, as it was when it had `size` entries, the last `count` times over, and those notices. */
  #wrapped: { width: number; size: number; count: number; notices: string; lines: HistoryLine[] } | undefined;

  handleKey(event: KeyEvent, ui?: Pick<UiContext, "keys" | "historyPage">): ScreenResult {
    const command = lookupKey(HISTORY_BINDINGS, event, ui?.keys)?.value;
    if (!command) return CLOSE;
    if (command === "help") return { type: "open", screen: new HelpScreen(this) };
    this.scroll.apply(command, true, ui?.historyPage);
    return STAY;
  }

  handleMouse(event: MouseEvent): ScreenResult {
    if (event.action !== "wheel") return STAY;
    if (event.button === "wheelUp") this.scroll.apply("lineUp");
    if (event.button === "wheelDown") this.scroll.apply("lineDown");
    return STAY;
  }

  /**
   * Every message of `log`, the notices among them, wrapped to `width`,
   * oldest first; wrapped again only when the width, the log or the notices
   * changed (each only grows at its end).
   */
  #lines(log: readonly LogEntry[], told: Notices, width: number, even?: boolean): HistoryLine[] {
    const size = log.length, count = log.at(-1)?.count ?? 0, notices = told.version;
    let known = this.#wrapped;
    if (
      !known || known.width !== width || known.size !== size || known.count !== count ||
      known.notices !== notices
    ) {
      const lines = shownLog(log, told).flatMap((entry) =>
        wrapText(displayText(entry), width, even).map((text) => ({ text, color: entry.color }))
      );
      known = this.#wrapped = { width, size, count, notices, lines };
    }
    return known.lines;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const { columns, rows } = ui.layout;
    const frame = { x: 3, y: 3, width: columns - 6, height: rows - 6 };
    const inside = drawWindow(buf, frame, this.title);
    const lines = this.#lines(ui.state.log, ui.notices, inside.width, ui.theme.evenWrap);
    this.scroll.fit(lines.length, inside.height);
    // A log shorter than the window sits at its foot, newest on the bottom line, as in the panel.
    const below = inside.y + Math.max(0, inside.height - lines.length);
    lines.slice(this.scroll.top, this.scroll.top + inside.height).forEach((line, k) =>
      buf.text(inside.x, below + k, line.text, paletteColor(ui.theme, line.color))
    );
    this.scroll.drawMark(buf, frame, 0xffffff, 0);
  }
}
