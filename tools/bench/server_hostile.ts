/**
 * The browser server under load and under attack at once: a server process
 * started as `deno task serve` starts it, players each pressing a move key
 * every 500 ms on their own timer (an open loop: a slow frame does not slow
 * the keys) and playing on as a careful player does (a new game after a
 * death, a level-up's choice: {@link Player}), and one visitor of each
 * hostile kind (tools/bench/hostile_clients.ts),
 * each a process of its own at the lowest scheduling priority (`nice -n 19`):
 * an attacker's sockets cost the server, but its own CPU is another
 * machine's. Measured at the players: key to frame, its p99 and its
 * longest; at the server (from /proc): resident memory per game.
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
import { HOSTILE_KINDS, type HostileKind, REPLAY_ADDRESSES } from "./hostile_clients.ts";
import { PauseProbe, readHealthLine } from "../../src/server/mod.ts";
import { IdleProbe } from "./idle_probe.ts";
import { PageScreen } from "./page_screen.ts";
import { RawSocket, ServerFrames } from "./raw_socket.ts";
import { registeredCookie } from "./register.ts";
import { LOAD_PASSWORD, percentile, startBenchServer, usage } from "./server_load.ts";

/** What a hostile load run measured. */
export interface HostileLoad {
  readonly games: number;
  readonly seconds: number;
  readonly keys: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The longest a key waited for its frame: the longest the players saw the server stall. */
  readonly longestMs: number;
  /** Keys whose frame had not come when the next key was pressed. */
  readonly unanswered: number;
  /** Games the players' characters died in (each then started a new one). */
  readonly deaths: number;
  /**
   * Keys the players pressed to go on, not moves and not timed: Enter on a death's window, N on the title
   * for a new game, a level-up's choice (see {@link goOnKey}).
   */
  readonly goOnKeys: number;
  /**
   * The server's own share over the window, from its health line: the p99
   * and longest of keys' times from message to frame inside it, and its
   * thread's longest pause.
   */
  readonly serverKeyP99Ms: number;
  readonly serverKeyLongestMs: number;
  readonly serverPauseMs: number;
  /** The longest pause of the server's door's thread (docs/server.md, The door below HTTP). */
  readonly serverDoorPauseMs: number;
  /** The bench's own longest pause: how much of a key's time may be the measuring, not the server. */
  readonly benchPauseMs: number;
  /** How late the bench's own timer came back at the 99th percentile: the measuring's share of a p99. */
  readonly benchLateP99Ms: number;
  /** An idle process's longest pause: the machine's own stalls, which no code of Delve's causes. */
  readonly machinePauseMs: number;
  /** How late the idle process's timer came back at the 99th percentile: the machine's share of a p99. */
  readonly machineLateP99Ms: number;
  /** Resident memory the games added, per game (the hostile players' games counted). */
  readonly rssPerGameMb: number;
  /** The server's whole resident memory at the end, and its most seen. */
  readonly rssMb: number;
  readonly peakRssMb: number;
  /** The server's CPU time over the window, as a share of one core. */
  readonly serverCpu: number;
  /** Each hostile visitor's own CPU time over the run, as a share of one core (the machine is shared). */
  readonly hostileCpu: Readonly<Record<string, number>>;
}

/**
 * Asks the server for its health line (SIGUSR2; it starts a new period) and
 * waits for it: the keys' p99 and longest inside the server, and its
 * thread's longest pause, since the last time asked.
 */
async function serverHealth(
  server: Deno.ChildProcess,
  heard: () => string,
): Promise<{ keyP99: number; keyLongest: number; pause: number; doorPause: number }> {
  const before = heard().length;
  server.kill("SIGUSR2");
  for (let waited = 0; waited < 5000; waited += 20) {
    const said = readHealthLine(heard().slice(before));
    if (said) {
      const { keyP99Ms: keyP99, keyLongestMs: keyLongest, longestPauseMs: pause, doorPauseMs = NaN } = said;
      return { keyP99, keyLongest, pause, doorPause: doorPauseMs };
    }
    await sleep(20);
  }
  throw new Error(`the server logged no health when asked: ${heard().slice(-500)}`);
}

const MOVES = ["h", "j", "k", "l", "y", "u", "b", "n"];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Player `k`'s socket, from a loopback address of its own; `onData` told of each arrival. */
async function playSocket(
  origin: string,
  k: number,
  onData?: (bytes: Uint8Array) => void,
): Promise<RawSocket> {
  const cookie = await registeredCookie(origin, `player${k}`, LOAD_PASSWORD);
  const from = `127.0.1.${k + 1}`;
  const socket = await RawSocket.open(origin, "/ws/play", { from, cookie, ...(onData ? { onData } : {}) });
  if (!socket) throw new Error(`player ${k}'s socket was refused`);
  return socket;
}

/** A game played to its end (abandoned), so the server has a replay to show: its id. */
async function finishedGameId(origin: string): Promise<string> {
  const socket = await playSocket(origin, 254);
  // A new game, a step, Esc and yes (saved, the title), a new game and yes (the saved one abandoned).
  for (const key of ["n", "l", "\x1b", "y", "n", "y"]) {
    socket.send(JSON.stringify({ type: "input", data: key }));
    await sleep(1000);
  }
  socket.close();
  const lobby = await (await fetch(origin)).text();
  const id = /\/games\/([A-Za-z0-9_-]{16})\/replay/.exec(lobby)?.[1];
  if (!id) throw new Error(`no finished game with a replay in the lobby: ${lobby}`);
  return id;
}

/** How a frame begins on the wire: the server's messages are JSON objects, and an escaped string holds no `"`. */
const FRAME_START = new TextEncoder().encode('{"type":"output"');
const DECODER = new TextDecoder();

/** The key a player presses to go on from the screen it sees, and whether that screen is a death's. */
export interface GoOn {
  readonly key: string;
  /** The game-over window of a game ended by death (not a victory). */
  readonly died: boolean;
}

/**
 * What a careful player presses, seeing `rows`, where a move would do
 * nothing: Enter on the game-over (or victory) window, which goes back to
 * the title (docs/rules.md, Game over); N on the title for a new game, and
 * y to its question whether to abandon a saved one (docs/rules.md, Title
 * screen); a, Constitution, in the level-up window, which waits for a
 * choice (docs/rules.md, Windows). `stuck` (the last move brought no frame)
 * and any other window (a frame titled `┤…├`): Esc, which closes the
 * windows that moves leave open. Undefined: the map, where moves play.
 */
export function goOnKey(rows: readonly string[], stuck = false): GoOn | undefined {
  const screen = rows.join("\n");
  if (screen.includes("┤Game over├") || screen.includes("┤Victory├")) {
    return { key: "\r", died: screen.includes("┤Game over├") && screen.includes("You died on ") };
  }
  if (/Abandon the \w+ game/.test(screen)) return { key: "y", died: false };
  // The title's choice stays in sight, dimmed, under a popup, which any key closes.
  if (screen.includes("[N] Play a new game")) return { key: "n", died: false };
  if (screen.includes("┤Level Up├")) return { key: "a", died: false };
  if (stuck && /┤[^├]+├/.test(screen)) return { key: "\x1b", died: false };
  return undefined;
}

/**
 * One open-loop player: a key every `everyMs` on its own timer. It keeps
 * its page's screen (tools/bench/page_screen.ts), and plays on as a careful
 * player would: where the screen shows a window that moves cannot close (a
 * death's, the title, a level-up) the key is the one that goes on
 * ({@link goOnKey}), untimed and counted apart; otherwise it is a random
 * move, timed to the first frame that comes after it. Other messages (the
 * count of watchers, which the hostile watchers change) are not frames: a
 * key that brought no frame is not timed to them.
 */
export class Player {
  /** When each key not yet answered was sent. */
  readonly #pending: number[] = [];
  readonly times: number[] = [];
  unanswered = 0;
  /** Games ended by death, seen on the screen. */
  deaths = 0;
  /** Keys sent to go on from a window (untimed). */
  goOnKeys = 0;
  readonly screen = new PageScreen(80, 24);
  readonly #frames = new ServerFrames();
  /** The screen's rows as last read, after the frames so far. */
  #rows: readonly string[] = [];
  #reading = false;
  /** The game-over window of a death is showing (counted once). */
  #dead = false;
  #timer: ReturnType<typeof setInterval> | undefined;
  socket: RawSocket | undefined;

  /** Bytes came. */
  arrived(bytes: Uint8Array): void {
    const at = performance.now();
    let drawn = false;
    for (const message of this.#frames.take(bytes)) {
      if (!FRAME_START.every((byte, k) => message[k] === byte)) continue;
      // Timed as the frame is whole, before it is drawn: the page draws it after it came.
      const sent = drawn ? undefined : this.#pending.shift();
      if (sent !== undefined) this.times.push(at - sent);
      this.screen.write(JSON.parse(DECODER.decode(message)).data);
      drawn = true;
    }
    if (drawn) this.#read();
  }

  /** Reads the screen once the frames written are parsed (one read at a time: it waits for those after it). */
  #read(): void {
    if (this.#reading) return;
    this.#reading = true;
    void this.screen.lines().then((rows) => {
      this.#reading = false;
      this.#rows = rows;
    });
  }

  /** A key: the one to go on from the screen, or a timed move. */
  #press(): void {
    // A key that brought no frame (a step into a wall) is counted, not matched to the next key's frame.
    const stuck = this.#pending.length > 0;
    this.unanswered += this.#pending.splice(0).length;
    const goOn = goOnKey(this.#rows, stuck);
    if (goOn?.died && !this.#dead) this.deaths++;
    this.#dead = goOn?.died ?? false;
    if (goOn) {
      this.goOnKeys++;
      this.socket?.send(JSON.stringify({ type: "input", data: goOn.key }));
      return;
    }
    this.#pending.push(performance.now());
    this.socket?.send(JSON.stringify({ type: "input", data: MOVES[Math.floor(Math.random() * 8)] }));
  }

  start(everyMs: number): void {
    // Players start spread over the interval, as people's keys are.
    setTimeout(() => {
      this.#timer = setInterval(() => this.#press(), everyMs);
    }, Math.random() * everyMs);
  }

  /** Forgets what was counted so far (the warm-up's). */
  reset(): void {
    this.times.length = 0;
    [this.unanswered, this.deaths, this.goOnKeys] = [0, 0, 0];
  }

  stop(): void {
    clearInterval(this.#timer);
    this.socket?.close();
    this.screen.dispose();
  }
}

/** Runs `games` open-loop players for `seconds` beside one hostile visitor of each kind. */
export async function hostileLoad(
  games: number,
  seconds: number,
  kinds: readonly HostileKind[] = HOSTILE_KINDS,
  everyMs = 500,
  replayAddresses = REPLAY_ADDRESSES,
): Promise<HostileLoad> {
  // Every player and visitor comes from a loopback address of its own, so the limits are the defaults.
  // Its health is asked for at the window's edges alone.
  const { server, origin, stop, heard } = await startBenchServer("delve-hostile-", games, [
    "--health-every",
    "0",
  ]);
  const hostile: Deno.ChildProcess[] = [];
  const players: Player[] = [];
  const benchLateness = new PauseProbe();
  const idle = new IdleProbe();
  try {
    const before = await usage(server.pid);
    const replayId = await finishedGameId(origin);
    for (let k = 0; k < games; k++) {
      const player = new Player();
      const socket = player.socket = await playSocket(origin, k, (bytes) => player.arrived(bytes));
      socket.send(JSON.stringify({ type: "resize", columns: 80, rows: 24 }));
      socket.send(JSON.stringify({ type: "input", data: "n" }));
      players.push(player);
    }
    const watchId = (await (await fetch(`${origin}/lobby.json`)).json()).live[0].id;
    for (const kind of kinds) {
      hostile.push(
        // At the lowest priority: a visitor's own work stands for another machine's, not the server's cores.
        new Deno.Command("nice", {
          args: [
            "-n",
            "19",
            Deno.execPath(),
            "run",
            // Loopback addresses of its own to connect from, which Deno's grants cannot name as a range.
            "--allow-net",
            new URL("./hostile_clients.ts", import.meta.url).pathname,
            kind,
            origin,
            watchId,
            replayId,
            String(replayAddresses),
          ],
          stdout: "null",
          stderr: "inherit",
        }).spawn(),
      );
    }
    // The games' AI workers load in the background: the window opens once the server has settled a little.
    await sleep(5000);
    for (const player of players) player.start(everyMs);
    await sleep(5000);
    for (const player of players) player.reset();
    let peak = 0;
    const start = await usage(server.pid);
    const hostileStart = await Promise.all(hostile.map((child) => usage(child.pid)));
    await serverHealth(server, heard);
    benchLateness.takeLateness();
    await idle.take();
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      await sleep(1000);
      peak = Math.max(peak, (await usage(server.pid)).rss);
    }
    const after = await usage(server.pid);
    // A visitor that ended during the window left the attack short of it: the run does not count.
    const early = await Promise.all(
      hostile.map((child) => Promise.race([child.status, sleep(0).then(() => undefined)])),
    );
    const ended = early.findIndex((status) => status !== undefined);
    if (ended >= 0) {
      const { code, signal } = early[ended]!;
      throw new Error(
        `the hostile visitor "${kinds[ended]}" ended during the window (exit ${code}${
          signal ? `, ${signal}` : ""
        }): the run does not count`,
      );
    }
    const hostileEnd = await Promise.all(hostile.map((child) => usage(child.pid)));
    const times = players.flatMap((p) => p.times).sort((a, b) => a - b);
    const health = await serverHealth(server, heard);
    const benchLate = benchLateness.takeLateness();
    const idleLateness = await idle.take();
    const machine = { machinePauseMs: idleLateness.longestMs, machineLateP99Ms: idleLateness.p99Ms };
    const allGames = games + kinds.filter((k) => ["resizes", "keys", "stalled-player"].includes(k)).length;
    return {
      games,
      seconds,
      keys: times.length,
      p50Ms: percentile(times, 0.5),
      p99Ms: percentile(times, 0.99),
      longestMs: times.at(-1) ?? NaN,
      unanswered: players.reduce((sum, p) => sum + p.unanswered, 0),
      deaths: players.reduce((sum, p) => sum + p.deaths, 0),
      goOnKeys: players.reduce((sum, p) => sum + p.goOnKeys, 0),
      serverKeyP99Ms: health.keyP99,
      serverKeyLongestMs: health.keyLongest,
      serverPauseMs: health.pause,
      serverDoorPauseMs: health.doorPause,
      benchPauseMs: benchLate.longestMs,
      benchLateP99Ms: benchLate.p99Ms,
      ...machine,
      rssPerGameMb: (after.rss - before.rss) / allGames / 1048576,
      rssMb: after.rss / 1048576,
      peakRssMb: peak / 1048576,
      serverCpu: (after.cpuMs - start.cpuMs) / (seconds * 1000),
      hostileCpu: Object.fromEntries(
        kinds.map((kind, k) => [kind, (hostileEnd[k].cpuMs - hostileStart[k].cpuMs) / (seconds * 1000)]),
      ),
    };
  } finally {
    benchLateness.stop();
    await idle.stop();
    for (const player of players) player.stop();
    for (const child of hostile) {
      // A visitor that ended early has said why on stderr.
      try {
        child.kill("SIGKILL");
      } catch {
        // It had ended.
      }
      await child.status;
    }
    await stop();
  }
}

/** `deno run -A tools/bench/server_hostile.ts --help`. */
export const SERVER_HOSTILE_HELP = {
  name: "server_hostile.ts",
  about: "The browser server under load and under attack: players pressing a key every 500 ms each on " +
    "their own timers, playing on after a death (a new game), and one hostile visitor of each kind; the " +
    "figures as JSON on stdout.",
  usage: `Usage: deno run -A tools/bench/server_hostile.ts [--games N] [--seconds S]

Options:
      --games N     players, each with its own game, up to 250 (default: 50)
      --seconds S   how long the window measured lasts (default: 300)
      --replay-addresses N
                    how many addresses the replay sockets come from, 1 for
                    one machine (default: ${REPLAY_ADDRESSES})
      --hostile K   the hostile visitors, comma-separated, or none
                    (default: all: ${HOSTILE_KINDS.slice(0, 4).join(", ")},
                    ${HOSTILE_KINDS.slice(4).join(", ")})
${HELP_USAGE}`,
};

if (import.meta.main) {
  const line = readCommandLine(SERVER_HOSTILE_HELP, Deno.args, () => {
    const { values } = parseFlags(Deno.args, {
      games: { type: "string" },
      seconds: { type: "string" },
      hostile: { type: "string" },
      "replay-addresses": { type: "string" },
    });
    const kinds = values.hostile === "none" ? [] : values.hostile?.split(",") ?? [...HOSTILE_KINDS];
    const unknown = kinds.find((k) => !(HOSTILE_KINDS as readonly string[]).includes(k));
    if (unknown !== undefined) {
      throw new UsageError(`--hostile: no kind ${shownValue(unknown, { quoted: true })}`);
    }
    return {
      kinds: kinds as HostileKind[],
      games: intFlag("--games", values.games, 1, 250) ?? 50,
      seconds: intFlag("--seconds", values.seconds, 1, 3_600) ?? 300,
      replayAddresses: intFlag("--replay-addresses", values["replay-addresses"], 1, 250) ?? REPLAY_ADDRESSES,
    };
  });
  if ("exit" in line) Deno.exit(line.exit);
  const { games, seconds, kinds, replayAddresses } = line.run;
  const load = await hostileLoad(games, seconds, kinds, 500, replayAddresses);
  console.log(JSON.stringify({ kinds, replayAddresses, ...load }, null, 2));
}
