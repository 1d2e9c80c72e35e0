/**
 * `O`: the options (docs/options.md, The options screen): the key preset,
 * the walk delay, and every command's keys. A change applies at once; `s`
 * saves them to the options file. Rebinding waits for the next key, and a
 * key that two commands share is marked on the same screen, and must be
 * settled before the options are saved.
 *
 * @module
 */
import type { Rules } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import type { OptionsChoice } from "./options_choice.ts";
import { KEY_PRESETS, keyMapOf, presetKeys } from "./key_presets.ts";
import { boundKeys, keyConflicts } from "./screen_keys.ts";
import { type Binding, HELP_KEY, keyLabel, keyName, lookupKey, parseKeyName } from "./keymap.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { Scroll } from "./scroll.ts";
import { sideWindowArea } from "./side_window.ts";
import { clipText, displayWidth, padText, wrapText } from "./text.ts";
import { paletteColor, type Theme } from "./theme.ts";
import type { Region } from "./layout.ts";
import { drawWindow } from "./window.ts";

/** A display palette the screen offers: its id, and what the screen calls it. */
export interface PaletteChoice {
  readonly id: string;
  readonly label: string;
}

/** A kind of item the auto-pickup list can name, and how the screen names it. */
export interface PickupKind {
  readonly id: string;
  readonly label: string;
}

/**
 * The kinds of item `rules` has, for the auto-pickup list: each kind of
 * unknown item (every potion, every scroll), then each other item by name.
 */
export function pickupKinds(rules: Rules): PickupKind[] {
  const templates = Object.values(rules.templates).filter((t) => t.item || t.equippable);
  const unknown = [...new Set(templates.flatMap((t) => (t.unknown ? [t.unknown] : [])))];
  return [
    ...unknown.map((kind) => ({ id: kind, label: `every ${kind}` })),
    ...templates.filter((t) => !t.unknown).map((t) => ({ id: t.id, label: t.name })),
  ];
}

/**
 * Whether the options pick up `item` on stepping onto it: its unknown kind is listed, or, for a thing of no
 * unknown kind, its template. A thing of an unknown kind is never taken by its template's id (listed from
 * other data where it is known): taking one potion and leaving the rest would tell it apart.
 */
export function picksUp(choice: OptionsChoice, rules: Rules, template: string): boolean {
  const list = choice.autoPickup ?? [];
  const kind = rules.templates[template]?.unknown;
  return list.includes(kind ?? template);
}

/** The options rows before the commands, in order. */
const SETTING_ROWS = ["preset", "palette", "walkDelay", "logLines", "exploreItems", "autoPickup"] as const;

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
  { keys: ["Left", "KP4"], value: "less", help: "the preset or palette before; a shorter walk delay" },
  { keys: ["Right", "KP6"], value: "more", help: "the next preset or palette; a longer walk delay" },
  { keys: ["Enter", "KPEnter"], value: "rebind", help: "give the command a new key (the next key pressed)" },
  { keys: ["+"], value: "add", help: "give the command one more key" },
  { keys: ["Delete", "Backspace"], value: "reset", help: "back to the preset's keys" },
  { keys: ["s"], value: "save", help: "save the options to the options file" },
  { keys: ["Escape"], value: "close", help: "close (the changes stay for this run)" },
  { keys: [HELP_KEY], value: "help", help: "this help" },
];

/** Lines above the list: the keys, then what the screen has to say. */
export const OPTIONS_HINT = "Enter: new key  +: add  Del: default  s: save  Esc: close";
/** The rows before the commands. */
const SETTINGS = SETTING_ROWS.length;
/** The most message lines the option may ask for. */
export const MAX_LOG_LINES = 50;
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
  /** While the auto-pickup list is open: which kind is chosen. */
  #pickupRow: number | undefined;

  /** `kinds`: what the auto-pickup list offers (the data's item kinds); `palettes`: the data's palettes. */
  constructor(
    choice: OptionsChoice,
    readonly kinds: readonly PickupKind[] = [],
    readonly palettes: readonly PaletteChoice[] = [],
  ) {
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
    if (this.#pickupRow !== undefined) return this.#pickupKey(event);
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
        if (SETTING_ROWS[this.#row] === "autoPickup") {
          this.#pickupRow = 0;
          this.status = "Enter or Space: pick up this kind or not; Esc: done.";
          return STAY;
        }
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

  /** A key in the auto-pickup list: move, toggle the kind, or close the list. */
  #pickupKey(event: KeyEvent): ScreenResult {
    const command = lookupKey(OPTIONS_BINDINGS, event)?.value;
    const at = this.#pickupRow!, kind = this.kinds[at];
    if (command === "up") this.#pickupRow = Math.max(0, at - 1);
    else if (command === "down") this.#pickupRow = Math.min(Math.max(0, this.kinds.length - 1), at + 1);
    else if ((command === "rebind" || event.key === " ") && kind) {
      const list = this.#choice.autoPickup ?? [];
      const autoPickup = list.includes(kind.id) ? list.filter((k) => k !== kind.id) : [...list, kind.id];
      return this.#changed({ ...this.#choice, autoPickup });
    } else if (command === "close") {
      this.#pickupRow = undefined;
      this.status = "";
    }
    return STAY;
  }

  /** Left or right on a setting: the preset, the walk delay, the log's lines, explore and items. */
  #step(by: number): ScreenResult {
    const choice = this.#choice;
    const setting = SETTING_ROWS[this.#row];
    if (setting === "logLines") {
      const logLines = Math.max(0, Math.min(MAX_LOG_LINES, (choice.logLines ?? 0) + by));
      return this.#changed({ ...choice, logLines });
    }
    if (setting === "exploreItems") {
      return this.#changed({ ...choice, exploreStopsForItems: choice.exploreStopsForItems === false });
    }
    if (setting === "palette") {
      if (this.palettes.length === 0) return STAY;
      const at = Math.max(0, this.palettes.findIndex((p) => p.id === (choice.palette ?? "default")));
      const next = this.palettes[(at + by + this.palettes.length) % this.palettes.length];
      return this.#changed({ ...choice, palette: next.id });
    }
    if (setting === "preset") {
      const at = KEY_PRESETS.indexOf(choice.preset);
      const preset = KEY_PRESETS[(at + by + KEY_PRESETS.length) % KEY_PRESETS.length];
      // The player's own bindings stay over the new preset.
      this.status = `Keys from the ${preset} preset.`;
      return this.#changed({ ...choice, preset });
    }
    if (setting === "walkDelay") {
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
    if (this.#pickupRow !== undefined) return this.#pickupLines();
    const picked = this.#choice.autoPickup ?? [];
    const rows = [
      `Key preset: ${this.#choice.preset}  (←/→)`,
      `Palette: ${this.#paletteLabel()}  (←/→)`,
      `Walk delay: ${this.#choice.walkDelayMs} ms  (←/→)`,
      `Message lines: ${this.#choice.logLines ? this.#choice.logLines : "as many as fit"}  (←/→)`,
      `Explore stops for items: ${this.#choice.exploreStopsForItems === false ? "no" : "yes"}  (←/→)`,
      `Auto-pickup: ${this.#pickedLabel(picked)}  (Enter)`,
      ...boundKeys(keys).map((c) => {
        const shared = c.keys.some((k) => conflicts.has(k));
        const listed = c.keys.length === 0 ? "(none)" : [...new Set(c.keys.map(keyLabel))].join(", ");
        return `${padText(c.name, 16)} ${shared ? "!" : own(c.name) ? "*" : " "} ${listed}`;
      }),
    ];
    return [...this.#header(), ...rows.map((row, k) => `${k === this.#row ? ">" : " "} ${row}`)];
  }

  /**
   * The auto-pickup list as the player names things: the list's labels, never the data's ids; ids this data
   * has no kind for (an options file shared with other data) are only counted.
   */
  #pickedLabel(picked: readonly string[]): string {
    if (picked.length === 0) return "nothing";
    const labels = this.kinds.filter((k) => picked.includes(k.id)).map((k) => k.label);
    const others = picked.filter((id) => !this.kinds.some((k) => k.id === id)).length;
    return [...labels, ...(others > 0 ? [`${others} from other data`] : [])].join(", ");
  }

  #paletteLabel(): string {
    const id = this.#choice.palette ?? "default";
    return this.palettes.find((p) => p.id === id)?.label ?? id;
  }

  /** The auto-pickup list: each kind, marked when it is picked up. */
  #pickupLines(): string[] {
    const picked = this.#choice.autoPickup ?? [];
    const rows = this.kinds.map((k, i) =>
      `${i === this.#pickupRow ? ">" : " "} [${picked.includes(k.id) ? "x" : " "}] ${k.label}`
    );
    return [...this.#header(), ...(rows.length > 0 ? rows : ["  (no items in this data)"])];
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
    this.scroll.show(this.#pickupRow ?? this.#row);
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
