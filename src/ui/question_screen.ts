/**
 * A yes-or-no question over the map, worded by one of the data's messages:
 * `y` (or the key bound in its place) does what was asked, any other key
 * closes the window and changes nothing.
 *
 * @module
 */
import { message, type MessageId } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { type Binding, lookupKey } from "./keymap.ts";
import { CLOSE, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";
import { wrapText } from "./text.ts";

/** What tells one question from another. */
export interface Question<T extends string> {
  /** The window's title. */
  readonly title: string;
  /** The yes key's binding first, then the listed "any other key". */
  readonly bindings: readonly Binding<T>[];
  /** The message that asks it. */
  readonly asks: MessageId;
  /** What the answer yes does. */
  readonly yes: ScreenResult;
  /** The values of the message's {placeholders}. */
  readonly params?: Readonly<Record<string, string>>;
  /** The answers' line under the question; absent: leaving's. */
  readonly answers?: string;
}

/** The question's window. */
export class QuestionScreen<T extends string> {
  readonly title: string;
  readonly bindings: readonly Binding<T>[];

  constructor(private readonly question: Question<T>) {
    this.title = question.title;
    this.bindings = question.bindings;
  }

  handleKey(event: KeyEvent, ui?: Pick<UiContext, "keys">): ScreenResult {
    return lookupKey(this.bindings, event, ui?.keys)?.value !== undefined ? this.question.yes : CLOSE;
  }

  handleMouse(_event: MouseEvent): ScreenResult {
    return STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const text = message(ui.rules, this.question.asks, this.question.params)?.text ?? "";
    const width = Math.max(20, Math.min(50, ui.layout.columns - 4));
    drawSideWindow(buf, ui, this.title, [
      ...wrapText(text, width, ui.theme.evenWrap),
      "",
      this.question.answers ?? "y: leave   any other key: stay",
    ]);
  }
}
