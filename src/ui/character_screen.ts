/**
 * `c`: the character (docs/rules.md, Windows): level, XP, the XP the next level comes at, attack
 * and defense with what is worn, max HP and sight. `m` writes the morgue
 * file (a character dump) without dying; `?` lists the keys; any other
 * key closes it.
 *
 * @module
 */
import { type GameState, isGameOver, type Rules } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_BINDING, lookupKey } from "./keymap.ts";
import { CLOSE, type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { fillStats, type ScreenTexts, statValues } from "./screen_texts.ts";
import { drawSideWindow } from "./side_window.ts";

/** The character's stats as the window lists them, in the data's words (the morgue file lists them too). */
export function characterLines(state: GameState, rules: Rules, words: ScreenTexts["character"]): string[] {
  return fillStats(words.lines, statValues(state, rules, words));
}

export const CHARACTER_BINDINGS: readonly Binding<"morgue" | "help">[] = [
  { keys: ["m"], value: "morgue", help: "write a morgue file (character dump)", name: "character.morgue" },
  HELP_BINDING,
  { keys: ["any other key", "a click"], help: "close", listedOnly: true },
];

/** The character window. */
export class CharacterScreen implements Screen {
  readonly bindings = CHARACTER_BINDINGS;

  /** `title`: the data's, as the window and its help show it. */
  constructor(readonly rules: Rules, readonly title = "Character Information") {}

  /** The window's lines. */
  lines(ui: UiContext): string[] {
    const words = ui.theme.texts.character;
    return [
      ...characterLines(ui.state, this.rules, words),
      `Seed: ${ui.hideSeed && !isGameOver(ui.state) ? "hidden until the game ends" : ui.state.seed}`,
      "",
      "[m] Write morgue file",
    ];
  }

  handleKey(event: KeyEvent, ui?: Pick<UiContext, "keys">): ScreenResult {
    const command = lookupKey(CHARACTER_BINDINGS, event, ui?.keys)?.value;
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
