/**
 * Asks before Escape on the map saves the game and goes back to the title,
 * where the data say so (`game.json`'s `quitAsks`: docs/options.md): `y`
 * goes, any other key stays. Ctrl-C still saves and quits at once.
 *
 * @module
 */
import { message } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { type Binding, lookupKey } from "./keymap.ts";
import { CLOSE, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";
import { wrapText } from "./text.ts";

export const QUIT_BINDINGS: readonly Binding<"quit">[] = [
  { keys: ["y", "Y"], value: "quit", help: "save the game and go back to the title", name: "quit.confirm" },
  { keys: ["any other key"], help: "stay in the game", listedOnly: true },
];

/** The question, over the map. */
export class QuitScreen {
  readonly title = "Leave to the title?";
  readonly bindings = QUIT_BINDINGS;

  handleKey(event: KeyEvent, ui?: Pick<UiContext, "keys">): ScreenResult {
    return lookupKey(QUIT_BINDINGS, event, ui?.keys)?.value === "quit" ? { type: "quit" } : CLOSE;
  }

  handleMouse(_event: MouseEvent): ScreenResult {
    return STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const text = message(ui.rules, "confirm_quit")?.text ?? "";
    const width = Math.max(20, Math.min(50, ui.layout.columns - 4));
    drawSideWindow(buf, ui, this.title, [...wrapText(text, width), "", "y: leave   any other key: stay"]);
  }
}
