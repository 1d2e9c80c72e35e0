/**
 * The pace of what a game session plays by itself: a walk's or a rest's
 * turns, a frame and a pause a step until it stops or a key interrupts it;
 * a shot shown on its way, a cell a frame; and the items picked up
 * underfoot, a turn each. Which way a walk goes is the engine's
 * (behavior.ts); these only play its steps and show them.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import {
  type Behavior,
  behaviorOf,
  type Command,
  type GameEvent,
  type GameState,
  isGameOver,
  type KnownMonsters,
  playerOf,
  type Rest,
  type Walk,
  type WalkOrders,
} from "../engine/mod.ts";
import type { MonsterRunner } from "../worker/mod.ts";
import type { Terminal } from "../terminal/mod.ts";
import { fellLow } from "./low_hp.ts";
import { type OptionsChoice, picksUp, type Screen, type UiContext } from "../ui/mod.ts";

/** The most items one step picks up by itself (a pile of them stays a pile). */
const MAX_AUTO_PICKUPS = 26;

/**
 * A rest draws a frame (and pauses as a walk's step does) every this many
 * turns: nothing moves on the screen but the turn and the HP, and a long
 * rest at a walk's pace took seconds.
 */
export const REST_TURNS_PER_FRAME = 10;

/**
 * What pacing sees of the session it plays in: its game, its screens and its drawing, the options as
 * they stand, and the one way it plays a command, as if its keys were pressed.
 */
export interface PacedSession {
  readonly state: GameState;
  readonly content: Content;
  readonly terminal: Terminal;
  readonly ui: UiContext;
  /** The screens, bottom first; the play screen is always at the bottom. */
  readonly stack: readonly Screen[];
  /** The screen that gets input. */
  readonly top: Screen;
  /** The pause between a walk's steps, as the options now set it. */
  readonly walkDelayMs: number | undefined;
  /** The options as they stand. */
  readonly choice: OptionsChoice;
  /** True once the program is leaving: a walk stops after its current step. */
  readonly halted: boolean;
  render(): void;
  /** Plays `command` (an action, or a walk's end) through the session's whole path; true when it happened. */
  perform(command: Command): Promise<boolean>;
  /** Who plays the commands: told of each walk, to think its steps ahead. */
  readonly runner: MonsterRunner;
}

/** Plays and shows, at the options' pace, what one session does by itself. */
export class WalkPacer {
  /** Items walks have stopped on (or started from): exploring does not go back to them, nor stop on them again. */
  readonly #visitedItems = new Set<number>();
  /** The monsters walks have seen on this floor, each at the nearest it has been (walk_stop.ts). */
  readonly #knownMonsters: KnownMonsters = new Map();
  /** The floor `#knownMonsters` holds. */
  #knownFloor = 0;

  constructor(readonly session: PacedSession) {}

  /**
   * Shows each shot of `events` on its way, a frame a cell the player sees,
   * paced as walks are (no pause, no frames: nothing shown).
   */
  async showShots(events: readonly GameEvent[]): Promise<void> {
    const { session } = this, pause = session.walkDelayMs;
    if (!pause) return;
    const { map } = session.state;
    for (const e of events) {
      if (e.type !== "shot") continue;
      for (const p of e.path) {
        if (map.visible[p.y * map.width + p.x] !== 1) continue;
        session.ui.projectile = { x: p.x, y: p.y, glyph: e.glyph, color: e.color };
        session.render();
        await new Promise((r) => setTimeout(r, pause));
      }
      session.ui.projectile = undefined;
    }
  }

  /**
   * Picks up, a turn each, the items underfoot that the options name
   * (docs/options.md): commands like any other, so replays keep them. Stops
   * when none is left, the pack is full, or something happens (a monster's
   * blow, the game's end).
   */
  async autoPickup(): Promise<void> {
    const { session } = this, { state } = session, rules = session.content.rules;
    if (!(session.choice.autoPickup?.length)) return;
    const player = playerOf(state);
    for (let k = 0; k < MAX_AUTO_PICKUPS && !isGameOver(state) && session.top === session.stack[0]; k++) {
      const wanted = state.entities.some((e) =>
        e.layer === "item" && e.x === player.x && e.y === player.y &&
        picksUp(session.choice, rules, e.template)
      );
      if (!wanted || !(await session.perform({ act: { type: "pickup" } }))) return;
    }
  }

  /**
   * Plays `walk` (see behavior.ts) a step a turn, monsters acting after
   * each like any move, until it stops, and tells why. This part only
   * paces the steps: the pause between frames, and a key that interrupts.
   */
  async walk(walk: Walk | Rest): Promise<void> {
    const { session } = this, { state } = session;
    if (state.floor !== this.#knownFloor) {
      this.#knownMonsters.clear();
      this.#knownFloor = state.floor;
    }
    const orders: WalkOrders = {
      walk,
      visited: this.#visitedItems,
      known: this.#knownMonsters,
      itemsStop: session.choice.exploreStopsForItems !== false,
      words: session.content.game.walks ?? {},
    };
    // Told before the behaviour is made: making it notes the monsters in view.
    session.runner.walk?.(state, orders);
    try {
      await this.#walk(behaviorOf(state, session.content.rules, orders), walk.kind === "rest");
    } finally {
      session.runner.walk?.(state, undefined);
    }
  }

  /** Plays `behavior`'s steps, paced, until it stops or a key interrupts it. */
  async #walk(behavior: Behavior, resting: boolean): Promise<void> {
    const { session } = this, { state } = session;
    const turnsPerFrame = resting ? REST_TURNS_PER_FRAME : 1;
    for (let turns = 0;; turns++) {
      if (turns > 0 && turns % turnsPerFrame === 0) {
        session.render();
        const pause = session.walkDelayMs;
        if (pause) await new Promise((r) => setTimeout(r, pause));
      }
      if (session.halted) return;
      const next = behavior.next(state);
      if ("stop" in next) {
        await session.perform({ stop: next.stop });
        return;
      }
      if (session.terminal.hasPendingInput()) {
        session.terminal.discardPendingInput();
        await session.perform({ stop: { reason: "interrupted" } });
        return;
      }
      const hp = playerOf(state).fighter?.hp ?? 0;
      if (!(await session.perform({ act: next.act }))) return; // told why already
      // Told as the turn was played (the session's perform): the walk only stops.
      if (fellLow(state, session.content.game.lowHp, hp)) return;
      if (session.top !== session.stack[0]) return; // a level-up window or game over says it
      // A blow or a shot that hurt is news whatever the share of HP it took (the data's blowsStop).
      if (session.content.game.walks?.blowsStop && (session.ui.hurtBy?.size ?? 0) > 0) {
        await session.perform({ stop: { reason: "hurt" } });
        return;
      }
    }
  }
}
