/**
 * The memory a player's game holds while it is played: the program started
 * as a player starts it, `deno task play --seed 1` in a real pty of 80x24
 * ({@link PtySession}: the task runner, the launcher it starts and the game,
 * whose AI worker is a thread of its own process), N pressed on the title,
 * then a few hundred keys of play (explore, steps in every direction, rest,
 * the stairs), each once the screen has been quiet a while. Every process
 * below the pty is sampled a few times a second ({@link sampleTree}): its
 * proportional set (PSS, what the processes hold between them) and resident
 * set (RSS), each process and their sum, during play (the median of the
 * samples) and at the peak. DCSS's console (`/usr/games/crawl`), a roguelike
 * of the same kind in C++, plays the same kinds of keys beside it as a
 * yardstick.
 *
 * @module
 */
import { HELP_USAGE, intFlag, parseFlags, readCommandLine } from "../../src/cli/mod.ts";
import { SYNC_END } from "../../src/terminal/mod.ts";
import { type ProcessMemory, sampleTree } from "./process_memory.ts";
import { CRAWL, playTaskCommand, ptyCommand, PtySession } from "./pty_session.ts";
import { median } from "./timing.ts";

/** PSS and RSS, bytes. */
export interface Held {
  readonly pss: number;
  readonly rss: number;
}

/** One part of the program (a process, or the processes of one kind): during play and at the peak. */
export interface PartMemory {
  readonly name: string;
  readonly play: Held;
  readonly peak: Held;
}

/** What one game held: each part, and all of them together (the peak of the sum, not the sum of peaks). */
export interface PlayMemory {
  readonly parts: readonly PartMemory[];
  readonly total: PartMemory;
  /** Keys pressed (a new game's aside), games played, and samples taken meanwhile. */
  readonly keys: number;
  readonly games: number;
  readonly samples: number;
  /** The most Web Workers seen running at once (Delve's AI worker). */
  readonly workers: number;
}

/** Which part of the program a process is, by its command line. */
export function partOf(command: string): string {
  const words = command.split(" ");
  if (words[1] === "task") return "task runner";
  if (words.some((w) => w.endsWith("/launch.ts"))) return "launcher";
  if (words.some((w) => w.endsWith("/main.ts"))) return "game";
  return words[0].replace(/.*\//, "");
}

/** How often every process is sampled while the keys are pressed. */
const SAMPLE_MS = 200;
/** A key's answer is over once the screen has been quiet this long (a walk's steps come faster). */
const QUIET_MS = 150;

/** The parts of a sample, processes of one part added together. */
function parts(sample: readonly ProcessMemory[]): Map<string, Held> {
  const byPart = new Map<string, Held>();
  for (const p of sample) {
    const name = partOf(p.command), had = byPart.get(name) ?? { pss: 0, rss: 0 };
    byPart.set(name, { pss: had.pss + p.pss, rss: had.rss + p.rss });
  }
  return byPart;
}

/** A part's figures over the samples it appears in: their median and their peak. */
function over(name: string, held: readonly Held[]): PartMemory {
  const most = (f: (h: Held) => number) => Math.max(...held.map(f));
  const middle = (f: (h: Held) => number) => median(held.map(f));
  return {
    name,
    play: { pss: middle((h) => h.pss), rss: middle((h) => h.rss) },
    peak: { pss: most((h) => h.pss), rss: most((h) => h.rss) },
  };
}

/** The figures of `samples`, taken while `keys` keys were pressed. */
function summarize(samples: readonly ProcessMemory[][], keys: number, games: number): PlayMemory {
  if (samples.length === 0) throw new Error("no sample of the game's memory was taken");
  const byPart = new Map<string, Held[]>();
  const totals: Held[] = [];
  for (const sample of samples) {
    let pss = 0, rss = 0;
    for (const [name, held] of parts(sample)) {
      byPart.set(name, [...byPart.get(name) ?? [], held]);
      pss += held.pss;
      rss += held.rss;
    }
    totals.push({ pss, rss });
  }
  return {
    parts: [...byPart].map(([name, held]) => over(name, held)),
    total: over("all", totals),
    keys,
    games,
    samples: samples.length,
    workers: Math.max(...samples.flat().map((p) => p.workers)),
  };
}

/** Someone playing in a pty: the game now played, and what follows a key that ended it. */
interface Player {
  /** The session played now, whose processes are sampled. */
  readonly session: PtySession;
  /** After each key: when the game has ended, a new one (resolves true), as a player starts one. */
  again(): Promise<boolean>;
}

/** Presses `keys` for `player`, each once the screen is quiet, sampling the processes of its game meanwhile. */
async function playSampled(player: Player, keys: readonly string[]): Promise<PlayMemory> {
  const samples: ProcessMemory[][] = [];
  let playing = true, games = 1;
  const sampling = (async () => {
    while (playing) {
      samples.push(await sampleTree(player.session.pid));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  try {
    for (const key of keys) {
      await player.session.pressUntilQuiet(key, QUIET_MS);
      if (await player.again()) games++;
    }
  } finally {
    playing = false;
    await sampling;
  }
  return summarize(samples, keys.length, games);
}

/** `cycle` again and again, `count` keys in all. */
function keysOf(cycle: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, k) => cycle[k % cycle.length]);
}

/**
 * A round of play on Delve's keys: explore, two steps each way (into a
 * monster, an attack), rest, the stairs (walked to when they are known,
 * taken when they are underfoot).
 */
const DELVE_CYCLE = [..."xxhhjjkkllyyuubbnn", "R", ">"];

/** The same round on DCSS's keys (`o` explores, `5` rests), and Escape for any question it asks. */
const CRAWL_CYCLE = [..."oohhjjkkllyyuubbnn", "5", ">", "\x1b"];

/**
 * Delve played as above, `keys` keys, `args` given to `deno task play`
 * after `--seed 1`; the game's status checked at the end (saved on Ctrl-C).
 */
export async function delveMemory(keys: number, args: readonly string[] = []): Promise<PlayMemory> {
  const home = await Deno.makeTempDir({ prefix: "delve-memory-" });
  // HOME stays: Deno keeps its module cache under it. The saves and the options are the run's own.
  const env = {
    XDG_DATA_HOME: home,
    XDG_CONFIG_HOME: home,
    TERM: "xterm-256color",
    COLORTERM: "",
    NO_COLOR: "",
    FORCE_COLOR: "",
  };
  const session = new PtySession(playTaskCommand(["--seed", "1", ...args]), env);
  const player: Player = {
    session,
    // A death's window: Enter goes back to the title, N starts a new game.
    async again() {
      if (!session.text.includes("Game over")) return false;
      for (const key of ["\r", "n"]) await session.pressUntilQuiet(key, QUIET_MS);
      return true;
    },
  };
  try {
    await session.until(SYNC_END);
    await session.press("n", SYNC_END);
    const memory = await playSampled(player, keysOf(DELVE_CYCLE, keys));
    // Ctrl-C: the game is saved, the terminal given back, exit status 130.
    await session.send("\x03");
    const { code, stderr } = await session.close();
    if (code !== 130) throw new Error(`the game left with status ${code}: ${stderr}`);
    return memory;
  } catch (e) {
    await session.kill();
    throw e;
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

/** DCSS's console in a pty, a new game of seed 1 (a minotaur fighter) in `dir`, once its screen is up. */
async function startCrawl(dir: string): Promise<PtySession> {
  const words = [CRAWL, "-name", "bench", "-species", "Mi", "-background", "Fi", "-seed", "1"];
  const places = ["-dir", dir, "-rc", `${dir}/rc`, "-morgue", dir, "-macro", dir];
  const crawl = new PtySession(ptyCommand([...words, ...places, "-extra-opt-first", "weapon=war axe"]), {
    TERM: "xterm-256color",
  });
  try {
    // The console waits for a line before it opens its screen; the status panel shows once the game is on.
    await crawl.send("\r");
    await crawl.until("Health:");
    return crawl;
  } catch (e) {
    await endCrawl(crawl);
    throw e;
  }
}

/**
 * Ends DCSS at once: the program first (the pty still open, so it does not
 * go on to save on the hangup, into a folder being removed), then the pty.
 */
async function endCrawl(crawl: PtySession): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const left = await sampleTree(crawl.pid);
    if (left.length === 0) break;
    for (const { pid } of left) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await crawl.kill();
}

/** DCSS played as above, in a folder of its own; undefined when it is not installed. */
export async function crawlMemory(keys: number): Promise<PlayMemory | undefined> {
  if (!(await Deno.stat(CRAWL).then((info) => info.isFile, () => false))) return undefined;
  const dir = await Deno.makeTempDir({ prefix: "delve-crawl-" });
  await Deno.writeTextFile(`${dir}/rc`, "");
  const player = {
    session: await startCrawl(dir),
    // A death ends the program, once its messages and character dump are read: it is started again.
    async again() {
      if (!player.session.ended) {
        if (!player.session.text.includes("You die")) return false;
        for (let k = 0; k < 10 && !player.session.ended; k++) {
          await player.session.pressUntilQuiet("\r", QUIET_MS);
        }
      }
      await endCrawl(player.session);
      player.session = await startCrawl(dir);
      return true;
    },
  };
  try {
    return await playSampled(player, keysOf(CRAWL_CYCLE, keys));
  } finally {
    await endCrawl(player.session);
    await Deno.remove(dir, { recursive: true });
  }
}

/** The median of each figure of `runs` (the parts by name, in the first run's order). */
export function medianOf(runs: readonly PlayMemory[]): PlayMemory {
  const held = (hs: Held[]): Held => ({
    pss: median(hs.map((h) => h.pss)),
    rss: median(hs.map((h) => h.rss)),
  });
  const part = (name: string, of: (run: PlayMemory) => PartMemory | undefined): PartMemory => {
    const found = runs.map(of).filter((p) => p !== undefined);
    return { name, play: held(found.map((p) => p.play)), peak: held(found.map((p) => p.peak)) };
  };
  return {
    parts: runs[0].parts.map(({ name }) => part(name, (run) => run.parts.find((p) => p.name === name))),
    total: part("all", (run) => run.total),
    keys: runs[0].keys,
    games: median(runs.map((run) => run.games)),
    samples: median(runs.map((run) => run.samples)),
    workers: Math.max(...runs.map((run) => run.workers)),
  };
}

/** Megabytes (2^20 bytes), as the row writes them. */
export const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0)} MB`;

/** One game's figures as the row writes them: PSS then RSS, during play and at the peak, each part's. */
export function memoryText(memory: PlayMemory): string {
  const each = (f: (p: PartMemory) => number) =>
    memory.parts.length > 1 ? ` (${memory.parts.map((p) => `${p.name} ${mb(f(p))}`).join(", ")})` : "";
  const { play, peak } = memory.total;
  return `PSS ${mb(play.pss)}${each((p) => p.play.pss)}, peak ${mb(peak.pss)}${each((p) => p.peak.pss)}; ` +
    `RSS ${mb(play.rss)}${each((p) => p.play.rss)}, peak ${mb(peak.rss)}`;
}

/** `deno run -A tools/bench/play_memory.ts --help`. */
export const PLAY_MEMORY_HELP = {
  name: "play_memory.ts",
  about: "A quick look at the memory of a game while it is played, outside the report: Delve as\n" +
    "`deno task play --seed 1` (every process of it), then DCSS's console, at 80x24.",
  usage: `Usage: deno run -A tools/bench/play_memory.ts [--keys N] [--runs N]
                                                   [--no-crawl] [-- ARGS]

Options:
      --keys N      keys pressed in each game (default: 300)
      --runs N      games of each, the median of each figure given (default: 1)
      --no-crawl    Delve's game alone
      -- ARGS       more arguments for deno task play --seed 1
${HELP_USAGE}`,
};

if (import.meta.main) {
  const line = readCommandLine(PLAY_MEMORY_HELP, Deno.args, () => {
    const { values, positionals } = parseFlags(Deno.args, {
      keys: { type: "string" },
      runs: { type: "string" },
      "no-crawl": { type: "boolean" },
    }, true);
    return {
      keys: intFlag("--keys", values.keys, 1, 100_000) ?? 300,
      runs: intFlag("--runs", values.runs, 1, 100) ?? 1,
      crawl: !values["no-crawl"],
      args: positionals,
    };
  });
  if ("exit" in line) Deno.exit(line.exit);
  const { keys, runs, crawl: withCrawl, args } = line.run;
  const delve: PlayMemory[] = [], crawl: PlayMemory[] = [];
  for (let run = 0; run < runs; run++) {
    delve.push(await delveMemory(keys, args));
    const theirs = withCrawl ? await crawlMemory(keys) : undefined;
    if (theirs) crawl.push(theirs);
  }
  const game = medianOf(delve);
  const games = (m: PlayMemory) => `${m.keys} keys, ${m.games} games`;
  console.log(
    `delve (${game.workers ? "AI worker running" : "no AI worker"}; ${games(game)}): ${memoryText(game)}`,
  );
  const theirs = crawl.length ? medianOf(crawl) : undefined;
  if (withCrawl) console.log(theirs ? `DCSS (${games(theirs)}): ${memoryText(theirs)}` : `DCSS: no ${CRAWL}`);
}
