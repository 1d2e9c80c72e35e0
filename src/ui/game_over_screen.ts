/**
 * After death (docs/rules.md, Game over): the map stays, with the player's remains, and a
 * window over it says what killed them, the score and where the morgue file
 * is; Enter, Space or Esc go on (back to the title), other keys do nothing.
 * The pointer still names things.
 *
 * @module
 */
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_BINDING, keysSaid, lookupKey } from "./keymap.ts";
import { mapCellAt, screenCellOf } from "./map_view.ts";
import { type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { displayWidth, wrapText } from "./text.ts";
import { paletteColor } from "./theme.ts";
import { drawWindow } from "./window.ts";
import { deathText, endText } from "./death_text.ts";
import { playerOf, scoreOf } from "../engine/mod.ts";

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
  /** A daily game played after the day's scored one: it goes into no table. */
  readonly unscored?: boolean;
  /** Where the game's replay was kept beside the morgue file, or why it could not be. */
  readonly replay?: string;
  readonly replayError?: string;
}

export const GAME_OVER_BINDINGS: readonly Binding<"leave" | "help">[] = [
  {
    keys: ["Enter", "KPEnter", " ", "Escape"],
    value: "leave",
    help: "go on, back to the title",
    name: "game_over.leave",
  },
  HELP_BINDING,
  { keys: ["mouse"], help: "point at something to name it", listedOnly: true },
  { keys: ["any other key"], help: "nothing (the game is over)", listedOnly: true },
];

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The game-over screen, over the play screen (a victory screen for a game won). */
export class GameOverScreen implements Screen {
  title = "Game over";
  readonly bindings = GAME_OVER_BINDINGS;
  /** Filled in once the morgue file and the score are written. */
  report: GameOverReport | undefined;
  /** While the morgue file and the score are being written (the report to come). */
  writing = false;

  /** `closing` is the window's last line: what the keys do now (a replay's end says its own; a game's, its keys). */
  constructor(readonly closing?: string) {}

  handleKey(event: KeyEvent, ui?: Pick<UiContext, "keys">): ScreenResult {
    const command = lookupKey(GAME_OVER_BINDINGS, event, ui?.keys)?.value;
    if (command === "leave") return { type: "quit" };
    if (command === "help") return { type: "open", screen: new HelpScreen(this) };
    return STAY;
  }

  handleMouse(event: MouseEvent, ui: UiContext): ScreenResult {
    const cell = mapCellAt(ui, event.x, event.y);
    if (cell) ui.pointer = cell;
    return STAY;
  }

  /** What the window says, a paragraph a line (each wraps to the window). */
  lines(ui: UiContext): string[] {
    const { state, rules } = ui;
    const { death, escaped } = state.chronicle;
    const how = death ? `, ${deathText(death)}` : "";
    const lines = escaped === "won"
      ? [
        `You won! ${
          capitalised(endText(state.chronicle, rules)!)
        } in ${state.turn} turns (seed ${state.seed}).`,
      ]
      : escaped === "left"
      ? [`You left the dungeon without the goal after ${state.turn} turns (seed ${state.seed}).`]
      : [`You died on dungeon level ${state.floor}${how} (seed ${state.seed}).`];
    const score = `Score: ${scoreOf(state, rules.score, rules.goal)}`;
    const rank = this.report?.rank;
    lines.push(
      rank
        ? `${score}, number ${rank} in the high scores!`
        : this.report?.unscored
        ? `${score} (unscored: today's daily game was scored already).`
        : `${score}.`,
    );
    if (this.report?.scoreError) lines.push(`High scores not saved: ${this.report.scoreError}`);
    if (this.report?.scoresKeptAs) {
      lines.push(`Unreadable old high scores kept as ${this.report.scoresKeptAs}`);
    }
    if (this.writing) lines.push("Writing the morgue file and the score…");
    const morgue = this.report?.morgue;
    if (morgue) {
      lines.push("path" in morgue ? `Morgue file: ${morgue.path}` : `No morgue file: ${morgue.error}`);
    }
    if (this.report?.replay) lines.push(`Replay: ${this.report.replay}`);
    if (this.report?.replayError) lines.push(`Replay not kept: ${this.report.replayError}`);
    const leave = GAME_OVER_BINDINGS[0];
    lines.push("", this.closing ?? `${keysSaid(leave, ui.keys)}: back to the title.`);
    return lines;
  }

  /**
   * A window over the map, as wide as its longest line needs (at most the
   * map's width), every line wrapped inside it (a path after a "/"): at the
   * foot of the map, or at its top when the player's remains would be under it.
   */
  draw(buf: CellBuffer, ui: UiContext): void {
    const { map } = ui.layout;
    const paragraphs = this.lines(ui);
    const textWidth = Math.max(1, Math.min(map.width - 4, Math.max(...paragraphs.map(displayWidth))));
    const lines = paragraphs.flatMap((p) => wrapText(p, textWidth, ui.theme.evenWrap));
    const width = Math.min(map.width, textWidth + 4), height = Math.min(map.height, lines.length + 2);
    const remains = screenCellOf(ui, playerOf(ui.state));
    const foot = map.y + map.height - height;
    const y = remains && remains.y >= foot ? map.y : foot;
    const x = map.x + Math.floor((map.width - width) / 2);
    const won = ui.state.chronicle.escaped === "won";
    // A victory screen, not a death's (docs/rules.md, A goal).
    this.title = won ? "Victory" : "Game over";
    const inside = drawWindow(buf, { x, y, width, height }, this.title);
    const color = paletteColor(ui.theme, won ? "welcome_text" : "player_die");
    lines.slice(0, inside.height).forEach((line, k) => buf.text(inside.x + 1, inside.y + k, line, color, 0));
  }
}
