/**
 * Asking for a count: how many of a stack to drop (docs/rules.md, Stacks),
 * or how many turns to rest (docs/rules.md, Resting). Digits type a count,
 * Backspace takes one back, Enter takes that many (none typed: the whole
 * stack, or until healed), Esc or a click does nothing. A count above the
 * most takes the most.
 *
 * @module
 */
import { labelOf, playerOf } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_BINDING, lookupKey } from "./keymap.ts";
import { CLOSE, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import type { Screen } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";

type CountCommand = "take" | "back" | "cancel" | "help";

/** What a count is asked for: the window's texts and what a count (or none typed) does. */
export interface CountQuestion {
  readonly title: string;
  /** The most it takes. */
  readonly most: number;
  /** What Enter does, and what Esc does, in the keys' help and the window. */
  readonly enter: string;
  readonly escape: string;
  /** The line above the count (the stack's name), if any. */
  heading(ui: UiContext): string | undefined;
  /** What to do with `count` (undefined: none typed). */
  answer(count: number | undefined): ScreenResult;
}

/** How many of the stack in inventory slot `slot` (`count` of them) to drop. */
export function dropCount(slot: number, count: number): CountQuestion {
  return {
    title: "Drop how many?",
    most: count,
    enter: "drop that many (none typed: the whole stack)",
    escape: "drop nothing",
    heading: (ui) => {
      const item = playerOf(ui.state).inventory?.items[slot];
      return item ? labelOf(ui.state, ui.rules, item) : "";
    },
    answer: (n) => ({
      type: "act",
      action: { type: "drop", item: slot, count: n ?? count },
      closeOnSuccess: true,
    }),
  };
}

/** How many turns to rest (none typed: until healed, as R does). */
export function restCount(most: number): CountQuestion {
  return {
    title: "Rest how many turns?",
    most,
    enter: "rest that many (none typed: until healed)",
    escape: "do not rest",
    heading: () => undefined,
    answer: (n) => ({
      type: "walk",
      walk: n === undefined ? { kind: "rest" } : { kind: "rest", turns: n },
      close: true,
    }),
  };
}

/** The most digits a count takes: more than any stack can hold is no use. */
const MAX_DIGITS = 6;

/** Asking for a count (see {@link CountQuestion}). */
export class CountScreen implements Screen {
  readonly title: string;
  readonly bindings: readonly Binding<CountCommand>[];
  /** The digits typed so far. */
  typed = "";

  constructor(readonly question: CountQuestion) {
    this.title = question.title;
    this.bindings = [
      { keys: ["0…9"], help: "type the count", listedOnly: true },
      { keys: ["Backspace"], value: "back", help: "take back a digit", name: "count.back" },
      { keys: ["Enter", "KPEnter"], value: "take", help: question.enter, name: "count.take" },
      HELP_BINDING,
      { keys: ["Escape"], value: "cancel", help: question.escape, name: "count.cancel" },
    ];
  }

  handleKey(event: KeyEvent, ui?: Pick<UiContext, "keys">): ScreenResult {
    if (/^[0-9]$/.test(event.key) && !event.ctrl && !event.alt) {
      if (this.typed.length < MAX_DIGITS && !(this.typed === "" && event.key === "0")) {
        this.typed += event.key;
      }
      return STAY;
    }
    switch (lookupKey(this.bindings, event, ui?.keys)?.value) {
      case "back":
        this.typed = this.typed.slice(0, -1);
        return STAY;
      case "take":
        return this.question.answer(
          this.typed === "" ? undefined : Math.min(this.question.most, Number(this.typed)),
        );
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

  /** The window's lines: what it is about, the count typed, and the keys. */
  lines(ui: UiContext): string[] {
    const heading = this.question.heading(ui);
    return [
      ...(heading === undefined ? [] : [heading]),
      `How many (1-${this.question.most})? ${this.typed}_`,
      `Enter: ${this.question.enter}`,
      `Esc: ${this.question.escape}`,
    ];
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    drawSideWindow(buf, ui, this.title, this.lines(ui), 30);
  }
}
