/**
 * A live game's WebSockets (docs/server.md): the player's, whose keys and
 * sizes reach the game within the input rate, and a watcher's, which sees
 * the game and whose keys go nowhere. Which game a socket joins, and whether
 * it may, is the server's to decide before it calls these.
 *
 * @module
 */
import type { GameHost, Sink } from "./game_host.ts";
import { asksForWebSocket, NOT_A_WEBSOCKET, ownOrigins, TokenBucket } from "./http_parts.ts";
import { readClientMessage, serverMessage } from "./protocol.ts";

/** What a game's sockets need of the server: its limits, its refusals, its list of sockets and its counts. */
export interface GameSockets {
  /** Messages a second one connection may send. */
  readonly inputRate: number;
  /** Watchers of one game. */
  readonly watchers: number;
  readonly refuse: (status: number, line: string) => Response;
  readonly track: (socket: WebSocket) => void;
  /** Counts a message dropped over the input rate. */
  readonly dropped: () => void;
  /** Counts a message refused (malformed, binary, oversize). */
  readonly refused: () => void;
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
  const bucket = new TokenBucket(server.inputRate, Date.now());
  server.track(socket);
  socket.addEventListener("open", () => {
    const before = host.attach(socket as Sink, 80, 24);
    if (before instanceof WebSocket) before.close(4001, "This game was taken over by another page.");
  });
  socket.addEventListener("message", (event) => {
    if (!bucket.take(Date.now())) {
      server.dropped();
      return;
    }
    const read = readClientMessage(event.data);
    if ("problem" in read) {
      server.refused();
      socket.send(serverMessage({ type: "notice", text: `Refused: ${read.problem}.` }));
      return;
    }
    if (!host.isPlayer(socket as Sink)) return;
    if (read.message.type === "input") host.input(read.message.data);
    else if (read.message.type === "resize") host.resize(read.message.columns, read.message.rows);
  });
  socket.addEventListener("close", () => void host.detach(socket as Sink));
  return response;
}

/** A watcher's socket to the live game `host` (undefined for none), refused when it has as many as it may. */
export function watchConnection(server: GameSockets, request: Request, host: GameHost | undefined): Response {
  if (!host) return server.refuse(404, "No such game is being played.");
  if (host.watchers >= server.watchers) {
    return server.refuse(503, `This game has as many watchers as it may (${server.watchers}).`);
  }
  if (!asksForWebSocket(request)) return server.refuse(400, NOT_A_WEBSOCKET);
  const { socket, response } = Deno.upgradeWebSocket(request);
  server.track(socket);
  socket.addEventListener("open", () => void host.watch(socket as Sink));
  socket.addEventListener("message", () => {
    socket.send(serverMessage({ type: "notice", text: "Watching: keys go nowhere." }));
  });
  socket.addEventListener("close", () => host.unwatch(socket as Sink));
  return response;
}
