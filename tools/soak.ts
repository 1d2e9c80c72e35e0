/**
 * `deno task soak [--turns N] [--seed S] [--every K] [--game-turns G] [--json]`:
 * bot games played through the real app (GameSession, the AI worker thinking
 * ahead, a frame drawn after every command) for N player turns in one process, with the
 * memory sampled every K turns. The report gives the peak RSS and whether
 * memory stays flat: a leak anywhere on the game's path grows it turn by
 * turn, which a few minutes of play would never show.
 *
 * The task runs V8 with `--expose-gc`, so that each sample follows a full
 * collection and the live heap is exact, and with the young generation
 * pinned at 16 MB a semi-space. Left to itself V8 grows that space in steps
 * while the game runs: RSS climbs from ~80 MB to a plateau of ~145 MB over
 * the first ~12,000 turns with the live heap level at ~9.5 MB, and over a
 * 10,000-turn run that climb would read as a leak. Pinned, it is committed
 * in the first few hundred turns, and what RSS does after is the game's.
 *
 * @module
 */
import type { Content } from "../src/content/mod.ts";
import { Bot, type GameState, isGameOver, MAX_SEED, newGame } from "../src/engine/mod.ts";
import { SinkTerminal, type Terminal } from "../src/terminal/mod.ts";
import type { Command } from "../src/store/mod.ts";
import { GameSession } from "../src/app/mod.ts";
import {
  HELP_USAGE,
  intFlag,
  loadDataOr,
  parseFlags,
  readCommandLine,
  say,
  sayJson,
  sayOut,
} from "../src/cli/mod.ts";
import { WorkerConnection, WorkerRunner } from "../src/worker/mod.ts";

/** Plays `command` in `app` and draws the frame; the soak's way, and the default of {@link BotPlayer}. */
export type Deliver = (app: GameSession, command: Command) => Promise<void>;

const perform: Deliver = async (app, command) => {
  await app.perform(command);
  app.render();
};

/**
 * Bot games one after another through a GameSession with the AI worker, as the
 * real loop plays them: the worker thinks ahead while the bot "reads" each
 * frame (until the worker has thought all it would), and when a game ends
 * (death, or `gameTurns` turns), a new game gets a new app and runner on the
 * program's one worker.
 */
export class BotPlayer {
  /** The worker's thread, the program's: one for every game, as the terminal's. */
  readonly #thread = new WorkerConnection();
  #runner: WorkerRunner | undefined;
  /** The bot playing this game: its memory is the game's. */
  #bot = new Bot();
  #app: GameSession | undefined;
  /** Player turns played, over every game. */
  turns = 0;
  /** Games begun. */
  games = 0;
  /** Games that ended in the player's death. */
  deaths = 0;
  /** The deepest dungeon level any game reached. */
  deepest = 1;
  /** Monster turns the worker answered, over every runner (the rest ran in-process). */
  workerTurns = 0;
  /** Worker faults, over every runner. */
  faults = 0;
  #stuck = 0;

  constructor(
    readonly content: Content,
    readonly terminal: Terminal,
    readonly seed: number,
    readonly gameTurns: number,
  ) {}

  /** The game being played. */
  get state(): GameState {
    return this.#game().state;
  }

  #game(): GameSession {
    if (!this.#app) throw new Error("BotPlayer: call start() first");
    return this.#app;
  }

  /** Begins the next game, its worker loaded first so that turns are the worker's. */
  async start(): Promise<void> {
    this.#closeRunner();
    const runner = new WorkerRunner(this.content.rules, { ahead: true, connection: this.#thread });
    this.#runner = runner;
    if (!(await runner.ready)) throw new Error("the AI worker did not load");
    const state = newGame(this.content.rules, (this.seed + this.games) % (MAX_SEED + 1));
    this.games++;
    this.#bot = new Bot();
    this.#app = new GameSession(this.terminal, this.content, state, runner, { colorDepth: "truecolor" });
    this.#app.render();
  }

  /** Plays the bot's next command through `deliver`; starts a new game when this one is over. */
  async step(deliver: Deliver = perform): Promise<void> {
    const app = this.#game(), { state } = app;
    const before = state.turn;
    await this.#runner?.thought();
    await deliver(app, this.#bot.decide(state, this.content.rules));
    this.turns += state.turn - before;
    this.deepest = Math.max(this.deepest, state.floor);
    // Level-up choices take no turn, but a bot that never plays one is stuck for good.
    this.#stuck = state.turn === before ? this.#stuck + 1 : 0;
    if (this.#stuck > 100) throw new Error(`the bot is stuck at turn ${state.turn} (seed ${state.seed})`);
    const dead = isGameOver(state);
    if (dead) this.deaths++;
    if (dead || state.turn >= this.gameTurns) await this.start();
  }

  #closeRunner(): void {
    if (!this.#runner) return;
    this.workerTurns += this.#runner.stats.workerTurns;
    this.faults += this.#runner.faults.length;
    this.#runner.close();
    this.#runner = undefined;
  }

  /** Closes the worker. */
  close(): void {
    this.#closeRunner();
    this.#thread.close();
  }
}

/** What the soak asks for. */
export interface SoakOptions {
  /** Player turns to play in all. */
  readonly turns: number;
  /** The first game's seed; each new game takes the next. */
  readonly seed: number;
  /** Memory is sampled every this many turns (and at the start and the end). */
  readonly sampleEvery: number;
  /** A game that lasts this many turns ends, and a new one begins. */
  readonly gameTurns?: number;
  /** Told each sample as it is taken (for a live report). */
  readonly onSample?: (sample: MemorySample) => void;
  /** The data to play; the bundled data when absent. */
  readonly content?: Content;
}

/** Memory at one point of the run, after a garbage collection when the process allows one. */
export interface MemorySample {
  readonly turn: number;
  readonly rss: number;
  /** The main isolate's heap as reserved: it grows while V8 sizes its young generation. */
  readonly heapTotal: number;
  /** Live objects of the main isolate (exact after a collection). */
  readonly heapUsed: number;
}

/** What a soak found. */
export interface SoakResult {
  readonly samples: readonly MemorySample[];
  readonly turns: number;
  readonly games: number;
  readonly deaths: number;
  readonly deepest: number;
  readonly frames: number;
  readonly chars: number;
  readonly workerTurns: number;
  readonly faults: number;
  readonly seconds: number;
  /** Whether each sample followed a full collection (`--v8-flags=--expose-gc`). */
  readonly collected: boolean;
  readonly growth: Growth;
}

/** How memory moved over the run. */
export interface Growth {
  readonly peakRss: number;
  /** Least-squares slope of RSS over the second half of the run, KB per 1,000 turns. */
  readonly rssSlope: number;
  /** The same for the heap in use. */
  readonly heapSlope: number;
  /**
   * Mean RSS of the last quarter of samples minus that of the second, KB (the
   * first quarter is warm-up: V8 commits its young generation then).
   */
  readonly rssQuarterDiff: number;
  readonly verdict: "flat" | "growing";
}

/**
 * The bound on the RSS slope, KB per 1,000 turns. RSS is coarse: it moves by
 * megabytes as each game's new worker isolate comes and old pages go back to
 * malloc, not to the system. On flat 10,000-turn runs (seeds 1 to 3) that
 * wandering alone gave second-half slopes up to +1.5 MB per 1,000 turns, and
 * 100,000 turns stayed within 134-149 MB. The bound is well above that noise
 * and still catches a leak of 4 KB a turn: a map or a full frame kept each turn.
 */
export const RSS_SLOPE_BOUND_KB = 4096;

/**
 * The bound on the live-heap slope, KB per 1,000 turns, used when every
 * sample followed a full collection: the live heap is then exact to a few
 * KB (flat runs give +2 to +14), so even one one-step frame (~150 bytes)
 * kept a turn shows. Within a game the message log grows by design; games of
 * `gameTurns` turns make that a sawtooth, not a slope.
 */
export const HEAP_SLOPE_BOUND_KB = 64;

/** The least-squares slope of `ys` over `xs`. */
function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n, my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0, den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** The growth figures of a run's samples; the heap counts toward the verdict only when `collected`. */
export function growthOf(samples: readonly MemorySample[], collected: boolean): Growth {
  const last = samples.at(-1)?.turn ?? 0;
  const late = samples.filter((s) => s.turn >= last / 2);
  const perThousandKb = (bytesPerTurn: number) => (bytesPerTurn * 1000) / 1024;
  const turns = late.map((s) => s.turn);
  const rssSlope = perThousandKb(slope(turns, late.map((s) => s.rss)));
  const heapSlope = perThousandKb(slope(turns, late.map((s) => s.heapUsed)));
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const rssOf = (part: readonly MemorySample[]) => mean(part.map((s) => s.rss));
  const rssQuarterDiff = (rssOf(samples.slice(-quarter)) - rssOf(samples.slice(quarter, 2 * quarter))) / 1024;
  const flat = rssSlope <= RSS_SLOPE_BOUND_KB && (!collected || heapSlope <= HEAP_SLOPE_BOUND_KB);
  return {
    peakRss: Math.max(0, ...samples.map((s) => s.rss)),
    rssSlope,
    heapSlope,
    rssQuarterDiff,
    verdict: flat ? "flat" : "growing",
  };
}

type Collect = () => void;

/** Plays the soak; see the module's description. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const content = options.content ?? (await loadDataOr(undefined))?.content;
  if (!content) throw new Error("the bundled data did not load");
  const gc = (globalThis as { gc?: Collect }).gc;
  const samples: MemorySample[] = [];
  const terminal = new SinkTerminal();
  const bot = new BotPlayer(content, terminal, options.seed, options.gameTurns ?? 1000);
  const sample = () => {
    gc?.();
    const { rss, heapTotal, heapUsed } = Deno.memoryUsage();
    const taken = { turn: bot.turns, rss, heapTotal, heapUsed };
    samples.push(taken);
    options.onSample?.(taken);
  };
  const started = performance.now();
  try {
    await bot.start();
    sample();
    let next = options.sampleEvery;
    while (bot.turns < options.turns) {
      await bot.step();
      if (bot.turns >= next) {
        sample();
        next += options.sampleEvery;
      }
    }
    if (samples.at(-1)?.turn !== bot.turns) sample();
  } finally {
    bot.close();
  }
  return {
    samples,
    turns: bot.turns,
    games: bot.games,
    deaths: bot.deaths,
    deepest: bot.deepest,
    frames: terminal.writes,
    chars: terminal.chars,
    workerTurns: bot.workerTurns,
    faults: bot.faults,
    seconds: (performance.now() - started) / 1000,
    collected: gc !== undefined,
    growth: growthOf(samples, gc !== undefined),
  };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const signed = (kb: number) => `${kb >= 0 ? "+" : ""}${kb.toFixed(0)}`;

/** The soak's report: the samples, the peak, the slopes and the verdict. */
export function soakReport(r: SoakResult): string {
  const { growth: g } = r;
  const lines = [
    `Delve soak: ${r.turns} turns, ${r.games} games (${r.deaths} deaths), deepest level ${r.deepest}, ` +
    `${r.frames} frames, ${r.seconds.toFixed(1)} s`,
    `monster turns in the worker: ${r.workerTurns}, worker faults: ${r.faults}`,
    "",
    "  turn   RSS MB  heap total MB  heap used MB",
    ...r.samples.map((s) =>
      `${String(s.turn).padStart(6)}  ${mb(s.rss).padStart(7)}  ${mb(s.heapTotal).padStart(13)}  ${
        mb(s.heapUsed).padStart(12)
      }`
    ),
    "",
    `peak RSS: ${mb(g.peakRss)} MB`,
    `RSS slope over the second half: ${signed(g.rssSlope)} KB per 1,000 turns (bound ${RSS_SLOPE_BOUND_KB})`,
    `live heap slope over the second half: ${signed(g.heapSlope)} KB per 1,000 turns` +
    (r.collected ? ` (bound ${HEAP_SLOPE_BOUND_KB})` : " (not judged: no gc before sampling)"),
    `RSS last quarter minus second quarter: ${signed(g.rssQuarterDiff)} KB`,
    `verdict: ${g.verdict}`,
  ];
  return lines.join("\n");
}

/** `deno task soak --help`. */
export const SOAK_HELP = {
  name: "soak",
  about: "Plays bot games through the real loop in one process for many turns, sampling memory,\n" +
    "and says whether it grows (exit status 1 when it does).",
  usage: `Usage: deno task soak [--turns N] [--seed S] [--every K] [--game-turns G]
                       [--json]

Options:
  --turns N     turns to play in all, 1 to 10000000 (default: 10000)
  --seed S      the first game's seed, 0 to ${MAX_SEED} (default: 1)
  --every K     sample memory every K turns (default: turns / 40)
  --game-turns G
                turns a game may last before a new one starts (default: 1000)
  --json        print the result as JSON instead of a report
${HELP_USAGE}`,
};

/** Runs the soak with `args`; resolves to the exit status (1 when memory grows). */
export async function soakCommand(args: readonly string[]): Promise<number> {
  const line = readCommandLine(SOAK_HELP, args, () => {
    const { values } = parseFlags(args, {
      turns: { type: "string" },
      seed: { type: "string" },
      every: { type: "string" },
      "game-turns": { type: "string" },
      json: { type: "boolean" },
    });
    const turns = intFlag("--turns", values.turns, 1, 10_000_000) ?? 10_000;
    return {
      turns,
      seed: intFlag("--seed", values.seed, 0, MAX_SEED) ?? 1,
      every: intFlag("--every", values.every, 1, 10_000_000) ?? Math.max(1, Math.round(turns / 40)),
      gameTurns: intFlag("--game-turns", values["game-turns"], 1, 10_000_000) ?? 1000,
      json: values.json ?? false,
    };
  });
  if ("exit" in line) return line.exit;
  const flags = line.run;
  const { turns, seed, every, gameTurns, json } = flags;
  let result: SoakResult;
  try {
    result = await runSoak({ turns, seed, sampleEvery: every, gameTurns });
  } catch (e) {
    // A worker that will not load, a stuck bot: one line, not a stack.
    say(`delve soak: ${(e as Error).message}`);
    return 1;
  }
  if (json) sayJson(result);
  else sayOut(soakReport(result));
  return result.growth.verdict === "flat" ? 0 : 1;
}

if (import.meta.main) Deno.exit(await soakCommand(Deno.args));
