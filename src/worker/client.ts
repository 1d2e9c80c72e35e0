/**
 * The client of the AI worker: plays each command on the game here while
 * the worker plays it on its copy, and replays the monsters' moves it
 * answers with the same engine functions, so the game ends the same as
 * in-process. When the worker fails (throws, dies, is late, or its copy
 * turns out not to be the game) the monsters' turn runs in-process instead,
 * and the worker is replaced or sent the game again. Which turns go to the
 * worker is the turn policy's (`turn_policy.ts`); the rest play here.
 *
 * @module
 */
import { type Command, type GameState, playCommand, type Rules } from "../engine/mod.ts";
import { ChecksumSchedule } from "./checksum_schedule.ts";
import { AI_WORKER_URL, WorkerConnection } from "./connection.ts";
import { type Fingerprint, fingerprint, matches } from "./fingerprint.ts";
import { mirrorOf, type ToWorker } from "./protocol.ts";
import type { MonsterRunner, TurnOutcome, WorkerFault } from "./runner.ts";
import { EVERY_TURN, type TurnPolicy } from "./turn_policy.ts";
import { WorkerStats } from "./worker_stats.ts";
import { playThroughWorker } from "./worker_turn.ts";

export { AI_WORKER_OPTIONS, AI_WORKER_URL, WORKER_STARTUP_MS } from "./connection.ts";

/** How long a turn may take in the worker before it is given up on. */
export const WORKER_TIMEOUT_MS = 1000;

/** How a `WorkerRunner` runs its worker; each has a default. */
export interface WorkerRunnerOptions {
  /** How long a turn may take in the worker (default `WORKER_TIMEOUT_MS`). */
  readonly timeoutMs?: number;
  /** The worker's module (default the AI worker; tests give faulty ones). */
  readonly workerUrl?: URL;
  /** How often the copies are compared by checksum (default `CHECK_EVERY`, checksum_schedule.ts). */
  readonly checkEvery?: number;
  /**
   * Whether this thread blocks on the worker's bell for an answer (default
   * true): right where the thread plays one game, as the terminal's does;
   * where it plays many (the server), it waits in its event loop instead,
   * playing the others meanwhile (`WorkerConnection`).
   */
  readonly blockOnAnswer?: boolean;
  /** Which turns go to the worker (default `EVERY_TURN`; the terminal's and the server's in turn_policy.ts). */
  readonly policy?: TurnPolicy;
  /** Told each fault as it is met (they are kept in `faults` too): the server tells its operator. */
  readonly onFault?: (fault: WorkerFault) => void;
}

/**
 * The player's commands, the monsters thinking in a worker with no
 * permissions. While the worker is still loading, commands play in-process;
 * the worker starts with the first turn the policy gives it.
 */
export class WorkerRunner implements MonsterRunner {
  readonly #connection: WorkerConnection;
  readonly #checks: ChecksumSchedule;
  #seq = 0;
  /** The game as the worker's copy was left; undefined when it has none (or a wrong one). */
  #mirror: Fingerprint | undefined;
  /** What this runner did so far. */
  readonly stats: WorkerStats = new WorkerStats();
  /** Which turns go to the worker. */
  readonly policy: TurnPolicy;

  constructor(readonly rules: Rules, options: WorkerRunnerOptions = {}) {
    this.#checks = new ChecksumSchedule(options.checkEvery);
    this.policy = options.policy ?? EVERY_TURN;
    this.#connection = new WorkerConnection(
      options.workerUrl ?? AI_WORKER_URL,
      options.timeoutMs ?? WORKER_TIMEOUT_MS,
      options.blockOnAnswer ?? true,
    );
    if (options.onFault) this.#connection.onFault = options.onFault;
    this.#connection.onStart = () => {
      this.#mirror = undefined;
      this.#connection.post({ type: "rules", rules });
    };
    this.#connection.onStray = (reply) => {
      // A level-up choice the copy could not play: it is sent the game again.
      if (reply.type === "failed") this.#connection.noteFault("failed");
      // Else an answer to an action found impossible here (the copy must have found so too), or a failure.
      if (reply.type !== "played" || reply.moves) this.#mirror = undefined;
    };
  }

  /** Faults seen so far, oldest first. */
  get faults(): readonly WorkerFault[] {
    return this.#connection.faults;
  }

  /**
   * Posts `message` to the worker the way the runner's own go (by its port,
   * once it has one, so in order with them): tests give the copy a wrong
   * game so.
   */
  post(message: ToWorker, transfer: Transferable[] = []): void {
    this.#connection.post(message, transfer);
  }

  /** Told each message posted to the worker, as it goes. */
  set onPost(observe: (message: ToWorker) => void) {
    this.#connection.onPost = observe;
  }

  /** Ends the current worker as a crash would, the runner none the wiser: its next turn finds it gone (tests). */
  killWorker(): void {
    this.#connection.kill();
  }

  /** Whether a worker is running (started by a turn that went to it, or by `ready`). */
  get started(): boolean {
    return this.#connection.started;
  }

  /** Resolves once the current worker has loaded (false if it failed to); starts it if none is. */
  get ready(): Promise<boolean> {
    return this.#connection.ready;
  }

  /** Sends the worker the game, unless its copy is the game as it is. */
  #sync(state: GameState): void {
    if (this.#mirror && matches(this.#mirror, state)) return;
    const { state: copy, transfer } = mirrorOf(state);
    this.#connection.post({ type: "load", state: copy }, transfer);
    this.#mirror = fingerprint(state);
    this.#checks.loaded(state.floor);
    this.stats.loads++;
  }

  async play(state: GameState, command: Command): Promise<TurnOutcome> {
    const connection = this.#connection;
    if (this.policy.kind(state, this.#mirror !== undefined) === "here") {
      // The copy is left behind: a larger turn sends it the game. No worker is started for it.
      this.#mirror = undefined;
      this.stats.hereTurns++;
      return playCommand(state, this.rules, command);
    }
    void connection.worker;
    if (!connection.loaded) {
      this.#mirror = undefined;
      return playCommand(state, this.rules, command);
    }
    this.#sync(state);
    const seq = ++this.#seq;
    if (!("act" in command)) {
      // A level-up choice or a walk's end: the monsters do not answer it, the copy follows it quietly.
      connection.post({ type: "play", seq, command, check: false, quiet: true });
      const events = playCommand(state, this.rules, command);
      this.#mirror = fingerprint(state);
      return events;
    }
    const turn = await playThroughWorker(
      connection,
      state,
      this.rules,
      seq,
      command.act,
      this.#checks.due(state.floor),
    );
    if (turn.kind === "impossible") {
      this.#mirror = fingerprint(state);
      return undefined;
    }
    if (turn.kind === "answered") {
      state.rng = turn.answer.rng;
      this.#mirror = fingerprint(state);
      this.stats.answered(turn.answer.computeMs, turn.answer.phaseMs);
      return turn.events;
    }
    if (turn.fault) connection.noteFault(turn.fault);
    this.#mirror = undefined;
    return turn.kind === "lost" ? turn.lost : turn.events;
  }

  close(): void {
    this.#connection.close();
  }
}
