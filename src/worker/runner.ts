/**
 * Who plays the game's commands, the monsters' turns with them: the
 * interface the app holds, and the runner that plays them in this thread.
 *
 * @module
 */
import {
  type Command,
  type GameEvent,
  type GameState,
  playCommand,
  type Rules,
  type WalkOrders,
} from "../engine/mod.ts";

/**
 * What went wrong with the worker, for whoever wants to know: it threw or
 * died, took too long, could not do what it was asked, or its copy of the
 * game turned out not to be the game (it is then sent the game again).
 */
export type WorkerFault = "error" | "timeout" | "failed" | "diverged";

/**
 * What a runner returns when its worker stopped half way through the
 * monsters' turn (it failed, died or was late after some of its moves were
 * made on the game, or a later part of its answer did not fit): the game is
 * then neither as the command found it nor as it would be after it. The
 * caller puts the game back as the command found it and plays the command
 * again in-process; the worker is sent the game again on its next turn.
 */
export interface LostTurn {
  /** Why, in a sentence. */
  readonly lost: string;
}

/**
 * What came of a command: its events, settled; undefined when the action
 * was impossible (told, and no time passed); or a {@link LostTurn}.
 */
export type TurnOutcome = GameEvent[] | undefined | LostTurn;

/** Whether `outcome` is a turn the worker lost half way. */
export function isLostTurn(outcome: TurnOutcome): outcome is LostTurn {
  return outcome !== undefined && !Array.isArray(outcome);
}

/** Something that plays the player's commands on a game. */
export interface MonsterRunner {
  /**
   * Plays `command` on `state`: the player's action and, if it took time,
   * the monsters' turn; or a level-up choice. A {@link LostTurn} leaves
   * `state` half played.
   */
  play(state: GameState, command: Command): Promise<TurnOutcome>;
  /** Faults met so far, oldest first (a crashed worker may have printed). */
  readonly faults: readonly WorkerFault[];
  /**
   * The frame is drawn and the player reads it: the moment for a runner
   * that thinks ahead to think from `state`.
   */
  afterFrame?(state: GameState): void;
  /**
   * A walk begins, from the orders its behaviour is about to be made from
   * (before: making it notes the monsters in view), or it ends (none).
   */
  walk?(state: GameState, orders: WalkOrders | undefined): void;
  close(): void;
}

/** The monsters, in this thread. */
export class InProcessRunner implements MonsterRunner {
  readonly faults: readonly WorkerFault[] = [];

  constructor(readonly rules: Rules) {}

  play(state: GameState, command: Command): Promise<TurnOutcome> {
    return Promise.resolve(playCommand(state, this.rules, command));
  }

  close(): void {}
}
