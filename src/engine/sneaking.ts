/**
 * Sneaking (docs/rules.md, Noise and sneaking): a mode the player turns on
 * and off, at no cost in time, where the rules have it. While it lasts the
 * player's steps cost what the rules say (time.ts), its own steps and doors
 * make no noise (monsters/noise.ts), and its stealth is the higher
 * (monsters/phase_context.ts). Walks keep it: it is the player's, not a key's.
 *
 * @module
 */
import { isAlive } from "./entity.ts";
import type { GameEvent } from "./events.ts";
import type { Rules } from "./rules.ts";
import { type GameState, playerOf } from "./state.ts";

/**
 * Turns sneaking `on` or off; the events told, or undefined when nothing
 * changes (no such mode in the rules, the game over, or already so).
 */
export function setSneaking(state: GameState, rules: Rules, on: boolean): GameEvent[] | undefined {
  const player = playerOf(state);
  if (!rules.sneak || !isAlive(player) || state.chronicle.escaped !== undefined) return undefined;
  if ((player.sneaking === true) === on) return undefined;
  if (on) player.sneaking = true;
  else delete player.sneaking;
  return [{ type: "sneaking", entityId: player.id, on }];
}
