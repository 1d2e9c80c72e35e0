/**
 * Asks before the player leaves the dungeon by floor 1's up stairs
 * (docs/rules.md, A goal): leaving ends the game, so `y` goes and any
 * other key stays.
 *
 * @module
 */
import { message } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { type Binding, lookupKey } from "./keymap.ts";
import { CLOSE, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";
import { wrapText } from "./text.ts";

export const LEAVE_BINDINGS: readonly Binding<"leave">[] = [
  { keys: ["y", "Y"], value: "leave", help: "leave the dungeon (the game ends)", name: "leave.confirm" },
  { keys: ["any other key"], help: "stay in the dungeon", listedOnly: true },
];

/** The question, over the map. */
export class LeaveScreen {
  readonly title = "Leave the dungeon?";
  readonly bindings = LEAVE_BINDINGS;

  handleKey(event: KeyEvent, ui?: Pick<UiContext, "keys">): ScreenResult {
    if (lookupKey(LEAVE_BINDINGS, event, ui?.keys)?.value !== "leave") return CLOSE;
    return { type: "act", action: { type: "ascend" }, closeOnSuccess: true };
  }

  handleMouse(_event: MouseEvent): ScreenResult {
    return STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const text = message(ui.rules, "confirm_leave")?.text ?? "";
    const width = Math.max(20, Math.min(50, ui.layout.columns - 4));
    drawSideWindow(buf, ui, this.title, [...wrapText(text, width), "", "y: leave   any other key: stay"]);
  }
}
