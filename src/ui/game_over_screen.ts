/**
 * After death (SPEC §3.8): the map stays, with the player's remains; only
 * Esc does something (it leaves). The pointer still names things.
 *
 * @module
 */
import type { CellBuffer } from "../terminal/cell_buffer.ts";
import type { KeyEvent, MouseEvent } from "../terminal/input_events.ts";
import { HelpScreen } from "./help_screen.ts";
import { type Binding, HELP_KEY, lookupKey } from "./keymap.ts";
import { mapCellAt } from "./map_view.ts";
import { type Screen, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { paletteColor } from "./theme.ts";

const GAME_OVER_BINDINGS: readonly Binding<"quit" | "help">[] = [
  { keys: ["Escape"], value: "quit", help: "leave" },
  { keys: [HELP_KEY], value: "help", help: "this help" },
];

/** The game-over screen, over the play screen. */
export class GameOverScreen implements Screen {
  readonly title = "Game over";
  readonly bindings = GAME_OVER_BINDINGS;

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

  draw(buf: CellBuffer, ui: UiContext): void {
    const text = ` You died on dungeon level ${ui.state.floor} (seed ${ui.state.seed}). Press Esc to leave. `;
    const { map } = ui.layout;
    const x = Math.floor((map.width - text.length) / 2), y = map.y + map.height - 1;
    buf.text(x, y, text, paletteColor(ui.theme, "player_die"), 0x000000);
  }
}
