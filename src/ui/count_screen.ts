/**
 * How many of a stack to drop (docs/rules.md, Stacks): digits type a count,
 * Backspace takes one back, Enter drops that many (none typed: the whole
 * stack), Esc or a click drops nothing. A count above the stack drops it all.
 *
 * @module
 */
import { itemLabel, playerOf } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_KEY, lookupKey } from "./keymap.ts";
import { CLOSE, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import type { Screen } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";

type CountCommand = "drop" | "back" | "cancel" | "help";

/** The most digits a count takes: more than any stack can hold is no use. */
const MAX_DIGITS = 6;

/** Asking how many of the stack in inventory slot `slot` (`count` of them) to drop. */
export class CountScreen implements Screen {
  readonly title = "Drop how many?";
  readonly bindings: readonly Binding<CountCommand>[] = [
    { keys: ["0…9"], help: "type the count", listedOnly: true },
    { keys: ["Backspace"], value: "back", help: "take back a digit" },
    { keys: ["Enter", "KPEnter"], value: "drop", help: "drop that many (none typed: the whole stack)" },
    { keys: [HELP_KEY], value: "help", help: "this help" },
    { keys: ["Escape"], value: "cancel", help: "drop nothing" },
  ];
  /** The digits typed so far. */
  typed = "";

  constructor(readonly slot: number, readonly count: number) {}

  handleKey(event: KeyEvent, _ui: UiContext): ScreenResult {
    if (/^[0-9]$/.test(event.key) && !event.ctrl && !event.alt) {
      if (this.typed.length < MAX_DIGITS && !(this.typed === "" && event.key === "0")) {
        this.typed += event.key;
      }
      return STAY;
    }
    switch (lookupKey(this.bindings, event)?.value) {
      case "back":
        this.typed = this.typed.slice(0, -1);
        return STAY;
      case "drop": {
        const count = this.typed === "" ? this.count : Math.min(this.count, Number(this.typed));
        return { type: "act", action: { type: "drop", item: this.slot, count }, closeOnSuccess: true };
      }
      case "help":
        return { type: "open", screen: new HelpScreen(this) };
      case "cancel":
        return CLOSE;
      default:
        return STAY;
    }
  }

  handleMouse(event: MouseEvent): ScreenResult {
    return event.action === "press" ? CLOSE : STAY;
  }

  /** The window's lines: the stack, the count typed, and the keys. */
  lines(ui: UiContext): string[] {
    const item = playerOf(ui.state).inventory?.items[this.slot];
    return [
      item ? itemLabel(item) : "",
      `How many (1-${this.count})? ${this.typed}_`,
      "Enter: drop (none typed: all)",
      "Esc: drop nothing",
    ];
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    drawSideWindow(buf, ui, this.title, this.lines(ui), 30);
  }
}
