/**
 * Commands as the keys answers are filed under, the same on both sides of
 * the worker. A step the player takes onto a cell where no living actor
 * stands plays the same whether it was asked as a bump (a key) or as a move
 * (a walk's step): a bump with nobody to attack is a move (engine
 * actions.ts). Both are filed as the bump, so a walk's first step finds the
 * answer thought for the key.
 *
 * @module
 */
import { type Command, type GameState, isAlive, playerOf, sortedKeys } from "../engine/mod.ts";

/** The key of `command` played on `state` as it is before the command. */
export function commandKey(state: GameState, command: Command): string {
  if ("act" in command && command.act.type === "move") {
    const { dx, dy } = command.act, player = playerOf(state);
    const x = player.x + dx, y = player.y + dy;
    if (!state.entities.some((e) => e.x === x && e.y === y && isAlive(e))) {
      return keyOf({ act: { type: "bump", dx, dy } });
    }
  }
  return keyOf(command);
}

/** `command` as text, whatever order its fields were built in: its key, but for a move (see {@link commandKey}). */
export function keyOf(command: Command): string {
  return JSON.stringify(command, sortedKeys);
}
