/**
 * `deno task serve`'s server (docs/server.md): one game per player run here
 * exactly as in the terminal, with its watchers, on the thread that plays
 * every game; every request and socket is the front's (src/server/front.ts),
 * a worker beside it, which passes on what a game needs of its pages.
 *
 * @module
 */
import { basename, join } from "node:path";
import type { HighScore } from "../engine/mod.ts";
import { readPlayerOptions } from "../app/mod.ts";
import type { FromFront, FrontCounts, LiveGames, Refusal, ToFront } from "./front_channel.ts";
import { GameHost, type ProgramParts, type Sink } from "./game_host.ts";
import type { LiveRow } from "./pages.ts";
import { serverMessage } from "./protocol.ts";
import { type HealthReport, ServerHealth } from "./server_health.ts";
import { ABSENT_MS, fullLine, type ServerLimits } from "./server_limits.ts";
import { CLOSE_TRY_LATER } from "./socket_limits.ts";
import { type GameProgress, LEFT_OUTCOME, ServerStore } from "./store.ts";

/** The mode of the state folder and each folder the server makes in it: its user's alone. */
const PRIVATE_FOLDER = 0o700;

/** The mode of the database's files. */
const PRIVATE_FILE = 0o600;

/** The front's code, run as a worker. */
const FRONT_WORKER_URL = new URL("./front_worker.ts", import.meta.url);

/** How often the front is told the live games, so the lobby's turns and depths stay fresh. */
const GAMES_TOLD_MS = 1000;

/** What the server runs with; each game gets its `content`, version, runners, seeds and clock. */
export interface ServerOptions extends ProgramParts {
  readonly hostname: string;
  readonly port: number;
  /** Where the database and every player's saves, morgue files and replays go. */
  readonly stateDir: string;
  readonly limits: ServerLimits;
  /** How often idle games are looked for, in ms (default 10 s). */
  readonly sweepMs?: number;
  /**
   * The origin pages are served as behind a proxy (`https://example.org`),
   * which their sockets and forms name; the address asked at is always one.
   */
  readonly publicOrigin?: string;
  /** Overrides {@link ABSENT_MS} (tests). */
  readonly absentMs?: number;
  /** Overrides the game host's gap between resizes (tests). */
  readonly resizeGapMs?: number;
}

/** A player's running program and its game's id in the store (a new one after each game ends). */
interface Live {
  readonly host: GameHost;
  id: string;
  /** The progress last written to the game index, as "depth level turns". */
  written?: string;
  /** The last game that ended: its id, and its morgue file's path without `.txt` (its replay's begins so). */
  ended?: { readonly id: string; readonly stem: string };
}

/**
 * What the player is shown for a file written at `path`: the morgue or replay
 * page of the game that just `ended`, if the file is its; else the file's
 * name alone. No path on the server's disk reaches a page.
 */
function shownAddress(ended: Live["ended"], path: string): string {
  if (ended && path === `${ended.stem}.txt`) return `/games/${ended.id}/morgue`;
  if (ended && path.startsWith(ended.stem)) return `/games/${ended.id}/replay`;
  return basename(path);
}

/** A page of a live game, as the games' thread knows it: its number at the front, and what it last told. */
class PageSink implements Sink {
  /** Bytes its socket has waiting, as the front last said (it says when past the bound and when caught up). */
  bufferedAmount = 0;

  constructor(readonly page: number, readonly front: Worker) {}

  send(text: string): void {
    this.front.postMessage({ type: "send", page: this.page, text } satisfies ToFront);
  }

  close(code = 1000, reason = ""): void {
    this.front.postMessage({ type: "close", page: this.page, code, reason } satisfies ToFront);
  }
}

/** A player's page's keys or size. */
type FromPlayer = Extract<FromFront, { type: "input" | "resize" }>;

/** A page of a live game: its sink, the game, and whether it is the player's or a watcher's. */
interface Page {
  readonly sink: PageSink;
  /** Undefined while the player's game is starting. */
  readonly live?: Live;
  /** What the page sent while its game was starting, for the game once it has started. */
  readonly early?: FromPlayer[];
  readonly watching: boolean;
}

/** The server; {@link DelveServer.start} listens, {@link DelveServer.shutdown} saves and stops. */
export class DelveServer {
  readonly #store: ServerStore;
  /** Running programs by player (names are unique without regard to case). */
  readonly #live = new Map<string, Live>();
  /** Programs being started, by player: a second page waits for the first's rather than starting another. */
  readonly #starting = new Map<string, Promise<Live>>();
  /** What each program does once it has ended (its game index row), awaited before the store closes. */
  readonly #ending = new Set<Promise<void>>();
  /** Pages of live games, by their number at the front. */
  readonly #pages = new Map<number, Page>();
  /** Watchers let in whose sockets have not opened, by page number: the game each was let in to. */
  readonly #coming = new Map<number, Live>();
  readonly #front: Worker;
  #address: Deno.NetAddr | undefined;
  /** Questions to the front (its counts), by number. */
  readonly #asks = new Map<number, (counts: FrontCounts) => void>();
  #nextAsk = 1;
  readonly #stopped = Promise.withResolvers<void>();
  #sweeper: ReturnType<typeof setInterval> | undefined;
  #teller: ReturnType<typeof setInterval> | undefined;
  /** How well the thread keeps up: each key's time to its frame, the thread's pauses. */
  readonly health: ServerHealth;

  private constructor(readonly options: ServerOptions) {
    this.#store = ServerStore.open(join(options.stateDir, "delve.sqlite"));
    this.#front = new Worker(FRONT_WORKER_URL, { type: "module" });
    // Last: a server that could not open its store leaves no probe running.
    this.health = new ServerHealth();
  }

  /** Games running now. */
  get games(): number {
    return this.#live.size;
  }

  /** Opens the store, starts the front and waits until it listens. */
  static async start(options: ServerOptions): Promise<DelveServer> {
    // Saves, sessions and password hashes are the server's alone: its folders open to its user only (0700),
    // so nothing in them, whatever its own mode, is another user's to read; the database is 0600 besides.
    const players = join(options.stateDir, "players");
    await Deno.mkdir(players, { recursive: true, mode: PRIVATE_FOLDER });
    for (const folder of [options.stateDir, players]) await Deno.chmod(folder, PRIVATE_FOLDER);
    const server = new DelveServer(options);
    for (const suffix of ["", "-wal", "-shm"]) {
      await Deno.chmod(join(options.stateDir, `delve.sqlite${suffix}`), PRIVATE_FILE).catch(() => {});
    }
    const listening = Promise.withResolvers<Deno.NetAddr>();
    server.#front.onmessage = (event: MessageEvent<FromFront>) => {
      const message = event.data;
      if (message.type === "listening") {
        listening.resolve({ transport: "tcp", hostname: message.hostname, port: message.port });
      } else if (message.type === "failed") listening.reject(new Error(message.message));
      else server.#hear(message);
    };
    const { hostname, port, stateDir, limits, publicOrigin, content } = options;
    server.#tell({
      type: "start",
      options: { hostname, port, stateDir, limits, content, ...(publicOrigin ? { publicOrigin } : {}) },
    });
    try {
      server.#address = await listening.promise;
    } catch (error) {
      server.#front.terminate();
      server.#store.close();
      server.health.stop();
      throw error;
    }
    server.#sweeper = setInterval(() => void server.#sweep(), options.sweepMs ?? 10_000);
    server.#teller = setInterval(() => server.#tellGames(), GAMES_TOLD_MS);
    return server;
  }

  /** Where the server listens. */
  get address(): Deno.NetAddr {
    return this.#address!;
  }

  #now(): Date {
    return this.options.now?.() ?? new Date();
  }

  #tell(message: ToFront): void {
    this.#front.postMessage(message);
  }

  /** The front's counts now: messages dropped and refused, requests turned away, sockets, its pauses. */
  counts(): Promise<FrontCounts> {
    const ask = this.#nextAsk++;
    const answered = Promise.withResolvers<FrontCounts>();
    this.#asks.set(ask, answered.resolve);
    this.#tell({ type: "counts", ask });
    return answered.promise;
  }

  /** What {@link ServerHealth.take} says of the games' thread, with the front's longest pause; a new period begun. */
  async takeHealth(): Promise<HealthReport> {
    const report = this.health.take();
    return { ...report, frontPauseMs: (await this.counts()).longestPauseMs };
  }

  /** Saves every game, closes every socket with `reason`, stops the front and closes the store. */
  async shutdown(reason = "The server is stopping; your game is saved."): Promise<void> {
    clearInterval(this.#sweeper);
    clearInterval(this.#teller);
    await Promise.all([...this.#live.values()].map((live) => live.host.close(reason)));
    this.#tell({ type: "stop", reason });
    await this.#stopped.promise;
    this.#front.terminate();
    await Promise.all(this.#ending);
    this.#store.close();
    this.health.stop();
  }

  /** What the front says: a page opened, its keys, sizes, backlog or going; a watcher asking; its counts. */
  #hear(message: FromFront): void {
    switch (message.type) {
      case "play":
        return void this.#play(message.page, message.player);
      case "letWatcherIn":
        return this.#tell({
          type: "watcher",
          ask: message.ask,
          ...this.#letWatcherIn(message.page, message.game),
        });
      case "watch":
        return this.#watch(message.page);
      case "input":
      case "resize":
        return this.#fromPlayer(message);
      case "backlog": {
        const page = this.#pages.get(message.page);
        if (page) page.sink.bufferedAmount = message.bytes;
        return;
      }
      case "gone":
        return this.#gone(message.page);
      case "counts":
        this.#asks.get(message.ask)?.(message.counts);
        this.#asks.delete(message.ask);
        return;
      case "stopped":
        return this.#stopped.resolve();
      case "listening":
      case "failed":
        return;
    }
  }

  /** A player's page's keys or size, for its game (kept until it has started), if the page has it. */
  #fromPlayer(message: FromPlayer): void {
    const page = this.#pages.get(message.page);
    if (page?.early) page.early.push(message);
    if (!page?.live || page.watching || !page.live.host.isPlayer(page.sink)) return;
    if (message.type === "input") page.live.host.input(message.data);
    else page.live.host.resize(message.columns, message.rows);
  }

  /**
   * `player`'s page `page` opened: it gets the player's game (started if none
   * runs), taking it over from any page that had it, or is told the server
   * is full and closed.
   */
  async #play(page: number, player: string): Promise<void> {
    const sink = new PageSink(page, this.#front);
    const key = player.toLowerCase();
    let live = this.#live.get(key);
    if (!live || live.host.ended) {
      let starting = this.#starting.get(key);
      if (!starting) {
        // The page is told why on its socket, not refused a socket it would show only as a failure.
        if (this.#full(player)) {
          const line = fullLine(this.options.limits.games);
          sink.send(serverMessage({ type: "notice", text: line }));
          sink.close(CLOSE_TRY_LATER, line.length > 120 ? `${line.slice(0, 119)}…` : line);
          return;
        }
        starting = this.#startGame(player).finally(() => this.#starting.delete(key));
        this.#starting.set(key, starting);
        this.#tellGames();
      }
      const early: FromPlayer[] = [];
      this.#pages.set(page, { sink, watching: false, early });
      live = await starting;
      // A page that went while its game was starting is no one's.
      if (!this.#pages.has(page)) return;
      this.#attach(page, sink, live);
      for (const message of early) this.#fromPlayer(message);
      return;
    }
    this.#attach(page, sink, live);
  }

  /** Page `page` (its `sink`) becomes `live`'s player's, taking it over from any page that had it. */
  #attach(page: number, sink: PageSink, live: Live): void {
    this.#pages.set(page, { sink, live, watching: false });
    const before = live.host.attach(sink, 80, 24);
    before?.close?.(4001, "This game was taken over by another page.");
  }

  /** Lets page `page` watch `game` (a player's name or a game id), or says why not. */
  #letWatcherIn(page: number, game: string): { refusal?: Refusal } {
    const live = this.#liveOf(game);
    if (!live) return { refusal: { status: 404, line: "No such game is being played." } };
    const limit = this.options.limits.watchers;
    if (!live.host.letWatcherIn(limit)) {
      return { refusal: { status: 503, line: `This game has as many watchers as it may (${limit}).` } };
    }
    this.#coming.set(page, live);
    return {};
  }

  /** A watcher let in has opened: it watches the game it was let in to. */
  #watch(page: number): void {
    const live = this.#coming.get(page);
    if (!live) return;
    this.#coming.delete(page);
    const sink = new PageSink(page, this.#front);
    this.#pages.set(page, { sink, live, watching: true });
    live.host.watch(sink);
  }

  /** Page `page`'s socket closed: a player's game is saved and waits; a watcher's place is free. */
  #gone(page: number): void {
    const coming = this.#coming.get(page);
    if (coming) {
      this.#coming.delete(page);
      coming.host.watcherNeverCame();
    }
    const known = this.#pages.get(page);
    this.#pages.delete(page);
    if (!known?.live) return;
    if (known.watching) known.live.host.unwatch(known.sink);
    else void known.live.host.detach(known.sink);
  }

  /** Tells the front the live games: what the lobby lists, who has a game, how many are taken. */
  #tellGames(): void {
    const games: LiveGames = {
      rows: this.#liveRows(),
      busy: [...this.#live].filter(([, l]) => !l.host.ended).map(([key]) => key).concat([
        ...this.#starting.keys(),
      ]),
      taken: this.#live.size + this.#starting.size,
    };
    this.#tell({ type: "games", games });
  }

  /**
   * Every sweep: the live games' progress into the game index, and the idle
   * ones, and those whose player's page has been gone a while, saved and
   * closed (their places freed).
   */
  async #sweep(): Promise<void> {
    this.#keepAllProgress();
    const idle = this.options.limits.idleMinutes * 60_000;
    const absent = this.options.absentMs ?? ABSENT_MS;
    for (const [key, live] of this.#live) {
      const info = live.host.info();
      let reason: string;
      if (info.idleMs >= idle) {
        reason = `Saved and closed after ${this.options.limits.idleMinutes} minutes without a key.`;
      } else if (info.absentMs >= absent) reason = "Saved and closed: the player left.";
      else continue;
      this.#live.delete(key);
      // The front hears first, so a page told why its game closed finds it gone from the lobby.
      this.#tellGames();
      await live.host.close(reason);
    }
  }

  /**
   * The progress of every live game that moved since it was last written,
   * in one transaction: one write of the log for all of them (never one
   * each), and none when nothing moved.
   */
  #keepAllProgress(): void {
    const changed = new Map<string, GameProgress>();
    const written = new Map<Live, string>();
    for (const live of this.#live.values()) {
      const { depth, level, turns } = live.host.info();
      const now = `${depth} ${level} ${turns}`;
      // On the title a game shows depth 0: the index keeps where it stood.
      if (depth === 0 || now === live.written) continue;
      changed.set(live.id, { depth, level, turns });
      written.set(live, now);
    }
    this.#store.updateGames(changed);
    for (const [live, now] of written) live.written = now;
  }

  /** The live games as the lobby lists them (not those whose program has ended). */
  #liveRows(): LiveRow[] {
    return [...this.#live.values()].filter((l) => !l.host.ended).map((l) => ({ id: l.id, ...l.host.info() }));
  }

  /** The game index's depth, level and turns of `live`, as they stand (on the title, as they stood). */
  #keepProgress(live: Live): void {
    const { depth, level, turns } = live.host.info();
    if (depth > 0) this.#store.updateGame(live.id, { depth, level, turns });
  }

  /** The live game of the player named `nameOrId` (any case), or of that game id. */
  #liveOf(nameOrId: string): Live | undefined {
    const live = this.#live.get(nameOrId.toLowerCase());
    return live && !live.host.ended ? live : this.#liveById(nameOrId);
  }

  /** Whether `player` would be refused a game now: none of theirs runs and the server runs its most. */
  #full(player: string): boolean {
    const key = player.toLowerCase();
    const live = this.#live.get(key);
    if ((live && !live.host.ended) || this.#starting.has(key)) return false;
    return this.#live.size + this.#starting.size >= this.options.limits.games;
  }

  /** The live game whose id is `id`. */
  #liveById(id: string): Live | undefined {
    return [...this.#live.values()].find((l) => l.id === id && !l.host.ended);
  }

  /** Starts `player`'s program (their folder made if it is new), with its game in the index. */
  async #startGame(player: string): Promise<Live> {
    const dir = join(this.options.stateDir, "players", player.toLowerCase());
    await Deno.mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER });
    await Deno.chmod(dir, PRIVATE_FOLDER);
    // Each player's options and keys are their own, in their folder, as a terminal player's are in theirs.
    const optionsPath = join(dir, "options.json");
    const { choice, problems } = await readPlayerOptions(optionsPath, this.options.content);
    const id = this.#store.startGame(player, this.#now());
    const { content, version, makeRunner, randomSeed, now } = this.options;
    const host = new GameHost({
      player,
      content,
      version,
      makeRunner,
      randomSeed,
      ...(now ? { now } : {}),
      dir,
      columns: 80,
      rows: 24,
      choice,
      optionsPath,
      optionsProblems: problems,
      onScore: (entry, morguePath) => this.#gameEnded(live, entry, morguePath),
      shownPath: (path) => shownAddress(live.ended, path),
      ...(this.options.resizeGapMs !== undefined ? { resizeGapMs: this.options.resizeGapMs } : {}),
      health: this.health,
    });
    const live: Live = { host, id };
    this.#live.set(player.toLowerCase(), live);
    this.#tellGames();
    const ended = host.done.then(() => {
      this.#keepProgress(live);
      this.#store.endGame(live.id, { outcome: LEFT_OUTCOME, now: this.#now() });
      if (this.#live.get(player.toLowerCase()) === live) this.#live.delete(player.toLowerCase());
      this.#tellGames();
    });
    this.#ending.add(ended);
    void ended.finally(() => this.#ending.delete(ended));
    return live;
  }

  /** A game of `live` ended: its score and records kept, its replay copied; the next game gets a new id. */
  #gameEnded(live: Live, entry: HighScore, morguePath: string | undefined): void {
    const { player, dir } = live.host.options;
    const id = live.id;
    const replayPath = join(dir, "replays", `${id}.replay.json.gz`);
    this.#store.addScore({ player, gameId: id, ...entry });
    this.#store.endGame(id, {
      outcome: entry.cause,
      now: this.#now(),
      replayPath,
      ...(morguePath ? { morguePath } : {}),
    });
    if (morguePath) live.ended = { id, stem: morguePath.replace(/\.txt$/, "") };
    live.id = this.#store.startGame(player, this.#now());
    void Deno.mkdir(join(dir, "replays"), { recursive: true })
      .then(() => Deno.copyFile(join(dir, "last-game.replay.json.gz"), replayPath))
      .catch(() => {});
  }
}
