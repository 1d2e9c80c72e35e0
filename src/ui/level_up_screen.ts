/**
 * The level-up window (docs/rules.md, Windows; Experience and levels): the rules' title and
 * text, then one line per choice with the current numbers, in the form the
 * rules give (`progression.window.form`): Delve's side window, libtcod's
 * menu or a centred dialog. A choice's key takes it (no turn passes); any
 * other key says "Invalid entry." in the side window and asks again
 * silently in the others; clicks are ignored. One window per level earned.
 *
 * @module
 */
import { attackOf, defenseOf, formatTemplate, playerOf, type Rules, sightOf } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_BINDING, lookupKey } from "./keymap.ts";
import type { Region } from "./layout.ts";
import { type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";
import { clipText, displayWidth, wrapText } from "./text.ts";
import { paletteColor } from "./theme.ts";
import { drawWindow } from "./window.ts";

/** What of the map shows through libtcod's menu: its console is blitted with a background alpha of 0.7. */
const MENU_SHOW_THROUGH = 0.3;

/** The level-up window; it stays until a choice is made. */
export class LevelUpScreen implements Screen {
  readonly title: string;
  readonly bindings: readonly Binding<number | "help">[];

  constructor(readonly rules: Rules) {
    this.title = rules.progression.window.title;
    const silent = (rules.progression.window.form ?? "window") !== "window";
    this.bindings = [
      ...rules.progression.choices.map((c, i) => ({ keys: [c.key], value: i, help: c.message })),
      HELP_BINDING,
      {
        keys: ["any other key"],
        help: silent ? "asks again (a choice must be made)" : "Invalid entry. (a choice must be made)",
        listedOnly: true,
      },
    ];
  }

  /**
   * The window's lines under its title: the side window's `a) Constitution (+20 HP, from 30)`… after the
   * rules' text and a gap; the menu's header (the title, wrapped), a gap, then `(a) Constitution…`; the
   * dialog's text wrapped, a gap after each piece (Zircon's header and paragraph), then its choices.
   */
  lines(ui: UiContext): string[] {
    const p = playerOf(ui.state);
    const values = {
      max_hp: p.fighter?.maxHp ?? 0,
      power: attackOf(p),
      defense: defenseOf(p),
      sight: sightOf(p, this.rules),
    };
    const { window, choices } = this.rules.progression;
    const labels = choices.map((c) => formatTemplate(c.label, values));
    switch (window.form ?? "window") {
      case "menu": {
        const wrap = window.wrap ?? window.width ?? 40;
        return [...wrapText(window.title, wrap), "", ...labels.map((l, i) => `(${choices[i].key}) ${l}`)];
      }
      case "dialog": {
        const wrap = window.wrap ?? (window.width ?? 35) - 2;
        return [
          ...window.text.flatMap((t) => [...wrapText(t, wrap), ""]),
          ...labels.map((l, i) => `${choices[i].key}) ${l}`),
        ];
      }
      default:
        return [...window.text, "", ...labels.map((l, i) => `${choices[i].key}) ${l}`)];
    }
  }

  handleKey(event: KeyEvent, ui?: Pick<UiContext, "keys">): ScreenResult {
    const choice = lookupKey(this.bindings, event, ui?.keys)?.value;
    if (choice === "help") return { type: "open", screen: new HelpScreen(this) };
    if (choice === undefined) {
      // The tutorials' menu and dialog simply wait for a choice; Delve's window says why nothing happened.
      return (this.rules.progression.window.form ?? "window") === "window"
        ? { type: "say", message: "invalid_entry" }
        : STAY;
    }
    return { type: "levelUp", choice };
  }

  handleMouse(): ScreenResult {
    return STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const { window } = this.rules.progression;
    const lines = this.lines(ui);
    const white = paletteColor(ui.theme, "white");
    const widest = Math.max(0, ...lines.map(displayWidth));
    if (window.form === "menu") {
      const area = centred(ui, window.width ?? widest, lines.length);
      // libtcod's menu: no frame; the map shows dimly through its background, its glyphs do not.
      for (let y = area.y; y < area.y + area.height; y++) {
        for (let x = area.x; x < area.x + area.width; x++) {
          buf.set(x, y, " ", white, scaled(buf.bg[y * buf.width + x], MENU_SHOW_THROUGH));
        }
      }
      lines.forEach((line, i) => {
        const at = (area.y + i) * buf.width + area.x;
        buf.text(area.x, area.y + i, clipText(line, area.width), white, buf.bg[at]);
      });
      return;
    }
    if (window.form === "dialog") {
      const width = window.width ?? Math.max(35, widest + 2, displayWidth(this.title) + 4);
      const area = centred(ui, width, window.height ?? lines.length + 2);
      const inside = drawWindow(buf, area, this.title, white, 0, window.frame);
      lines.slice(0, inside.height).forEach((line, i) =>
        buf.text(inside.x, inside.y + i, clipText(line, inside.width), white, 0)
      );
      return;
    }
    // At least 35 wide (docs/rules.md, Windows), wider if a line needs it (max HP ≥ 100 does).
    drawSideWindow(buf, ui, this.title, lines, 35);
  }
}

/**
 * A `width` × `height` area centred on the screen as libtcod and Zircon centre (halves rounded down), raised
 * where it would reach the panel under the map, so the HP and the log stay in sight (at 80x24).
 */
function centred(ui: UiContext, width: number, height: number): Region {
  const { columns, rows, map } = ui.layout;
  const w = Math.min(width, columns), h = Math.min(height, rows);
  const y = Math.min(Math.floor(rows / 2) - Math.floor(h / 2), map.y + map.height - h);
  return { x: Math.floor(columns / 2) - Math.floor(w / 2), y: Math.max(0, y), width: w, height: h };
}

/** `rgb` with each channel times `share`. */
function scaled(rgb: number, share: number): number {
  const channel = (shift: number) => Math.floor(((rgb >> shift) & 0xff) * share) << shift;
  return channel(16) | channel(8) | channel(0);
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
