/**
 * `O`: the options (docs/options.md, The options screen): the key preset,
 * the walk delay, and every command's keys. A change applies at once; `s`
 * saves them to the options file. Rebinding waits for the next key, and a
 * key that two commands share is marked on the same screen, and must be
 * settled before the options are saved.
 *
 * @module
 */
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { boundKeys, KEY_PRESETS, type KeyChoice, keyConflicts, keyMapOf, presetKeys } from "./key_presets.ts";
import { type Binding, HELP_KEY, keyLabel, keyName, lookupKey, parseKeyName } from "./keymap.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { Scroll } from "./scroll.ts";
import { sideWindowArea } from "./side_window.ts";
import { clipText, displayWidth, padText, wrapText } from "./text.ts";
import { paletteColor, type Theme } from "./theme.ts";
import type { Region } from "./layout.ts";
import { drawWindow } from "./window.ts";

/** What the options screen sets. */
export interface OptionsChoice extends KeyChoice {
  /** The pause between a walk's steps, in milliseconds. */
  readonly walkDelayMs: number;
}

type OptionsCommand =
  | "up"
  | "down"
  | "less"
  | "more"
  | "rebind"
  | "add"
  | "reset"
  | "save"
  | "close"
  | "help";

/** The screen's own keys: fixed, so a key map gone wrong can always be mended here. */
const OPTIONS_BINDINGS: readonly Binding<OptionsCommand>[] = [
  { keys: ["Up", "KP8"], value: "up", help: "the line above" },
  { keys: ["Down", "KP2"], value: "down", help: "the line below" },
  { keys: ["Left", "KP4"], value: "less", help: "the preset before; a shorter walk delay" },
  { keys: ["Right", "KP6"], value: "more", help: "the next preset; a longer walk delay" },
  { keys: ["Enter", "KPEnter"], value: "rebind", help: "give the command a new key (the next key pressed)" },
  { keys: ["+"], value: "add", help: "give the command one more key" },
  { keys: ["Delete", "Backspace"], value: "reset", help: "back to the preset's keys" },
  { keys: ["s"], value: "save", help: "save the options to the options file" },
  { keys: ["Escape"], value: "close", help: "close (the changes stay for this run)" },
  { keys: [HELP_KEY], value: "help", help: "this help" },
];

/** Lines above the list: the keys, then what the screen has to say. */
export const OPTIONS_HINT = "Enter: new key  +: add  Del: default  s: save  Esc: close";
/** The rows before the commands: the preset, the walk delay. */
const SETTINGS = 2;
const WALK_STEP = 5;
/** The window's least width: the hint's, with its border. */
const MIN_WIDTH = 58;
const MAX_WALK_DELAY = 1000;

/** The options, changed on a copy that applies at once. */
export class OptionsScreen implements Screen {
  readonly title = "Options";
  readonly bindings = OPTIONS_BINDINGS;
  readonly scroll = new Scroll();
  /** Which row is chosen: the preset, the walk delay, then each command. */
  #row = 0;
  /** The command waiting for its key, and whether the key is added to the others. */
  #waiting: { readonly name: string; readonly add: boolean } | undefined;
  /** What the screen says above the list (a key refused, the save's outcome). */
  status = "";
  #choice: OptionsChoice;

  constructor(choice: OptionsChoice) {
    this.#choice = choice;
  }

  /** The options as they stand on the screen. */
  get choice(): OptionsChoice {
    return this.#choice;
  }

  /** The keys two commands share, as the screen marks them. */
  get conflicts(): Map<string, string[]> {
    return keyConflicts(keyMapOf(this.#choice));
  }

  handleKey(event: KeyEvent, _ui?: Pick<UiContext, "keys">): ScreenResult {
    if (this.#waiting) return this.#bind(event);
    const commands = boundKeys(keyMapOf(this.#choice));
    const last = SETTINGS + commands.length - 1;
    switch (lookupKey(OPTIONS_BINDINGS, event)?.value) {
      case "up":
        this.#row = Math.max(0, this.#row - 1);
        return STAY;
      case "down":
        this.#row = Math.min(last, this.#row + 1);
        return STAY;
      case "less":
        return this.#step(-1);
      case "more":
        return this.#step(1);
      case "rebind":
      case "add": {
        if (this.#row < SETTINGS) return this.#step(1);
        const name = commands[this.#row - SETTINGS].name;
        this.#waiting = { name, add: lookupKey(OPTIONS_BINDINGS, event)?.value === "add" };
        this.status = `Press the key for ${name} (Esc: cancel).`;
        return STAY;
      }
      case "reset": {
        if (this.#row < SETTINGS) return STAY;
        const { [commands[this.#row - SETTINGS].name]: _, ...bind } = this.#choice.bind;
        return this.#changed({ ...this.#choice, bind });
      }
      case "save":
        if (this.conflicts.size > 0) {
          this.status = "Two commands share a key (marked !): give one of them another key first.";
          return STAY;
        }
        return { type: "options", choice: this.#choice, save: true };
      case "close":
        return CLOSE;
      case "help":
        return { type: "open", screen: new HelpScreen(this) };
      default:
        return STAY;
    }
  }

  /** The key pressed for the command waiting: taken (shared keys are marked), or refused with the reason. */
  #bind(event: KeyEvent): ScreenResult {
    const { name, add } = this.#waiting!;
    this.#waiting = undefined;
    if (event.key === "Escape" && !event.ctrl && !event.alt) {
      this.status = "";
      return STAY;
    }
    const parsed = parseKeyName(event.key === " " ? keyName({ ...event, key: "Space" }) : keyName(event));
    if ("problem" in parsed) {
      this.status = `That key cannot be bound: ${parsed.problem}.`;
      return STAY;
    }
    const before = keyMapOf(this.#choice)[name] ?? boundKeys().find((c) => c.name === name)!.keys;
    const keys = add ? [...before.filter((k) => k !== parsed.key), parsed.key] : [parsed.key];
    const result = this.#changed({ ...this.#choice, bind: { ...this.#choice.bind, [name]: keys } });
    const shared = this.conflicts.get(parsed.key);
    this.status = shared
      ? `${keyLabel(parsed.key)} is also ${shared.filter((n) => n !== name).join(" and ")}'s (marked !).`
      : `${name}: ${keys.map(keyLabel).join(", ")}.`;
    return result;
  }

  /** Left or right on the preset or the walk delay. */
  #step(by: number): ScreenResult {
    const choice = this.#choice;
    if (this.#row === 0) {
      const at = KEY_PRESETS.indexOf(choice.preset);
      const preset = KEY_PRESETS[(at + by + KEY_PRESETS.length) % KEY_PRESETS.length];
      // The player's own bindings stay over the new preset.
      this.status = `Keys from the ${preset} preset.`;
      return this.#changed({ ...choice, preset });
    }
    if (this.#row === 1) {
      const walkDelayMs = Math.max(0, Math.min(MAX_WALK_DELAY, choice.walkDelayMs + by * WALK_STEP));
      return this.#changed({ ...choice, walkDelayMs });
    }
    return STAY;
  }

  #changed(choice: OptionsChoice): ScreenResult {
    this.#choice = choice;
    return { type: "options", choice };
  }

  handleMouse(event: MouseEvent): ScreenResult {
    if (event.action === "wheel") this.#row = Math.max(0, this.#row + (event.button === "wheelUp" ? -1 : 1));
    return STAY;
  }

  /** The window's lines: the hint, the status, the preset and the walk delay, then each command. */
  lines(): string[] {
    const keys = keyMapOf(this.#choice);
    const conflicts = keyConflicts(keys);
    const own = (name: string) =>
      Object.hasOwn(this.#choice.bind, name) || Object.hasOwn(presetKeys(this.#choice.preset), name);
    const rows = [
      `Key preset: ${this.#choice.preset}  (←/→)`,
      `Walk delay: ${this.#choice.walkDelayMs} ms  (←/→)`,
      ...boundKeys(keys).map((c) => {
        const shared = c.keys.some((k) => conflicts.has(k));
        const listed = c.keys.length === 0 ? "(none)" : [...new Set(c.keys.map(keyLabel))].join(", ");
        return `${padText(c.name, 16)} ${shared ? "!" : own(c.name) ? "*" : " "} ${listed}`;
      }),
    ];
    return [...this.#header(), ...rows.map((row, k) => `${k === this.#row ? ">" : " "} ${row}`)];
  }

  /** The hint, then the status wrapped to the narrowest window (a path is never cut). */
  #header(): string[] {
    return [OPTIONS_HINT, ...(this.status ? wrapText(this.status, MIN_WIDTH - 2) : [""])];
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    // As tall as a window may be (docs/rules.md, Windows), on the side away from the player.
    const shown = this.#shown(ui.layout.map.y + ui.layout.map.height - 2);
    this.#paint(buf, sideWindowArea(ui, this.#width(shown), shown.length + 2), shown, ui.theme);
  }

  /** Draws the window in the middle of the screen, over the title (no game behind it). */
  drawCentred(buf: CellBuffer, theme: Theme): void {
    const shown = this.#shown(buf.height - 4);
    const width = Math.min(buf.width, this.#width(shown));
    this.#paint(
      buf,
      { x: Math.floor((buf.width - width) / 2), y: 1, width, height: shown.length + 2 },
      shown,
      theme,
    );
  }

  /** The lines shown in `inner` rows: the hint and the status, then the rows scrolled to keep the chosen one in sight. */
  #shown(inner: number): string[] {
    const lines = this.lines();
    const header = this.#header().length, room = Math.max(1, inner - header);
    this.scroll.fit(lines.length - header, room);
    this.scroll.show(this.#row);
    const top = this.scroll.top;
    return [...lines.slice(0, header), ...lines.slice(header + top, header + top + room)];
  }

  #width(shown: readonly string[]): number {
    return Math.max(MIN_WIDTH, displayWidth(this.title) + 4, ...shown.map((l) => displayWidth(l) + 2));
  }

  /** The window at `area` with `shown` in it, the border saying which rows show. */
  #paint(buf: CellBuffer, area: Region, shown: readonly string[], theme: Theme): void {
    const inside = drawWindow(buf, area, this.title);
    const white = paletteColor(theme, "white");
    shown.forEach((line, i) => buf.text(inside.x, inside.y + i, clipText(line, inside.width), white, 0));
    this.scroll.drawMark(buf, area, white, 0);
  }
}
