/**
 * `/`: a cursor to look around with (SPEC §3.4). It starts on the player and
 * moves with every movement key, by 5 with Shift, 10 with Ctrl and 20 with
 * Alt (combined, they multiply); the mouse moves it too. The panel names
 * what is under it and the view follows it. Enter or a click ends it, and
 * so does any other key.
 *
 * @module
 */
import type { Point } from "../engine/geometry.ts";
import { playerOf } from "../engine/state.ts";
import type { CellBuffer } from "../terminal/cell_buffer.ts";
import type { KeyEvent, MouseEvent } from "../terminal/input_events.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_KEY, lookupKey, MOVE_BINDINGS } from "./keymap.ts";
import { mapCellAt, screenCellOf } from "./map_view.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";

/** The step multiplier for the modifiers held (SPEC §3.4). */
export function stepMultiplier(event: { shift: boolean; ctrl: boolean; alt: boolean }): number {
  return (event.shift ? 5 : 1) * (event.ctrl ? 10 : 1) * (event.alt ? 20 : 1);
}

const LOOK_BINDINGS: readonly Binding<string>[] = [
  ...MOVE_BINDINGS.map((b) => ({ keys: b.keys, value: "move", help: `cursor ${b.help}` })),
  {
    keys: ["Shift", "Ctrl", "Alt"],
    value: "mods",
    help: "with a move: 5, 10 or 20 cells (they multiply)",
    listedOnly: true,
  },
  { keys: ["Enter", "KPEnter"], value: "done", help: "done looking" },
  {
    keys: ["mouse"],
    value: "mouse",
    help: "moving it moves the cursor; a click ends looking",
    listedOnly: true,
  },
  { keys: [HELP_KEY], value: "help", help: "this help" },
  { keys: ["any other key"], value: "done", help: "done looking", listedOnly: true },
];

/** The look cursor. */
export class LookScreen implements Screen {
  readonly title = "Look";
  readonly bindings = LOOK_BINDINGS;
  cursor: Point;

  /** Opens on the player: the panel names what is there from the first frame. */
  constructor(ui: UiContext) {
    this.cursor = playerOf(ui.state);
    this.#place(ui, this.cursor);
  }

  #place(ui: UiContext, p: Point): void {
    const { map } = ui.state;
    this.cursor = {
      x: Math.max(0, Math.min(map.width - 1, p.x)),
      y: Math.max(0, Math.min(map.height - 1, p.y)),
    };
    ui.pointer = this.cursor;
    ui.focus = this.cursor;
  }

  #close(ui: UiContext): ScreenResult {
    ui.focus = undefined;
    return CLOSE;
  }

  handleKey(event: KeyEvent, ui: UiContext): ScreenResult {
    const at = this.cursor;
    // Shifted vi keys (K, L, …) are Shift+k, Shift+l.
    const lower = event.key.length === 1 && event.key !== event.key.toLowerCase()
      ? { ...event, key: event.key.toLowerCase(), shift: true }
      : event;
    const move = lookupKey(MOVE_BINDINGS, lower);
    if (move) {
      const n = stepMultiplier(lower);
      this.#place(ui, { x: at.x + move.value.dx * n, y: at.y + move.value.dy * n });
      return STAY;
    }
    if (event.key === HELP_KEY) return { type: "open", screen: new HelpScreen(this) };
    return this.#close(ui);
  }

  handleMouse(event: MouseEvent, ui: UiContext): ScreenResult {
    const cell = mapCellAt(ui, event.x, event.y);
    if (cell && (event.action === "move" || event.action === "press")) this.#place(ui, cell);
    return event.action === "press" ? this.#close(ui) : STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const at = screenCellOf(ui, this.cursor);
    if (!at) return;
    const i = at.y * buf.width + at.x;
    // The cursor: black on white (SPEC §10.3).
    buf.set(at.x, at.y, buf.glyphs[i], 0x000000, 0xffffff);
  }
}
