/**
 * Asks before a worn or wielded item is thrown, where the data say so
 * (`game.json`'s `inventory.throwWornAsks`; docs/rules.md, Throwing): a
 * key pressed in the throw window should not cost the player their sword.
 * `y` goes on to aim the throw; any other key keeps the item.
 *
 * @module
 */
import { itemName, playerOf } from "../engine/mod.ts";
import type { KeyEvent } from "../terminal/mod.ts";
import { type Binding, lookupKey } from "./keymap.ts";
import { QuestionScreen } from "./question_screen.ts";
import { CLOSE, type ScreenResult, type UiContext } from "./screen.ts";
import { TargetScreen } from "./target_screen.ts";

export const THROW_WORN_BINDINGS: readonly Binding<"throw">[] = [
  {
    keys: ["y", "Y"],
    value: "throw",
    help: "aim the throw (the item is taken off first)",
    name: "throw_worn.confirm",
  },
  { keys: ["any other key"], help: "keep it: nothing is thrown", listedOnly: true },
];

/** The question, over the map; yes opens the aim in its place. */
export class ThrowWornScreen extends QuestionScreen<"throw"> {
  constructor(ui: UiContext, readonly slot: number) {
    const item = playerOf(ui.state).inventory!.items[slot];
    super({
      title: "Throw it?",
      bindings: THROW_WORN_BINDINGS,
      asks: "throw_worn",
      params: { item: itemName(ui.state, ui.rules, item) },
      answers: "y: throw it   any other key: keep it",
      yes: CLOSE,
    });
  }

  override handleKey(event: KeyEvent, ui?: UiContext): ScreenResult {
    // The aim is made as the answer comes: it starts where the game then stands.
    if (!ui || lookupKey(this.bindings, event, ui.keys)?.value === undefined) return CLOSE;
    return {
      type: "open",
      screen: new TargetScreen(ui, this.slot, { kind: "single" }, "throw"),
      replace: true,
    };
  }
}
