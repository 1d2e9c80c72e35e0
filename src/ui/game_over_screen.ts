/**
 * After death (SPEC §3.8): the map stays, with the player's remains, under
 * what killed them, the score and where the morgue file is; only Esc does
 * something (it leaves). The pointer still names things.
 *
 * @module
 */
import type { CellBuffer } from "../terminal/cell_buffer.ts";
import type { KeyEvent, MouseEvent } from "../terminal/input_events.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_KEY, lookupKey } from "./keymap.ts";
import { mapCellAt } from "./map_view.ts";
import { type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { centredX, clipText } from "./text.ts";
import { paletteColor } from "./theme.ts";
import { deathText } from "./death_text.ts";
import { scoreOf } from "../engine/score.ts";

/** The morgue file's path, or why it could not be written. */
export type MorgueWritten = { readonly path: string } | { readonly error: string };

/** What was written when the game ended, for the screen to tell. */
export interface GameOverReport {
  readonly morgue: MorgueWritten;
  /** The place in the high-score table, if the game made it. */
  readonly rank?: number;
  /** Why the score could not be added to the table. */
  readonly scoreError?: string;
  /** Where a high-score table that could not be read was moved before this score started a new one. */
  readonly scoresKeptAs?: string;
}

const GAME_OVER_BINDINGS: readonly Binding<"quit" | "help">[] = [
  { keys: ["Escape"], value: "quit", help: "leave" },
  { keys: [HELP_KEY], value: "help", help: "this help" },
];

/** The game-over screen, over the play screen. */
export class GameOverScreen implements Screen {
  readonly title = "Game over";
  readonly bindings = GAME_OVER_BINDINGS;
  /** Filled in once the morgue file and the score are written. */
  report: GameOverReport | undefined;

  handleKey(event: KeyEvent): ScreenResult {
    const command = lookupKey(GAME_OVER_BINDINGS, event)?.value;
    if (command === "quit") return { type: "quit" };
    if (command === "help") return { type: "open", screen: new HelpScreen(this) };
    return STAY;
  }

  handleMouse(event: MouseEvent, ui: UiContext): ScreenResult {
    const cell = mapCellAt(ui, event.x, event.y);
    if (cell) ui.pointer = cell;
    return STAY;
  }

  /** The lines shown at the foot of the map. */
  lines(ui: UiContext): string[] {
    const { state, rules } = ui;
    const death = state.chronicle.death;
    const how = death ? `, ${deathText(death)}` : "";
    const lines = [`You died on dungeon level ${state.floor}${how} (seed ${state.seed}).`];
    const score = `Score: ${scoreOf(state, rules.score)}`;
    const rank = this.report?.rank;
    lines.push(rank ? `${score}, number ${rank} in the high scores!` : `${score}.`);
    if (this.report?.scoreError) lines.push(`High scores not saved: ${this.report.scoreError}`);
    if (this.report?.scoresKeptAs) {
      lines.push(`Unreadable old high scores kept as ${this.report.scoresKeptAs}`);
    }
    const morgue = this.report?.morgue;
    if (morgue) {
      lines.push("path" in morgue ? `Morgue file: ${morgue.path}` : `No morgue file: ${morgue.error}`);
    }
    lines.push("Press Esc to leave.");
    return lines;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const { map } = ui.layout;
    const lines = this.lines(ui);
    const room = Math.max(1, map.width - 2);
    const color = paletteColor(ui.theme, "player_die");
    lines.forEach((line, k) => {
      // A long path keeps its end, where the file's name is; other lines keep their start.
      const text = ` ${
        clipText(line, room, /^(Morgue file:|Unreadable old high scores kept as) /.test(line))
      } `;
      const x = centredX(map.x, map.width, text);
      const y = map.y + map.height - lines.length + k;
      if (y >= map.y) buf.text(x, y, text, color, 0x000000);
    });
  }
}
