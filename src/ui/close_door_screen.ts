/**
 * Closing a door (docs/rules.md, Doors): with one open door beside the
 * player the key closes it at once; with several, this window asks which
 * way, a move key answering, and any other key closes nothing.
 *
 * @module
 */
import { type Action, type GameState, message, playerOf, Tile } from "../engine/mod.ts";
import type { CellBuffer, KeyEvent, MouseEvent } from "../terminal/mod.ts";
import { type Binding, lookupKey, MOVE_BINDINGS } from "./keymap.ts";
import { CLOSE, type ScreenResult, STAY, type UiContext } from "./screen.ts";
import { drawSideWindow } from "./side_window.ts";
import { wrapText } from "./text.ts";

/** The moves name the door to close; any other key closes none. */
export const CLOSE_DOOR_BINDINGS: readonly Binding<{ dx: number; dy: number }>[] = [
  ...MOVE_BINDINGS.map((b) => ({ ...b, help: `close the door ${b.help}` })),
  { keys: ["any other key"], help: "close nothing", listedOnly: true },
];

/** The steps from the player to each open door beside it, in the moves' order. */
export function openDoorsBeside(state: GameState): { dx: number; dy: number }[] {
  const player = playerOf(state), { map } = state;
  return MOVE_BINDINGS.map((b) => b.value).filter(({ dx, dy }) => {
    const x = player.x + dx, y = player.y + dy;
    return x >= 0 && y >= 0 && x < map.width && y < map.height &&
      map.tiles[y * map.width + x] === Tile.OpenDoor;
  });
}

/**
 * What the close key does: no door beside, it says so; one, it closes it;
 * several, it asks which.
 */
export function closeDoorKey(ui: UiContext): ScreenResult {
  const doors = openDoorsBeside(ui.state);
  if (doors.length === 0) return { type: "say", message: "no_door_to_close" };
  if (doors.length === 1) return { type: "act", action: closeAction(doors[0]) };
  return { type: "open", screen: new CloseDoorScreen() };
}

function closeAction({ dx, dy }: { dx: number; dy: number }): Action {
  return { type: "close", dx, dy };
}

/** The question, over the map. */
export class CloseDoorScreen {
  readonly title = "Close a door";
  readonly bindings = CLOSE_DOOR_BINDINGS;

  handleKey(event: KeyEvent, ui: UiContext): ScreenResult {
    const way = lookupKey(this.bindings, event, ui.keys)?.value;
    return way ? { type: "actAll", actions: [closeAction(way)] } : CLOSE;
  }

  handleMouse(_event: MouseEvent): ScreenResult {
    return STAY;
  }

  draw(buf: CellBuffer, ui: UiContext): void {
    const text = message(ui.rules, "door_close_which")?.text ?? "";
    const width = Math.max(20, Math.min(50, ui.layout.columns - 4));
    drawSideWindow(buf, ui, this.title, [
      ...wrapText(text, width, ui.theme.evenWrap),
      "",
      "a direction: close that door   any other key: none",
    ]);
  }
}
