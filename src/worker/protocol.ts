/**
 * What the app and the AI worker say to each other: every message either
 * way, and what each means. The messages are plain values, sent in
 * batches: each `postMessage` carries an array of them, in order.
 *
 * The worker keeps a mirror: its own copy of the game, sent whole when it
 * has none (a new worker, a game started or loaded) or when the game
 * changed in a way it cannot follow. The game's states are numbered: the
 * game as loaded is node `n`, and each command the app plays on it makes
 * the next node. The app tells the worker each command it played (`took`),
 * and the worker plays it on its mirror, so the mirror follows the game.
 *
 * Thinking ahead (the terminal's game): from the mirror, while the player
 * reads the screen, the worker plays the player's likely next commands on
 * copies of it (the eight steps and waiting; a walk's next steps, from the
 * walk it was told of) and sends each answer: what the turn changed
 * (engine state_patch.ts). Each answer names the node it was played from and the
 * keys of the commands from there (a walk's later steps follow its earlier
 * ones), the last of them the one answered. When the player's command
 * comes, the app makes the answer's changes to the game, with no wait on
 * the worker and no rule played again. When the mirror follows a command
 * the worker has played ahead, it takes that branch's copy as the mirror. A
 * command nobody foresaw the app plays itself, and the mirror follows it.
 *
 * Asking (the server's large turns): `play` has the worker play the command
 * now and answer it as it answers a branch; the app waits for the answer,
 * and the mirror moves on with it.
 *
 * @module
 */
import type {
  Action,
  Command,
  GameState,
  KnownMonsters,
  Rest,
  Rules,
  TurnPatch,
  Walk,
  WalkWords,
} from "../engine/mod.ts";

/** The game as it travels to the worker: all but the message log, its grids copied out of shared memory. */
export type MirrorState = Omit<GameState, "log">;

/** A walk the player is on, as the worker makes its behaviour (engine `WalkOrders`, copied). */
export interface WalkAhead {
  /** Which walk this is: each walk the app begins has a new number. */
  readonly id: number;
  readonly walk: Walk | Rest;
  readonly visited: Set<number>;
  readonly known: KnownMonsters;
  readonly itemsStop: boolean;
  readonly words: WalkWords;
}

/** App → worker. */
export type ToWorker =
  /**
   * First of all, and whenever the game's rules change: the rules, whether
   * to think ahead, and, first of all, the app's flag in shared memory
   * (`urgent`, where memory can be shared) that it raises when the worker
   * should drop what it is thinking and read its messages. `warmUpMs`:
   * until it has a game, the worker plays one by itself for so long.
   */
  | {
    readonly type: "start";
    readonly rules: Rules;
    readonly ahead: boolean;
    readonly urgent?: SharedArrayBuffer;
    readonly warmUpMs?: number;
  }
  /** The whole game, node `node`: the mirror from now on. */
  | { readonly type: "load"; readonly node: number; readonly state: MirrorState }
  /** The app played `command` on the game, which is now node `node`: the mirror plays it too. */
  | { readonly type: "took"; readonly node: number; readonly command: Command }
  /** Answer with a `sum` of the mirror, which is node `node`: the app compares it with its own. */
  | { readonly type: "sum"; readonly node: number }
  /** A walk begins at node `node` (the worker plays its steps ahead), or, with none, the walk has ended. */
  | { readonly type: "walk"; readonly node: number; readonly walk?: WalkAhead }
  /**
   * Play the action `act` on the mirror (node `node`) now and answer:
   * the mirror becomes node `node + 1` if it took time. `check`: the
   * answer carries the mirror's digest as the action found it.
   */
  | {
    readonly type: "play";
    /** The app's number for the question, which the answer carries (`asked`). */
    readonly seq: number;
    readonly node: number;
    readonly act: Action;
    readonly check?: true;
  };

/** The monsters' answer to one of the player's actions, played on a copy of the game. */
export interface Answer {
  readonly type: "answer";
  /** The node it was played from. */
  readonly base: number;
  /**
   * The keys (`command_key.ts`) of the commands played from `base`, in
   * order: the last is the action answered.
   */
  readonly keys: readonly string[];
  /** Whether the action took time there (an impossible one is told, and changes nothing). */
  readonly possible: boolean;
  /** What the turn changed; none when it was impossible. */
  readonly patch?: TurnPatch;
  /** The number of the `play` this answers, after which the mirror is the node this answer makes. */
  readonly asked?: number;
  /** The mirror's digest (engine `stateDigest`) as the action found it, when `play` asked for it. */
  readonly sum?: number;
  /** Milliseconds the worker spent on it: the copy, both halves of the turn, the patch. */
  readonly computeMs: number;
  /** Of those, the monsters' phase alone. */
  readonly phaseMs: number;
  /** Milliseconds the worker has been busy in all, since it started. */
  readonly busyMs: number;
}

/** Worker → app. */
export type FromWorker =
  | { readonly type: "ready" }
  | Answer
  /** The mirror's digest (engine `stateDigest`) at node `node`, as asked. */
  | { readonly type: "sum"; readonly node: number; readonly sum: number }
  /** The worker has thought all it would from node `node`: nothing more comes until the game moves on. */
  | { readonly type: "idle"; readonly node: number }
  /** The worker could not do what it was asked (node: the node it was at). */
  | { readonly type: "failed"; readonly node: number; readonly error: string };

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
    state: {
      ...rest,
      map: {
        ...map,
        tiles,
        transparent,
        visible,
        explored,
        stairs: { ...map.stairs },
        ...(map.fire ? { fire: map.fire.slice() } : {}),
        ...(map.gas ? { gas: map.gas.slice() } : {}),
        ...(map.gasKind ? { gasKind: map.gasKind.slice() } : {}),
      },
    },
    transfer,
  };
}
