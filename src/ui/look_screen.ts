/**
 * `/`: look around with a cursor. The panel's names line says what is at
 * the cursor: the things there and the terrain ("Orc, stairs down",
 * "Wall", "Unexplored"). Confirming or cancelling both just end it.
 *
 * @module
 */
import type { CellBuffer } from "../terminal/mod.ts";
import { describeCell, descriptionAt } from "./cell_names.ts";
import { drawSideWindow } from "./side_window.ts";
import { cursorBindings, CursorScreen } from "./cursor_screen.ts";
import type { ScreenResult, UiContext } from "./screen.ts";
import { clipText, padText, wrapText } from "./text.ts";
import { paletteColor } from "./theme.ts";

/** The look cursor. */
export class LookScreen extends CursorScreen {
  readonly title = "Look";
  readonly bindings = cursorBindings("done looking", "done looking");

  protected confirm(ui: UiContext): ScreenResult {
    return this.cancel(ui);
  }

  override draw(buf: CellBuffer, ui: UiContext): void {
    super.draw(buf, ui);
    const { names } = ui.layout;
    const text = clipText(describeCell(ui, this.cursor), names.width);
    buf.text(
      names.x,
      names.y,
      padText(text, names.width),
      paletteColor(ui.theme, "white"),
      ui.theme.shroud.bg,
    );
    // What a thing there is, where the data says (docs/rules.md, Look and aim cursor).
    const about = descriptionAt(ui, this.cursor);
    if (about) {
      drawSideWindow(
        buf,
        ui,
        about.title,
        about.lines.flatMap((l) => wrapText(l, 36, ui.theme.evenWrap)),
        38,
      );
    }
  }
}
