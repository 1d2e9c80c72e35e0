/**
 * The branches the worker has played ahead of the game: a tree whose root is
 * its mirror (the game as the app last told it) and whose every other node
 * is the game after one more command, filed under the command's key
 * (`command_key.ts`). A node keeps its game, so that when the app takes that
 * command, the node becomes the root and its game the mirror, with nothing
 * played again.
 *
 * @module
 */
import type { Command, GameState } from "../../engine/mod.ts";
import type { Played } from "./play_action.ts";

/** One node of the tree. */
export interface Branch {
  /** The command that led here from the parent (none at a root). */
  readonly command?: Command;
  /** The game after it (at a root, the mirror; for an impossible action, nothing: the game did not change). */
  readonly state?: GameState;
  /** The branches played from here, by their command's key. */
  readonly children: Map<string, Branch>;
  /** The answer played here, when the worker played the command as a branch. */
  readonly played?: Played;
}

/** A root for `state`: nothing played from it yet. */
export function rootOf(state: GameState): Branch {
  return { state, children: new Map() };
}
