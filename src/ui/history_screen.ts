/**
 * `v`: the whole message log in a window (SPEC §3.5, §12.3). The cursor
 * starts on the newest message, which sits on the bottom line; Up/Down move
 * it by one, PgUp/PgDn by ten, Home/End to either end, wrapping round at
 * the ends; the mouse wheel scrolls; any other key closes.
 *
 * @module
 */
import type { CellBuffer } from "../terminal/cell_buffer.ts";
import type { KeyEvent, MouseEvent } from "../terminal/input_events.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_KEY, lookupKey } from "./keymap.ts";
import { drawMessages } from "./panel.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawWindow } from "./window.ts";

type Scroll = "up" | "down" | "pageUp" | "pageDown" | "first" | "last" | "help";

const HISTORY_BINDINGS: readonly Binding<Scroll>[] = [
  { keys: ["Up"], value: "up", help: "older message (from the oldest, wraps to the newest)" },
  { keys: ["Down"], value: "down", help: "newer message (from the newest, wraps to the oldest)" },
  { keys: ["PageUp"], value: "pageUp", help: "ten older" },
  { keys: ["PageDown"], value: "pageDown", help: "ten newer" },
  { keys: ["Home"], value: "first", help: "the oldest message" },
  { keys: ["End"], value: "last", help: "the newest message" },
  { keys: [HELP_KEY], value: "help", help: "this help" },
  { keys: ["mouse wheel"], help: "scroll", listedOnly: true },
  { keys: ["any other key"], help: "back to the game", listedOnly: true },
];

/** The message history viewer. */
export class HistoryScreen implements Screen {
  readonly title = "Message history";
  readonly bindings = HISTORY_BINDINGS;
  cursor: number;

  constructor(readonly count: number) {
    this.cursor = count - 1;
  }

  /** Moves the cursor by `step`, wrapping only from an end (SPEC §3.5). */
  #move(step: number): void {
    const last = this.count - 1;
    if (step < 0 && this.cursor === 0) this.cursor = last;
    else if (step > 0 && this.cursor === last) this.cursor = 0;
    else this.cursor = Math.max(0, Math.min(last, this.cursor + step));
  }

  handleKey(event: KeyEvent): ScreenResult {
    const binding = lookupKey(HISTORY_BINDINGS, event);
    if (!binding) return CLOSE;
    switch (binding.value) {
      case "up":
        this.#move(-1);
        break;
      case "down":
        this.#move(1);
        break;
      case "pageUp":
        this.#move(-10);
        break;
      case "pageDown":
        this.#move(10);
        break;
      case "first":
        this.cursor = 0;
        break;
      case "last":
        this.cursor = this.count - 1;
        break;
      case "help":
        return { type: "open", screen: new HelpScreen(this) };
    }
    return STAY;
  }

  handleMouse(event: MouseEvent): ScreenResult {
    if (event.action !== "wheel") return STAY;
    if (event.button === "wheelUp") this.cursor = Math.max(0, this.cursor - 1);
    if (event.button === "wheelDown") this.cursor = Math.min(this.count - 1, this.cursor + 1);
    return STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const { columns, rows } = ui.layout;
    const inside = drawWindow(buf, { x: 3, y: 3, width: columns - 6, height: rows - 6 }, this.title);
    drawMessages(buf, ui.theme, ui.state.log, inside, this.cursor);
  }
}
