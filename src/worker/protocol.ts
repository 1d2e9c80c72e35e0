/**
 * What the app and the AI worker say to each other.
 *
 * The worker keeps a mirror: its own copy of the game, sent whole when it
 * has none (a new worker, a game started or loaded) or when the game changed
 * in a way it cannot derive. Each turn then sends only the player's command;
 * the worker plays it and the monsters' turn on its copy, and answers with
 * the monsters' moves (as numbers, see `moves.ts`) and the RNG after them,
 * which the app replays on the game itself. A long monsters' turn sends its
 * moves in parts as they are decided, so the app replays the first while the
 * worker decides the rest. Every answer carries checks of the copy (its
 * turn, its number of things and, every so often, its checksum as the
 * command found it), which the app compares with its own game before it
 * replays anything: a mirror that disagrees is reloaded, its moves unused.
 *
 * @module
 */
import type { Command, GameState, Rules } from "../engine/mod.ts";
import type { BellMessage } from "./doorbell.ts";
import type { EncodedMoves } from "./moves.ts";

/** The game as it travels to the worker: all but the message log, its grids copied out of shared memory. */
export type MirrorState = Omit<GameState, "log">;

/** App → worker. */
export type ToWorker =
  /** The doorbell's shared counters (see `doorbell.ts`), first of all, where memory can be shared. */
  | BellMessage
  /** A message waits on the port: the way a worker asleep in its event loop hears of it. */
  | { readonly type: "wake" }
  | { readonly type: "rules"; readonly rules: Rules }
  /** The whole game: the worker's copy from now on. */
  | { readonly type: "load"; readonly state: MirrorState }
  /**
   * The player's command, to play on the copy. An action is answered with
   * `played`; with `check`, the answer carries the copy's checksum before
   * the command.
   */
  | {
    readonly type: "play";
    readonly seq: number;
    readonly command: Command;
    readonly check: boolean;
    /**
     * The app plays this command itself (a level-up choice or a walk's end,
     * which the monsters do not answer): the copy plays it to stay the game,
     * and answers nothing unless it fails.
     */
    readonly quiet?: true;
  };

/**
 * What the app checks of the copy before it replays its moves: its turn and
 * number of entities after the player's action (the monsters' turn changes
 * neither), and its checksum as the command found it, when asked for.
 */
export interface Checks {
  readonly turn: number;
  readonly entities: number;
  readonly sum?: number;
}

/**
 * Some of the monsters' moves, while the worker decides the rest. On the
 * way (`M` = `WireMoves`) their numbers may wait in the shared move buffer
 * (`move_buffer.ts`); the app's connection reads them from there.
 */
export interface MovesPart<M = EncodedMoves> {
  readonly type: "moves";
  readonly seq: number;
  readonly moves: M;
  readonly checks: Checks;
}

/** What the worker's copy did with an action: the last of its answer. */
export interface Played<M = EncodedMoves> {
  readonly type: "played";
  readonly seq: number;
  /** The monsters' last moves; none when the action was impossible on the copy (no time passed). */
  readonly moves?: M;
  readonly checks: Checks;
  /** The RNG state after the monsters' turn. */
  readonly rng: number[];
  /** Milliseconds the worker spent on the command, its answer written. */
  readonly computeMs: number;
  /** Of those, the monsters' phase alone (the player's action, the checksum and the settling left out). */
  readonly phaseMs: number;
}

/** Worker → app, as the app reads it (`M` = `WireMoves`: as it travels). */
export type FromWorker<M = EncodedMoves> =
  | { readonly type: "ready" }
  /** A message waits on the port (see `ToWorker`'s). */
  | { readonly type: "wake" }
  | MovesPart<M>
  | Played<M>
  | { readonly type: "failed"; readonly seq: number; readonly error: string };

/**
 * The game as a `load` message carries it, and what to transfer with it:
 * the grids are copied out of shared memory (the worker's copy must be its
 * own, not the game's grids seen from another thread) and moved, not cloned.
 */
export function mirrorOf(state: GameState): { state: MirrorState; transfer: ArrayBuffer[] } {
  const { log: _log, map, ...rest } = state;
  const tiles = map.tiles.slice(), transparent = map.transparent.slice();
  const visible = map.visible.slice(), explored = map.explored.slice();
  const transfer = [tiles, transparent, visible, explored].map((grid) => grid.buffer as ArrayBuffer);
  return {
    state: { ...rest, map: { ...map, tiles, transparent, visible, explored, stairs: { ...map.stairs } } },
    transfer,
  };
}
