/**
 * A cursor over the map, for looking and for aiming (docs/rules.md, Look and aim cursor). It starts
 * on the player and moves with every movement key, by 5 with Shift, 10 with
 * Ctrl and 20 with Alt (together they multiply); the mouse moves it too. It
 * moves the shared pointer, so the panel names what is under it, and the
 * view follows it.
 *
 * @module
 */
import { playerOf, type Point } from "../engine/mod.ts";
import { Attr, type CellBuffer, type KeyEvent, type MouseEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_BINDING, lookupKey, MOVE_BINDINGS, moveOf } from "./keymap.ts";
import { drawnOn, mapCellAt, screenCellOf } from "./map_view.ts";
import { aimOrderOf, cycleTarget } from "./aim_targets.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";

/** The step multiplier for the modifiers held (docs/rules.md, Look and aim cursor). */
export function stepMultiplier(event: { shift: boolean; ctrl: boolean; alt: boolean }): number {
  return (event.shift ? 5 : 1) * (event.ctrl ? 10 : 1) * (event.alt ? 20 : 1);
}

/** What a cursor screen's keys do. */
export type CursorCommand = "move" | "confirm" | "help";

/** The keys every cursor screen shares, with `confirm` describing Enter. */
export function cursorBindings(confirm: string, cancel: string): Binding<CursorCommand>[] {
  return [
    ...MOVE_BINDINGS.map((b): Binding<CursorCommand> => ({
      keys: b.keys,
      value: "move",
      help: `cursor ${b.help}`,
      ...(b.name ? { name: b.name } : {}),
    })),
    {
      keys: ["Shift", "Ctrl", "Alt"],
      help: "with a move: 5, 10 or 20 cells (they multiply)",
      listedOnly: true,
    },
    { keys: ["Enter", "KPEnter"], value: "confirm", help: confirm, name: "cursor.confirm" },
    {
      keys: ["mouse"],
      help: `moving it moves the cursor; a left click on the map: ${confirm}; any other click: ${cancel}`,
      listedOnly: true,
    },
    HELP_BINDING,
    { keys: ["Esc", "any other key"], help: cancel, listedOnly: true },
  ];
}

/** A screen with a map cursor; subclasses say what confirming and cancelling do. */
export abstract class CursorScreen implements Screen {
  abstract readonly title: string;
  abstract readonly bindings: readonly Binding<string>[];
  cursor: Point;
  /** Where the pointer was before the cursor took it: the mouse's cell, or none. */
  readonly #pointerBefore: Point | undefined;

  constructor(ui: UiContext) {
    this.#pointerBefore = ui.pointer;
    this.cursor = playerOf(ui.state);
    this.place(ui, this.cursor);
  }

  /** Enter or a left click on the map. */
  protected abstract confirm(ui: UiContext): ScreenResult;

  /** Any other key (Esc included). */
  protected cancel(ui: UiContext): ScreenResult {
    ui.focus = undefined;
    // Delve's own game: the names line forgets a cursor that has closed (the tutorials' keeps naming its cell).
    if (ui.aimAtTargets) ui.pointer = this.#pointerBefore;
    return CLOSE;
  }

  /**
   * Moves the cursor to the next (or the previous) monster drawn, in the
   * aim's order (aim_targets.ts), going round; stays where none is.
   */
  protected stepTarget(ui: UiContext, command: "nextTarget" | "previousTarget"): ScreenResult {
    const step = command === "nextTarget" ? 1 : -1;
    const next = cycleTarget(ui.state, this.cursor, step, aimOrderOf(ui), drawnOn(ui));
    if (next) this.place(ui, next);
    return STAY;
  }

  /** Moves the cursor to `p`, kept on the map. */
  protected place(ui: UiContext, p: Point): void {
    const { map } = ui.state;
    this.cursor = {
      x: Math.max(0, Math.min(map.width - 1, p.x)),
      y: Math.max(0, Math.min(map.height - 1, p.y)),
    };
    ui.pointer = this.cursor;
    ui.focus = this.cursor;
  }

  handleKey(event: KeyEvent, ui: UiContext): ScreenResult {
    const move = moveOf(event, ui.keys);
    if (move) {
      const n = stepMultiplier({ ...event, shift: move.shift });
      this.place(ui, { x: this.cursor.x + move.dx * n, y: this.cursor.y + move.dy * n });
      return STAY;
    }
    switch (lookupKey(this.bindings, event, ui.keys)?.value) {
      case "confirm":
        return this.confirm(ui);
      case "help":
        return { type: "open", screen: new HelpScreen(this) };
      default:
        return this.cancel(ui);
    }
  }

  handleMouse(event: MouseEvent, ui: UiContext): ScreenResult {
    const cell = mapCellAt(ui, event.x, event.y);
    if (cell && (event.action === "move" || event.action === "press")) this.place(ui, cell);
    if (event.action !== "press") return STAY;
    // A left click on the map confirms; a click elsewhere or another button cancels.
    return cell && event.button === "left" ? this.confirm(ui) : this.cancel(ui);
  }

  /**
   * Draws the cursor: black on white (docs/rules.md, Look and aim cursor); where colours cannot
   * carry it (16 colours, none), in reverse video, turned back inside an
   * area already reversed (a blast's), so it shows there too.
   */
  draw(buf: CellBuffer, ui: UiContext): void {
    const at = screenCellOf(ui, this.cursor);
    if (!at) return;
    if (ui.plainGlyphs) buf.attrs[at.y * buf.width + at.x] ^= Attr.Reverse;
    else buf.recolor(at.x, at.y, 0x000000, 0xffffff);
  }
}
