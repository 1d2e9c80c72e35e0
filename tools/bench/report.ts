/**
 * `deno task bench`: one performance report, every figure of the table in
 * one run on one machine, rot.js measured beside ours where it has a peer.
 * Progress goes to stderr; the report (machine, then a Markdown table, then
 * how it was measured) to stdout. `deno task bench:micro` runs the
 * `deno bench` files these cases come from.
 *
 * @module
 */
import config from "../../deno.json" with { type: "json" };
import { HELP_USAGE, parseFlags, readCommandLine, shownValue, UsageError } from "../../src/cli/mod.ts";
import { simulate } from "../../src/commands/mod.ts";
import type { SoakResult } from "../soak.ts";
import { MAP_BUDGET } from "../../src/content/mod.ts";
import { cloneState, newGame } from "../../src/engine/mod.ts";
import {
  benchContent,
  FRAME_SIZES,
  frameBytes,
  type RenderCase,
  renderCase,
  SIM_GAME_TURNS,
  worstBudgetRules,
} from "./app_cases.ts";
import {
  distanceMapOurs,
  fovOurs,
  fovRot,
  largeFovCase,
  largePathCase,
  pathOurs,
  pathRot,
  smallFovCases,
  smallPathCase,
} from "./engine_cases.ts";
import { refuseHostileFiles } from "./hostile_files.ts";
import { keyToFrameLatency } from "./latency.ts";
import { crawlKeyToFrame, ptyEchoFloor, ptyKeyToFrame, type PtyLatency } from "./pty_latency.ts";
import { startupToFirstFrame } from "./startup.ts";
import { crawlMemory, delveMemory, medianOf, memoryText, type PlayMemory } from "./play_memory.ts";
import { CRAWL } from "./pty_session.ts";
import { measure } from "./timing.ts";
import { markersOf, writeMarkedSection } from "../marked_section.ts";
import { formatMs, notes, progress, type Row, rows, thousands, times, versus } from "./report_rows.ts";
import { IDLE_MS, mindRows, monsterRows } from "./monster_rows.ts";
import { aheadRows } from "./ahead_rows.ts";
import { machine, markdownTable } from "./report_page.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
import { floorsSave } from "./floors_save.ts";
import { serverLoad } from "./server_load.ts";
import { type HostileLoad, hostileLoad } from "./server_hostile.ts";
import { HOSTILE_KINDS, REPLAY_ADDRESSES } from "./hostile_clients.ts";

function engineRows(): void {
  progress("field of view");
  const small = smallFovCases(), large = [largeFovCase()];
  versus("FOV r=8, 80x43 (200 origins)", fovOurs(small, 8), fovRot(small, 8), 8);
  versus("FOV r=8, 1024x1024", fovOurs(large, 8), fovRot(large, 8));
  versus("FOV unlimited, 80x43", fovOurs(small, 0), fovRot(small, 80));
  // Unlimited sight costs what is in view, not the map: the same floors, 16 times the cells.
  const mid = measure(fovOurs([largeFovCase(256)], 0)).ms, big = measure(fovOurs(large, 0)).ms;
  rows.push({ figure: "FOV unlimited, 256x256 of 80x43 floors", ours: formatMs(mid) });
  rows.push({
    figure: "FOV unlimited, 1024x1024 of 80x43 floors",
    ours: `${formatMs(big)} (${times(big / mid)} the 256x256)`,
    target: "≤ 2× the 256x256",
    met: big <= 2 * mid,
  });
  progress("paths and distance maps");
  const smallPaths = smallPathCase(), largePaths = largePathCase();
  versus("findPath vs rot.js AStar, 80x43 (100 pairs)", pathOurs(smallPaths), pathRot(smallPaths), 20);
  versus("findPath vs rot.js AStar, 256x256", pathOurs(largePaths), pathRot(largePaths));
  const dijkstra = measure(distanceMapOurs(largePaths)).ms;
  rows.push({
    figure: "Dijkstra map (distanceMap), whole 256x256",
    ours: formatMs(dijkstra),
    target: "≤ 1.35 ms",
    met: dijkstra <= 1.35,
  });
}

/** Saving a game of ten kept floors (docs/rules.md, Persistent floors): its time and its size. */
async function floorsRows(): Promise<void> {
  progress("a ten-floor save");
  const save = await floorsSave();
  rows.push({
    figure: "save a 10-floor game (JSON, then gzip)",
    ours: `${formatMs(save.totalMs)} (JSON ${formatMs(save.encodeMs)})`,
    target: "≤ 30 ms",
    met: save.totalMs <= 30,
  });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  rows.push({
    figure: "size of a 10-floor save",
    ours: `${kb(save.fileBytes)} on disk (${kb(save.jsonBytes)} of JSON)`,
    target: "≤ 150 KB",
    met: save.jsonBytes <= 150 * 1024,
  });
}

const SIM_GAMES = 100;

async function frameRows(): Promise<void> {
  progress("frames");
  const content = await benchContent();
  for (const [columns, lines] of FRAME_SIZES) {
    const bytes = frameBytes(content, columns, lines);
    let fresh: RenderCase = renderCase(content, columns, lines);
    const first = measure(() => void fresh.frame(), {
      setup: () => (fresh = renderCase(content, columns, lines)),
    });
    const stepping = renderCase(content, columns, lines);
    stepping.frame();
    const step = measure(() => void stepping.frame(), { setup: stepping.move });
    const size = `${columns}x${lines}`;
    rows.push({
      figure: `first full frame, ${size}`,
      ours: `${thousands(bytes.first)} B in ${formatMs(first.ms)}`,
    });
    rows.push({
      figure: `one-step move's frame, ${size}`,
      ours: `${thousands(bytes.step)} B in ${formatMs(step.ms)}`,
      target: "≤ 1 KB and ≤ 0.2 ms",
      met: bytes.step <= 1024 && step.ms <= 0.2,
    });
  }
}

/** Key to frame as a player feels it: the game in a real pty (tools/bench/pty_latency.ts), and the pty's own floor. */
async function ptyRows(): Promise<void> {
  const rounds = 200, idle = 15;
  const times = (t: PtyLatency) =>
    `first byte p50 ${formatMs(t.firstP50)}, p99 ${formatMs(t.firstP99)}; whole frame p50 ` +
    `${formatMs(t.completeP50)}, p99 ${formatMs(t.completeP99)}`;
  const runs = [["256", 0], ["256", idle], ["truecolor", 0]] as const;
  for (const [colors, pauseMs] of runs) {
    const depth = colors === "256" ? "256 colours" : "truecolor";
    progress(`key to frame in a pty, ${depth}, ${pauseMs} ms between keys`);
    const t = await ptyKeyToFrame(rounds, 20, colors, pauseMs);
    const keys = pauseMs ? `${pauseMs} ms after each frame` : "back to back";
    rows.push({
      figure: `key to frame in a pty, 80x24, ${depth}, keys ${keys} (\`play --seed 1\`, ${rounds}× a step ` +
        "east and back)",
      ours: `${times(t)}; ${thousands(t.bytesP50)} B a step`,
      target: "≤ 1 ms p50, ≤ 3 ms p99, ≤ 200 B",
      met: t.completeP50 <= 1 && t.completeP99 <= 3 && t.bytesP50 <= 200,
    });
  }
  // The worker's answers thought ahead against the same build with the monsters in its own thread, and
  // DCSS's console: keys a player's reading apart.
  const read = 50;
  progress(`key to frame in a pty, ${read} ms between keys: thinking ahead`);
  const aheadKeys = await ptyKeyToFrame(rounds, 20, "256", read);
  progress(`key to frame in a pty, ${read} ms between keys: --one-thread`);
  const hereKeys = await ptyKeyToFrame(rounds, 20, "256", read, ["--one-thread"]);
  progress(`key to frame in a pty, ${read} ms between keys: DCSS's console`);
  const crawl = await crawlKeyToFrame(rounds, 20, read);
  const whole = (t: PtyLatency) => `p50 ${formatMs(t.completeP50)}, p99 ${formatMs(t.completeP99)}`;
  const within = (a: number, b: number) => a <= b * 1.1;
  const dcss = "missing" in crawl ? undefined : crawl;
  if (!dcss) notes.push(`no DCSS row: ${"missing" in crawl ? crawl.missing : ""}`);
  rows.push({
    figure:
      `key to frame in a pty, 80x24, keys ${read} ms after each frame (\`play --seed 1\`, ${rounds}× a step ` +
      "east and back): the AI worker thinking ahead; the same build with `--one-thread`; DCSS 0.28's console " +
      "(Debian's crawl, a step south and back)",
    ours: `${whole(aheadKeys)}; --one-thread ${whole(hereKeys)}; DCSS ${
      dcss ? whole(dcss) : "not installed"
    }`,
    target: "within 10% of --one-thread, and ≤ DCSS",
    met: within(aheadKeys.completeP50, hereKeys.completeP50) &&
      within(aheadKeys.completeP99, hereKeys.completeP99) &&
      (!dcss || (aheadKeys.completeP50 <= dcss.completeP50 && aheadKeys.completeP99 <= dcss.completeP99)),
  });
  progress("the pty's floor");
  const [echo, echoIdle] = [await ptyEchoFloor(rounds), await ptyEchoFloor(rounds, idle)];
  rows.push({
    figure:
      `a key echoed by \`cat\` in the same pty, back to back; ${idle} ms after each echo (the floor under the ` +
      "rows above)",
    ours: `p50 ${formatMs(echo.completeP50)}, p99 ${formatMs(echo.completeP99)}; p50 ${
      formatMs(echoIdle.completeP50)
    }, p99 ${formatMs(echoIdle.completeP99)}`,
  });
}

/** Games played for the memory rows, and keys pressed in each. */
const MEMORY_RUNS = 3, MEMORY_KEYS = 300;
/** The most the whole terminal game may hold, PSS of every process summed. */
const MEMORY_TARGET_MB = 150;

/**
 * The memory of a game while it is played (tools/bench/play_memory.ts):
 * every process of `deno task play --seed 1`, and DCSS's console played
 * the same way, one game of each in turn, the median of each figure.
 */
async function memoryRows(): Promise<void> {
  const ours: PlayMemory[] = [], theirs: PlayMemory[] = [];
  for (let run = 1; run <= MEMORY_RUNS; run++) {
    progress(`memory while playing, game ${run} of ${MEMORY_RUNS}, ${MEMORY_KEYS} keys`);
    ours.push(await delveMemory(MEMORY_KEYS));
    const crawl = await crawlMemory(MEMORY_KEYS);
    if (crawl) theirs.push(crawl);
  }
  const game = medianOf(ours);
  const played = (m: PlayMemory) =>
    `${m.keys} keys: explore, steps, rest, stairs; ${m.games} game${m.games === 1 ? "" : "s"}`;
  rows.push({
    figure: `memory while playing, every process of \`deno task play --seed 1\` (PSS, and RSS), pty 80x24 ` +
      `(${played(game)}; the AI worker ${
        game.workers ? "running" : "not started"
      }; median of ${MEMORY_RUNS})`,
    ours: memoryText(game),
    target: `≤ ${MEMORY_TARGET_MB} MB PSS at the peak`,
    met: game.total.peak.pss <= MEMORY_TARGET_MB * 2 ** 20,
  });
  if (theirs.length === 0) {
    notes.push(`${CRAWL} (Debian's crawl) is not installed: DCSS's memory row is left out.`);
    return;
  }
  const crawl = medianOf(theirs);
  rows.push({
    figure:
      `memory while playing, DCSS's console (\`${CRAWL}\`), the same way (${played(crawl)}; median of ` +
      `${MEMORY_RUNS})`,
    ours: memoryText(crawl),
  });
}

async function loopRows(): Promise<void> {
  const content = await benchContent();
  progress("key-to-frame latency");
  const latency = await keyToFrameLatency(content, 500);
  rows.push({
    figure: `key to frame in the app alone (no pty), with the worker, 80x24 (${latency.keys} moves)`,
    ours: `p50 ${formatMs(latency.p50)}, p99 ${formatMs(latency.p99)}`,
  });
  if (latency.faults > 0) notes.push(`latency run: ${latency.faults} worker faults`);
  progress("startup to first frame");
  const startup = await startupToFirstFrame(5);
  rows.push({
    figure: "startup to first frame (`play --seed 1`, pty 80x24)",
    ours: `${formatMs(startup.median)} (median of ${startup.runs.length})`,
  });
  progress("simulator");
  const start = performance.now();
  for (let seed = 1; seed <= SIM_GAMES; seed++) simulate(content, seed, SIM_GAME_TURNS);
  const perSecond = SIM_GAMES / ((performance.now() - start) / 1000);
  rows.push({
    figure: `simulator, bot games of ≤ ${SIM_GAME_TURNS} turns`,
    ours: `${perSecond.toFixed(1)} games/s`,
  });
}

/**
 * The generator's budget: the largest, fullest floor the data may ask for,
 * made from scratch; and the copy of the state the app takes as each floor
 * begins (from it and the commands since, an internal error rebuilds the
 * game as the failing command found it), on the bundled floor and on that one.
 */
async function budgetRows(): Promise<void> {
  progress("the generator's budget");
  const { rules } = await benchContent();
  const worst = worstBudgetRules(rules, 16, 17);
  let seed = 0;
  const floor = measure(() => void newGame(worst, seed++)).ms;
  rows.push({
    figure: `a new floor at the generator's budget (${MAP_BUDGET.side}x${MAP_BUDGET.side}, fullest)`,
    ours: formatMs(floor),
    target: "≤ 1 s",
    met: floor <= 1000,
  });
  const bundled = newGame(rules, 1), full = newGame(worst, 1);
  rows.push({
    figure: "copy of the state as a floor begins (bundled floor; fullest floor at the budget)",
    ours: `${formatMs(measure(() => void cloneState(bundled)).ms)}; ${
      formatMs(measure(() => void cloneState(full)).ms)
    } (${thousands(full.entities.length)} things)`,
  });
}

/**
 * Each hostile file (tools/hostile_files.ts), refused by the game's reader in
 * a fresh process: time, and peak RSS against the process's own and four
 * times the most its reader takes of such a file.
 */
async function hostileRows(): Promise<void> {
  progress("hostile files");
  const { rules } = await benchContent();
  for (const { figure, taken, limitMb, ms, peakMb, ownMb, failure } of await refuseHostileFiles(rules)) {
    const done = ms !== undefined && peakMb !== undefined && ownMb !== undefined;
    const most = (ownMb ?? 0) + 4 * limitMb;
    const limit = `own + 4 × ${limitMb.toLocaleString("en-US", { maximumFractionDigits: 2 })} MB`;
    rows.push({
      // A real file is read whole, as long as that takes; a hostile one is refused within a second.
      figure: taken ? `read the ${figure}` : `refuse a ${figure}`,
      ours: done
        ? `${formatMs(ms)}, peak RSS ${peakMb.toFixed(1)} MB (own ${ownMb.toFixed(1)} MB + ${
          (peakMb - ownMb).toFixed(1)
        } MB)`
        : failure ?? "not refused",
      target: taken ? `peak ≤ ${limit}` : `≤ 1 s; peak ≤ ${limit}`,
      met: done && (taken || ms <= 1000) && peakMb <= most,
    });
  }
}

/** Bot players keep a key a second each in flight (a brisk human's pace, ten times over for the server). */
const SERVER_GAMES = 50, SERVER_SECONDS = 20, SERVER_PAUSE_MS = 100;

async function serverRows(): Promise<void> {
  progress(`the browser server, ${SERVER_GAMES} bot games over WebSockets`);
  const load = await serverLoad(SERVER_GAMES, SERVER_SECONDS, SERVER_PAUSE_MS);
  rows.push({
    figure: `serve: key to frame at the client, ${load.games} games, a key per ${SERVER_PAUSE_MS} ms each`,
    ours: `p50 ${load.p50Ms.toFixed(1)} ms, p99 ${load.p99Ms.toFixed(1)} ms (${thousands(load.keys)} keys)`,
    target: "p99 ≤ 25 ms",
    met: load.p99Ms <= 25,
  });
  rows.push({
    figure: "serve: resident memory per game",
    ours: `${load.rssPerGameMb.toFixed(1)} MB (server ${load.rssMb.toFixed(0)} MB)`,
    target: "≤ 15 MB",
    met: load.rssPerGameMb <= 15,
  });
  rows.push({
    figure: "serve: server CPU per game turn (a key answered)",
    ours:
      `${load.cpuPerKeyMs.toFixed(2)} ms; a core holds ~${Math.floor(1000 / (load.cpuPerKeyMs * 2))} games ` +
      "at 2 keys a second",
  });
  if (load.unanswered > 0) notes.push(`serve: ${load.unanswered} keys brought no frame within a second.`);
}

/** The hostile load's window: five minutes, so rare stalls (a sweep, a collection) are in it. */
const ATTACK_SECONDS = 300;

async function attackRows(): Promise<void> {
  progress(`the browser server under attack, ${SERVER_GAMES} open-loop players for ${ATTACK_SECONDS} s`);
  const load = await hostileLoad(SERVER_GAMES, ATTACK_SECONDS);
  const keyToFrame = (run: HostileLoad) =>
    `p50 ${run.p50Ms.toFixed(1)} ms, p99 ${run.p99Ms.toFixed(1)} ms, longest ${
      run.longestMs.toFixed(0)
    } ms (${thousands(run.keys)} keys that brought a frame, ${thousands(run.unanswered)} none; ${
      thousands(run.deaths)
    } deaths, ${thousands(run.goOnKeys)} keys to play on untimed; server ${
      (run.serverCpu * 100).toFixed(0)
    }% of a core)`;
  const target = {
    target: "p99 ≤ 25 ms, longest ≤ 50 ms",
    met: (run: HostileLoad) => run.p99Ms <= 25 && run.longestMs <= 50,
  };
  rows.push({
    figure:
      `serve under attack: key to frame, ${load.games} games, a key per 500 ms each on its own timer, ` +
      `one hostile visitor of each kind (the replays from ${REPLAY_ADDRESSES} addresses)`,
    ours: keyToFrame(load),
    target: target.target,
    met: target.met(load),
  });
  rows.push({
    figure: "serve under attack: the server's share (its health line: key message to frame inside it, its " +
      "thread's longest pause and its door's thread's), and the longest pause and p99 lateness of a 10 ms timer in the bench and in " +
      "an idle process (the measuring's and the machine's shares)",
    ours:
      `keys p99 ${load.serverKeyP99Ms.toFixed(1)} ms, longest ${load.serverKeyLongestMs.toFixed(0)} ms; ` +
      `thread paused ${load.serverPauseMs.toFixed(0)} ms at most, the door's ${
        load.serverDoorPauseMs.toFixed(0)
      } ms; the bench ${load.benchPauseMs.toFixed(0)} ms (late ${
        load.benchLateP99Ms.toFixed(1)
      } ms at p99); an idle process ${load.machinePauseMs.toFixed(0)} ms (late ${
        load.machineLateP99Ms.toFixed(1)
      } ms at p99)`,
  });
  rows.push({
    figure: "serve under attack: resident memory per game",
    ours: `${load.rssPerGameMb.toFixed(1)} MB (server ${load.rssMb.toFixed(0)} MB, most ${
      load.peakRssMb.toFixed(0)
    } MB)`,
    target: "≤ 15 MB",
    met: load.rssPerGameMb <= 15,
  });
  progress(`again, the replay sockets from one address (one machine), ${ATTACK_SECONDS} s`);
  const one = await hostileLoad(SERVER_GAMES, ATTACK_SECONDS, HOSTILE_KINDS, 500, 1);
  rows.push({
    figure: "serve under attack, the replays from one address: key to frame",
    ours: keyToFrame(one),
    target: target.target,
    met: target.met(one),
  });
}

/** The soak as `deno task soak` runs it (the task's own flags), in a process of its own. */
async function soakRow(): Promise<Row> {
  progress("soak, 10,000 turns");
  const words = config.tasks.soak.split(/\s+/);
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...words.slice(1), "--turns", "10000", "--seed", "1", "--json"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  // Exit 1 is a soak that ran and found memory growing: its row says so. Anything else is a failure.
  if (out.code !== 0 && out.code !== 1) {
    throw new Error(`the soak failed (exit ${out.code}); run deno task soak to see why`);
  }
  const soak: SoakResult = JSON.parse(new TextDecoder().decode(out.stdout));
  const g = soak.growth;
  const kb = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(0)} KB`;
  return {
    figure: `soak, ${thousands(soak.turns)} turns (${soak.games} games)`,
    ours: `peak RSS ${(g.peakRss / 1048576).toFixed(1)} MB; per 1,000 turns: RSS ${kb(g.rssSlope)}, ` +
      `live heap ${kb(g.heapSlope)}`,
    target: "flat",
    met: g.verdict === "flat",
  };
}

/** The parts of the report, in the order they run (`--only` picks some). */
const SECTIONS = [
  "soak",
  "engine",
  "monsters",
  "minds",
  "frames",
  "pty",
  "memory",
  "ahead",
  "loop",
  "hostile",
  "budget",
  "floors",
  "server",
  "attack",
] as const;

/** The document whose table a whole run rewrites, and the markers the table sits between there. */
export const PERFORMANCE_FILE = "docs/performance.md";
export const PERFORMANCE_MARKERS = markersOf("performance-table", "bench");
/** The table's columns. */
export const PERFORMANCE_COLUMNS = ["figure", "ours", "rot.js", "ours vs rot.js", "target", "met"];

/** `deno task bench --help`. */
export const BENCH_HELP = {
  name: "bench",
  about: "Measures every figure of the performance table in one run on this machine, rot.js beside ours\n" +
    "where it has a peer: progress on stderr, the report (Markdown) on stdout; a whole run (no --only)\n" +
    `also writes the table into ${PERFORMANCE_FILE}.`,
  usage: `Usage: deno task bench [--only SECTIONS]

Options:
      --only    the sections to run, comma-separated (default: all):
                ${SECTIONS.slice(0, 5).join(", ")},
                ${SECTIONS.slice(5, 10).join(", ")},
                ${SECTIONS.slice(10).join(", ")}
${HELP_USAGE}`,
};

/** The sections `--only` names (all without it); a name not in {@link SECTIONS} is a mistake. */
function sectionsOf(only: string | undefined): Set<string> {
  const names = only?.split(",").map((n) => n.trim()) ?? [...SECTIONS];
  const unknown = names.find((n) => !(SECTIONS as readonly string[]).includes(n));
  if (unknown !== undefined) {
    throw new UsageError(
      `--only: no section ${shownValue(unknown, { quoted: true })} (${SECTIONS.join(", ")})`,
    );
  }
  return new Set(names);
}

if (import.meta.main) {
  const line = readCommandLine(
    BENCH_HELP,
    Deno.args,
    () => sectionsOf(parseFlags(Deno.args, { only: { type: "string" } }).values.only),
  );
  if ("exit" in line) Deno.exit(line.exit);
  const only = line.run;
  const started = performance.now();
  const about = await machine();
  // The soak first, while no worker or big map of the other figures runs beside it.
  const soak = only.has("soak") ? await soakRow() : undefined;
  if (only.has("engine")) engineRows();
  if (only.has("monsters")) await monsterRows();
  if (only.has("minds")) await mindRows();
  if (only.has("frames")) await frameRows();
  if (only.has("pty")) await ptyRows();
  if (only.has("memory")) await memoryRows();
  if (only.has("ahead")) await aheadRows();
  if (only.has("loop")) await loopRows();
  if (only.has("hostile")) await hostileRows();
  if (only.has("budget")) await budgetRows();
  if (only.has("floors")) await floorsRows();
  if (only.has("server")) await serverRows();
  if (only.has("attack")) await attackRows();
  if (soak) rows.push(soak);
  const table = markdownTable(
    PERFORMANCE_COLUMNS,
    rows.map((r) => [
      r.figure,
      r.ours,
      r.rot ?? "",
      r.ratio ?? "",
      r.target ?? "",
      r.met === undefined ? "" : r.met ? "yes" : "**no**",
    ]),
  );
  const machineLines = about.map((l) => `- ${l}`).join("\n");
  console.log(
    [
      "# Delve performance report",
      "",
      machineLines,
      "",
      table,
      "",
      "Times are medians, after a warm-up: of batches of calls lasting at least 10 ms each (so a batch",
      "carries its share of garbage collection) or, where a state is reset between calls, of single calls.",
      "Latency is percentiles of single keys, startup the median of single starts; games per second is a",
      `throughput (${SIM_GAMES} games, seeds 1-${SIM_GAMES}). Monster turns are the same game played twice from`,
      "one start, in-process and through the AI worker, a turn of each in turn, every monster in view of a",
      "player who waits (walls let light through, the player sees without limit and cannot die): the phase is",
      "the monsters' half, timed in-process and, on the worker's own clock, on its copy; the whole turn is the",
      "player's wait (with the view it makes), the phase and the settling, in the worker its answer written",
      "too; the round trip runs from the command posted to the turn's changes made here. The idle row",
      `waits ${IDLE_MS} ms before each timed turn of either kind, as between a player's keys.`,
      "Key to frame in a pty starts the game as `deno task play --seed 1` does, in a pty of 80x24 made by",
      "`script` (TERM=xterm-256color, and COLORTERM=truecolor for truecolor), presses N, then writes l and h",
      "to the pty, as soon as the last frame is complete or 15 ms after, and times each key to the frame's",
      "first byte and to its end (the end of its synchronized update), 20 rounds untimed first; B a step is",
      "the median.",
      "Memory while playing runs `deno task play --seed 1` itself in a pty of 80x24 and samples every process",
      `below it from /proc/PID/smaps_rollup (PSS, and RSS) through ${MEMORY_KEYS} keys of play: the median of the`,
      `samples and the peak of their sum, each the median of ${MEMORY_RUNS} games; DCSS's console plays beside it.`,
      "The soak runs as `deno task soak` runs it. Each hostile file is read as the game reads it, by a",
      "fresh process (tools/bench/refuse_file.ts): the time is the read's own (median of 3, after one untimed), the",
      "peak RSS the whole process's (VmHWM), Deno and the game's modules included, and own its peak before the",
      "read (modules and data loaded); the target is that and four times the most its reader takes of the file.",
      ...notes.map((n) => `Note: ${n}`),
      "",
      `(${((performance.now() - started) / 1000).toFixed(0)} s)`,
    ].join("\n"),
  );
  // Only a whole run's table replaces the document's: a partial one would drop the other sections' rows.
  if (only.size === SECTIONS.length) {
    await writeMarkedSection(PERFORMANCE_FILE, PERFORMANCE_MARKERS, `${machineLines}\n\n${table}`);
    console.error(`wrote the table into ${PERFORMANCE_FILE}`);
  }
  Deno.exit(0);
}
