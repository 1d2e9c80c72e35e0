/**
 * The inventory windows (docs/rules.md, Windows): `i` to use an item, `d` to drop
 * one, `t` to throw one, `e` to describe one. A letter picks the item in that slot; a letter with no item says
 * "Invalid entry." and the window stays; the scrolling keys scroll a list
 * longer than the window; any other key or a click closes it.
 * An impossible use (a potion at full health) is told and the window stays;
 * an item that needs aiming, or is thrown, switches to targeting; dropping
 * a stack asks how many (docs/rules.md, Stacks).
 *
 * @module
 */
import {
  countOf,
  type GameState,
  isKnown,
  isWorn,
  labelOf,
  letterAt,
  playerOf,
  type Rules,
  slotOfLetter,
  slotsByLetter,
  targetingOf,
  unknownSlots,
} from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_BINDING, lookupKey } from "./keymap.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";
import { Scroll, SCROLL_BINDINGS, type ScrollCommand } from "./scroll.ts";
import { CountScreen, dropCount } from "./count_screen.ts";
import { DescribeScreen } from "./describe_screen.ts";
import { TargetScreen } from "./target_screen.ts";
import { ThrowWornScreen } from "./throw_worn_screen.ts";

/**
 * The player's items as listed, in their letters' order: `(a) Health Potion`,
 * `(b) Dagger (E)`, `(d) 3 Health Potions`, or `(Empty)`.
 */
export function inventoryLines(state: GameState, rules: Rules, only?: readonly number[]): string[] {
  const player = playerOf(state);
  const inventory = player.inventory;
  if (!inventory || inventory.items.length === 0) return ["(Empty)"];
  const slots = slotsByLetter(inventory).filter((slot) => only === undefined || only.includes(slot));
  return slots.map((slot) => {
    const item = inventory.items[slot];
    const letter = String.fromCharCode(97 + letterAt(inventory, slot));
    return `(${letter}) ${labelOf(state, rules, item)}${isWorn(player, item) ? " (E)" : ""}`;
  });
}

/**
 * Aiming the item in `slot` to `verb` it, or nothing where using it needs no aim; a worn one to throw is asked
 * about first where the data say so.
 */
function aimOf(ui: UiContext, slot: number, verb: "use" | "throw"): Screen | undefined {
  if (verb === "throw") {
    const player = playerOf(ui.state), item = player.inventory?.items[slot];
    if (ui.throwWornAsks && item && isWorn(player, item)) return new ThrowWornScreen(ui, slot);
    return new TargetScreen(ui, slot, { kind: "single" }, "throw");
  }
  const item = playerOf(ui.state).inventory?.items[slot];
  // An empty wand is not aimed: using it only says nothing happens (docs/rules.md, Wands).
  const empty = item?.item?.charges !== undefined && item.item.charges <= 0;
  // Nor, where the rules aim it themselves, an unknown item: asking where would tell that it is aimed.
  if (item && ui.rules.unknownAimed === "nearest" && !isKnown(ui.state, ui.rules, item.template)) {
    return undefined;
  }
  // A scroll of identify asks which unknown thing to name, where there is one (docs/rules.md, Identify).
  if (
    item?.item?.effect?.type === "identify" && unknownSlots(ui.state, ui.rules, playerOf(ui.state)).length > 0
  ) {
    return new InventoryScreen("identify", slot);
  }
  const targeting = targetingOf(item?.item?.effect);
  return targeting.kind === "none" || empty ? undefined : new TargetScreen(ui, slot, targeting);
}

/**
 * The fire key: aiming again the item last aimed (or, once thrown, the next of its name in the pack), while
 * it still needs aiming
 * (docs/rules.md, Look and aim cursor); else nothing.
 */
export function aimAgain(ui: UiContext): Screen | undefined {
  const last = ui.aim, items = playerOf(ui.state).inventory?.items ?? [];
  const byId = last ? items.findIndex((e) => e.id === last.item) : -1;
  const slot = byId >= 0 || !last ? byId : items.findIndex((e) => e.name === last.name);
  return last && slot >= 0 ? aimOf(ui, slot, last.verb) : undefined;
}

/** What the window is for. */
export type InventoryMode = "use" | "drop" | "throw" | "describe" | "identify";

const TITLES: Readonly<Record<InventoryMode, string>> = {
  use: "Select an item to use",
  drop: "Select an item to drop",
  throw: "Select an item to throw",
  describe: "Select an item to describe",
  identify: "Select an item to identify",
};

const PICK_HELP: Readonly<Record<InventoryMode, string>> = {
  use: "use the item in that slot (what is worn: put on or take off); an empty slot: Invalid entry.",
  drop: "drop the item in that slot (a stack: asks how many); an empty slot: Invalid entry.",
  throw: "aim the item in that slot, then throw one of it; an empty slot: Invalid entry.",
  describe: "describe the item in that slot: what it is and its numbers; an empty slot: Invalid entry.",
  identify: "name the unknown item in that slot; any other slot: Invalid entry.",
};

/** An inventory window; a list longer than the window scrolls, each item keeping its letter. */
export class InventoryScreen implements Screen {
  readonly title: string;
  readonly bindings: readonly Binding<"help" | ScrollCommand>[];
  readonly scroll = new Scroll();

  /** `reading`: for `identify`, the slot of the scroll read. */
  constructor(readonly mode: InventoryMode, readonly reading = -1) {
    this.title = TITLES[mode];
    this.bindings = [
      { keys: ["a…z"], help: PICK_HELP[mode], listedOnly: true },
      ...SCROLL_BINDINGS,
      HELP_BINDING,
      { keys: ["any other key", "a click"], help: "close, nothing used", listedOnly: true },
    ];
  }

  /** The window's lines. */
  lines(ui: UiContext): string[] {
    if (this.mode !== "identify") return inventoryLines(ui.state, ui.rules);
    return inventoryLines(ui.state, ui.rules, unknownSlots(ui.state, ui.rules, playerOf(ui.state)));
  }

  handleKey(event: KeyEvent, ui: UiContext): ScreenResult {
    const command = lookupKey(this.bindings, event, ui.keys)?.value;
    if (command === "help") return { type: "open", screen: new HelpScreen(this) };
    if (command) {
      this.scroll.apply(command);
      return STAY;
    }
    if (!/^[a-z]$/.test(event.key) || event.ctrl || event.alt) return CLOSE;
    const inventory = playerOf(ui.state).inventory;
    const slot = inventory ? slotOfLetter(inventory, event.key.charCodeAt(0) - 97) : -1;
    const item = inventory?.items[slot];
    if (!item) return { type: "say", message: "invalid_entry" };
    if (this.mode === "identify") {
      if (!unknownSlots(ui.state, ui.rules, playerOf(ui.state)).includes(slot)) {
        return { type: "say", message: "invalid_entry" };
      }
      return { type: "act", action: { type: "use", item: this.reading, choice: slot }, closeOnSuccess: true };
    }
    if (this.mode === "describe") return { type: "open", screen: new DescribeScreen(slot), replace: true };
    if (this.mode === "drop") {
      if (countOf(item) > 1) {
        return { type: "open", screen: new CountScreen(dropCount(slot, countOf(item))), replace: true };
      }
      return { type: "act", action: { type: "drop", item: slot }, closeOnSuccess: true };
    }
    if (this.mode === "throw") return { type: "open", screen: aimOf(ui, slot, "throw")!, replace: true };
    const aim = aimOf(ui, slot, "use");
    return aim ? { type: "open", screen: aim, replace: true } : {
      type: "act",
      action: { type: "use", item: slot },
      closeOnSuccess: true,
    };
  }

  handleMouse(event: MouseEvent): ScreenResult {
    return event.action === "press" ? CLOSE : STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    drawSideWindow(buf, ui, this.title, this.lines(ui), 0, this.scroll);
  }
}
