/**
 * `deno task serve`'s server (docs/server.md): the lobby, logins, one game
 * per player run here exactly as in the terminal, watchers, and the limits
 * that keep one player or page from costing the others.
 *
 * @module
 */
import { basename, join } from "node:path";
import type { HighScore } from "../engine/mod.ts";
import { readPlayerOptions } from "../app/mod.ts";
import { type FinishedGames, morgueFile, replaySocket } from "./finished_games.ts";
import { ASSETS } from "./assets.ts";
import { GameHost, type ProgramParts } from "./game_host.ts";
import {
  type GameSockets,
  playConnection,
  refusedConnection,
  sameOrigin,
  watchConnection,
} from "./game_sockets.ts";
import { gateMessages, SocketCounts } from "./socket_limits.ts";
import { AddressDoor } from "./address_door.ts";
import { type DoorTally, DoorThread } from "./door/mod.ts";
import { ServerHealth } from "./server_health.ts";
import { say } from "../cli/mod.ts";
import {
  asksForWebSocket,
  BodyCutShort,
  errorLine,
  NOT_A_WEBSOCKET,
  plainRefusal,
  postFromThisSite,
  readForm,
  requestLine,
  securityHeaders,
  sessionCookie,
  sessionToken,
  TokenBucket,
} from "./http_parts.ts";
import {
  FINISHED_PAGE,
  finishedPage,
  type FinishedRow,
  gamePage,
  type LiveRow,
  LOBBY_FINISHED,
  lobbyPage,
  type LobbyView,
  problemPage,
} from "./pages.ts";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";
import { nameProblem } from "./player_names.ts";
import { LoginLimiter } from "./login_limiter.ts";
import {
  ABSENT_MS,
  fullLine,
  INBOUND_BUDGET,
  REPLAY_SHARE,
  REPLAY_STARTS_PER_SECOND,
  type ServerLimits,
} from "./server_limits.ts";
import { type GameProgress, isGameId, LEFT_OUTCOME, ServerStore } from "./store.ts";
import { TimeShare } from "./time_share.ts";
import { TableVersions } from "./version_table.ts";
import { bundledArchive, DataShelf } from "../store/mod.ts";

/** The mode of the state folder and each folder the server makes in it: its user's alone. */
const PRIVATE_FOLDER = 0o700;

/** The mode of the database's files. */
const PRIVATE_FILE = 0o600;

/** A replay's socket: its game's id. */
const REPLAY_SOCKET = /^\/ws\/replay\/([A-Za-z0-9_-]{1,64})$/;

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
  /**
   * Where the server's lines go, one each, for its operator: what failed
   * that no page can be told (a request cut short, a save that failed as a
   * page left). `delve serve: LINE` on stderr unless given.
   */
  readonly log?: (line: string) => void;
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

/** The server; {@link DelveServer.start} listens, {@link DelveServer.shutdown} saves and stops. */
export class DelveServer {
  readonly #store: ServerStore;
  /** The versions of the data the games name, in the store; and where a game's data is found by them. */
  readonly #versions: TableVersions;
  readonly #shelf: DataShelf;
  readonly #logins: LoginLimiter;
  /** Running programs by player (names are unique without regard to case). */
  readonly #live = new Map<string, Live>();
  /** Programs being started, by player: a second page waits for the first's rather than starting another. */
  readonly #starting = new Map<string, Promise<Live>>();
  readonly #sockets = new Set<WebSocket>();
  readonly #socketCounts: SocketCounts;
  readonly #door: AddressDoor;
  #replays = 0;
  readonly #replayStarts = new TokenBucket(REPLAY_STARTS_PER_SECOND, Date.now());
  /** The thread's time the replays spend between them. */
  readonly #replayShare = new TimeShare(REPLAY_SHARE);
  /** What each program does once it has ended (its game index row), awaited before the store closes. */
  readonly #ending = new Set<Promise<void>>();
  #http: Deno.HttpServer | undefined;
  /** The public port, below HTTP, on a thread of its own: it closes unread the connections of addresses shut out. */
  #connections: DoorThread | undefined;
  #sweeper: ReturnType<typeof setInterval> | undefined;
  /** How well the thread keeps up: each key's time to its frame, the thread's pauses. */
  readonly health: ServerHealth;
  /** Messages dropped over the input rate, by all connections. */
  droppedMessages = 0;
  /** Messages refused (malformed, binary, oversize, not UTF-8), by all connections. */
  refusedMessages = 0;

  /** What the door below HTTP turned away so far. */
  get doorTally(): DoorTally {
    return this.#connections?.shared.tally() ?? { closedUnread: 0, closedBusy: 0, cut: 0 };
  }

  /** The door's thread's longest pause since the last take, in ms, and a new period begun. */
  takeDoorPause(): number {
    return this.#connections?.shared.takeLongestPause() ?? 0;
  }

  /** Resolves, with why, if the door below HTTP fails: the server then takes no visitors, and should stop. */
  get doorFailed(): Promise<string> {
    return this.#connections?.failed ?? new Promise(() => {});
  }

  /** Resolves once the door below HTTP has been told of every pause and bar given so far. */
  doorHeard(): Promise<void> {
    return this.#connections?.heard() ?? Promise.resolve();
  }

  /** Requests turned away at the door (an address asking too often), so far. */
  get refusedAtDoor(): number {
    return this.#door.refused;
  }

  private constructor(readonly options: ServerOptions) {
    this.#store = ServerStore.open(join(options.stateDir, "delve.sqlite"));
    // Its refusals may reach a player's page: they name the database, never its path on the server.
    this.#versions = new TableVersions(this.#store, "the server's database", {
      gameVersion: options.version,
      ...(options.now ? { now: options.now } : {}),
    });
    this.#shelf = new DataShelf(options.content, { archive: bundledArchive(), store: this.#versions });
    this.#logins = new LoginLimiter({ perMinute: options.limits.logins });
    // Each pause and bar is told to the door below HTTP, which closes the address's connections unread.
    const shut = (address: string, until: number) => this.#connections?.shut(address, until);
    this.#socketCounts = new SocketCounts(options.limits.socketsPerAddress, options.limits.sockets, shut);
    this.#door = new AddressDoor({
      requestsPerSecond: options.limits.requestRate,
      socketsPerSecond: options.limits.socketRate,
    }, shut);
    // Last: a server that could not open its store leaves no probe running.
    this.health = new ServerHealth();
  }

  /** The most bytes any one socket has queued for its reader now. */
  get largestBacklog(): number {
    let most = 0;
    for (const socket of this.#sockets) most = Math.max(most, socket.bufferedAmount);
    return most;
  }

  /** Games running now. */
  get games(): number {
    return this.#live.size;
  }

  /** WebSockets open now (and asked for, not yet open). */
  get openSockets(): number {
    return this.#socketCounts.open;
  }

  /** Opens the store and listens; resolves once the port is bound. */
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
    // The versions of the data no save, replay or finished game names any longer are forgotten (none in play yet).
    await server.#versions.prune();
    const listening = Promise.withResolvers<void>();
    // The HTTP side listens on loopback alone; visitors reach it through the door on the public port.
    const http = Deno.serve(
      {
        hostname: "127.0.0.1",
        port: 0,
        onListen: () => listening.resolve(),
        // Whatever no answer below catches: one line, never Deno's stack trace.
        onError: (error) => {
          server.#log(`a request failed: ${errorLine(error)}`);
          return plainRefusal(500, "The server could not answer that.");
        },
      },
      (request, info) => {
        const visitor = server.#connections?.shared.visitorOf(info.remoteAddr);
        return visitor === undefined
          ? plainRefusal(403, "Connect to the server's own address.")
          : server.#answer(request, visitor);
      },
    );
    server.#http = http;
    await listening.promise;
    try {
      server.#connections = await DoorThread.open({
        hostname: options.hostname,
        port: options.port,
        innerPort: http.addr.port,
        connectionsPerSecond: options.limits.connectionRate,
        budget: INBOUND_BUDGET,
        overBudget: (address) => server.#socketCounts.bar(address),
      });
    } catch (error) {
      await http.shutdown();
      server.#store.close();
      server.health.stop();
      throw error;
    }
    server.#sweeper = setInterval(() => {
      server.#sweep().catch((error) => server.#log(`closing the idle games failed: ${errorLine(error)}`));
    }, options.sweepMs ?? 10_000);
    return server;
  }

  /** Where the server listens. */
  get address(): Deno.NetAddr {
    return this.#connections!.address;
  }

  #now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Saves every game, closes every socket with `reason`, stops listening and closes the store. */
  async shutdown(reason = "The server is stopping; your game is saved."): Promise<void> {
    clearInterval(this.#sweeper);
    await Promise.all([...this.#live.values()].map((live) => live.host.close(reason)));
    for (const socket of this.#sockets) socket.close(1001, reason);
    await Promise.all(this.#ending);
    await this.#http?.shutdown();
    await this.#connections?.close();
    this.#store.close();
    this.health.stop();
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

  #page(html: string, status = 200, extra: Record<string, string> = {}): Response {
    const headers = securityHeaders("text/html; charset=utf-8");
    for (const [k, v] of Object.entries(extra)) headers.set(k, v);
    return new Response(html, { status, headers });
  }

  #refuse(status: number, line: string): Response {
    return this.#page(problemPage(line), status);
  }

  #player(request: Request): string | undefined {
    const token = sessionToken(request);
    return token === undefined ? undefined : this.#store.sessionPlayer(token, this.#now());
  }

  /** One line in the operator's log. */
  #log(line: string): void {
    if (this.options.log) this.options.log(line);
    else say(`delve serve: ${line}`);
  }

  /**
   * The answer to `request` from `address`; a request that failed on the way
   * (its body cut short, a file that could not be read) is one line in the
   * log and a plain answer saying so, to a visitor who may be gone.
   */
  #answer(request: Request, address: string): Response | Promise<Response> {
    const failed = (error: unknown) => {
      this.#log(`${requestLine(request)} from ${address}: ${errorLine(error)}`);
      return error instanceof BodyCutShort
        ? plainRefusal(400, "The request's body was cut short.")
        : plainRefusal(500, "The server could not answer that.");
    };
    try {
      const answer = this.#admit(request, address);
      return answer instanceof Promise ? answer.catch(failed) : answer;
    } catch (error) {
      return failed(error);
    }
  }

  /**
   * Every request from `address` (its key): turned away at the door when its
   * address asks too often, before anything else is done for it; else handled.
   */
  #admit(request: Request, address: string): Response | Promise<Response> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return plainRefusal(400, "That address cannot be read.");
    }
    const socket = url.pathname.startsWith("/ws/");
    const refusal = this.#door.refusal(address, socket, Date.now());
    if (refusal !== undefined) return plainRefusal(429, refusal);
    return socket ? this.#socketRequest(request, url, address) : this.#handle(request, url, address);
  }

  /**
   * A request for a socket. Every limit that can say no is asked first, with
   * nothing awaited: a refusal is answered at once, in plain text, and its
   * request costs the thread every game shares no more than that. A socket
   * let through has its slot taken, given back when it closes (or was not made).
   */
  #socketRequest(request: Request, url: URL, address: string): Response | Promise<Response> {
    if (!asksForWebSocket(request)) return plainRefusal(400, NOT_A_WEBSOCKET);
    if (request.method !== "GET") return plainRefusal(404, "There is nothing at that address.");
    const release = this.#socketCounts.take(address);
    if (typeof release !== "function") {
      this.#door.refusedPast(address, Date.now());
      return plainRefusal(503, release.refused);
    }
    // Replays are what a crowd asks for: they are counted, and let start only so often.
    const replay = REPLAY_SOCKET.exec(url.pathname)?.[1];
    const replayRefused = replay === undefined
      ? undefined
      : this.#replays >= this.options.limits.replays
      ? `As many replays are showing as may (${this.options.limits.replays}).`
      : !this.#replayStarts.take(Date.now())
      ? "Replays are starting as fast as they may: try again in a moment."
      : undefined;
    if (replayRefused !== undefined) {
      release();
      this.#door.refusedPast(address, Date.now());
      return plainRefusal(503, replayRefused);
    }
    return this.#socketRoute(request, url, release, address, replay).then((response) => {
      if (response.status !== 101) release();
      return response;
    }, () => {
      // Deno refuses to upgrade a request that asks for a socket without the rest of the handshake.
      release();
      return plainRefusal(400, NOT_A_WEBSOCKET);
    });
  }

  async #handle(request: Request, url: URL, address: string): Promise<Response> {
    const path = url.pathname;
    const method = request.method;
    const asset = ASSETS.get(path);
    if (asset && method === "GET") return new Response(asset.body, { headers: securityHeaders(asset.type) });
    // Browsers ask for an icon; Delve has none to give, and says so without a refusal page.
    if (path === "/favicon.ico") {
      return new Response(null, { status: 204, headers: securityHeaders("image/x-icon") });
    }
    if (method === "GET" && path === "/") return this.#page(lobbyPage(this.#lobby(this.#player(request))));
    if (method === "GET" && path === "/lobby.json") {
      return new Response(JSON.stringify({ live: this.#liveRows() }), {
        headers: securityHeaders("application/json"),
      });
    }
    if (method === "POST" && !postFromThisSite(request, this.options.publicOrigin)) {
      return this.#refuse(403, "That form was sent from another site's page.");
    }
    if (method === "POST" && (path === "/login" || path === "/register")) {
      return await this.#login(request, address, path === "/register");
    }
    if (method === "POST" && path === "/logout") {
      const token = sessionToken(request);
      if (token) this.#store.endSession(token);
      return this.#redirect("/", sessionCookie(undefined));
    }
    if (method === "GET" && path === "/games") {
      const n = /^[1-9][0-9]{0,5}$/.test(url.searchParams.get("page") ?? "")
        ? Number(url.searchParams.get("page"))
        : 1;
      const rows = this.#finishedRows(FINISHED_PAGE + 1, (n - 1) * FINISHED_PAGE);
      return this.#page(finishedPage(rows.slice(0, FINISHED_PAGE), n, rows.length > FINISHED_PAGE));
    }
    if (method === "GET" && path === "/play") {
      const player = this.#player(request);
      if (!player) return this.#redirect("/");
      if (this.#full(player)) return this.#refuse(503, fullLine(this.options.limits.games));
      return this.#page(gamePage("play", `${player} playing`));
    }
    const watch = /^\/watch\/([A-Za-z0-9_-]{1,64})$/.exec(path);
    if (method === "GET" && watch) {
      // A player's watch address is their name, whichever game they play; a live game's id still finds it.
      const player = this.#store.passwordOf(watch[1])
        ? watch[1]
        : this.#liveById(watch[1])?.host.options.player;
      if (!player) return this.#refuse(404, "No such player.");
      return this.#page(gamePage("watch", `watching ${player}`, player, player));
    }
    const morgue = /^\/games\/([A-Za-z0-9_-]{1,64})\/morgue$/.exec(path);
    if (method === "GET" && morgue && isGameId(morgue[1])) return await morgueFile(this.#parts, morgue[1]);
    const replay = /^\/games\/([A-Za-z0-9_-]{1,64})\/replay$/.exec(path);
    if (method === "GET" && replay && isGameId(replay[1])) {
      const game = this.#store.game(replay[1]);
      if (!game?.replayPath) return this.#refuse(404, "That game has no replay.");
      return this.#page(gamePage("replay", `${game.player}'s game, replayed`, replay[1]));
    }
    return this.#refuse(404, "There is nothing at that address.");
  }

  /**
   * A request for a socket let through its limits, its slot taken (`release`
   * gives it back); `replay`, the game id of a replay's socket, already let start.
   */
  async #socketRoute(
    request: Request,
    url: URL,
    release: () => void,
    address: string,
    replay: string | undefined,
  ): Promise<Response> {
    const path = url.pathname;
    const parts = this.#partsFor(release, address);
    if (path === "/ws/play") return await this.#playSocket(request, parts);
    const watchSocket = /^\/ws\/watch\/([A-Za-z0-9_-]{1,64})$/.exec(path);
    if (watchSocket) return watchConnection(parts, request, this.#liveOf(watchSocket[1])?.host);
    if (replay !== undefined && isGameId(replay)) {
      this.#replays++;
      const response = await replaySocket(
        {
          ...parts,
          track: (socket) => {
            this.#track(socket, release, () => this.#replays--);
            gateMessages(socket, this.options.limits.inputRate, parts, () => {});
          },
        },
        request,
        replay,
        url.searchParams.get("speed"),
      ).catch((error) => {
        this.#replays--;
        throw error;
      });
      if (response.status !== 101) this.#replays--;
      return response;
    }
    return plainRefusal(404, "There is nothing at that address.");
  }

  #redirect(to: string, cookie?: string): Response {
    const headers = securityHeaders("text/plain; charset=utf-8");
    headers.set("location", to);
    if (cookie) headers.set("set-cookie", cookie);
    return new Response(null, { status: 303, headers });
  }

  async #login(request: Request, address: string, register: boolean): Promise<Response> {
    const form = await readForm(request);
    const name = form?.get("name") ?? "", password = form?.get("password") ?? "";
    const refuse = (status: number, problem: string) =>
      this.#page(lobbyPage({ ...this.#lobby(), problem }), status);
    if (!form) return refuse(400, "Expected a form with a name and a password.");
    const badName = nameProblem(name);
    if (badName) return refuse(400, `The name: ${badName}.`);
    if (!this.#logins.allow(name, address, this.#now().getTime())) {
      return refuse(429, "Too many attempts: wait a minute and try again.");
    }
    if (register) {
      const badPassword = passwordProblem(password);
      if (badPassword) return refuse(400, `The password: ${badPassword}.`);
      if (!this.#store.addPlayer(name, await hashPassword(password))) {
        return refuse(409, "That name is taken.");
      }
    } else {
      const stored = this.#store.passwordOf(name);
      if (!stored || !(await verifyPassword(password, stored))) {
        return refuse(401, "That name and password do not match.");
      }
    }
    return this.#redirect("/", sessionCookie(this.#store.createSession(name, this.#now())));
  }

  /** The lobby as `player` sees it. */
  #lobby(player?: string): LobbyView {
    return {
      ...(player ? { player } : {}),
      live: this.#liveRows(),
      scores: this.#store.topScores(20),
      finished: this.#finishedRows(LOBBY_FINISHED, 0),
    };
  }

  /** Up to `limit` finished games, after skipping `offset`, newest first, as the pages list them. */
  #finishedRows(limit: number, offset: number): FinishedRow[] {
    return this.#store.finishedGames(limit, offset).map((g) => ({
      id: g.id,
      player: g.player,
      outcome: g.outcome ?? "",
      endedAt: g.endedAt ?? "",
      depth: g.depth,
      level: g.level,
      turns: g.turns,
      morgue: g.morguePath !== undefined,
      replay: g.replayPath !== undefined,
    }));
  }

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

  #liveById(id: string): Live | undefined {
    return [...this.#live.values()].find((l) => l.id === id && !l.host.ended);
  }

  async #playSocket(request: Request, parts: GameSockets): Promise<Response> {
    const player = this.#player(request);
    if (!player) return plainRefusal(401, "Log in to play.");
    if (!sameOrigin(request, this.options.publicOrigin)) {
      return plainRefusal(403, "That page may not play here.");
    }
    const key = player.toLowerCase();
    let live = this.#live.get(key);
    if (!live || live.host.ended) {
      let starting = this.#starting.get(key);
      if (!starting) {
        // The page is told why on its socket, not refused a socket it would show only as a failure.
        if (this.#full(player)) return refusedConnection(parts, request, fullLine(this.options.limits.games));
        starting = this.#startGame(player).finally(() => this.#starting.delete(key));
        this.#starting.set(key, starting);
      }
      live = await starting;
    }
    return playConnection(parts, request, live.host);
  }

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
      versions: this.#versions,
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
    const ended = host.done.then(() => {
      this.#keepProgress(live);
      this.#store.endGame(live.id, { outcome: LEFT_OUTCOME, now: this.#now() });
    }).catch((error) => this.#log(`${player}'s game could not be closed: ${errorLine(error)}`)).finally(
      () => {
        if (this.#live.get(player.toLowerCase()) === live) this.#live.delete(player.toLowerCase());
      },
    );
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
    const last = join(dir, "last-game.replay.json.gz");
    // The finished game's replay names the data it was played by: its version is kept while the replay is.
    void Deno.mkdir(join(dir, "replays"), { recursive: true })
      .then(() => Deno.copyFile(last, replayPath))
      .then(() => this.#versions.copyName(last, replayPath, true))
      .catch(() => {});
  }

  /** What the finished games' routes need of the server. */
  get #parts(): FinishedGames {
    return {
      store: this.#store,
      shelf: this.#shelf,
      replayShare: this.#replayShare,
      refuse: (status, line) => this.#refuse(status, line),
      track: (socket) => this.#track(socket),
    };
  }

  /** What one socket's route needs: the server's parts, its limits and counts, and its slot's release. */
  #partsFor(release: () => void, address: string): FinishedGames & GameSockets {
    return {
      ...this.#parts,
      // A socket's refusal is read by no one in a browser: plain text, at the least cost.
      refuse: plainRefusal,
      inputRate: this.options.limits.inputRate,
      watchers: this.options.limits.watchers,
      track: (socket) => this.#track(socket, release),
      dropped: () => this.droppedMessages++,
      refused: () => this.refusedMessages++,
      broke: () => this.#socketCounts.bar(address),
      failed: (what, error) => this.#log(`${what}: ${errorLine(error)}`),
    };
  }

  /** Keeps `socket` until it closes; then gives back its slot and whatever else `closed` frees. */
  #track(socket: WebSocket, ...closed: (() => void)[]): void {
    this.#sockets.add(socket);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.#sockets.delete(socket);
      for (const free of closed) free();
    };
    // A frame the socket cannot read (text that is not UTF-8) never reaches the game; the socket ends.
    socket.addEventListener("error", () => {
      this.refusedMessages++;
      end();
    });
    socket.addEventListener("close", end);
  }
}
