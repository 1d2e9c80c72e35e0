/**
 * The worker's side of the protocol (protocol.ts): its mirror of the game,
 * what it does with each message, and its thinking ahead, a branch at a
 * time, as a plain class that tests run without a worker.
 *
 * What it thinks, in order: the walk the player is on, a step at a time
 * below the last (`walk_chain.ts`), as deep as the floor's size allows;
 * where a walk stops, the player's next step or wait after it; and, with no
 * walk, the eight steps and waiting from the mirror, the directions of the
 * player's latest steps first. Each branch is played on a copy of the game
 * that shares the kept floors (engine `forkState`), and may be given up
 * half way when the app raises its flag (it then waits for the worker's
 * answer to a command nobody foresaw): the thread reads its messages, and
 * thinks again after.
 *
 * @module
 */
import {
  type Action,
  behaviorOf,
  type Command,
  forkState,
  type GameState,
  isGameOver,
  playCommand,
  type Rules,
  stateDigest,
  stepRefused,
} from "../../engine/mod.ts";
import { commandKey, keyOf } from "../command_key.ts";
import type { Answer, FromWorker, ToWorker, WalkAhead } from "../protocol.ts";
import { type Branch, rootOf } from "./branches.ts";
import { Abandoned, playAction, type Played } from "./play_action.ts";
import { WalkChain } from "./walk_chain.ts";

/** What the thinker needs of the thread it runs in. */
export interface ThinkerThread {
  /** Sends a message to the app. */
  post(message: FromWorker): void;
  /** A clock in milliseconds (the engine reads none). */
  now(): number;
  /** True when the app wants the worker to drop what it is thinking and read its messages. */
  urgent(): boolean;
}

/** The eight steps and waiting, as the player's keys make them. */
const STEPS: readonly Action[] = [
  { type: "wait" },
  ...[[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]].map(([dx, dy]): Action => ({
    type: "bump",
    dx,
    dy,
  })),
];

/** The steps' keys, in `STEPS`' order. */
const STEP_KEYS: readonly string[] = STEPS.map((act) => keyOf({ act }));

/** How many of the player's latest commands order the steps thought first. */
const RECENT = 16;

/**
 * About how many bytes of copies a walk's chain may hold: a floor's copy is
 * its four grids and its things, so a small floor is played far ahead and a
 * huge one a step or two.
 */
const CHAIN_BYTES = 4_000_000;
/** A chain's depth, at least and at most. */
const CHAIN_MIN = 2, CHAIN_MAX = 32;
/** Bytes an entity's copy is counted as. */
const ENTITY_BYTES = 200;

/** See the module's comment. */
export class Thinker {
  #rules: Rules | undefined;
  #ahead = false;
  /** The game as the app last told it, node `#node`; the root of the branches played ahead. */
  #root: Branch | undefined;
  #node = 0;
  #chain: WalkChain | undefined;
  /** The keys of the player's latest commands, newest last. */
  readonly #recent: string[] = [];
  /** Milliseconds spent on messages and thinking since the thread began. */
  #busyMs = 0;
  /** Whether the app was told the worker thought all it would from the mirror. */
  #idleTold = false;

  constructor(readonly thread: ThinkerThread) {}

  /** The mirror, if the worker has one. */
  get mirror(): GameState | undefined {
    return this.#root?.state;
  }

  /** The node the mirror is. */
  get node(): number {
    return this.#node;
  }

  /** Handles one message from the app. */
  receive(message: ToWorker): void {
    const began = this.thread.now();
    this.#idleTold = false;
    try {
      this.#receive(message);
    } catch (e) {
      // A failure is answered, not thrown: the app sends the game again. The copy is forgotten till then.
      this.#root = undefined;
      this.#chain = undefined;
      this.thread.post({
        type: "failed",
        node: this.#node,
        error: e instanceof Error ? e.message : String(e),
      });
    }
    this.#busyMs += this.thread.now() - began;
  }

  #receive(message: ToWorker): void {
    switch (message.type) {
      case "start":
        // New rules: the game of the old ones is no more.
        this.#rules = message.rules;
        this.#ahead = message.ahead;
        this.#root = undefined;
        this.#chain = undefined;
        return;
      case "load":
        // The log only tells what happened: the copy starts with none and keeps none.
        this.#root = rootOf({ ...message.state, log: [] });
        this.#node = message.node;
        this.#chain = undefined;
        return;
      case "took":
        return this.#take(message.node, message.command);
      case "sum": {
        const sum = stateDigest(this.#mirror());
        this.#at(message.node);
        return this.thread.post({ type: "sum", node: message.node, sum });
      }
      case "walk":
        this.#walk(message.node, message.walk);
        return;
      case "play":
        return this.#play(message.seq, message.node, message.act, message.check === true);
    }
  }

  /** The mirror; throws when there is none (the app sends the game first). */
  #mirror(): GameState {
    const state = this.#root?.state;
    if (!this.#rules || !state) throw new Error("no rules or game yet");
    return state;
  }

  /** Throws unless the mirror is node `node`: a message was lost or the game sent is not this one. */
  #at(node: number): void {
    if (node !== this.#node) throw new Error(`asked about node ${node}, the copy is node ${this.#node}`);
  }

  /** The app played `command`, which made node `node`: the mirror follows. */
  #take(node: number, command: Command): void {
    const state = this.#mirror();
    this.#at(node - 1);
    const key = commandKey(state, command);
    const child = this.#root!.children.get(key);
    this.#advance(key, child?.state ? child : undefined, () => {
      playCommand(state, this.#rules!, command);
      state.log.length = 0;
      return true;
    });
    this.#node = node;
  }

  /**
   * Moves the root along the command keyed `key`: to `child`, played
   * ahead, or by `playHere` on the mirror itself (false: the action was
   * impossible, and nothing moves). The walk's chain is kept if the
   * command is its next step. True if the root moved.
   */
  #advance(key: string, child: Branch | undefined, playHere: () => boolean): boolean {
    const from = this.#root!, chain = this.#chain;
    const kept = chain?.accepts(key, from) ?? false;
    if (!kept) this.#chain = undefined;
    if (!child && !playHere()) {
      if (kept) chain!.blocked = true;
      return false;
    }
    const to = child ?? rootOf(from.state!);
    this.#root = to;
    if (kept) chain!.rooted(from, to);
    this.#recent.push(key);
    if (this.#recent.length > RECENT) this.#recent.shift();
    return true;
  }

  /** A walk begins at node `node` (its steps are thought ahead from now on), or the walk has ended. */
  #walk(node: number, walk: WalkAhead | undefined): void {
    const state = this.#mirror();
    this.#at(node);
    if (!walk) {
      this.#chain = undefined;
      return;
    }
    if (this.#chain?.id === walk.id) return;
    this.#chain = new WalkChain(walk.id, behaviorOf(state, this.#rules!, walk), this.#root!);
  }

  /**
   * Plays `act` on a copy of the mirror (node `node`) now, or takes the
   * branch played ahead for it, and answers (with the mirror's digest first,
   * when `check`); the mirror moves on to it if it took time.
   */
  #play(seq: number, node: number, act: Action, check: boolean): void {
    const state = this.#mirror(), began = this.thread.now();
    this.#at(node);
    const sum = check ? stateDigest(state) : undefined;
    const key = commandKey(state, { act }), root = this.#root!;
    const child = root.children.get(key) ?? this.#played(root, key, act);
    if (this.#advance(key, child.state ? child : undefined, () => false)) this.#node = node + 1;
    this.#answer(node, [key], child.played!, this.thread.now() - began, seq, sum);
  }

  /**
   * Thinks one branch ahead, if there is one to think; true while there
   * may be more. A branch given up half way (the app's flag) is thought
   * again later, if it is still wanted.
   */
  think(): boolean {
    const mirror = this.#root?.state;
    if (!this.#ahead || !this.#rules || !mirror || isGameOver(mirror)) return false;
    const began = this.thread.now();
    try {
      if (this.#thinkOne()) return true;
      if (!this.#idleTold) this.thread.post({ type: "idle", node: this.#node });
      this.#idleTold = true;
      return false;
    } catch (e) {
      if (!(e instanceof Abandoned)) throw e;
      return true;
    } finally {
      this.#busyMs += this.thread.now() - began;
    }
  }

  #thinkOne(): boolean {
    const chain = this.#chain;
    if (chain) {
      if (chain.keys.length < this.#chainDepth()) {
        const next = chain.proposal();
        if (next) {
          chain.played(...this.#branch(chain.tip, this.#node, chain.keys, next.key, next.act));
          return true;
        }
      }
      // Where the walk stops, the player's next step or wait after it.
      if (!chain.stop) return false;
      const stop: Command = { stop: chain.stop }, key = keyOf(stop);
      return this.#thinkSteps(childFor(chain.tip, key, stop), [...chain.keys, key]);
    }
    return this.#thinkSteps(this.#root!, []);
  }

  /** Thinks the next of the eight steps and waiting from `at` (reached by the keys `path`) not thought yet. */
  #thinkSteps(at: Branch, path: readonly string[]): boolean {
    const state = at.state!;
    for (const act of this.#stepOrder()) {
      // A step into a wall needs no answer: the app finds it refused as soon, and no time passes.
      if (act.type === "bump" && stepRefused(state, act.dx, act.dy)) continue;
      const key = commandKey(state, { act });
      if (at.children.has(key)) continue;
      this.#branch(at, this.#node, [...path, key], key, act);
      return true;
    }
    return false;
  }

  /**
   * The eight steps and waiting, the likeliest first: what followed the
   * player's last command the last time they played it (a player going back
   * and forth, or round a pillar), then their latest commands, the newest
   * first (a player walking on), then the rest.
   */
  #stepOrder(): Action[] {
    const recent = this.#recent, last = recent.length - 1, likely: string[] = [];
    for (let i = last - 1; i >= 0; i--) {
      if (recent[i] === recent[last]) {
        likely.push(recent[i + 1]);
        break;
      }
    }
    for (let i = last; i >= 0; i--) likely.push(recent[i]);
    const order: Action[] = [];
    for (const key of likely) {
      const at = STEP_KEYS.indexOf(key);
      if (at >= 0 && !order.includes(STEPS[at])) order.push(STEPS[at]);
    }
    for (const act of STEPS) if (!order.includes(act)) order.push(act);
    return order;
  }

  /**
   * Plays `act` (keyed `key`) on a copy of `parent`'s game, files the
   * branch below it, and sends its answer (played from node `base` along
   * the keys `path`, the last `key`); the branch, and whether the action
   * took time. A branch played already is not played again.
   */
  #branch(
    parent: Branch,
    base: number,
    path: readonly string[],
    key: string,
    act: Action,
  ): [Branch, boolean] {
    const filed = parent.children.get(key);
    if (filed) return [filed, filed.state !== undefined];
    const began = this.thread.now();
    const child = this.#played(parent, key, act, () => this.thread.urgent());
    this.#answer(base, path, child.played!, this.thread.now() - began);
    return [child, child.state !== undefined];
  }

  /** Plays `act` on a copy of `parent`'s game and files the branch below it, keyed `key`. */
  #played(parent: Branch, key: string, act: Action, abandon?: () => boolean): Branch {
    const state = forkState(parent.state!);
    const played = playAction(parent.state!, state, this.#rules!, act, () => this.thread.now(), abandon);
    const child = { command: { act }, ...(played.possible ? { state } : {}), children: new Map(), played };
    parent.children.set(key, child);
    return child;
  }

  /** Sends the answer `played`, played from node `base` along the keys `keys` (`asked`: the `play`'s number). */
  #answer(
    base: number,
    keys: readonly string[],
    played: Played,
    computeMs: number,
    asked?: number,
    sum?: number,
  ): void {
    const answer: Answer = {
      type: "answer",
      base,
      // A copy: a chain's keys change as it goes, and answers wait in a batch.
      keys: [...keys],
      possible: played.possible,
      ...(played.patch ? { patch: played.patch } : {}),
      ...(asked === undefined ? {} : { asked }),
      ...(sum === undefined ? {} : { sum }),
      computeMs,
      phaseMs: played.phaseMs,
      busyMs: this.#busyMs + computeMs,
    };
    this.thread.post(answer);
  }

  /** How deep a walk's chain goes on the mirror's floor (see `CHAIN_BYTES`). */
  #chainDepth(): number {
    const { map, entities } = this.#root!.state!;
    const bytes = map.width * map.height * 4 + entities.length * ENTITY_BYTES;
    return Math.max(CHAIN_MIN, Math.min(CHAIN_MAX, Math.floor(CHAIN_BYTES / bytes)));
  }
}

/**
 * The child of `parent` keyed `key` for a command that changes nothing the
 * copy keeps (a walk's end, which only tells the log): the parent's game.
 */
function childFor(parent: Branch, key: string, command: Command): Branch {
  let child = parent.children.get(key);
  if (!child) parent.children.set(key, child = { command, state: parent.state, children: new Map() });
  return child;
}
