/**
 * `?`: every key of the screen below, listed from that screen's own key
 * table (then the screen's notes on how things work, if it has any), in a window that fits the terminal: each key's text wraps inside
 * it, and a list longer than the window scrolls. Any key closes it, but
 * for the scrolling keys when there is more to see (its last line says
 * which).
 *
 * @module
 */
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { type Binding, helpLines, keyLabel, type KeyMap, keysOf, lookupKey } from "./keymap.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { Scroll, SCROLL_BINDINGS, type ScrollCommand } from "./scroll.ts";
import { displayWidth, padText, wrapText } from "./text.ts";
import { paletteColor } from "./theme.ts";
import { drawWindow } from "./window.ts";

/** Between the keys and what they do. */
const GAP = 2;
const FITS_NOTE = "Any key closes this window.";
/** The note of a help too long for its window: the scrolling keys as bound. */
function scrollsNote(keys?: KeyMap): string {
  const said = SCROLL_BINDINGS.flatMap((b) =>
    keysOf(b, keys).filter((k) => !k.startsWith("KP")).map(keyLabel)
  );
  return `${[...new Set(said)].join(" ")}: scroll. Any other key closes this window.`;
}

/** The help window's own keys: it scrolls, and any other key closes it. */
export const HELP_SCREEN_BINDINGS: readonly Binding<ScrollCommand>[] = [
  ...SCROLL_BINDINGS,
  { keys: ["any other key", "a click"], help: "close this help", listedOnly: true },
];

/** The help window for `of`. */
export class HelpScreen implements Screen {
  readonly title = "Help";
  readonly bindings = HELP_SCREEN_BINDINGS;
  readonly scroll = new Scroll();

  constructor(readonly of: Screen) {}

  /** The lines listed, unwrapped: each key group and what it does. */
  lines(keys?: KeyMap, inBrowser = false): string[] {
    const rows = helpLines(this.of.bindings, keys, inBrowser);
    const width = Math.max(...rows.map((r) => displayWidth(r.keys)));
    return rows.map((r) => `${padText(r.keys, width)}  ${r.help}`);
  }

  handleKey(event: KeyEvent, ui?: Pick<UiContext, "keys">): ScreenResult {
    const command = lookupKey(this.bindings, event, ui?.keys)?.value;
    if (!command || !this.scroll.overflows) return CLOSE;
    this.scroll.apply(command);
    return STAY;
  }

  handleMouse(event: MouseEvent): ScreenResult {
    if (event.action === "press") return CLOSE;
    if (event.action === "wheel") this.scroll.apply(event.button === "wheelUp" ? "lineUp" : "lineDown");
    return STAY;
  }

  /**
   * The list laid out `width` columns wide: the keys in a column as wide as
   * the widest (but for what the help beside them needs, up to half the
   * width), what they do beside them, both wrapped.
   */
  #layOut(width: number, keyMap?: KeyMap, inBrowser = false): string[] {
    const rows = helpLines(this.of.bindings, keyMap, inBrowser);
    const keys = Math.max(...rows.map((r) => displayWidth(r.keys)));
    const help = Math.max(...rows.map((r) => displayWidth(r.help)));
    const keyWidth = Math.max(1, Math.min(keys, Math.max(Math.floor((width - GAP) / 2), width - GAP - help)));
    const helpWidth = Math.max(1, width - keyWidth - GAP);
    return rows.flatMap((r) => {
      const keyLines = wrapText(r.keys, keyWidth), helpLines = wrapText(r.help, helpWidth);
      return Array.from(
        { length: Math.max(keyLines.length, helpLines.length) },
        (_, k) => `${padText(keyLines[k] ?? "", keyWidth)}${" ".repeat(GAP)}${helpLines[k] ?? ""}`.trimEnd(),
      );
    });
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const { columns, rows } = ui.layout;
    const title = `Keys: ${this.of.title}`;
    // The window leaves a column and a row of the screen free on each side; the text a column inside it.
    const listed = helpLines(this.of.bindings, ui.keys, ui.inBrowser);
    const needed = Math.max(...listed.map((r) => displayWidth(r.keys))) + GAP +
      Math.max(...listed.map((r) => displayWidth(r.help)));
    const textWidth = Math.max(1, Math.min(columns - 6, Math.max(needed, displayWidth(title) + 2)));
    const notes = this.of.notes?.(ui) ?? [];
    const body = [
      ...this.#layOut(textWidth, ui.keys, ui.inBrowser),
      ...(notes.length > 0 ? ["", ...notes.flatMap((n) => wrapText(n, textWidth))] : []),
    ];
    const room = Math.max(1, rows - 4);
    let note = wrapText(FITS_NOTE, textWidth);
    let bodyHeight = body.length;
    if (body.length + 1 + note.length > room) {
      note = wrapText(scrollsNote(ui.keys), textWidth);
      bodyHeight = Math.max(1, room - 1 - note.length);
    }
    this.scroll.fit(body.length, bodyHeight);
    const width = textWidth + 4, height = Math.min(room, bodyHeight + 1 + note.length) + 2;
    const frame = {
      x: Math.floor((columns - width) / 2),
      y: Math.floor((rows - height) / 2),
      width,
      height,
    };
    const inside = drawWindow(buf, frame, title);
    const white = paletteColor(ui.theme, "white");
    body.slice(this.scroll.top, this.scroll.top + bodyHeight).forEach((line, k) =>
      buf.text(inside.x + 1, inside.y + k, line, white, 0)
    );
    note.forEach((line, k) =>
      buf.text(inside.x + 1, inside.y + inside.height - note.length + k, line, white, 0)
    );
    this.scroll.drawMark(buf, frame, 0xffffff, 0);
  }
}
