/**
 * The AI worker thinking ahead, measured as a player meets it: games played
 * through a session at a player's pace, and how many of their turns were
 * answered ahead (by kind, with the misses), what the worker spent thinking
 * per turn, and key to frame on crowded floors. The session is the
 * terminal's (a frame drawn after each command, the worker told then), on a
 * terminal of 80x24 that keeps nothing.
 *
 * @module
 */
import { GameSession } from "../../src/app/mod.ts";
import type { Content } from "../../src/content/mod.ts";
import { Bot, isGameOver, newGame, Rng } from "../../src/engine/mod.ts";
import { keyEvent, SinkTerminal } from "../../src/terminal/mod.ts";
import {
  type ByKind,
  InProcessRunner,
  type MonsterRunner,
  total,
  WorkerRunner,
} from "../../src/worker/mod.ts";
import { huntingGame } from "./monster_turns.ts";
import type { MonsterScale } from "./app_cases.ts";
import { percentile } from "./timing.ts";

/** What a game at a player's pace came to. */
export interface AheadRun {
  /** Turns whose monsters came from an answer thought ahead, by kind. */
  readonly ahead: ByKind;
  /** Turns whose answer was asked for and waited on (a large turn nobody foresaw). */
  readonly asked: ByKind;
  /** Turns whose monsters were decided on the main thread, by kind. */
  readonly here: ByKind;
  /** Walk steps among `ahead` that waited a moment for their answer. */
  readonly waited: number;
  /** Turns played. */
  readonly turns: number;
  /** Milliseconds the worker was busy, over the game. */
  readonly busyMs: number;
  /** Milliseconds a turn cost the worker (its answers used, on average: the copy, both halves, the encoding). */
  readonly turnMs: number;
  readonly faults: number;
}

/** The share of `kinds` of `run`'s turns answered ahead (0 to 1). */
export function shareAhead(run: AheadRun, kinds: readonly (keyof ByKind)[]): number {
  const ahead = kinds.reduce((n, k) => n + run.ahead[k], 0);
  const all = ahead + kinds.reduce((n, k) => n + run.here[k] + run.asked[k], 0);
  return all === 0 ? 1 : ahead / all;
}

/** A runner thinking ahead, as the terminal's game makes it. */
function aheadRunner(content: Content): WorkerRunner {
  return new WorkerRunner(content.rules, { ahead: true });
}

function runOf(runner: WorkerRunner): AheadRun {
  const { stats } = runner;
  const used = total(stats.aheadTurns) + total(stats.askedTurns);
  return {
    ahead: { ...stats.aheadTurns },
    asked: { ...stats.askedTurns },
    here: { ...stats.hereTurns },
    waited: stats.waited,
    turns: used + total(stats.hereTurns),
    busyMs: stats.busyMs,
    turnMs: used === 0 ? 0 : stats.workerMs / used,
    faults: runner.faults.length,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `commands` of the bot's, each `paceMs` (drawn from the range, seeded)
 * after the last frame, on a new game of `content` (seed `seed`), through
 * a session thinking ahead. The bot's commands are its own (it walks by
 * steps, not walks): steps, waits, fights, items.
 */
export async function botAtPace(
  content: Content,
  seed: number,
  commands: number,
  paceMs: readonly [number, number],
): Promise<AheadRun> {
  const runner = aheadRunner(content);
  const session = new GameSession(new SinkTerminal(80, 24), content, newGame(content.rules, seed), runner, {
    colorDepth: "256",
  });
  if (!(await runner.ready)) throw new Error("the AI worker did not load");
  const pace = Rng.fromSeed(seed), bot = new Bot(), { state } = session;
  try {
    session.render();
    for (let n = 0; n < commands && !isGameOver(state); n++) {
      await sleep(pace.int(paceMs[0], paceMs[1]));
      await session.perform(bot.decide(state, content.rules));
      session.render();
    }
  } finally {
    runner.close();
  }
  return runOf(runner);
}

/**
 * The keys a player presses in an evening's first floors, in a loop: looks
 * round with steps and waits, explores, rests, travels to the stairs and
 * takes them, uses an item now and then.
 */
export const HUMAN_KEYS = "x.x.xlllhhh..xR" + "xjjjkk.xiax" + "yubnxR>x.xxx>" + "Rxhhhlll.x";

/**
 * `keys` (in a loop) pressed on a new game of `content` (seed `seed`),
 * each `paceMs` (drawn from the range, seeded) after the last frame, walks
 * at `walkDelayMs`, until `commands` keys are pressed or the game ends.
 */
export async function scriptedGame(
  content: Content,
  seed: number,
  keys: string,
  presses: number,
  paceMs: readonly [number, number],
  walkDelayMs = 25,
): Promise<AheadRun> {
  const runner = aheadRunner(content);
  const session = new GameSession(new SinkTerminal(80, 24), content, newGame(content.rules, seed), runner, {
    colorDepth: "256",
    walkDelayMs,
  });
  if (!(await runner.ready)) throw new Error("the AI worker did not load");
  const pace = Rng.fromSeed(seed);
  try {
    session.render();
    for (let n = 0; n < presses && !isGameOver(session.state); n++) {
      await sleep(pace.int(paceMs[0], paceMs[1]));
      // A window left open (a level-up, the inventory) is answered as a player would: Escape, or a choice.
      await session.handleInput(keyEvent(session.stack.length > 1 ? "Escape" : keys[n % keys.length]));
      session.render();
    }
  } finally {
    runner.close();
  }
  return runOf(runner);
}

/** Key to frame on a crowded floor: percentiles in ms, and what the worker did. */
export interface CrowdedKeys {
  readonly label: string;
  readonly p50: number;
  readonly p99: number;
  readonly longest: number;
  readonly keys: number;
  readonly run?: AheadRun;
}

/**
 * `keys` keys (after `warmup` untimed) on a floor where every monster hunts
 * the player, `pauseMs` apart: a step east, a step west, a wait, in turn
 * (walks stop at once with monsters in view); each timed from the key
 * handed to the session to its frame written. `ahead`: thinking ahead,
 * else in-process.
 */
export async function crowdedKeys(
  content: Content,
  scale: MonsterScale,
  keys: number,
  pauseMs: number,
  ahead: boolean,
  warmup = 20,
): Promise<CrowdedKeys> {
  const { state, label } = huntingGame(content.rules, scale);
  const terminal = new SinkTerminal(80, 24);
  const runner: MonsterRunner = ahead ? aheadRunner(content) : new InProcessRunner(content.rules);
  const session = new GameSession(terminal, content, state, runner, { colorDepth: "256" });
  if (runner instanceof WorkerRunner && !(await runner.ready)) throw new Error("the AI worker did not load");
  const times: number[] = [];
  try {
    session.render();
    for (let k = 0; k < warmup + keys; k++) {
      await sleep(pauseMs);
      const start = performance.now();
      await session.handleInput(keyEvent("lh.".charAt(k % 3)));
      session.render();
      if (k >= warmup) times.push(terminal.lastWriteAt - start);
    }
  } finally {
    runner.close();
  }
  return {
    label,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    longest: Math.max(...times),
    keys: times.length,
    ...(runner instanceof WorkerRunner ? { run: runOf(runner) } : {}),
  };
}
