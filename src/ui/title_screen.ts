/**
 * The title screen (docs/rules.md, Title screen): the game's name over a backdrop drawn in
 * the terminal, the three choices, what the saved game is, the high
 * scores, and popups ("No saved game to load.") that dim everything behind
 * them. On a short terminal the subtitle and credit give way to the scores.
 * A {@link Screen} like the game's: it answers keys with what the player
 * chose, and the program (which knows saves and games) carries it out.
 *
 * @module
 */
import { type HighScore, Rng } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent } from "../terminal/mod.ts";
import { paletteColor, type Theme } from "./theme.ts";
import { fitWidth } from "../text/mod.ts";
import { centredX, clipText, displayWidth, padText, wrapText } from "./text.ts";
import { drawWindow } from "./window.ts";
import { type Binding, HELP_BINDING, helpLines, lookupKey } from "./keymap.ts";
import type { Screen } from "./screen.ts";

/** "DELVE" in a 5-row block font. */
const BANNER = [
  "█████  █████ █     █   █ █████",
  "█   ██ █     █     █   █ █    ",
  "█   ██ ████  █     █   █ ████ ",
  "█   ██ █     █      █ █  █    ",
  "█████  █████ █████   █   █████",
];

/** The choices, each padded to 24 columns (docs/rules.md, Title screen). */
export const TITLE_OPTIONS = ["[N] Play a new game", "[C] Continue last game", "[O] Options", "[Q] Quit"];

/** What the title shows besides its fixed parts. */
export interface TitleView {
  /** One line about the saved game: what Continue brings back, or why there is nothing to continue. */
  readonly saved?: string;
  /** A line under it about the data the saved game was made with, when that is a kept version. */
  readonly savedNote?: string;
  /** With `--daily`: which day's game a new game is, and whether it is scored. */
  readonly daily?: string;
  /** With `--mod`: the mods a new game is played with, in order, each as its name and version. */
  readonly mods?: readonly string[];
  /** False when there is no game to continue: the title then offers no `[C]`. */
  readonly canContinue?: boolean;
  /** Lines of a popup over the title (any key dismisses it, but those that scroll one taller than the screen). */
  readonly popup?: readonly string[];
  /** The popup's first line shown, when it is taller than the screen. */
  readonly popupFrom?: number;
  /** The high-score table, best first. */
  readonly scores?: readonly HighScore[];
  /** Said instead of the table when it cannot be read. */
  readonly scoresNote?: string;
}

/** Below this height the title drops its subtitle and credit. */
const ROOMY_HEIGHT = 34;
const SUBTITLE = "a roguelike of rooms, corridors and things that hunt you";
/** Columns of the card beside its widest line. */
const CARD_MARGIN = 2;

/**
 * The line about what a new game will be: the daily game's, the mods laid
 * over the data, or both (the mods only counted where naming them would
 * not fit `width`).
 */
function newGameLine(view: TitleView, width: number): string | undefined {
  const mods = view.mods?.length ? `Mods: ${view.mods.join(", ")}` : undefined;
  if (!view.daily || !mods) return view.daily ?? mods;
  const both = `${view.daily}; ${mods}`;
  const count = view.mods!.length;
  return displayWidth(both) <= width ? both : `${view.daily}; ${count} mod${count === 1 ? "" : "s"}`;
}

/** The high-score table's lines: a header, then one line a game (the cause cut to fit `width`). */
export function scoreLines(scores: readonly HighScore[], width: number): string[] {
  const row = (rank: string, score: string, depth: string, turns: string, seed: string, date: string) =>
    `${rank.padStart(3)} ${score.padStart(6)}  ${depth.padStart(5)}  ${turns.padStart(5)}  ${
      seed.padStart(10)
    }  ${date.padEnd(10)}  `;
  const lines = [row("", "Score", "Depth", "Turns", "Seed", "Date") + "Cause"];
  scores.forEach((s, k) => {
    const start = row(
      `${k + 1}.`,
      String(s.score),
      String(s.depth),
      String(s.turns),
      String(s.seed),
      s.date.slice(0, 10),
    );
    // A game won says so first (docs/rules.md, A goal); then the background it started with, if any.
    const told = s.background ? `${s.background}, ${s.cause}` : s.cause;
    const cause = s.won ? `Won: ${told}` : told;
    lines.push(start + clipText(cause, Math.max(1, width - displayWidth(start))));
  });
  return lines;
}

/** Dims a colour as popups do (docs/rules.md, Windows): each channel divided by 8. */
function dim(rgb: number): number {
  return (((rgb >> 16) & 255) >> 3) << 16 | (((rgb >> 8) & 255) >> 3) << 8 | ((rgb & 255) >> 3);
}

/**
 * A cave wall of old stone, lit from the middle: the backdrop. Without
 * colours (`monochrome`) the stones away from the light are drawn in ░, so
 * the wall and its lit middle still show.
 */
function drawBackdrop(buf: CellBuffer, theme: Theme, monochrome: boolean): void {
  const rng = Rng.fromSeed(1979);
  const wall = theme.tiles[0].dark.bg, floor = theme.tiles[1].dark.bg, lit = theme.tiles[1].light.bg;
  const cx = buf.width / 2, cy = buf.height / 2;
  for (let y = 0; y < buf.height; y++) {
    for (let x = 0; x < buf.width; x++) {
      // Stone blocks, offset every other course, with the odd crack.
      const course = Math.floor(y / 2), brickX = Math.floor((x + (course % 2) * 3) / 6);
      const joint = y % 2 === 1 || (x + (course % 2) * 3) % 6 === 0;
      const glow = Math.max(0, 1 - Math.hypot((x - cx) / cx, (y - cy) / cy));
      const base = joint ? wall : (brickX + course) % 3 === 0 ? floor : wall;
      const crack = rng.int(0, 40) === 0;
      const shaded = monochrome && !joint && glow <= 0.55;
      const glyph = joint ? " " : crack || shaded ? "░" : " ";
      buf.set(x, y, glyph, floor, glow > 0.55 ? lit : base);
    }
  }
}

/**
 * Draws the title screen: the backdrop, and over it a dark card with the
 * banner, the choices, the saved game and the scores, so the stone's shading
 * stays out of the text. Returns where the popup stands, if one is shown.
 */
export function drawTitle(
  buf: CellBuffer,
  theme: Theme,
  view: TitleView,
  monochrome = false,
): PopupShown | undefined {
  drawBackdrop(buf, theme, monochrome);
  const gold = paletteColor(theme, "menu_title"), white = paletteColor(theme, "menu_text");
  const { width, height } = buf;
  const centre = (text: string, y: number, fg: number, bg?: number) =>
    buf.text(centredX(0, width, text), y, text, fg, bg);
  const roomy = height >= ROOMY_HEIGHT;
  const table = view.scores?.length ? scoreLines(view.scores, width - 2) : [];
  const note = view.scoresNote ? wrapText(view.scoresNote, Math.max(10, width - 4)) : [];
  const below = note.length > 0 ? note.length + 1 : table.length > 0 ? table.length + 1 : 0;
  // The saved game's note takes a row of its own under it, but for the daily line's in a compact title without one.
  const daily = newGameLine(view, width - 2);
  const noteRow = view.savedNote !== undefined && (daily !== undefined || roomy);
  // Banner, subtitle, choices and the saved game take 16 rows roomy, 12 compact; compact and short of a row
  // (the save's note and the daily line both shown over a full table), the line under the choices goes.
  const wanted = (roomy ? 16 : 12) + below + (noteRow ? 1 : 0);
  const gap = !roomy && wanted > height ? 0 : 1;
  const used = wanted - 1 + gap;
  let y = roomy ? Math.max(0, Math.floor((height - used) / 2) - 1) : Math.max(0, Math.min(1, height - used));
  const cardWidth = Math.max(
    displayWidth(BANNER[0]),
    roomy ? displayWidth(SUBTITLE) : 0,
    24,
    displayWidth(view.saved ?? ""),
    displayWidth(view.savedNote ?? ""),
    displayWidth(daily ?? ""),
    ...note.map(displayWidth),
    ...table.map(displayWidth),
  ) + 2 * CARD_MARGIN;
  const cardHeight = used - (below > 0 ? 0 : 1) + 2;
  drawCard(buf, Math.floor((width - cardWidth) / 2), y - 1, cardWidth, cardHeight);
  BANNER.forEach((line, k) => centre(line, y + k, gold));
  y += 6;
  if (roomy) {
    centre(SUBTITLE, y, gold, 0x000000);
    y += 3;
  }
  const options = view.canContinue === false
    ? TITLE_OPTIONS.filter((o) => !o.startsWith("[C]"))
    : TITLE_OPTIONS;
  options.forEach((option, k) => {
    buf.text(Math.floor((width - 24) / 2), y + k, ` ${option}`.padEnd(24), white, 0x000000);
  });
  y += TITLE_OPTIONS.length + gap;
  if (view.saved) centre(clipText(view.saved, width - 2), y, white, 0x000000);
  y += 1;
  if (view.savedNote) centre(clipText(view.savedNote, width - 2), y++, white, 0x000000);
  if (daily) centre(clipText(daily, width - 2), y, gold, 0x000000);
  if (!view.savedNote || noteRow) y += 1;
  for (const line of note) centre(line, y++, white, 0x000000);
  const tableWidth = Math.max(0, ...table.map(displayWidth));
  table.forEach((line, k) => {
    buf.text(
      Math.max(0, Math.floor((width - tableWidth) / 2)),
      y++,
      padText(line, tableWidth),
      k === 0 ? gold : white,
      0x000000,
    );
  });
  if (roomy && y < height - 2) centre("By the Delve developers", height - 2, gold);
  return view.popup ? drawPopup(buf, view.popup, view.popupFrom) : undefined;
}

/** Black cells (the card behind the title's text), clipped to the screen. */
function drawCard(buf: CellBuffer, x: number, y: number, width: number, height: number): void {
  for (let cy = Math.max(0, y); cy < Math.min(buf.height, y + height); cy++) {
    for (let cx = Math.max(0, x); cx < Math.min(buf.width, x + width); cx++) {
      buf.set(cx, cy, " ", 0xffffff, 0);
    }
  }
}

/** The keys that scroll a popup too tall for the screen, and by how many lines (a page: 0). */
const POPUP_SCROLL: Readonly<Record<string, number>> = {
  Up: -1,
  k: -1,
  Down: 1,
  j: 1,
  PageUp: 0,
  PageDown: 0,
};

/**
 * A popup: everything behind dimmed, the lines (wrapped to fit: a reason is
 * never cut) in a window in the middle. Taller than the screen, it shows as
 * many as fit from line `from`, and a last line telling which and how to
 * scroll. Returns what the scrolling needs: the first line shown (`from`
 * kept within bounds), how many show, and how many there are.
 */
function drawPopup(buf: CellBuffer, given: readonly string[], from = 0): PopupShown {
  for (let i = 0; i < buf.fg.length; i++) {
    buf.fg[i] = dim(buf.fg[i]);
    buf.bg[i] = dim(buf.bg[i]);
  }
  const lines = given.flatMap((line) => wrapText(line, Math.max(1, buf.width - 6)));
  const room = Math.max(1, buf.height - 2);
  const tall = lines.length > room;
  const rows = tall ? Math.max(1, room - 1) : lines.length;
  const first = Math.max(0, Math.min(from, lines.length - rows));
  const shown = lines.slice(first, first + rows);
  if (tall) {
    shown.push(
      `lines ${first + 1}-${first + rows} of ${lines.length}: ↑↓ PgUp PgDn scroll, other keys close`,
    );
  }
  const inner = Math.min(buf.width - 4, Math.max(...shown.map(displayWidth)) + 2);
  const width = inner + 2, height = shown.length + 2;
  const x = Math.floor((buf.width - width) / 2), y = Math.floor((buf.height - height) / 2);
  const inside = drawWindow(buf, { x, y, width, height }, "");
  shown.forEach((line, k) => {
    const text = fitWidth(line, inner);
    const color = tall && k === shown.length - 1 ? 0xc0c0c0 : 0xffffff;
    buf.text(centredX(inside.x, inner, text), inside.y + k, text, color, 0x000000);
  });
  return { first, rows, total: lines.length };
}

/** Where a drawn popup stands: its first line shown, how many show, and how many it has. */
interface PopupShown {
  readonly first: number;
  readonly rows: number;
  readonly total: number;
}

/** What the title is drawn with. */
export interface TitleContext {
  readonly theme: Theme;
  /** No colours: the stone wall is drawn in ░. */
  readonly monochrome: boolean;
}

/** What the player chose on the title. */
export type TitleChoice =
  /** Nothing for the program to do (a popup dismissed, a key that means nothing here). */
  | { readonly type: "stay" }
  | { readonly type: "quit" }
  /** The options screen, over the title. */
  | { readonly type: "options" }
  /** A new game; `abandon`: the player said yes to abandoning the old one. */
  | { readonly type: "new"; readonly abandon: boolean }
  /** Continue the saved game; `offered`: the player said yes to the data the popup offered for it. */
  | { readonly type: "continue"; readonly offered: boolean };

/** A yes/no question a popup asks: continue with the data offered, or abandon the old game. */
export type TitleQuestion = "offer" | "abandon";

/** What a key means on the title. */
type TitleKey = "new" | "continue" | "options" | "quit" | "yes" | "help";

const TITLE_BINDINGS: readonly Binding<TitleKey>[] = [
  { keys: ["n", "N"], value: "new", help: "play a new game" },
  { keys: ["c", "C"], value: "continue", help: "continue the saved game" },
  { keys: ["o", "O"], value: "options", help: "the options: keys, walk delay" },
  { keys: ["q", "Q", "Escape"], value: "quit", help: "quit" },
  { keys: ["y", "Y"], value: "yes", help: "yes, to a popup's question" },
  { ...HELP_BINDING, help: "this help (in a game, ? lists the keys of every screen)" },
  { keys: ["any other key"], help: "no, to a popup's question; any key closes a popup", listedOnly: true },
];

/** The title's help, as the game's help windows list keys: each key, then what it does. */
function titleHelp(): string[] {
  const rows = helpLines(TITLE_BINDINGS);
  const width = Math.max(...rows.map((r) => displayWidth(r.keys)));
  const lines = ["Keys: Delve", "", ...rows.map((r) => `${padText(r.keys, width)}  ${r.help}`)];
  // As wide as each other, so that the popup, which centres its lines, keeps the columns.
  const widest = Math.max(...lines.map(displayWidth));
  return lines.map((l) => padText(l, widest));
}

/** The title: the program's first screen, and where a game left with Esc comes back to. */
export class TitleScreen implements Screen<TitleContext, TitleChoice> {
  readonly title = "Delve";
  readonly bindings = TITLE_BINDINGS;
  /** What it shows besides its fixed parts. */
  view: TitleView = {};
  /** The question the popup asks, if it asks one: Y says yes, any other key no. */
  #question: TitleQuestion | undefined;
  /** The popup as last drawn: whether it is taller than the screen, and where it stands. */
  #popupShown: PopupShown | undefined;

  /** Shows `popup` (asking `question`, if given: any key answers it). */
  showPopup(popup: readonly string[], question?: TitleQuestion): void {
    this.view = { ...this.view, popup, popupFrom: 0 };
    this.#question = question;
  }

  handleKey(event: KeyEvent): TitleChoice {
    const scroll = this.#popupShown && this.#popupShown.total > this.#popupShown.rows
      ? POPUP_SCROLL[event.key]
      : undefined;
    if (this.view.popup && scroll !== undefined && !event.ctrl && !event.alt) {
      const { rows, total } = this.#popupShown!;
      const by = scroll !== 0 ? scroll : event.key === "PageUp" ? -rows : rows;
      const from = Math.min(this.view.popupFrom ?? 0, total - rows) + by;
      this.view = { ...this.view, popupFrom: Math.max(0, Math.min(from, total - rows)) };
      return { type: "stay" };
    }
    const key = lookupKey(TITLE_BINDINGS, event)?.value;
    const question = this.#question;
    this.#question = undefined;
    const yes = question !== undefined && key === "yes";
    // A popup: Y answers its question, any other key dismisses it.
    if (this.view.popup && !yes) {
      this.view = { ...this.view, popup: undefined };
      return { type: "stay" };
    }
    if (key === "help" && question === undefined) {
      this.showPopup(titleHelp());
      return { type: "stay" };
    }
    if (key === "quit") return { type: "quit" };
    if (key === "options") return { type: "options" };
    if (key === "new" || question === "abandon") return { type: "new", abandon: yes };
    if (key === "continue" || yes) return { type: "continue", offered: yes };
    return { type: "stay" };
  }

  handleMouse(): TitleChoice {
    return { type: "stay" };
  }

  draw(buf: CellBuffer, context: TitleContext): void {
    this.#popupShown = drawTitle(buf, context.theme, this.view, context.monochrome);
  }
}
