/**
 * The game whole between commands: a session's game as it found it, or as
 * it stood when it last reached a new floor, and every command played since.
 * An internal error half way through a command leaves the game as that
 * command found it (and the recording without it), never half a turn.
 *
 * @module
 */
import { cloneState, type Command, type GameState, playCommand, type Rules } from "../engine/mod.ts";

/**
 * The commands played on a game since its last start. The engine is
 * deterministic (the worker's moves are the engine's own): playing those
 * commands again on a copy of the start rebuilds the game, so no command
 * pays for a copy.
 */
export class CommandJournal {
  #start: GameState;
  readonly #since: Command[] = [];
  /** True from a command's first change to the game until it is recorded. */
  #playing = false;
  /** The game rebuilt as the failed command found it, once asked for. */
  #rebuilt: GameState | undefined;

  /**
   * Keeps the commands played on `state` under `rules`; `record` is told
   * each one as it is whole, for the replay.
   */
  constructor(
    readonly state: GameState,
    readonly rules: Rules,
    readonly record?: (command: Command, turnBefore: number) => void,
  ) {
    this.#start = cloneState(state);
  }

  /** The game whole: as it is between commands, or as the command in progress found it. */
  wholeState(): GameState {
    if (!this.#playing) return this.state;
    if (!this.#rebuilt) {
      const state = cloneState(this.#start);
      for (const command of this.#since) playCommand(state, this.rules, command);
      this.#rebuilt = state;
    }
    return this.#rebuilt;
  }

  /**
   * Puts the game back as the command in progress found it, in place (the
   * same object, its fields those of the rebuilt game): for a command the
   * AI worker gave up on half way, to be played again from its start.
   */
  restore(): void {
    // A copy: the rebuilt game stays as the command found it, for the way out to save.
    const whole = cloneState(this.wholeState()) as unknown as Record<string, unknown>;
    const target = this.state as unknown as Record<string, unknown>;
    for (const key of Object.keys(target)) if (!(key in whole)) delete target[key];
    Object.assign(target, whole);
  }

  /** A command starts changing the game. */
  begin(): void {
    this.#playing = true;
    this.#rebuilt = undefined;
  }

  /** The command begun is whole: it is recorded, for the replay and for {@link wholeState}. */
  played(command: Command, turnBefore: number): void {
    this.record?.(command, turnBefore);
    // After the recording took it: if that fails, the game is saved as the recording ends.
    this.#since.push(command);
    this.#playing = false;
  }

  /** A new start, once a floor: an error later plays again only what came after it. */
  restart(): void {
    this.#start = cloneState(this.state);
    this.#since.length = 0;
  }
}
