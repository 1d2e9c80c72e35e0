/**
 * Key to frame as a player feels it: the game started as `deno task play
 * --seed 1` starts it (the launcher, then the game), in a real pty of 80x24
 * ({@link PtySession}), with a private XDG_DATA_HOME; N on the title starts
 * seed 1's first floor; then one step east and back, again and again, each
 * key written to the pty master once the last frame is complete: at once
 * (keys back to back), or after
 * a pause in which the game (and the machine) idles, as between a player's
 * keys. On a virtual machine the pause costs every figure, the echo's too:
 * a CPU woken from idle is slow for a while.
 *
 * A frame is complete when its end reaches us: the renderer writes each frame
 * as one synchronized update, so the frame is everything up to the end of it
 * (`SYNC_END`, DEC mode 2026 off) — an exact marker, not a guess from a quiet
 * gap. A key whose step changes nothing on screen would write no frame at all;
 * every step here moves the player (or attacks) and ticks the turn, so each
 * key has one, and a missing one fails the run after a time limit.
 *
 * @module
 */
import {
  HELP_USAGE,
  intFlag,
  parseFlags,
  readCommandLine,
  shownValue,
  UsageError,
} from "../../src/cli/mod.ts";
import { SYNC_END } from "../../src/terminal/mod.ts";
import {
  type Answer,
  CRAWL,
  crawlCommand,
  ECHO_READY,
  echoCommand,
  playCommand,
  PtySession,
} from "./pty_session.ts";
import { percentile } from "./timing.ts";

/** What the pty run found: times in ms, from writing a key. */
export interface PtyLatency {
  /** Key to the frame's first byte. */
  readonly firstP50: number;
  readonly firstP99: number;
  /** Key to the frame's last byte. */
  readonly completeP50: number;
  readonly completeP99: number;
  /** Median bytes a step's frame. */
  readonly bytesP50: number;
  /** Keys timed. */
  readonly keys: number;
}

/** ms from a frame to the next key: 0 for keys back to back. */
export type PauseMs = number;

const pause = (ms: PauseMs) => ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/** Percentiles of the answers. */
function summarize(answers: readonly Answer[]): PtyLatency {
  const first = answers.map((a) => a.first), complete = answers.map((a) => a.complete);
  return {
    firstP50: percentile(first, 50),
    firstP99: percentile(first, 99),
    completeP50: percentile(complete, 50),
    completeP99: percentile(complete, 99),
    bytesP50: percentile(answers.map((a) => a.bytes), 50),
    keys: answers.length,
  };
}

/** The colours the game is told the terminal shows: 256 (`TERM=xterm-256color`) or 24-bit (`COLORTERM=truecolor` too). */
export type PtyColors = "256" | "truecolor";

/**
 * Plays `rounds` steps east and back (2 × `rounds` keys, all timed) after
 * `warmup` untimed rounds, in the game at 80x24 in `colors`, each key
 * `pauseMs` after the last frame; `args` after `--seed 1` (`--one-thread`).
 */
export async function ptyKeyToFrame(
  rounds = 200,
  warmup = 20,
  colors: PtyColors = "256",
  pauseMs: PauseMs = 0,
  args: readonly string[] = [],
): Promise<PtyLatency> {
  const home = await Deno.makeTempDir({ prefix: "delve-pty-" });
  // HOME stays: Deno keeps its module cache under it, and a fresh one would time downloads. The colour
  // variables are all set, so none of ours reaches the game (empty ones count as unset).
  const env = {
    XDG_DATA_HOME: home,
    TERM: "xterm-256color",
    COLORTERM: colors === "truecolor" ? "truecolor" : "",
    NO_COLOR: "",
    FORCE_COLOR: "",
  };
  const game = new PtySession(playCommand(["--seed", "1", ...args]), env);
  const answers: Answer[] = [];
  try {
    await game.until(SYNC_END);
    await game.press("n", SYNC_END);
    for (let k = 0; k < 2 * (warmup + rounds); k++) {
      await pause(pauseMs);
      const answer = await game.press(k % 2 === 0 ? "l" : "h", SYNC_END);
      if (k >= 2 * warmup) answers.push(answer);
    }
    // Ctrl-C: the game is saved, the terminal given back, exit status 130.
    await game.send("\x03");
    const { code, stderr } = await game.close();
    if (code !== 130) throw new Error(`the game left with status ${code}: ${stderr}`);
  } catch (e) {
    await game.kill();
    throw e;
  } finally {
    await Deno.remove(home, { recursive: true });
  }
  return summarize(answers);
}

/**
 * DCSS's console game timed as the game is ({@link crawlCommand}): `rounds`
 * steps south and back (its corridor runs so from where seed 1 starts), each
 * `pauseMs` after the last frame; a frame ends with its last byte before
 * `QUIET_MS` of quiet, as DCSS marks no frame's end. Undefined, with the
 * reason, when Debian's `crawl` is not installed.
 */
export async function crawlKeyToFrame(
  rounds = 200,
  warmup = 20,
  pauseMs: PauseMs = 0,
): Promise<PtyLatency | { readonly missing: string }> {
  try {
    await Deno.stat(CRAWL);
  } catch {
    return { missing: `${CRAWL} is not installed (Debian's package crawl)` };
  }
  const home = await Deno.makeTempDir({ prefix: "delve-crawl-" });
  const crawl = new PtySession(crawlCommand(), { HOME: home, TERM: "xterm-256color" });
  const answers: Answer[] = [];
  try {
    // Its first start builds its caches, which takes a while; the game is on once the seed is said.
    await crawl.until("custom seed", 120_000);
    await pause(500);
    for (let k = 0; k < 2 * (warmup + rounds); k++) {
      await pause(pauseMs);
      const answer = await crawl.pressSettled(k % 2 === 0 ? "j" : "k", QUIET_MS);
      if (k >= 2 * warmup) answers.push(answer);
    }
  } finally {
    await crawl.kill();
    await Deno.remove(home, { recursive: true });
  }
  return summarize(answers);
}

/** The quiet after which a DCSS frame is taken as ended. */
const QUIET_MS = 25;

/** The floor under those figures: the same keys, timed the same way, echoed by `cat` in the pty. */
export async function ptyEchoFloor(keys = 200, pauseMs: PauseMs = 0): Promise<PtyLatency> {
  const echo = new PtySession(echoCommand());
  const answers: Answer[] = [];
  try {
    await echo.until(ECHO_READY);
    for (let k = 0; k < 20 + keys; k++) {
      await pause(pauseMs);
      const key = k % 2 === 0 ? "l" : "h";
      const answer = await echo.press(key, key);
      if (k >= 20) answers.push(answer);
    }
  } finally {
    // `cat` in raw mode never ends of itself.
    await echo.kill();
  }
  return summarize(answers);
}

/** `deno run -A tools/bench/pty_latency.ts --help`. */
export const PTY_LATENCY_HELP = {
  name: "pty_latency.ts",
  about: "A quick look at key to frame in a real pty, outside the report: the echo floor (cat), then the " +
    "game at 80x24, each figure in ms from writing the key, on stdout.",
  usage: `Usage: deno run -A tools/bench/pty_latency.ts [--rounds N] [--colors C]
                                                   [--pause MS]

Options:
      --rounds N    steps east and back timed, after 20 untimed (default: 200)
      --colors C    the colours the game is told the terminal shows: 256 or
                    truecolor (default: 256)
      --pause MS    ms from a frame to the next key (default: 0, back to back)
${HELP_USAGE}`,
};

if (import.meta.main) {
  const line = readCommandLine(PTY_LATENCY_HELP, Deno.args, () => {
    const { values } = parseFlags(Deno.args, {
      rounds: { type: "string" },
      colors: { type: "string" },
      pause: { type: "string" },
    });
    const colors = values.colors ?? "256";
    if (colors !== "256" && colors !== "truecolor") {
      throw new UsageError(
        `--colors: expected 256 or truecolor, found ${shownValue(colors, { quoted: true })}`,
      );
    }
    return {
      rounds: intFlag("--rounds", values.rounds, 1, 100_000) ?? 200,
      colors: colors as PtyColors,
      pauseMs: intFlag("--pause", values.pause, 0, 60_000) ?? 0,
    };
  });
  if ("exit" in line) Deno.exit(line.exit);
  const { rounds, colors, pauseMs } = line.run;
  console.log("echo (cat)", await ptyEchoFloor(200, pauseMs));
  console.log("game", await ptyKeyToFrame(rounds, 20, colors, pauseMs));
}
