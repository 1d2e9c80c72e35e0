/**
 * Where the character and level-up windows go (SPEC §1.3): at the top,
 * on the half of the screen away from the player.
 *
 * @module
 */
import { playerOf } from "../engine/state.ts";
import type { Region } from "./layout.ts";
import { screenCellOf } from "./map_view.ts";
import type { UiContext } from "./screen.ts";

/** A window `width` wide and `height` tall, x = 40 if the player is at x ≤ 30, else 0. */
export function statWindowArea(ui: UiContext, width: number, height: number): Region {
  const player = screenCellOf(ui, playerOf(ui.state));
  const x = player && player.x <= 30 ? Math.min(40, ui.layout.columns - width) : 0;
  return { x, y: 0, width: Math.min(width, ui.layout.columns), height: Math.min(height, ui.layout.rows) };
}
