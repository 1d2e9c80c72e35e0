/**
 * `/`: look around with a cursor. The panel's names line says what is at
 * the cursor: the things there and the terrain ("Orc, stairs down",
 * "Wall", "Unexplored"). In the tutorials confirming or cancelling both
 * just end it; in Delve's own game Tab and Shift+Tab step through the
 * monsters drawn in view and Enter describes what is under the cursor, in
 * a window over the look (docs/rules.md, Look and aim cursor).
 *
 * @module
 */
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { AIM_BINDINGS } from "./aim_targets.ts";
import { describeCell, descriptionAt, lookDescription } from "./cell_names.ts";
import { drawSideWindow } from "./side_window.ts";
import { cursorBindings, type CursorCommand, CursorScreen } from "./cursor_screen.ts";
import { type Binding, HELP_BINDING, lookupKey } from "./keymap.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { HelpScreen } from "./help_screen.ts";
import { clipText, padText, wrapText } from "./text.ts";
import { paletteColor } from "./theme.ts";

/** Tab and Shift+Tab in Delve's own look: the aim cursor's, stepping through the monsters drawn in view. */
const LOOK_TARGET_BINDINGS = AIM_BINDINGS.filter((b) => b.value !== "fire");

/** The look cursor. */
export class LookScreen extends CursorScreen {
  readonly title = "Look";
  readonly bindings: readonly Binding<string>[];
  /** Enter's window is up: the glance window under it is not drawn. */
  describing = false;

  constructor(ui: UiContext) {
    super(ui);
    this.bindings = ui.aimAtTargets
      ? [...cursorBindings("describe what is under the cursor", "done looking"), ...LOOK_TARGET_BINDINGS]
      : cursorBindings("done looking", "done looking");
  }

  /** The tutorials': done. Delve's own game: a window describing what is under the cursor. */
  protected confirm(ui: UiContext): ScreenResult {
    if (!ui.aimAtTargets) return this.cancel(ui);
    this.describing = true;
    return { type: "open", screen: new LookDescription(this) };
  }

  override handleKey(event: KeyEvent, ui: UiContext): ScreenResult {
    const command = ui.aimAtTargets ? lookupKey(LOOK_TARGET_BINDINGS, event, ui.keys)?.value : undefined;
    if (command === "nextTarget" || command === "previousTarget") return this.stepTarget(ui, command);
    return super.handleKey(event, ui);
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
    // What a thing there is, where the data says (docs/rules.md, Look and aim cursor), never over the cursor.
    const about = this.describing ? undefined : descriptionAt(ui, this.cursor);
    if (about) {
      drawSideWindow(
        buf,
        ui,
        about.title,
        about.lines.flatMap((l) => wrapText(l, 36, ui.theme.evenWrap)),
        38,
        undefined,
        this.cursor,
      );
    }
  }
}

/** Enter in Delve's look: what is under the cursor, whatever it is; any key goes back to looking. */
class LookDescription implements Screen {
  readonly title = "Describe";
  readonly bindings: readonly Binding<CursorCommand | "help">[] = [
    HELP_BINDING,
    { keys: ["any other key", "a click"], help: "back to looking", listedOnly: true },
  ];

  constructor(readonly look: LookScreen) {}

  handleKey(event: KeyEvent, ui: UiContext): ScreenResult {
    if (lookupKey(this.bindings, event, ui.keys)?.value === "help") {
      return { type: "open", screen: new HelpScreen(this) };
    }
    return this.#close();
  }

  handleMouse(event: MouseEvent): ScreenResult {
    return event.action === "press" ? this.#close() : STAY;
  }

  #close(): ScreenResult {
    this.look.describing = false;
    return CLOSE;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const about = lookDescription(ui, this.look.cursor);
    drawSideWindow(buf, ui, about.title, about.lines, 38, undefined, this.look.cursor);
  }
}
