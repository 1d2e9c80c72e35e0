/**
 * A live game's WebSockets (docs/server.md): the player's, whose keys and
 * sizes reach the game within the input rate, and a watcher's, which sees
 * the game and sends nothing. Which game a socket joins, and whether it
 * may, is the server's to decide before it calls these.
 *
 * @module
 */
import { type GameHost, type Sink, WATCHER_BACKLOG_BYTES } from "./game_host.ts";
import { asksForWebSocket, NOT_A_WEBSOCKET, ownOrigins } from "./http_parts.ts";
import { readClientMessage, serverMessage } from "./protocol.ts";
import { CLOSE_TRY_LATER, type GateCounts, gateMessages, refuseMessages } from "./socket_limits.ts";

/** What a game's sockets need of the server: its limits, its refusals, its list of sockets and its counts. */
export interface GameSockets extends GateCounts {
  /** Messages a second one connection may send. */
  readonly inputRate: number;
  /** Watchers of one game. */
  readonly watchers: number;
  readonly refuse: (status: number, line: string) => Response;
  readonly track: (socket: WebSocket) => void;
  /** Something a socket set going failed where no page can be told: `what`, and why (the operator's log). */
  readonly failed: (what: string, error: unknown) => void;
}

/**
 * Whether the socket's page comes from this server (a page elsewhere may not
 * drive a player's game): its own address, or `publicOrigin` behind a proxy.
 */
export function sameOrigin(request: Request, publicOrigin?: string): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && ownOrigins(request, publicOrigin).includes(origin);
}

/**
 * The player's socket to their game `host`, upgraded from `request` (already
 * checked to ask for one): once open it takes the game over from any page
 * that had it, and its messages reach the game within the input rate.
 */
export function playConnection(server: GameSockets, request: Request, host: GameHost): Response {
  const { socket, response } = Deno.upgradeWebSocket(request);
  server.track(socket);
  socket.addEventListener("open", () => {
    const before = host.attach(socket as Sink, 80, 24);
    if (before instanceof WebSocket) before.close(4001, "This game was taken over by another page.");
  });
  gateMessages(socket, server.inputRate, server, (data) => {
    const read = readClientMessage(data);
    if ("problem" in read) {
      server.refused();
      // Told why, when the page has room for it: a page that does not read is not answered.
      if (socket.bufferedAmount <= WATCHER_BACKLOG_BYTES) {
        socket.send(serverMessage({ type: "notice", text: `Refused: ${read.problem}.` }));
      }
      return;
    }
    if (!host.isPlayer(socket as Sink)) return;
    if (read.message.type === "input") host.input(read.message.data);
    else if (read.message.type === "resize") host.resize(read.message.columns, read.message.rows);
  });
  socket.addEventListener("close", () => {
    // Its page gone, the game is saved: a save that fails is the operator's to hear of.
    host.detach(socket as Sink).catch((error) =>
      server.failed(`saving ${host.options.player}'s game`, error)
    );
  });
  return response;
}

/**
 * The player's socket, upgraded only to be told `line` (why they may not
 * play now) and closed: a page sees the reason, where a refused upgrade
 * would show it only a connection that failed.
 */
export function refusedConnection(server: GameSockets, request: Request, line: string): Response {
  const { socket, response } = Deno.upgradeWebSocket(request);
  server.track(socket);
  refuseMessages(socket, server);
  socket.addEventListener("open", () => {
    socket.send(serverMessage({ type: "notice", text: line }));
    socket.close(CLOSE_TRY_LATER, line.length > 120 ? `${line.slice(0, 119)}…` : line);
  });
  return response;
}

/** A watcher's socket to the live game `host` (undefined for none), refused when it has as many as it may. */
export function watchConnection(server: GameSockets, request: Request, host: GameHost | undefined): Response {
  if (!host) return server.refuse(404, "No such game is being played.");
  if (!asksForWebSocket(request)) return server.refuse(400, NOT_A_WEBSOCKET);
  // Counted now, before the socket opens: many watchers arriving at once get exactly the limit.
  if (!host.letWatcherIn(server.watchers)) {
    return server.refuse(503, `This game has as many watchers as it may (${server.watchers}).`);
  }
  let upgrade: Deno.WebSocketUpgrade;
  try {
    upgrade = Deno.upgradeWebSocket(request);
  } catch (error) {
    host.watcherNeverCame();
    throw error;
  }
  const { socket, response } = upgrade;
  server.track(socket);
  refuseMessages(socket, server);
  socket.addEventListener("open", () => host.watch(socket as Sink));
  socket.addEventListener("close", () => host.unwatch(socket as Sink));
  return response;
}
