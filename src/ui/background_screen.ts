/**
 * The choice of a background at a new game (docs/rules.md, Backgrounds): a window over the title listing the
 * starts the data offers, each with its line and what it gives. a, b, c… start one at once; the arrows move
 * the mark and Enter starts the marked one; Escape goes back to the title.
 *
 * @module
 */
import { type Background, countedName, type Rules } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent } from "../terminal/mod.ts";
import { paletteColor, type Theme } from "./theme.ts";
import { centredX, clipText, wrapText } from "./text.ts";
import { drawWindow } from "./window.ts";

/** What a key on the choice means to the program. */
export type BackgroundChoice =
  | { readonly type: "stay" }
  /** Back to the title, no game started. */
  | { readonly type: "back" }
  /** A new game with the background of this id. */
  | { readonly type: "start"; readonly background: string };

/** The window's title on its frame. */
const TITLE = "Choose your background";
const FOOTER = "a-{last} or ↑↓ and Enter: start   Esc: back";

/** A signed change: "+10", "-8". */
function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/**
 * What `background` gives the player of `rules`, in one line: HP and the numbers it changes, what is worn,
 * what is carried ("HP 40, stealth 20; wears Long Sword, Chain Mail; carries Potion of Healing").
 */
export function backgroundKit(rules: Rules, background: Background): string {
  const template = rules.templates[rules.playerTemplate];
  const fighter = template.fighter!;
  const add = background.fighter ?? {};
  const numbers = [`HP ${Math.max(1, fighter.hp + (add.hp ?? 0))}`];
  for (const stat of ["power", "defense", "accuracy", "evasion"] as const) {
    if (add[stat]) numbers.push(`${stat} ${signed(add[stat])}`);
  }
  if (background.stealth) {
    numbers.push(`stealth ${Math.max(0, Math.min(100, (template.stealth ?? 0) + background.stealth))}`);
  }
  if (background.speed) numbers.push(`speed ${Math.max(1, (template.speed ?? 100) + background.speed)}`);
  if (background.sight && rules.sightRadius > 0) {
    numbers.push(`sight ${Math.max(1, rules.sightRadius + background.sight)}`);
  }
  const worn = (background.equipment ?? template.startingEquipment ?? []).map((id) =>
    rules.templates[id].name
  );
  const carried = (background.items ?? []).map(({ item, count = 1 }) => {
    const t = rules.templates[item];
    return countedName(count, t.name, t.item?.plural);
  });
  return [
    numbers.join(", "),
    ...(worn.length ? [`wears ${worn.join(", ")}`] : []),
    ...(carried.length ? [`carries ${carried.join(", ")}`] : []),
  ].join("; ");
}

/** The window listing the rules' backgrounds; one is marked. */
export class BackgroundScreen {
  /** The marked background's place in the list. */
  marked = 0;

  constructor(readonly rules: Rules) {}

  get #backgrounds(): readonly Background[] {
    return this.rules.backgrounds ?? [];
  }

  handleKey(event: KeyEvent): BackgroundChoice {
    const list = this.#backgrounds;
    if (event.ctrl || event.alt) return { type: "stay" };
    if (event.key === "Escape") return { type: "back" };
    if (event.key === "Up" || event.key === "k") {
      this.marked = (this.marked + list.length - 1) % list.length;
      return { type: "stay" };
    }
    if (event.key === "Down" || event.key === "j") {
      this.marked = (this.marked + 1) % list.length;
      return { type: "stay" };
    }
    if (event.key === "Enter") return { type: "start", background: list[this.marked].id };
    const at = event.key.length === 1 ? event.key.toLowerCase().charCodeAt(0) - 97 : -1;
    if (at >= 0 && at < list.length && !["j", "k"].includes(event.key)) {
      return { type: "start", background: list[at].id };
    }
    return { type: "stay" };
  }

  /** Draws the window in the middle of `buf`, over whatever is there. */
  draw(buf: CellBuffer, theme: Theme): void {
    const gold = paletteColor(theme, "menu_title"), white = paletteColor(theme, "menu_text");
    const list = this.#backgrounds;
    const width = Math.min(buf.width, 78);
    const inner = width - 4;
    const rows: { text: string; color: number; marked?: boolean }[] = [{ text: "", color: white }];
    list.forEach((b, k) => {
      if (k > 0) rows.push({ text: "", color: white });
      const letter = String.fromCharCode(97 + k);
      rows.push({ text: `${letter}) ${b.name}`, color: gold, marked: k === this.marked });
      for (const line of wrapText(b.description, inner - 3)) rows.push({ text: `   ${line}`, color: white });
      for (const line of wrapText(backgroundKit(this.rules, b), inner - 3)) {
        rows.push({ text: `   ${line}`, color: white });
      }
    });
    rows.push({ text: "", color: white });
    const footer = FOOTER.replace("{last}", String.fromCharCode(96 + list.length));
    // Too short a screen for every line: the kits' second lines go first, then what does not fit.
    const room = Math.max(1, buf.height - 3);
    const shown = rows.length > room ? rows.filter((r) => r.text !== "").slice(0, room) : rows;
    const height = shown.length + 3;
    const x = Math.floor((buf.width - width) / 2), y = Math.max(0, Math.floor((buf.height - height) / 2));
    const inside = drawWindow(buf, { x, y, width, height }, TITLE);
    shown.forEach((row, k) => {
      const text = clipText(row.text, inner);
      const fg = row.marked ? 0x000000 : row.color, bg = row.marked ? row.color : 0x000000;
      buf.text(inside.x, inside.y + k, " ", white, 0x000000);
      buf.text(inside.x + 1, inside.y + k, row.marked ? `${text} ` : text, fg, bg);
    });
    const foot = clipText(footer, inner);
    buf.text(centredX(inside.x, inside.width, foot), inside.y + shown.length, foot, white, 0x000000);
  }
}
