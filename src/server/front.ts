/**
 * The server's front (docs/server.md, Threads): every request and socket,
 * on a thread of its own beside the games. It keeps the door, serves the
 * pages, logs players in, shows finished games and their replays, and
 * passes what a live game needs (a page opened, its keys, sizes and
 * backlog, its going) to the games' thread, sending its pages what comes
 * back. A crowd at the door, a replay, or a message of many megabytes
 * costs this thread, never the one that plays the games.
 *
 * @module
 */
import { ASSETS } from "./assets.ts";
import { AddressDoor, addressKey } from "./address_door.ts";
import { type FinishedGames, morgueFile, replaySocket } from "./finished_games.ts";
import type {
  ChannelEnd,
  FromFront,
  FrontCounts,
  FrontOptions,
  LiveGames,
  Refusal,
  ToFront,
} from "./front_channel.ts";
import { FrontPages } from "./front_pages.ts";
import { type GameSockets, playConnection, sameOrigin, watchConnection } from "./game_sockets.ts";
import {
  asksForWebSocket,
  NOT_A_WEBSOCKET,
  plainRefusal,
  postFromThisSite,
  readForm,
  securityHeaders,
  sessionCookie,
  sessionToken,
  TokenBucket,
} from "./http_parts.ts";
import { LoginLimiter } from "./login_limiter.ts";
import {
  FINISHED_PAGE,
  finishedPage,
  type FinishedRow,
  gamePage,
  LOBBY_FINISHED,
  lobbyPage,
  type LobbyView,
  problemPage,
} from "./pages.ts";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";
import { nameProblem } from "./player_names.ts";
import { PauseProbe } from "./server_health.ts";
import { fullLine, REPLAY_SHARE, REPLAY_STARTS_PER_SECOND } from "./server_limits.ts";
import { SocketCounts } from "./socket_limits.ts";
import { gateMessages } from "./socket_limits.ts";
import { isGameId, ServerStore } from "./store.ts";
import { TimeShare } from "./time_share.ts";
import { join } from "node:path";

/** A replay's socket: its game's id. */
const REPLAY_SOCKET = /^\/ws\/replay\/([A-Za-z0-9_-]{1,64})$/;

/** The front, listening; {@link Front.stop} closes every socket and stops listening. */
export class Front {
  readonly #store: ServerStore;
  readonly #logins: LoginLimiter;
  readonly #sockets = new Set<WebSocket>();
  readonly #socketCounts: SocketCounts;
  readonly #door: AddressDoor;
  readonly #pages: FrontPages;
  readonly #pause = new PauseProbe();
  #replays = 0;
  readonly #replayStarts = new TokenBucket(REPLAY_STARTS_PER_SECOND, Date.now());
  /** The front's time the replays spend between them. */
  readonly #replayShare = new TimeShare(REPLAY_SHARE);
  /** The live games as the games' thread last told them. */
  #games: LiveGames = { rows: [], busy: [], taken: 0 };
  /** Watchers asking to be let in, by the number of their ask. */
  readonly #asks = new Map<number, (refusal: Refusal | undefined) => void>();
  #nextAsk = 1;
  #http: Deno.HttpServer | undefined;
  #droppedMessages = 0;
  #refusedMessages = 0;

  private constructor(readonly options: FrontOptions, readonly games: ChannelEnd<FromFront>) {
    this.#store = ServerStore.open(join(options.stateDir, "delve.sqlite"));
    this.#logins = new LoginLimiter({ perMinute: options.limits.logins });
    this.#socketCounts = new SocketCounts(options.limits.socketsPerAddress, options.limits.sockets);
    this.#door = new AddressDoor({
      requestsPerSecond: options.limits.requestRate,
      socketsPerSecond: options.limits.socketRate,
    });
    this.#pages = new FrontPages(games);
  }

  /** Opens the store and listens; resolves once the port is bound. */
  static async start(options: FrontOptions, games: ChannelEnd<FromFront>): Promise<Front> {
    const front = new Front(options, games);
    const listening = Promise.withResolvers<void>();
    try {
      front.#http = Deno.serve({
        hostname: options.hostname,
        port: options.port,
        onListen: () => listening.resolve(),
      }, (request, info) => front.#admit(request, addressKey(info.remoteAddr.hostname)));
    } catch (error) {
      front.#close();
      throw error;
    }
    await listening.promise;
    return front;
  }

  /** Where the front listens. */
  get address(): Deno.NetAddr {
    return this.#http!.addr as Deno.NetAddr;
  }

  /** What the games' thread says: what to send a page, its live games, answers; to stop. */
  async hear(message: ToFront): Promise<void> {
    switch (message.type) {
      case "send":
        return this.#pages.send(message.page, message.text);
      case "close":
        return this.#pages.close(message.page, message.code, message.reason);
      case "games":
        this.#games = message.games;
        return;
      case "watcher":
        this.#asks.get(message.ask)?.(message.refusal);
        this.#asks.delete(message.ask);
        return;
      case "counts":
        return this.games.postMessage({ type: "counts", ask: message.ask, counts: this.#counts() });
      case "stop":
        await this.#stop(message.reason);
        return this.games.postMessage({ type: "stopped" });
      case "start":
        return;
    }
  }

  #counts(): FrontCounts {
    let largestBacklog = 0;
    for (const socket of this.#sockets) largestBacklog = Math.max(largestBacklog, socket.bufferedAmount);
    return {
      droppedMessages: this.#droppedMessages,
      refusedMessages: this.#refusedMessages,
      refusedAtDoor: this.#door.refused,
      openSockets: this.#socketCounts.open,
      largestBacklog,
      longestPauseMs: this.#pause.take(),
    };
  }

  /** Closes every socket with `reason`, stops listening and closes the store. */
  async #stop(reason: string): Promise<void> {
    for (const socket of this.#sockets) socket.close(1001, reason);
    await this.#http?.shutdown();
    this.#close();
  }

  #close(): void {
    this.#pages.stop();
    this.#pause.stop();
    this.#store.close();
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
    return token === undefined ? undefined : this.#store.sessionPlayer(token, new Date());
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
   * nothing awaited: a refusal is answered at once, in plain text, at the
   * least cost. A socket let through has its slot taken, given back when it
   * closes (or was not made).
   */
  #socketRequest(request: Request, url: URL, address: string): Response | Promise<Response> {
    if (!asksForWebSocket(request)) return plainRefusal(400, NOT_A_WEBSOCKET);
    if (request.method !== "GET") return plainRefusal(404, "There is nothing at that address.");
    const release = this.#socketCounts.take(address);
    if (typeof release !== "function") return plainRefusal(503, release.refused);
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
      return new Response(JSON.stringify({ live: this.#games.rows }), {
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
        : this.#games.rows.find((row) => row.id === watch[1])?.player;
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

  /** Whether `player` would be refused a game now, as the games' thread last told the front. */
  #full(player: string): boolean {
    const { busy, taken } = this.#games;
    return !busy.includes(player.toLowerCase()) && taken >= this.options.limits.games;
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
    if (path === "/ws/play") {
      const player = this.#player(request);
      if (!player) return plainRefusal(401, "Log in to play.");
      if (!sameOrigin(request, this.options.publicOrigin)) {
        return plainRefusal(403, "That page may not play here.");
      }
      return playConnection(parts, request, player);
    }
    const watchSocket = /^\/ws\/watch\/([A-Za-z0-9_-]{1,64})$/.exec(path);
    if (watchSocket) return await watchConnection(parts, request, watchSocket[1]);
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
    if (!this.#logins.allow(name, address, Date.now())) {
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
    return this.#redirect("/", sessionCookie(this.#store.createSession(name, new Date())));
  }

  /** The lobby as `player` sees it. */
  #lobby(player?: string): LobbyView {
    return {
      ...(player ? { player } : {}),
      live: this.#games.rows,
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

  /** Asks the games' thread to let page `page` watch `game`; resolves to why not, or undefined. */
  #letWatcherIn(page: number, game: string): Promise<Refusal | undefined> {
    const ask = this.#nextAsk++;
    const answered = Promise.withResolvers<Refusal | undefined>();
    this.#asks.set(ask, answered.resolve);
    this.games.postMessage({ type: "letWatcherIn", ask, page, game });
    return answered.promise;
  }

  /** What the finished games' routes need of the front. */
  get #parts(): FinishedGames {
    return {
      store: this.#store,
      content: this.options.content,
      replayShare: this.#replayShare,
      refuse: (status, line) => this.#refuse(status, line),
      track: (socket) => this.#track(socket),
    };
  }

  /** What one socket's route needs: the front's parts, its limits and counts, and its slot's release. */
  #partsFor(release: () => void, address: string): FinishedGames & GameSockets {
    return {
      ...this.#parts,
      // A socket's refusal is read by no one in a browser: plain text, at the least cost.
      refuse: plainRefusal,
      inputRate: this.options.limits.inputRate,
      track: (socket) => this.#track(socket, release),
      pages: this.#pages,
      games: this.games,
      letWatcherIn: (page, game) => this.#letWatcherIn(page, game),
      dropped: () => this.#droppedMessages++,
      refused: () => this.#refusedMessages++,
      broke: () => this.#socketCounts.bar(address),
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
      this.#refusedMessages++;
      end();
    });
    socket.addEventListener("close", end);
  }
}
