/**
 * `/`: look around with a cursor. Confirming or cancelling both just end it.
 *
 * @module
 */
import { cursorBindings, CursorScreen } from "./cursor_screen.ts";
import type { ScreenResult, UiContext } from "./screen.ts";

/** The look cursor. */
export class LookScreen extends CursorScreen {
  readonly title = "Look";
  readonly bindings = cursorBindings("done looking", "done looking");

  protected confirm(ui: UiContext): ScreenResult {
    return this.cancel(ui);
  }
}
