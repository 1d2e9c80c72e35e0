/**
 * Finished games (docs/server.md, Games): a game's morgue file as text, and
 * its replay shown to a page at the speed it asks for, drawn by the same
 * showing `deno task replay` uses.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import {
  type DataShelf,
  decodeRecording,
  readJsonFile,
  recordedData,
  type Recording,
  REPLAY_LIMITS,
  ReplayError,
} from "../store/mod.ts";
import { showReplay } from "../app/mod.ts";
import { ENTER_SEQUENCE } from "../terminal/mod.ts";
import { asksForWebSocket, NOT_A_WEBSOCKET, securityHeaders } from "./http_parts.ts";
import { WATCHER_BACKLOG_BYTES } from "./game_host.ts";
import { REPLAY_SPEEDS } from "./pages.ts";
import { readClientMessage, serverMessage } from "./protocol.ts";
import { CLOSE_POLICY } from "./socket_limits.ts";
import { SocketTerminal } from "./socket_terminal.ts";
import type { ServerStore } from "./store.ts";
import type { TimeShare } from "./time_share.ts";

/**
 * What the routes need of the server: its store, where a game's data is
 * found, the share of its thread its replays spend between them, its
 * refusals, and its list of sockets.
 */
export interface FinishedGames {
  readonly store: ServerStore;
  /** The data each replay is played by, found by the checksum of its rules (docs/server.md, Games). */
  readonly shelf: DataShelf;
  readonly replayShare: TimeShare;
  readonly refuse: (status: number, line: string) => Response;
  readonly track: (socket: WebSocket) => void;
}

/** The morgue file of game `id`, as text. */
export async function morgueFile(server: FinishedGames, id: string): Promise<Response> {
  const path = server.store.game(id)?.morguePath;
  if (!path) return server.refuse(404, "That game has no morgue file.");
  const text = await Deno.readTextFile(path).catch(() => undefined);
  if (text === undefined) return server.refuse(404, "That game's morgue file is gone.");
  return new Response(text, { headers: securityHeaders("text/plain; charset=utf-8") });
}

/**
 * The data `recording` was played by, found on `shelf` by its checksum; or,
 * when it is nowhere, the line that says so, naming the checksum.
 */
async function dataOf(shelf: DataShelf, recording: Recording): Promise<Content | string> {
  const { checksum, folder } = recordedData(recording);
  const found = await shelf.find(checksum);
  if (found.kind === "missing" || found.kind === "refused") {
    const named = folder === undefined ? "" : ` of ${JSON.stringify(folder)}`;
    return `This game was played with data ${checksum}${named}, which this server keeps nowhere: its replay cannot be shown.`;
  }
  return found.content;
}

/** Game `id` shown from its replay at `speedText` commands a second (10 when not one of the page's). */
export async function replaySocket(
  server: FinishedGames,
  request: Request,
  id: string,
  speedText: string | null,
): Promise<Response> {
  const path = server.store.game(id)?.replayPath;
  if (!path) return server.refuse(404, "That game has no replay.");
  if (!asksForWebSocket(request)) return server.refuse(400, NOT_A_WEBSOCKET);
  let recording: Recording;
  try {
    const read = await readJsonFile(path, "replay", REPLAY_LIMITS);
    if (read.kind !== "read") return server.refuse(404, "That game's replay cannot be read.");
    recording = decodeRecording(read.json);
  } catch {
    return server.refuse(404, "That game's replay cannot be read.");
  }
  const data = await dataOf(server.shelf, recording);
  const { socket, response } = Deno.upgradeWebSocket(request);
  server.track(socket);
  let open = true;
  // The page's controls: pause, speed and a turn to go to, taken by the showing as it goes.
  const controls = {
    speed: REPLAY_SPEEDS.find((n) => String(n) === speedText) ?? 10 as number,
    paused: false,
    turn: undefined as number | undefined,
  };
  socket.addEventListener("close", () => (open = false));
  socket.addEventListener("message", (event) => {
    const read = readClientMessage(event.data);
    if (!("message" in read) || read.message.type !== "replay") return;
    controls.speed = read.message.speed;
    controls.paused = read.message.paused;
    if (read.message.turn !== undefined) controls.turn = read.message.turn;
  });
  socket.addEventListener("open", async () => {
    if (typeof data === "string") {
      // Told on the page, whose socket then closes: the replay file is kept, to be watched once its data is.
      socket.send(serverMessage({ type: "notice", text: data }));
      socket.close(1000, "The replay cannot be shown.");
      return;
    }
    const send = (text: string) => {
      // A replay's frames build on each other, none can be skipped: a page that stops reading is let go.
      if (open && socket.bufferedAmount > WATCHER_BACKLOG_BYTES) {
        socket.close(CLOSE_POLICY, "The page stopped reading.");
      } else if (open) socket.send(serverMessage({ type: "output", data: text }));
    };
    const terminal = new SocketTerminal(80, 24, send);
    socket.send(serverMessage({ type: "size", columns: 80, rows: 24 }));
    send(ENTER_SEQUENCE);
    const pace = {
      get speed() {
        return controls.speed;
      },
      colorDepth: "truecolor" as const,
      stopped: () => !open,
      waitAtEnd: false,
      paused: () => controls.paused,
      seek: () => {
        const turn = controls.turn;
        controls.turn = undefined;
        return turn;
      },
      spent: (ms: number) => server.replayShare.spend(ms),
    };
    // A replay that does not play back the same stops there, and the page is told where.
    const end = await showReplay(terminal, recording, data, pace).then(
      () => "The replay is over.",
      (e: unknown) => e instanceof ReplayError ? `The replay stopped: ${e.message}.` : "The replay is over.",
    );
    if (open) socket.send(serverMessage({ type: "notice", text: end }));
  });
  return response;
}
