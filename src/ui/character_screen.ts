/**
 * `c`: the character (docs/rules.md, Windows): level, XP, the XP the next level comes at, attack
 * and defense with what is worn, max HP and sight. `m` writes the morgue
 * file (a character dump) without dying; `?` lists the keys; any other
 * key closes it.
 *
 * @module
 */
import {
  attackOf,
  defenseOf,
  type GameState,
  playerOf,
  type Rules,
  sightOf,
  xpForNextLevel,
} from "../engine/mod.ts";
import type { CellBuffer, KeyEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_KEY, lookupKey } from "./keymap.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";

/** A number as the window shows it: whole, or with two decimals. */
function shown(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** The character's stats as the window lists them (the morgue file lists them too). */
export function characterLines(state: GameState, rules: Rules): string[] {
  const p = playerOf(state);
  const level = p.level ?? { current: 1, xp: 0 };
  const sight = sightOf(p, rules);
  return [
    `Level: ${level.current}`,
    `XP: ${shown(level.xp)}`,
    // The XP at which the next level comes, whichever way the rules compare: never one the player has reached.
    `XP for next Level: ${shown(xpForNextLevel(rules.progression, level.current))}`,
    `Attack: ${attackOf(p, rules)}`,
    `Defense: ${defenseOf(p, rules)}`,
    `Max HP: ${p.fighter?.maxHp ?? 0}`,
    `Sight: ${sight === 0 ? "unlimited" : sight}`,
  ];
}

const CHARACTER_BINDINGS: readonly Binding<"morgue" | "help">[] = [
  { keys: ["m"], value: "morgue", help: "write a morgue file (character dump)" },
  { keys: [HELP_KEY], value: "help", help: "this help" },
  { keys: ["any other key", "a click"], help: "close", listedOnly: true },
];

/** The character window. */
export class CharacterScreen implements Screen {
  readonly title = "Character Information";
  readonly bindings = CHARACTER_BINDINGS;

  constructor(readonly rules: Rules) {}

  /** The window's lines. */
  lines(ui: UiContext): string[] {
    return [...characterLines(ui.state, this.rules), `Seed: ${ui.state.seed}`, "", "[m] Write morgue file"];
  }

  handleKey(event: KeyEvent): ScreenResult {
    const command = lookupKey(CHARACTER_BINDINGS, event)?.value;
    if (command === "help") return { type: "open", screen: new HelpScreen(this) };
    return command === "morgue" ? { type: "morgue" } : CLOSE;
  }

  handleMouse(event: { action: string }): ScreenResult {
    return event.action === "press" ? CLOSE : STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    drawSideWindow(buf, ui, this.title, this.lines(ui));
  }
}
