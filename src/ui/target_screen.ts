/**
 * Aiming an item (docs/rules.md, Look and aim cursor): a cursor like look mode's. Confirming
 * uses the item on the cursor's cell; if that is impossible the reason is
 * told and aiming goes on. Cancelling uses nothing and takes no turn, but
 * for an unknown item where the rules waste refused unknown items: being
 * asked to aim it already told its kind apart, so it is read to no end. An
 * area item shows exactly the cells its blast would reach, and one whose
 * blast would reach the player asks first (y uses it, any other key goes
 * back to aiming). What it asks is shown in the prompt line, not the log.
 *
 * @module
 */
import {
  inBlast,
  isKnown,
  lineCells,
  type MessageId,
  playerOf,
  type Targeting,
  wallInLine,
} from "../engine/mod.ts";
import { Attr, type CellBuffer, type KeyEvent, type MouseEvent } from "../terminal/mod.ts";
import { AIM_BINDINGS, type AimCommand, aimOrderOf, aimStartOf, targetAt } from "./aim_targets.ts";
import { cursorBindings, type CursorCommand, CursorScreen } from "./cursor_screen.ts";
import { type Binding, lookupKey } from "./keymap.ts";
import { drawnOn, screenCellOf } from "./map_view.ts";
import { type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { paletteColor } from "./theme.ts";

/** Mixes two colours half and half. */
function blend(a: number, b: number): number {
  return (((a >> 1) & 0x7f7f7f) + ((b >> 1) & 0x7f7f7f)) & 0xffffff;
}

/** `{ target }`, or nothing when there is no monster on the cursor. */
function optionalTarget(target: number | undefined): { target?: number } {
  return target === undefined ? {} : { target };
}

/** Aiming the item in inventory slot `slot`: to use it, or to throw one of it (docs/rules.md, Throwing). */
export class TargetScreen extends CursorScreen {
  readonly title = "Target";
  readonly bindings: readonly Binding<CursorCommand | AimCommand>[];
  /** Asking whether to use the item where its blast would reach the player. */
  asking = false;

  constructor(
    ui: UiContext,
    readonly slot: number,
    readonly targeting: Targeting,
    readonly verb: "use" | "throw" = "use",
  ) {
    super(ui);
    const cancel = this.#wastedOnCancel(ui)
      ? "cancel: it is used up all the same"
      : "cancel: nothing is used";
    this.bindings = [
      ...cursorBindings("use the item here", cancel),
      ...(ui.aimAtTargets ? AIM_BINDINGS : []),
      {
        keys: ["y"],
        help: "blast reaches you? yes (any other key: aim again)",
        listedOnly: true,
      },
    ];
    // Delve's own game starts on the last target or the nearest monster in view (the tutorials': the player).
    const start = ui.aimAtTargets
      ? aimStartOf(ui.state, ui.aim?.target, aimOrderOf(ui), drawnOn(ui))
      : undefined;
    if (start) this.place(ui, start);
  }

  /** True when cancelling spends the item: it is unknown, and the rules waste a refused unknown item. */
  #wastedOnCancel(ui: UiContext): boolean {
    const item = playerOf(ui.state).inventory?.items[this.slot];
    return this.verb === "use" && item !== undefined && ui.rules.unknownRefused !== undefined &&
      !isKnown(ui.state, ui.rules, item.template);
  }

  /** Closes the aim; an unknown item the rules waste is used with no target, which they refuse and spend. */
  protected override cancel(ui: UiContext): ScreenResult {
    const closed = super.cancel(ui);
    if (!this.#wastedOnCancel(ui)) return closed;
    return { type: "act", action: { type: "use", item: this.slot }, closeOnSuccess: true };
  }

  prompt(ui: UiContext): MessageId {
    if (this.asking) return "blast_reaches_you";
    return this.#wallAhead(ui) ? "throw_blocked" : "select_target";
  }

  /** True when throwing here would be refused, a wall cutting the line (rules with `clearThrows`). */
  #wallAhead(ui: UiContext): boolean {
    return this.verb === "throw" && ui.rules.clearThrows === true &&
      wallInLine(ui.state, playerOf(ui.state), this.cursor) !== undefined;
  }

  /**
   * Where the aim shows the line of fire (Delve's own game, aiming at targets): a throw's cells from the
   * player to the cursor, tinted, and from the first wall on, in red.
   */
  #drawLineOfFire(buf: CellBuffer, ui: UiContext): void {
    if (this.verb !== "throw" || !ui.aimAtTargets) return;
    const player = playerOf(ui.state);
    const wall = wallInLine(ui.state, player, this.cursor);
    const clear = paletteColor(ui.theme, "needs_target"), cut = paletteColor(ui.theme, "red");
    let blocked = false;
    for (const cell of lineCells(player, this.cursor)) {
      blocked ||= wall !== undefined && cell.x === wall.x && cell.y === wall.y;
      const at = screenCellOf(ui, cell);
      if (!at) continue;
      const i = at.y * buf.width + at.x;
      if (ui.plainGlyphs) buf.attrs[i] |= blocked ? Attr.Reverse : Attr.Underline;
      else buf.bg[i] = blend(buf.bg[i], blocked ? cut : clear);
    }
  }

  protected confirm(ui: UiContext): ScreenResult {
    const { targeting } = this;
    if (
      !this.asking && targeting.kind === "area" && inBlast(this.cursor, targeting.radius, playerOf(ui.state))
    ) {
      this.asking = true;
      return STAY;
    }
    this.asking = false;
    ui.focus = undefined;
    const item = playerOf(ui.state).inventory?.items[this.slot];
    if (ui.aimAtTargets && item) {
      ui.aim = {
        item: item.id,
        name: item.name,
        verb: this.verb,
        ...optionalTarget(targetAt(ui.state, this.cursor)?.id),
      };
    }
    return {
      type: "act",
      action: { type: this.verb, item: this.slot, target: this.cursor },
      closeOnSuccess: true,
    };
  }

  override handleKey(event: KeyEvent, ui: UiContext): ScreenResult {
    if (!this.asking) {
      const command = ui.aimAtTargets ? lookupKey(AIM_BINDINGS, event, ui.keys)?.value : undefined;
      if (command === "fire") return this.confirm(ui);
      if (command) return this.stepTarget(ui, command);
      return super.handleKey(event, ui);
    }
    if (event.key === "y" && !event.ctrl && !event.alt) return this.confirm(ui);
    this.asking = false;
    return STAY;
  }

  override handleMouse(event: MouseEvent, ui: UiContext): ScreenResult {
    if (!this.asking) return super.handleMouse(event, ui);
    // While it asks, the cursor stays where the blast was aimed; a click answers no.
    if (event.action === "press") this.asking = false;
    return STAY;
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
    this.#drawLineOfFire(buf, ui);
    super.draw(buf, ui);
  }
}
