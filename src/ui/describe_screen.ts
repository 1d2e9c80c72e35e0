/**
 * The describe window (`e`, then an item's letter): the item's name, its
 * description and its numbers; an item not yet identified keeps its
 * secret (docs/rules.md, Windows). Any key or a click closes it.
 *
 * @module
 */
import { type Entity, isKnown, labelOf, playerOf } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { itemNumbers } from "./item_numbers.ts";
import { type Binding, HELP_BINDING, lookupKey } from "./keymap.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";
import { wrapText } from "./text.ts";

/** The width the window's text is wrapped to. */
const TEXT_WIDTH = 46;

export const DESCRIBE_BINDINGS: readonly Binding<"help">[] = [
  HELP_BINDING,
  { keys: ["any other key", "a click"], help: "close", listedOnly: true },
];

/** What the window says of `item`: its description and numbers, or that it is not known yet. */
export function describeLines(ui: Pick<UiContext, "state" | "rules" | "theme">, item: Entity): string[] {
  const even = ui.theme.evenWrap;
  if (!isKnown(ui.state, ui.rules, item.template)) {
    return wrapText(
      "You do not know what it is: use it, or find another like it used, to learn.",
      TEXT_WIDTH,
      even,
    );
  }
  const description = ui.rules.templates[item.template]?.description;
  const numbers = itemNumbers(item, ui.rules);
  const lines = [
    ...(description ? wrapText(description, TEXT_WIDTH, even) : []),
    ...(description && numbers.length > 0 ? [""] : []),
    ...numbers.flatMap((line) => wrapText(line, TEXT_WIDTH, even)),
  ];
  return lines.length > 0 ? lines : ["Nothing more is known of it."];
}

/** The window describing the item in one inventory slot. */
export class DescribeScreen implements Screen {
  readonly title = "Describe";
  readonly bindings = DESCRIBE_BINDINGS;

  constructor(readonly slot: number) {}

  handleKey(event: KeyEvent, ui?: Pick<UiContext, "keys">): ScreenResult {
    if (lookupKey(DESCRIBE_BINDINGS, event, ui?.keys)?.value === "help") {
      return { type: "open", screen: new HelpScreen(this) };
    }
    return CLOSE;
  }

  handleMouse(event: MouseEvent): ScreenResult {
    return event.action === "press" ? CLOSE : STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const item = playerOf(ui.state).inventory?.items[this.slot];
    if (!item) return;
    drawSideWindow(buf, ui, labelOf(ui.state, ui.rules, item), describeLines(ui, item));
  }
}
