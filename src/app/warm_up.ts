/**
 * The program's warm-up: a short game it plays by itself as the title
 * first shows, off screen (the bot's commands through a session of its
 * own, its screens drawn and its frames made, written to a terminal that
 * keeps nothing, its commands recorded as a replay is), so that the
 * player's first few hundred keys do not pay for the compiling.
 *
 * Why: V8 runs a function in its interpreter at first, and compiles it for
 * speed on a background thread once it has run a while. In a game's first
 * few hundred turns that compiling was most of the slowest keys: on a machine of two processors it takes the one the
 * terminal's relay needs (`deno task bench`, key to frame in a pty). Played
 * here, it happens while the player reads the title. Nothing of the
 * warm-up's games is kept: no file, no score, and the player's game takes
 * nothing from them (its seed is its own).
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import { Bot, isGameOver, newGame } from "../engine/mod.ts";
import { type ColorDepth, SinkTerminal } from "../terminal/mod.ts";
import { InProcessRunner } from "../worker/mod.ts";
import { GameSession } from "./game_session.ts";
import { dataStamp, record, startRecording } from "../store/mod.ts";

/**
 * Commands the warm-up plays: enough for the engine's and the screens' busy
 * functions to be compiled, and for the replay's checksum (taken every
 * hundredth turn) to have run often enough to be compiled too. With fewer,
 * the slowest keys in a pty still came in the player's first few hundred,
 * and the checksum turns among them (`deno task bench --only pty` shows it).
 */
export const WARM_UP_COMMANDS = 1000;

/**
 * The most the warm-up takes, ms: on the bundled floors its commands take
 * well under this; a mod's floors may be far larger, and the title must not
 * keep a key waiting long for it.
 */
export const WARM_UP_MS = 400;

/** The warm-up's first game's seed; each game after it takes the next. */
const WARM_UP_SEED = 1;

/** Where and how the warm-up draws: as the player's game will. */
export interface WarmUpScreen {
  readonly columns: number;
  readonly rows: number;
  readonly colorDepth: ColorDepth;
}

/** What the warm-up played. */
export interface WarmUpPlayed {
  readonly turns: number;
  /** Checksums its recordings took, as a replay takes them. */
  readonly checks: number;
}

/**
 * Plays `commands` of the bot's commands on games of `content`, each
 * drawn on a screen like `screen` and recorded as the player's game is,
 * or as many as `ms` allow.
 */
export async function warmUp(
  content: Content,
  screen: WarmUpScreen,
  commands: number = WARM_UP_COMMANDS,
  ms: number = WARM_UP_MS,
): Promise<WarmUpPlayed> {
  const deadline = performance.now() + ms;
  const terminal = new SinkTerminal(screen.columns, screen.rows);
  const runner = new InProcessRunner(content.rules);
  let checks = 0;
  const start = (seed: number) => {
    const state = newGame(content.rules, seed),
      recording = startRecording(seed, "warm-up", dataStamp(content));
    return new GameSession(terminal, content, state, runner, {
      colorDepth: screen.colorDepth,
      walkDelayMs: 0,
      record: (command, turnBefore) => {
        const before = recording.checks.length;
        record(recording, command, state, turnBefore);
        checks += recording.checks.length - before;
      },
    });
  };
  let seed = WARM_UP_SEED, session = start(seed), turns = 0, bot = new Bot();
  session.render();
  for (let k = 0; k < commands && performance.now() < deadline; k++) {
    const before = session.state.turn;
    await session.perform(bot.decide(session.state, content.rules));
    session.render();
    turns += session.state.turn - before;
    if (isGameOver(session.state)) {
      session = start(++seed);
      bot = new Bot();
    }
  }
  return { turns, checks };
}
