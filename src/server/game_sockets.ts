/**
 * A live game's WebSockets, at the front (docs/server.md): the player's,
 * whose keys and sizes go on to the game within the input rate, and a
 * watcher's, which sees the game and sends nothing. Which game a socket
 * joins, and whether it may, is the games' thread's to decide: these only
 * make the socket, give it its page number and pass its messages on.
 *
 * @module
 */
import type { ChannelEnd, FromFront, Refusal } from "./front_channel.ts";
import type { FrontPages } from "./front_pages.ts";
import { WATCHER_BACKLOG_BYTES } from "./game_host.ts";
import { ownOrigins } from "./http_parts.ts";
import { readClientMessage, serverMessage } from "./protocol.ts";
import { type GateCounts, gateMessages, refuseMessages } from "./socket_limits.ts";

/** What a game's sockets need of the front: its limits, its pages, its list of sockets and its counts. */
export interface GameSockets extends GateCounts {
  /** Messages a second one connection may send. */
  readonly inputRate: number;
  readonly refuse: (status: number, line: string) => Response;
  readonly track: (socket: WebSocket) => void;
  readonly pages: FrontPages;
  readonly games: ChannelEnd<FromFront>;
  /** Asks the games' thread to let page `page` watch `game` (a player's name or a game id). */
  readonly letWatcherIn: (page: number, game: string) => Promise<Refusal | undefined>;
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
 * The socket of `player`'s page, upgraded from `request` (already checked to
 * ask for one, logged in and from this site): once open, the games' thread
 * gives it the player's game (or tells it why not), and its messages go on
 * within the input rate.
 */
export function playConnection(server: GameSockets, request: Request, player: string): Response {
  const { socket, response } = Deno.upgradeWebSocket(request);
  server.track(socket);
  const page = server.pages.reserve();
  server.pages.add(page, socket);
  socket.addEventListener("open", () => server.games.postMessage({ type: "play", page, player }));
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
    const message = read.message;
    if (message.type === "input") server.games.postMessage({ type: "input", page, data: message.data });
    else if (message.type === "resize") {
      server.games.postMessage({ type: "resize", page, columns: message.columns, rows: message.rows });
    }
  });
  return response;
}

/**
 * A watcher's socket to the live game `game` (a player's name or a game
 * id), refused when there is none or it has as many watchers as it may.
 */
export async function watchConnection(
  server: GameSockets,
  request: Request,
  game: string,
): Promise<Response> {
  // The page is counted as it is let in, before its socket opens: many watchers at once get exactly the limit.
  const page = server.pages.reserve();
  const refusal = await server.letWatcherIn(page, game);
  if (refusal) return server.refuse(refusal.status, refusal.line);
  let upgrade: Deno.WebSocketUpgrade;
  try {
    upgrade = Deno.upgradeWebSocket(request);
  } catch (error) {
    server.pages.gone(page);
    throw error;
  }
  const { socket, response } = upgrade;
  server.track(socket);
  server.pages.add(page, socket);
  refuseMessages(socket, server);
  socket.addEventListener("open", () => server.games.postMessage({ type: "watch", page }));
  return response;
}
