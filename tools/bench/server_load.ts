/**
 * The browser server under load: a server process started as `deno task
 * serve` starts it (the same grants), and bot players over WebSockets, each
 * with its own game, pressing a move key, waiting for the frame it brings,
 * pausing, and again. Measured at the clients: key to frame; at the server
 * (from /proc): resident memory per game and CPU time per answered key.
 *
 * @module
 */
import { HELP_USAGE, intFlag, parseFlags, readCommandLine } from "../../src/cli/mod.ts";
import { launchArgs } from "../../src/commands/mod.ts";
import { freePort, untilListening } from "../serve_process.ts";
import { registeredCookie } from "./register.ts";

/** The password every load-bench player registers with. */
export const LOAD_PASSWORD = "load test password";

/** What a load run measured. */
export interface ServerLoad {
  readonly games: number;
  readonly keys: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Resident memory the games added, per game. */
  readonly rssPerGameMb: number;
  /** The server's whole resident memory with every game running. */
  readonly rssMb: number;
  /** Server CPU time (user + system) per answered key. */
  readonly cpuPerKeyMs: number;
  /** Keys that brought no frame within a second. */
  readonly unanswered: number;
}

const MOVES = ["h", "j", "k", "l", "y", "u", "b", "n"];

/** How long the bots play before the window opens. */
const WARM_UP_MS = 10_000;

/** The server process's resident memory (bytes) and CPU time (ms), from /proc. */
export async function usage(pid: number): Promise<{ rss: number; cpuMs: number }> {
  // Deno reads /proc only with every permission; `cat` reads it for the bench's --allow-run.
  const read = async (file: string) =>
    new TextDecoder().decode(
      (await new Deno.Command("cat", { args: [file], stdout: "piped" }).output()).stdout,
    );
  const status = await read(`/proc/${pid}/status`);
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  const stat = (await read(`/proc/${pid}/stat`)).split(") ")[1].split(" ");
  // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the command's name.
  const ticks = Number(stat[11]) + Number(stat[12]);
  return { rss, cpuMs: (ticks * 1000) / 100 };
}

/** The `p` quantile (0 to 1) of `sorted`, ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

/** One bot player: registers, opens its game, and presses keys until `until`. */
async function bot(
  origin: string,
  name: string,
  until: () => boolean,
  pauseMs: number,
  times: number[],
  ready: () => Promise<void>,
): Promise<number> {
  const cookie = await registeredCookie(origin, name, LOAD_PASSWORD);
  const socket = new WebSocket(`${origin.replace("http", "ws")}/ws/play`, {
    headers: { cookie, origin },
  } as unknown as string[]);
  let answered: (() => void) | undefined;
  socket.addEventListener("message", () => answered?.());
  // A socket refused or closed before it opened fails the run, saying why, rather than waiting for ever.
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve);
    socket.addEventListener(
      "close",
      (e) => reject(new Error(`${name}'s socket closed before it opened (${e.code})`)),
    );
  });
  const press = (key: string) =>
    new Promise<number | undefined>((resolve) => {
      const start = performance.now();
      const timer = setTimeout(() => resolve(undefined), 1000);
      answered = () => {
        clearTimeout(timer);
        answered = undefined;
        resolve(performance.now() - start);
      };
      socket.send(JSON.stringify({ type: "input", data: key }));
    });
  socket.send(JSON.stringify({ type: "resize", columns: 80, rows: 24 }));
  await new Promise((r) => setTimeout(r, 500));
  await press("n");
  await ready();
  let unanswered = 0;
  while (!until()) {
    await new Promise((r) => setTimeout(r, pauseMs));
    const took = await press(MOVES[Math.floor(Math.random() * MOVES.length)]);
    if (took === undefined) unanswered++;
    else times.push(took);
  }
  socket.close();
  return unanswered;
}

/** A server the bench starts for its players. */
export interface BenchServer {
  readonly server: Deno.ChildProcess;
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** Stops the server and removes its state folder. */
  readonly stop: () => Promise<void>;
  /** What the server has said on stderr so far. */
  readonly heard: () => string;
}

/**
 * Starts the server as the task starts it (the AI worker bundled into its state folder first) on a free
 * loopback port, with room for `games` games and `extra` arguments; the registrations all come from the
 * bench's own address, so its login rate is raised.
 */
export async function startBenchServer(
  prefix: string,
  games: number,
  extra: readonly string[] = [],
): Promise<BenchServer> {
  const port = freePort();
  const state = await Deno.makeTempDir({ prefix });
  const args = ["--port", String(port), "--state", state, "--max-games", String(games + 10)];
  const server = new Deno.Command(Deno.execPath(), {
    args: await launchArgs([...args, "--login-rate", "10000", ...extra]),
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let ended = false;
  const status = server.status.then((s) => {
    ended = true;
    return s;
  });
  let said: Promise<string> | undefined;
  let heard = () => "";
  const stop = async () => {
    // A server that ended before the bench stopped it failed the run: its last words say why.
    const early = ended;
    if (!early) server.kill("SIGTERM");
    const { code, signal } = await status;
    await Deno.remove(state, { recursive: true }).catch(() => {});
    if (early) {
      const words = (await said)?.trim().split("\n").slice(-5).join("\n") ?? "";
      throw new Error(
        `the server ended during the run (exit ${code}${signal ? `, ${signal}` : ""}): ${words}`,
      );
    }
  };
  try {
    ({ said, heard } = await untilListening(server));
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { server, origin: `http://127.0.0.1:${port}`, stop, heard: () => heard() };
}

/** Runs `games` bot players for `seconds`, a key every `pauseMs` each, against a server of its own. */
export async function serverLoad(games: number, seconds: number, pauseMs: number): Promise<ServerLoad> {
  // Every bot comes from one address: the login limit, the sockets an address may hold and how often it may
  // ask are raised for them, and so is how many connections the door takes a second, since every bot opens
  // its socket at once (the door takes a tenth of its rate at a time, and closes the rest unread).
  const { server, origin, stop } = await startBenchServer("delve-load-", games, [
    "--max-sockets-per-address",
    String(games + 10),
    "--socket-rate",
    String(games + 10),
    "--request-rate",
    String(10 * games),
    "--connection-rate",
    String(100 * games),
  ]);
  try {
    const before = await usage(server.pid);
    const times: number[] = [];
    let stop = false;
    let started = 0;
    const go = Promise.withResolvers<void>();
    const ready = () => {
      started++;
      return go.promise;
    };
    const bots = [...Array(games).keys()].map((k) =>
      bot(origin, `load${k}`, () => stop, pauseMs, times, ready)
    );
    // Every game is started (registrations are slow on purpose: PBKDF2) before the window opens.
    while (started < games) await new Promise((r) => setTimeout(r, 100));
    // Each game's AI worker loads its modules in the background (turns run in-process meanwhile): the
    // bots wait, and the window opens once the server's CPU has settled (a second under half a core).
    for (let last = await usage(server.pid);;) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = await usage(server.pid);
      const busy = now.cpuMs - last.cpuMs;
      last = now;
      if (busy < 500) break;
    }
    go.resolve();
    // A warm-up of play: each game's first turns through its worker compile the worker's code (a
    // worker is an isolate of its own), which a window of a few keys a game would count as the server's.
    await new Promise((r) => setTimeout(r, WARM_UP_MS));
    times.length = 0;
    const start = await usage(server.pid);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const end = await usage(server.pid);
    const keys = times.length;
    stop = true;
    const unanswered = (await Promise.all(bots)).reduce((a, b) => a + b, 0);
    const sorted = times.slice(0, keys).sort((a, b) => a - b);
    return {
      games,
      keys,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      rssPerGameMb: (end.rss - before.rss) / games / 1048576,
      rssMb: end.rss / 1048576,
      cpuPerKeyMs: (end.cpuMs - start.cpuMs) / keys,
      unanswered,
    };
  } finally {
    await stop();
  }
}

/** `deno run -A tools/bench/server_load.ts --help`. */
export const SERVER_LOAD_HELP = {
  name: "server_load.ts",
  about: "A quick look at the browser server under load, outside the report: the server started on a " +
    "loopback port, bot players pressing keys over WebSockets, the figures as JSON on stdout.",
  usage: `Usage: deno run -A tools/bench/server_load.ts [--games N] [--seconds S]
                                                   [--pause MS]

Options:
      --games N     bot players, each with its own game (default: 50)
      --seconds S   how long they play (default: 20)
      --pause MS    ms each waits after a frame before its next key
                    (default: 100)
${HELP_USAGE}`,
};

if (import.meta.main) {
  const line = readCommandLine(SERVER_LOAD_HELP, Deno.args, () => {
    const { values } = parseFlags(Deno.args, {
      games: { type: "string" },
      seconds: { type: "string" },
      pause: { type: "string" },
    });
    return {
      games: intFlag("--games", values.games, 1, 10_000) ?? 50,
      seconds: intFlag("--seconds", values.seconds, 1, 3_600) ?? 20,
      pause: intFlag("--pause", values.pause, 0, 60_000) ?? 100,
    };
  });
  if ("exit" in line) Deno.exit(line.exit);
  const { games, seconds, pause } = line.run;
  console.log(JSON.stringify(await serverLoad(games, seconds, pause), null, 2));
}
