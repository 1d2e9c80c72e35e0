/**
 * `?`: every key of the screen below, listed from that screen's own key
 * table. Any key closes it.
 *
 * @module
 */
import type { CellBuffer } from "../terminal/cell_buffer.ts";
import { type Binding, helpLines } from "./keymap.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { clipText, displayWidth, padText } from "./text.ts";
import { paletteColor } from "./theme.ts";
import { drawWindow } from "./window.ts";

/** The help window for `of`. */
export class HelpScreen implements Screen {
  readonly title = "Help";
  readonly bindings: readonly Binding<unknown>[] = [
    { keys: ["any key"], help: "close this help", listedOnly: true },
  ];

  constructor(readonly of: Screen) {}

  /** The lines shown: each key group and what it does. */
  lines(): string[] {
    const rows = helpLines(this.of.bindings);
    const width = Math.max(...rows.map((r) => displayWidth(r.keys)));
    return rows.map((r) => `${padText(r.keys, width)}  ${r.help}`);
  }

  handleKey(): ScreenResult {
    return CLOSE;
  }

  handleMouse(event: { action: string }): ScreenResult {
    return event.action === "press" ? CLOSE : STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const lines = [...this.lines(), "", "Any key closes this window."];
    const { columns, rows } = ui.layout;
    const width = Math.min(columns - 2, Math.max(...lines.map(displayWidth)) + 4);
    const height = Math.min(rows - 2, lines.length + 2);
    const x = Math.floor((columns - width) / 2), y = Math.floor((rows - height) / 2);
    const inside = drawWindow(buf, { x, y, width, height }, `Keys: ${this.of.title}`);
    const white = paletteColor(ui.theme, "white");
    lines.slice(0, inside.height).forEach((line, k) =>
      buf.text(inside.x + 1, inside.y + k, clipText(line, inside.width - 1), white, 0)
    );
  }
}
