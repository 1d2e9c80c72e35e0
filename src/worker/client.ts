/**
 * The client of the AI worker: plays each command on the game here while
 * the worker plays it on its copy, and replays the monsters' moves it
 * answers with the same engine functions, so the game ends the same as
 * in-process. When the worker fails (throws, dies, is late, or its copy
 * turns out not to be the game) the monsters' turn runs in-process instead,
 * and the worker is replaced or sent the game again.
 *
 * @module
 */
import {
  type Command,
  type Entity,
  finishTurn,
  type GameEvent,
  type GameMap,
  type GameState,
  playCommand,
  playerOf,
  playPlayerAction,
  type Rules,
  runMonsterPhase,
  stateDigest,
} from "../engine/mod.ts";
import { AnswerReplay } from "./answer_replay.ts";
import { AI_WORKER_URL, WorkerConnection } from "./connection.ts";
import { phaseEstimateUs } from "./phase_estimate.ts";
import { mirrorOf, type ToWorker } from "./protocol.ts";
import { type MonsterRunner, type WorkerFault, WorkerTurnLost } from "./runner.ts";

export { AI_WORKER_OPTIONS, AI_WORKER_URL, WORKER_STARTUP_MS } from "./connection.ts";

/** How long a turn may take in the worker before it is given up on. */
export const WORKER_TIMEOUT_MS = 1000;

/**
 * Every this many of the worker's turns, and on the first turn of each floor
 * it made itself, its copy is compared with the game by checksum (each side
 * sums itself as the command found it, at the same time; the message log
 * aside, which the copy does not keep). Between those
 * turns every answer is checked for the turn count and the number of
 * entities, and the game here for changes the worker was not told of.
 */
export const CHECK_EVERY = 100;

/** How a `WorkerRunner` runs its worker; each has a default. */
export interface WorkerRunnerOptions {
  /** How long a turn may take in the worker (default `WORKER_TIMEOUT_MS`). */
  readonly timeoutMs?: number;
  /** The worker's module (default the AI worker; tests give faulty ones). */
  readonly workerUrl?: URL;
  /** How often the copies are compared by checksum (default `CHECK_EVERY`). */
  readonly checkEvery?: number;
  /**
   * Whether this thread blocks on the worker's bell for an answer (default
   * true): right where the thread plays one game, as the terminal's does;
   * where it plays many (the server), it waits in its event loop instead,
   * playing the others meanwhile (`WorkerConnection`).
   */
  readonly blockOnAnswer?: boolean;
  /**
   * A turn whose monster phase is estimated (phase_estimate.ts) under this
   * many µs plays here, the worker's copy playing it too, quietly,
   * so that it stays the game for the next large turn; its checksum, on the
   * turns that have one, is compared when it comes (default 0: every turn
   * through the worker). Only worth it where this thread would wait for
   * the answer anyway: the terminal's.
   */
  readonly localPhaseUs?: number;
  /**
   * A turn estimated under this many µs (at most `localPhaseUs`) plays here
   * alone: the worker's copy does not follow it, and is sent the game again
   * when a larger turn comes (default 0: the copy follows every turn). Once
   * the copy follows, it keeps following down to half of this, so that a
   * floor near the line does not send the game again and again.
   * Following costs a message and a wake-up each key, and the worker's
   * thinking beside the frame being drawn and written, on a machine whose
   * two processors the terminal's relay needs too; a floor whose every
   * turn is that small never needs the copy.
   */
  readonly alonePhaseUs?: number;
  /** Told each fault as it is met (they are kept in `faults` too): the server tells its operator. */
  readonly onFault?: (fault: WorkerFault) => void;
}

/**
 * The game as the worker's copy was left: what it is made of (the same
 * objects) and the numbers a command changes. A game that no longer matches
 * was changed by something the worker did not see, and is sent again.
 */
interface Fingerprint {
  readonly state: GameState;
  readonly map: GameMap;
  readonly entities: readonly Entity[];
  readonly count: number;
  readonly turn: number;
  readonly floor: number;
  readonly nextId: number;
  readonly rng: string;
  /** The player as JSON: what tests and tools most often change by hand. */
  readonly player: string;
}

function fingerprint(state: GameState): Fingerprint {
  const { map, entities, turn, floor, nextId } = state;
  const player = JSON.stringify(playerOf(state));
  return { state, map, entities, count: entities.length, turn, floor, nextId, rng: state.rng.join(), player };
}

function matches(f: Fingerprint, state: GameState): boolean {
  return f.state === state && f.map === state.map && f.entities === state.entities &&
    f.count === state.entities.length && f.turn === state.turn && f.floor === state.floor &&
    f.nextId === state.nextId && f.rng === state.rng.join() && f.player === JSON.stringify(playerOf(state));
}

/**
 * The player's commands, the monsters thinking in a worker with no
 * permissions. While the worker is still loading, commands play in-process.
 */
export class WorkerRunner implements MonsterRunner {
  readonly #connection: WorkerConnection;
  #seq = 0;
  /** The game as the worker's copy was left; undefined when it has none (or a wrong one). */
  #mirror: Fingerprint | undefined;
  #sinceCheck = 0;
  /** The floor of the last checksum (or copy sent): the first turn on a floor the worker made itself is checked. */
  #checkedFloor = 0;
  /** The game's checksum at each quiet command posted with a check, until the copy's comes. */
  readonly #quietChecks = new Map<number, number>();
  /** Turns the worker answered. */
  workerTurns = 0;
  /** Milliseconds the worker spent on them, as it measured. */
  workerMs = 0;
  /** Of those, its monster phases alone. */
  workerPhaseMs = 0;
  /** Copies of the game sent to the worker. */
  loads = 0;
  /** Turns played here while the worker's copy played them quietly (`localPhaseUs`). */
  localTurns = 0;
  /** Turns played here with the worker's copy left behind (`alonePhaseUs`). */
  aloneTurns = 0;
  /** Of those, the checksums the copy sent that agreed with the game. */
  quietChecks = 0;

  readonly checkEvery: number;
  readonly localPhaseUs: number;
  readonly alonePhaseUs: number;

  constructor(readonly rules: Rules, options: WorkerRunnerOptions = {}) {
    this.checkEvery = options.checkEvery ?? CHECK_EVERY;
    this.localPhaseUs = options.localPhaseUs ?? 0;
    this.alonePhaseUs = Math.min(options.alonePhaseUs ?? 0, this.localPhaseUs);
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
      if (reply.type === "checked") return this.#compare(reply.seq, reply.sum);
      // A quiet command the copy could not play: it is sent the game again.
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

  /** Starts the worker now (it loads while the game draws its first frame). */
  start(): void {
    void this.#connection.worker;
  }

  /** Resolves once the current worker has loaded (false if it failed to). */
  get ready(): Promise<boolean> {
    return this.#connection.ready;
  }

  /** The current worker (started on first use). */
  get worker(): Worker {
    return this.#connection.worker;
  }

  /**
   * A quiet command's checksum from the copy, come while the game went on:
   * one that disagrees with the game's, as the command found it, is a
   * copy gone wrong, sent the game again on the next command.
   */
  #compare(seq: number, sum: number | undefined): void {
    const expected = this.#quietChecks.get(seq);
    if (expected === undefined) return;
    this.#quietChecks.delete(seq);
    if (sum === expected) {
      this.quietChecks++;
      return;
    }
    this.#connection.noteFault("diverged");
    this.#mirror = undefined;
    this.#quietChecks.clear();
  }

  /**
   * Whether a checksum asked for more than `checkEvery` commands before
   * `seq` never came: the worker is stuck or gone without a word (a quiet
   * command waits for nothing that would time out). It is then replaced,
   * and the next turns play here until the new one has loaded.
   */
  #silent(seq: number): boolean {
    const oldest = this.#quietChecks.keys().next();
    if (oldest.done || seq - oldest.value <= this.checkEvery) return false;
    this.#connection.noteFault("timeout");
    this.#connection.restart();
    this.#mirror = undefined;
    this.#quietChecks.clear();
    return true;
  }

  /** Sends the worker the game, unless its copy is the game as it is. */
  #sync(state: GameState): void {
    if (this.#mirror && matches(this.#mirror, state)) return;
    // Checksums still to come are of the copy this one replaces.
    this.#quietChecks.clear();
    const { state: copy, transfer } = mirrorOf(state);
    this.#connection.post({ type: "load", state: copy }, transfer);
    this.#mirror = fingerprint(state);
    this.#sinceCheck = 0;
    this.#checkedFloor = state.floor;
    this.loads++;
  }

  async play(state: GameState, command: Command): Promise<GameEvent[] | undefined> {
    const connection = this.#connection;
    const estimateUs = this.localPhaseUs > 0 ? phaseEstimateUs(state) : Infinity;
    if (estimateUs < (this.#mirror ? this.alonePhaseUs / 2 : this.alonePhaseUs)) {
      // The copy is left behind (and so are the checksums it owes): a larger turn sends it the game. No
      // worker is started for it: one not yet started (`start`) waits for the first turn that needs it.
      this.#mirror = undefined;
      this.#quietChecks.clear();
      this.aloneTurns++;
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
      // A level-up choice: the monsters do not answer it.
      connection.post({ type: "play", seq, command, check: false, quiet: true });
      const events = playCommand(state, this.rules, command);
      this.#mirror = fingerprint(state);
      return events;
    }
    const check = ++this.#sinceCheck >= this.checkEvery || state.floor !== this.#checkedFloor;
    if (check) {
      this.#sinceCheck = 0;
      this.#checkedFloor = state.floor;
    }
    if (estimateUs < this.localPhaseUs) {
      // A handful of monsters: the hand-off would cost more than their phase (phase_estimate.ts). A check
      // is made when the copy's checksum comes, the game going on meanwhile.
      if (check && this.#silent(seq)) return playCommand(state, this.rules, command);
      if (check) this.#quietChecks.set(seq, stateDigest(state));
      connection.post({ type: "play", seq, command, check, quiet: true });
      const events = playCommand(state, this.rules, command);
      this.#mirror = fingerprint(state);
      this.localTurns++;
      return events;
    }
    connection.post({ type: "play", seq, command, check });
    // While the worker plays the command on its copy, the game here sums itself (when asked) and plays
    // the player's half; the parts of the answer wait for that: they are read once this function waits.
    const replay = new AnswerReplay(state, this.rules, check ? stateDigest(state) : undefined);
    const answer = connection.answer(seq, (part) => replay.part(part.moves, part.checks));
    const mine = playPlayerAction(state, this.rules, command.act);
    if (!mine) {
      connection.forget(seq);
      this.#mirror = fingerprint(state);
      return undefined;
    }
    replay.prepare();
    connection.expectAnswer();
    const reply = await answer;
    if (typeof reply !== "string" && reply.type === "played") {
      if (reply.moves) {
        replay.part(reply.moves, reply.checks);
        replay.finish();
      } else replay.fault ??= "diverged";
    } else if (typeof reply !== "string") {
      replay.fault ??= "failed";
    }
    if (replay.broken) {
      this.#mirror = undefined;
      throw new WorkerTurnLost(replay.broken.message);
    }
    if (typeof reply !== "string" && reply.type === "played" && !replay.fault) {
      state.rng = reply.rng;
      this.#mirror = fingerprint(state);
      this.workerTurns++;
      this.workerMs += reply.computeMs;
      this.workerPhaseMs += reply.phaseMs;
      return [...mine, ...finishTurn(state, this.rules, replay.events)];
    }
    // The worker failed (the fault is noted), or its copy is not the game: the monsters play here, unless
    // some of its moves were made already (the caller then plays the command again from the start).
    if (replay.fault) this.#connection.noteFault(replay.fault);
    this.#mirror = undefined;
    if (replay.started) {
      const why = typeof reply === "string" ? reply : replay.fault ?? reply.type;
      throw new WorkerTurnLost(`the AI worker stopped half way through the monsters' turn (${why})`);
    }
    return [...mine, ...finishTurn(state, this.rules, runMonsterPhase(state, this.rules).events)];
  }

  close(): void {
    this.#connection.close();
  }
}
