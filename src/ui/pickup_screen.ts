/**
 * The pick-up menu (docs/rules.md, Items and inventory): `g` on a cell with
 * several things, where the data ask for it (`inventory.pickupMenu`), lists
 * them topmost first, each by a letter; a letter picks that one up, `,`
 * picks them all up (a turn each, topmost first), any other key or a click
 * closes it with nothing taken. What is played is the pick-up action naming
 * the thing by its id, so replays keep it.
 *
 * @module
 */
import { type Entity, itemsUnderfoot, labelOf } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_BINDING, lookupKey } from "./keymap.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";
import { Scroll, SCROLL_BINDINGS, type ScrollCommand } from "./scroll.ts";

/** The menu's keys: a letter for one thing, `,` for all, the scrolling keys, help. */
export const PICKUP_BINDINGS: readonly Binding<"all" | "help" | ScrollCommand>[] = [
  {
    keys: ["a…z"],
    help: "pick up the thing by that letter; no such thing: Invalid entry.",
    listedOnly: true,
  },
  { keys: [","], value: "all", help: "pick up everything here, a turn each", name: "pickup.all" },
  ...SCROLL_BINDINGS,
  HELP_BINDING,
  { keys: ["any other key", "a click"], help: "close, nothing picked up", listedOnly: true },
];

/** The things underfoot as the menu lists them, topmost first: `(a) Dagger`, `(b) 3 Darts`. */
export function pickupLines(ui: Pick<UiContext, "state" | "rules">, items: readonly Entity[]): string[] {
  return items.map((item, k) => `(${String.fromCharCode(97 + k)}) ${labelOf(ui.state, ui.rules, item)}`);
}

/** The pick-up menu, over the map. */
export class PickupScreen implements Screen {
  readonly title = "Select an item to pick up";
  readonly bindings = PICKUP_BINDINGS;
  readonly scroll = new Scroll();

  handleKey(event: KeyEvent, ui: UiContext): ScreenResult {
    const command = lookupKey(this.bindings, event, ui.keys)?.value;
    const items = itemsUnderfoot(ui.state);
    if (command === "help") return { type: "open", screen: new HelpScreen(this) };
    if (command === "all") {
      return { type: "actAll", actions: items.map((e) => ({ type: "pickup", item: e.id })) };
    }
    if (command) {
      this.scroll.apply(command);
      return STAY;
    }
    if (!/^[a-z]$/.test(event.key) || event.ctrl || event.alt) return CLOSE;
    const item = items[event.key.charCodeAt(0) - 97];
    if (!item) return { type: "say", message: "invalid_entry" };
    return { type: "act", action: { type: "pickup", item: item.id }, closeOnSuccess: true };
  }

  handleMouse(event: MouseEvent): ScreenResult {
    return event.action === "press" ? CLOSE : STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    drawSideWindow(buf, ui, this.title, pickupLines(ui, itemsUnderfoot(ui.state)), 0, this.scroll);
  }
}
