/**
 * Shows a recorded game on a terminal at a pace: each command played by
 * the rules and drawn as the game drew it. A replay in a terminal and a
 * finished game watched from a browser are the same showing.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import { isGameOver } from "../engine/mod.ts";
import type { ColorDepth, Terminal } from "../terminal/mod.ts";
import { GameOverScreen } from "../ui/mod.ts";
import { InProcessRunner } from "../worker/mod.ts";
import { setImmediate } from "node:timers";
import { GameSession } from "./game_session.ts";
import { type Recording, replaySteps } from "../store/mod.ts";

/** How a showing goes: its pace, and when it stops early. */
export interface ReplayPace {
  /** Commands a second; read before each command, so a page may change it as the showing goes. */
  readonly speed: number;
  readonly colorDepth: ColorDepth;
  /** True once the showing should stop (a key pressed, the page gone). */
  readonly stopped: () => boolean;
  /** Whether a game that ended waits on its game-over window (until `stopped`) rather than a moment. */
  readonly waitAtEnd: boolean;
  /** While true, the showing holds its frame (a page's pause). */
  readonly paused?: () => boolean;
  /**
   * A turn asked for, taken once (undefined when none): the showing plays on
   * unseen to the first command at or past it (from the start when it is
   * behind), draws it, and goes on from there at its pace.
   */
  readonly seek?: () => number | undefined;
  /**
   * The longest a seek plays on unseen before the thread takes a turn of its
   * event loop (default {@link SEEK_SLICE_MS}).
   */
  readonly seekSliceMs?: number;
  /**
   * Told the ms of the thread the showing's work took since it last waited
   * (a command played and drawn, a seek's slice), before it waits again:
   * a server shares a budget of its thread's time among its replays, and
   * makes a showing that has spent its share wait here.
   */
  readonly spent?: (ms: number) => Promise<void> | void;
}

/**
 * How long a seek plays on unseen at a time: a server shows many replays on
 * the thread that also reads every player's socket, and a seek to the end
 * of a long game is thousands of turns.
 */
export const SEEK_SLICE_MS = 4;

/** How often a paused showing looks for a change, in ms. */
const PAUSE_POLL_MS = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A turn of the event loop, for whatever else waits on the thread. */
const turnOfTheLoop = () => new Promise((r) => setImmediate(r));

/** Shows `recording` on `terminal`; resolves when it has been shown or was stopped. */
export async function showReplay(
  terminal: Terminal,
  recording: Recording,
  content: Content,
  pace: ReplayPace,
): Promise<void> {
  const begin = () => {
    const steps = replaySteps(recording, content.rules);
    const first = steps.next();
    if (first.done) return undefined;
    const app = new GameSession(terminal, content, first.value, new InProcessRunner(content.rules), {
      colorDepth: pace.colorDepth,
    });
    return { steps, app };
  };
  let workStart = performance.now();
  /** The work since the showing last waited, told to `pace.spent` (which may make it wait its turn). */
  const settle = async () => {
    await pace.spent?.(performance.now() - workStart);
    workStart = performance.now();
  };
  let showing = begin();
  if (!showing) return;
  showing.app.render();
  /** The turn being sought, while the showing plays on unseen to it. */
  let target: number | undefined;
  const slice = pace.seekSliceMs ?? SEEK_SLICE_MS;
  for (;;) {
    if (target !== undefined && performance.now() - workStart >= slice) {
      await settle();
      await turnOfTheLoop();
      if (pace.stopped()) return;
      workStart = performance.now();
    }
    const asked = pace.seek?.();
    if (asked !== undefined) {
      target = asked;
      if (asked < showing.app.state.turn) showing = begin() ?? showing;
    }
    if (target !== undefined && showing.app.state.turn >= target) {
      target = undefined;
      showing.app.render();
    }
    if (target === undefined) {
      await settle();
      await sleep(1000 / pace.speed);
      workStart = performance.now();
      while (pace.paused?.() && !pace.stopped() && target === undefined) {
        await sleep(PAUSE_POLL_MS);
        workStart = performance.now();
        const during = pace.seek?.();
        if (during !== undefined) {
          target = during;
          if (during < showing.app.state.turn) showing = begin() ?? showing;
        }
      }
    }
    if (pace.stopped()) return;
    if (target !== undefined && showing.app.state.turn >= target) continue;
    if (showing.steps.next().done) break;
    if (target === undefined) showing.app.render();
  }
  const { app } = showing;
  // A game that ended shows its game-over or victory window; one cut short, its last frame a moment.
  if (isGameOver(app.state)) {
    app.stack.push(
      new GameOverScreen(pace.waitAtEnd ? "The replay is over: press a key." : "The replay is over."),
    );
    app.render();
    while (pace.waitAtEnd && !pace.stopped()) await sleep(PAUSE_POLL_MS);
    return;
  }
  app.render();
  await sleep(1500);
}
