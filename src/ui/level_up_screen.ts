/**
 * The level-up window (docs/rules.md, Windows; Experience and levels): the rules' title and
 * text, then one line per choice with the current numbers. A choice's key
 * takes it (no turn passes); any other key says "Invalid entry." and the
 * window stays; clicks are ignored. One window per level earned.
 *
 * @module
 */
import { attackOf, defenseOf, formatTemplate, playerOf, type Rules, sightOf } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_BINDING, lookupKey } from "./keymap.ts";
import { type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";

/** The level-up window; it stays until a choice is made. */
export class LevelUpScreen implements Screen {
  readonly title: string;
  readonly bindings: readonly Binding<number | "help">[];

  constructor(readonly rules: Rules) {
    this.title = rules.progression.window.title;
    this.bindings = [
      ...rules.progression.choices.map((c, i) => ({ keys: [c.key], value: i, help: c.message })),
      HELP_BINDING,
      {
        keys: ["any other key"],
        help: "Invalid entry. (a choice must be made)",
        listedOnly: true,
      },
    ];
  }

  /** The window's lines: the rules' text, a gap, then `a) Constitution (+20 HP, from 30)`… */
  lines(ui: UiContext): string[] {
    const p = playerOf(ui.state);
    const values = {
      max_hp: p.fighter?.maxHp ?? 0,
      power: attackOf(p),
      defense: defenseOf(p),
      sight: sightOf(p, this.rules),
    };
    const { window, choices } = this.rules.progression;
    return [...window.text, "", ...choices.map((c) => `${c.key}) ${formatTemplate(c.label, values)}`)];
  }

  handleKey(event: KeyEvent, ui?: Pick<UiContext, "keys">): ScreenResult {
    const choice = lookupKey(this.bindings, event, ui?.keys)?.value;
    if (choice === "help") return { type: "open", screen: new HelpScreen(this) };
    if (choice === undefined) return { type: "say", message: "invalid_entry" };
    return { type: "levelUp", choice };
  }

  handleMouse(): ScreenResult {
    return STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    // At least 35 wide (docs/rules.md, Windows), wider if a line needs it (max HP ≥ 100 does).
    drawSideWindow(buf, ui, this.title, this.lines(ui), 35);
  }
}

/**
 * Where the rules open the level-up window on the key pressed after the
 * turn that earned it (the ROT.js tutorial's): waits, drawing nothing over
 * the game, for that key, which does nothing else, then gives its place to
 * the window. Clicks are ignored.
 */
export class LevelUpOnKeyScreen implements Screen {
  readonly title = "Dungeon";
  readonly bindings: readonly Binding<never>[] = [
    { keys: ["any key"], help: "open the level-up window (the key does nothing else)", listedOnly: true },
  ];

  constructor(readonly rules: Rules) {}

  handleKey(): ScreenResult {
    return { type: "open", screen: new LevelUpScreen(this.rules), replace: true };
  }

  handleMouse(): ScreenResult {
    return STAY;
  }

  draw(): void {}
}
