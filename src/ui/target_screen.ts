/**
 * Aiming an item (SPEC §3.4, §10.3): a cursor like look mode's. Confirming
 * uses the item on the cursor's cell; if that is impossible the reason is
 * told and aiming goes on. Cancelling uses nothing and takes no turn. An
 * area item shows exactly the cells its blast would reach.
 *
 * @module
 */
import { inBlast, type Targeting } from "../engine/items.ts";
import { Attr, type CellBuffer } from "../terminal/cell_buffer.ts";
import { cursorBindings, CursorScreen } from "./cursor_screen.ts";
import { screenCellOf } from "./map_view.ts";
import type { ScreenResult, UiContext } from "./screen.ts";
import { paletteColor } from "./theme.ts";

/** Mixes two colours half and half. */
function blend(a: number, b: number): number {
  return (((a >> 1) & 0x7f7f7f) + ((b >> 1) & 0x7f7f7f)) & 0xffffff;
}

/** Aiming the item in inventory slot `slot`. */
export class TargetScreen extends CursorScreen {
  readonly title = "Target";
  readonly bindings = cursorBindings("use the item here", "cancel: nothing is used");

  constructor(ui: UiContext, readonly slot: number, readonly targeting: Targeting) {
    super(ui);
  }

  protected confirm(ui: UiContext): ScreenResult {
    ui.focus = undefined;
    return {
      type: "act",
      action: { type: "use", item: this.slot, target: this.cursor },
      closeOnSuccess: true,
    };
  }

  override draw(buf: CellBuffer, ui: UiContext): void {
    const { targeting } = this;
    if (targeting.kind === "area") {
      const r = targeting.radius;
      const red = paletteColor(ui.theme, "red");
      for (let y = this.cursor.y - r; y <= this.cursor.y + r; y++) {
        for (let x = this.cursor.x - r; x <= this.cursor.x + r; x++) {
          const { map } = ui.state;
          if (x < 0 || y < 0 || x >= map.width || y >= map.height || !inBlast(this.cursor, r, { x, y })) {
            continue;
          }
          const at = screenCellOf(ui, { x, y });
          if (!at) continue;
          const i = at.y * buf.width + at.x;
          if (ui.plainGlyphs) buf.attrs[i] |= Attr.Reverse;
          else buf.bg[i] = blend(buf.bg[i], red);
        }
      }
    }
    super.draw(buf, ui);
  }
}
