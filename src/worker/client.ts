/**
 * The client of the AI worker: plays each of the player's commands on the
 * game, the turn from the worker's answer where there is one, and keeps the
 * worker's mirror following the game (protocol.ts).
 *
 * Thinking ahead (the terminal's game, `ahead`): the answer to the command
 * pressed is usually here already, played while the player read the screen,
 * and the key only makes its changes. A command nobody foresaw is played
 * here at once. What the worker is told of the game waits for the frame.
 *
 * Asking (the server's games): each turn the policy gives the worker is
 * asked of it and its answer waited for in the event loop; smaller turns
 * play here, the mirror left behind until a larger one sends it the game.
 *
 * Whatever goes wrong with the worker (it throws, dies, is late, or its copy
 * turns out not to be the game) changes nothing of the game: the turn is
 * played here instead, or, if an answer made wrong is found out once made,
 * handed back to be played again from its start (`LostTurn`).
 *
 * @module
 */
import {
  type Action,
  applyPatch,
  type Command,
  finishTurn,
  type GameEvent,
  type GameState,
  playCommand,
  playPlayerAction,
  replacedDigest,
  type Rules,
  runMonsterPhase,
  stateDigest,
  turnDigest,
  type WalkOrders,
} from "../engine/mod.ts";
import { AnswersAhead } from "./answers_ahead.ts";
import { ChecksumSchedule } from "./checksum_schedule.ts";
import { commandKey, keyOf } from "./command_key.ts";
import { AI_WORKER_URL, WorkerConnection } from "./connection.ts";
import { type Fingerprint, fingerprint, matches } from "./fingerprint.ts";
import { type Answer, type FromWorker, mirrorOf, type ToWorker } from "./protocol.ts";
import type { MonsterRunner, TurnOutcome, WorkerFault } from "./runner.ts";
import { EVERY_TURN, type TurnPolicy } from "./turn_policy.ts";
import { type TurnKind, WorkerStats } from "./worker_stats.ts";

export { AI_WORKER_OPTIONS, AI_WORKER_URL, WORKER_STARTUP_MS } from "./connection.ts";

/** How long an answer asked for, or a sum, may take before the worker is given up on. */
export const WORKER_TIMEOUT_MS = 1000;

/** How long a walk's step waits for its answer from the worker before it is played here. */
export const WALK_WAIT_MS = 50;

/** How a `WorkerRunner` runs its worker; each has a default. */
export interface WorkerRunnerOptions {
  /** How long an answer asked for may take (default `WORKER_TIMEOUT_MS`). */
  readonly timeoutMs?: number;
  /** The worker's module (default the AI worker; tests give faulty ones). */
  readonly workerUrl?: URL;
  /** How often the copies are compared by checksum (default `CHECK_EVERY`, checksum_schedule.ts). */
  readonly checkEvery?: number;
  /** Think ahead while the player reads the screen (the terminal's game); default false: ask. */
  readonly ahead?: boolean;
  /** Which turns are asked of the worker, asking (default `EVERY_TURN`); thinking ahead, none is. */
  readonly policy?: TurnPolicy;
  /** Told each fault as it is met (they are kept in `faults` too): the server tells its operator. */
  readonly onFault?: (fault: WorkerFault) => void;
  /**
   * The worker's thread to play by, kept for every game (the terminal's
   * program keeps one, warm): the runner tells it its rules and leaves it
   * running when closed. Default: a thread of the runner's own.
   */
  readonly connection?: WorkerConnection;
}

/** An answer asked for, waited for. */
interface Asked {
  readonly seq: number;
  readonly settle: (reply: Answer | WorkerFault) => void;
}

/** The player's commands, the monsters thinking in a worker with no permissions. */
export class WorkerRunner implements MonsterRunner {
  readonly #connection: WorkerConnection;
  /** Whether the connection is the runner's own, to end with it. */
  readonly #owned: boolean;
  readonly #faults: WorkerFault[] = [];
  readonly #checks: ChecksumSchedule;
  readonly #ahead: boolean;
  readonly #timeoutMs: number;
  readonly #answers = new AnswersAhead();
  /**
   * The game's node (protocol.ts): commands played since it was first sent,
   * one more at each send, so that no answer about an earlier copy fits.
   */
  #node = 0;
  /** The game as the worker's copy will be once it has read what it was sent; undefined: it has none. */
  #mirror: Fingerprint | undefined;
  /** Messages held until the frame is drawn (thinking ahead), and whether the worker should read them at once. */
  readonly #held: ToWorker[] = [];
  #urgent = false;
  /** The game's digest at each node a sum was asked of, and when. */
  readonly #sums = new Map<number, { readonly sum: number; readonly at: number }>();
  #asked: Asked | undefined;
  /** The number of the last `play` asked. */
  #seq = 0;
  /** Told when the worker's next batch has been read. */
  #batchRead: (() => void)[] = [];
  /** The last node the worker said it had thought all it would from. */
  #idleAt = -1;
  /** The number of the last walk begun, and whether one is on. */
  #walkId = 0;
  #walking = false;
  /** What this runner did so far. */
  readonly stats: WorkerStats = new WorkerStats();
  /** Which turns go to the worker. */
  readonly policy: TurnPolicy;

  constructor(readonly rules: Rules, options: WorkerRunnerOptions = {}) {
    this.#checks = new ChecksumSchedule(options.checkEvery);
    this.#ahead = options.ahead ?? false;
    this.#timeoutMs = options.timeoutMs ?? WORKER_TIMEOUT_MS;
    this.policy = options.policy ?? EVERY_TURN;
    this.#owned = options.connection === undefined;
    this.#connection = options.connection ?? new WorkerConnection(options.workerUrl ?? AI_WORKER_URL);
    this.#connection.use(rules, this.#ahead);
    this.#connection.onFault = (fault) => {
      this.#faults.push(fault);
      options.onFault?.(fault);
      // Whatever failed, the copy is sent again before it is used, and nothing thought before is.
      this.#forget();
      this.#settle(fault);
    };
    this.#connection.onMessage = (message) => this.#receive(message);
    this.#connection.onBatch = () => {
      for (const done of this.#batchRead.splice(0)) done();
    };
  }

  /** Faults seen so far, oldest first. */
  get faults(): readonly WorkerFault[] {
    return this.#faults;
  }

  /** Posts `message` to the worker as it is (tests give the copy a wrong game so). */
  post(message: ToWorker, transfer: Transferable[] = []): void {
    this.#connection.post([message], transfer);
  }

  /** Told each message posted to the worker, as it goes. */
  set onPost(observe: (message: ToWorker) => void) {
    this.#connection.onPost = observe;
  }

  /** Ends the current worker as a crash would, the runner none the wiser (tests). */
  killWorker(): void {
    this.#connection.kill();
  }

  /** Whether a worker is running (started by a turn that went to it, a frame, or by `ready`). */
  get started(): boolean {
    return this.#connection.started;
  }

  /** Resolves once the current worker has loaded (false if it failed to); starts it if none is. */
  get ready(): Promise<boolean> {
    return this.#connection.ready;
  }

  /** The node the game is (tests). */
  get node(): number {
    return this.#node;
  }

  /**
   * Resolves true once the worker has thought all it would from the game
   * as it is (thinking ahead), false if it has not within `ms`: tests and
   * benches wait so, as a player reads the screen.
   */
  async thought(ms = 5000): Promise<boolean> {
    const until = performance.now() + ms;
    while (this.#idleAt !== this.#node || this.#held.length > 0) {
      // No copy of the game (it is sent with the next frame): nothing to think from.
      const left = until - performance.now();
      if (!this.#mirror || left <= 0) return false;
      await this.#nextBatch(left);
    }
    return true;
  }

  async play(state: GameState, command: Command): Promise<TurnOutcome> {
    // Changed by something the worker was not told of (a test, a tool, a turn played again): sent again.
    if (this.#mirror && !matches(this.#mirror, state)) this.#forget();
    if (!("act" in command)) return this.#here(state, command, keyOf(command));
    const key = commandKey(state, command), kind = this.#kindOf(command.act);
    if (this.#ahead) {
      const answer = this.#answers.take(this.#node, key) ??
        (kind === "walk" ? await this.#walkAnswer(state, key) : undefined);
      if (answer) return this.#use(state, command.act, key, kind, answer);
      // Nobody foresaw it, or its answer has not come: played here at once (docs/architecture.md, How it
      // runs). A step or a wait that took time is thought of within a moment: one missed may mean a dead
      // worker. What the worker is thinking is of no more use: it drops it to follow.
      const events = this.#here(state, command, key, kind);
      if (events && (kind === "step" || kind === "wait")) this.#checks.want();
      if (events) this.#urgent = true;
      return events;
    }
    if (this.policy.kind(state, this.#mirror !== undefined) === "worker") {
      if (this.#connection.loaded) return await this.#ask(state, command.act, key, kind);
      // Started now, and played here meanwhile: a cold start never stalls a key.
      void this.#connection.ready;
    }
    // Asking, a turn played here leaves the copy behind: a larger one sends it the game again.
    this.#mirror = undefined;
    return this.#here(state, command, key, kind);
  }

  /**
   * The answer to a walk's step (keyed `key`) that has not come yet, waited
   * for a moment: the worker plays the walk's steps ahead as it is told of
   * them, and a rest takes several turns a frame, faster than the worker
   * hears of them; the step is not a key, and its answer comes sooner than
   * it would be played here on a large floor.
   */
  async #walkAnswer(state: GameState, key: string): Promise<Answer | undefined> {
    if (!this.#connection.loaded || !this.#mirror || !matches(this.#mirror, state)) return undefined;
    this.#flush();
    const until = performance.now() + WALK_WAIT_MS, node = this.#node;
    for (;;) {
      const left = until - performance.now();
      if (left <= 0 || !(await this.#nextBatch(left))) return undefined;
      const answer = this.#answers.take(node, key);
      if (answer) {
        this.stats.waited++;
        return answer;
      }
      // Thought all it would, and not this: the walk went where the worker's did not.
      if (this.#idleAt === node) return undefined;
    }
  }

  /** Resolves true when the worker's next batch of messages has been read, false if none came within `ms`. */
  #nextBatch(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#batchRead = this.#batchRead.filter((r) => r !== done);
        resolve(false);
      }, ms);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.#batchRead.push(done);
    });
  }

  /** What kind of command `act` is, for the counts: a walk's step, a step, a wait, or another. */
  #kindOf(act: Action): TurnKind {
    if (this.#walking) return "walk";
    if (act.type === "bump" || act.type === "move") return "step";
    return act.type === "wait" ? "wait" : "other";
  }

  /**
   * The command keyed `key` happened (it took time, or was no action), and
   * the game is the next node; the worker's copy is told, if it follows.
   * `told`: it knows already (it played the command itself, asked).
   */
  #played(state: GameState, command: Command, key: string, told = false): void {
    this.#answers.played(this.#node, key);
    this.#node++;
    if (!this.#mirror) return;
    if (!told) {
      this.#send({ type: "took", node: this.#node, command });
      this.#checks.told();
    }
    this.#mirror = fingerprint(state);
  }

  /** Asks the worker for its copy's digest at this node, to compare with the game's. */
  #compare(state: GameState): void {
    this.#sums.set(this.#node, { sum: stateDigest(state), at: performance.now() });
    this.#send({ type: "sum", node: this.#node });
    this.#checks.compared(state.floor);
  }

  /**
   * Plays `command` (keyed `key`; of `kind`, counted, when an action) here,
   * in-process; the worker's copy is told of it if it follows.
   */
  #here(state: GameState, command: Command, key: string, kind?: TurnKind, told = false): TurnOutcome {
    const events = playCommand(state, this.rules, command);
    if (events === undefined) return undefined;
    if (kind) this.stats.here(kind);
    this.#played(state, command, key, told);
    return events;
  }

  /**
   * Makes the turn `answer` tells of `act` (keyed `key`, of `kind`) to the
   * game; `asked`: the answer to `play`, which the copy has moved on with.
   * An answer that does not fit changes nothing of the game (the turn is
   * played here) or, found out half made, hands the turn back lost.
   */
  #use(
    state: GameState,
    act: Action,
    key: string,
    kind: TurnKind,
    answer: Answer,
    asked = false,
  ): TurnOutcome {
    if (!answer.possible) {
      // Impossible there: the player's half here says why (told, and no time passes), as it must here too.
      const mine = playPlayerAction(state, this.rules, act);
      if (!mine) return undefined;
      this.#diverged();
      const events = [
        ...mine,
        ...finishTurn(state, this.rules, runMonsterPhase(state, this.rules, undefined, mine).events),
      ];
      this.stats.here(kind);
      this.#played(state, { act }, key);
      return events;
    }
    if (!answer.patch || replacedDigest(state, answer.patch) !== answer.patch.before) {
      // Played on a copy that is not the game: nothing of it is made.
      this.#diverged();
      return this.#here(state, { act }, key, kind);
    }
    let shown: GameEvent[];
    try {
      shown = applyPatch(state, answer.patch);
    } catch (e) {
      this.#diverged();
      return { lost: `the AI worker's answer did not fit the game: ${(e as Error).message}` };
    }
    if (turnDigest(state) !== answer.patch.after) {
      this.#diverged();
      return { lost: "the AI worker's answer did not fit the game: the game after it differs" };
    }
    if (asked) this.stats.asked(kind, answer);
    else this.stats.ahead(kind, answer);
    this.#played(state, { act }, key, asked);
    return shown;
  }

  /** Asks the worker for `act`'s answer, waits for it, and makes its turn to the game. */
  async #ask(state: GameState, act: Action, key: string, kind: TurnKind): Promise<TurnOutcome> {
    this.#sync(state);
    const node = this.#node, seq = ++this.#seq, check = this.#checks.due(state.floor);
    // The copies compared as the action finds them: an answer of a wrong copy is never used.
    const sum = check ? stateDigest(state) : undefined;
    if (check) this.#checks.compared(state.floor);
    else this.#checks.told();
    const reply = new Promise<Answer | WorkerFault>((resolve) => {
      const timer = setTimeout(() => this.#connection.fail("timeout"), this.#timeoutMs);
      this.#asked = {
        seq,
        settle: (answer) => {
          clearTimeout(timer);
          this.#asked = undefined;
          resolve(answer);
        },
      };
    });
    const play = { type: "play", seq, node, act, ...(check ? { check: true as const } : {}) } as const;
    this.#connection.post([play], [], true);
    const answer = await reply;
    // No answer (the fault is noted, the worker replaced), or one of a copy that is not the game.
    if (typeof answer === "string") return this.#here(state, { act }, key, kind);
    if (answer.sum !== sum) {
      this.#diverged();
      return this.#here(state, { act }, key, kind);
    }
    return this.#use(state, act, key, kind, answer, true);
  }

  /** Settles the answer waited for with `reply`. */
  #settle(reply: Answer | WorkerFault): void {
    this.#asked?.settle(reply);
  }

  /** The worker's copy turned out not to be the game: noted, and the game sent again. */
  #diverged(): void {
    this.#connection.noteFault("diverged");
  }

  /**
   * The worker's copy is not the game (or may not be): it is sent the game
   * again before its next use, and nothing it thought before is used. The
   * game becomes a new node, which no answer about the copy fits.
   */
  #forget(): void {
    this.#mirror = undefined;
    this.#held.length = 0;
    this.#sums.clear();
    this.#node++;
    this.#answers.reset(this.#node);
  }

  /** Sends the worker the game, unless its copy is the game as it is; then what is held. */
  #sync(state: GameState): void {
    if (this.#mirror && !matches(this.#mirror, state)) this.#forget();
    if (!this.#mirror) {
      const { state: copy, transfer } = mirrorOf(state);
      this.#connection.post([{ type: "load", node: this.#node, state: copy }], transfer, true);
      this.#mirror = fingerprint(state);
      this.#checks.compared(state.floor);
      this.stats.loads++;
    }
    this.#flush();
  }

  #send(message: ToWorker): void {
    if (this.#ahead) this.#held.push(message);
    else this.#connection.post([message]);
  }

  #flush(): void {
    this.#connection.post(this.#held.splice(0), [], this.#urgent);
    this.#urgent = false;
  }

  /**
   * The frame is drawn and the player reads it: the worker is told what
   * the app played since the last frame, and thinks ahead from there
   * (started, and sent the game, if it has none). Every so often the copy
   * is compared with the game by checksum, and a worker that has not
   * answered a comparison in time is given up on.
   */
  afterFrame(state: GameState): void {
    if (!this.#ahead || this.#connection.givenUp) return;
    const now = performance.now();
    for (const asked of this.#sums.values()) {
      if (now - asked.at > this.#timeoutMs) {
        this.#connection.fail("timeout");
        break;
      }
    }
    const following = this.#mirror !== undefined && matches(this.#mirror, state);
    if (following && this.#held.length > 0 && this.#checks.due(state.floor)) this.#compare(state);
    this.#sync(state);
  }

  /**
   * A walk begins (`orders` as the app makes its behaviour from them,
   * before it does: making it notes the monsters in view), or ends (none):
   * thinking ahead, the worker plays its steps ahead from here.
   */
  walk(_state: GameState, orders: WalkOrders | undefined): void {
    this.#walking = orders !== undefined;
    if (!this.#ahead || !this.#mirror) return;
    if (!orders) return this.#send({ type: "walk", node: this.#node });
    const walk = {
      ...orders,
      id: ++this.#walkId,
      visited: new Set(orders.visited),
      known: new Map(orders.known),
    };
    this.#send({ type: "walk", node: this.#node, walk });
  }

  #receive(message: FromWorker): void {
    switch (message.type) {
      case "ready":
        return;
      case "answer":
        this.stats.thought(message);
        if (message.asked === undefined) return this.#answers.add(message, this.#node);
        if (this.#asked?.seq === message.asked) return this.#settle(message);
        // An answer no one waits for moved the copy on: it is sent the game again.
        if (message.possible) this.#forget();
        return;
      case "idle":
        this.#idleAt = message.node;
        return;
      case "sum": {
        const mine = this.#sums.get(message.node);
        this.#sums.delete(message.node);
        if (mine && mine.sum !== message.sum) this.#diverged();
        return;
      }
      case "failed":
        this.#connection.noteFault("failed");
    }
  }

  close(): void {
    this.#settle("error");
    if (this.#owned) return this.#connection.close();
    // The thread goes on for the next game: it forgets this one, and tells this runner nothing more.
    const connection = this.#connection;
    connection.onFault = connection.onMessage = connection.onBatch = () => {};
    if (connection.started) connection.use(this.rules, this.#ahead);
  }
}
