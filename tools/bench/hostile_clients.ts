/**
 * One hostile visitor of the browser server, run as a process of its own
 * by the hostile load bench (tools/bench/server_hostile.ts) so its own work
 * never stalls the players whose latency is measured. Each kind keeps at it
 * until killed, coming back whenever the server closes it:
 *
 * - `huge`: a 60 MB message each second on a watch socket;
 * - `replays`: a thousand replay sockets at once;
 * - `resizes`: a player resizing a hundred times a second, to 400x200 and back;
 * - `keys`: a player sending messages of 4,000 keys, as fast as the rate lets;
 * - `stalled-watcher`: a watcher that sends small frames and never reads;
 * - `stalled-player`: a player that never reads and resizes 95 times a second.
 *
 * @module
 */
import { Buffer } from "node:buffer";

/** The kinds, as the bench names them. */
export const HOSTILE_KINDS = [
  "huge",
  "replays",
  "resizes",
  "keys",
  "stalled-watcher",
  "stalled-player",
] as const;

/** One of {@link HOSTILE_KINDS}. */
export type HostileKind = typeof HOSTILE_KINDS[number];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Registers `name` and gives its session cookie. */
async function cookieOf(origin: string, name: string): Promise<string> {
  const response = await fetch(`${origin}/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name, password: "hostile password" }),
    redirect: "manual",
  });
  await response.body?.cancel();
  return response.headers.get("set-cookie")!.split(";")[0];
}

/** A WebSocket to `path`, open (or undefined when refused), closed or not as the server decides. */
function open(origin: string, path: string, cookie?: string): Promise<WebSocket | undefined> {
  const headers: Record<string, string> = { origin };
  if (cookie) headers.cookie = cookie;
  const socket = new WebSocket(`${origin.replace("http", "ws")}${path}`, { headers } as unknown as string[]);
  return new Promise((resolve) => {
    socket.addEventListener("open", () => resolve(socket));
    socket.addEventListener("error", () => resolve(undefined));
  });
}

const closed = (socket: WebSocket) =>
  socket.readyState === WebSocket.CLOSED || socket.readyState === WebSocket.CLOSING;

/** A client's masked text frame of `payload` bytes (any length). */
function maskedFrame(payload: Uint8Array): Uint8Array {
  const mask = crypto.getRandomValues(new Uint8Array(4));
  const extended = payload.length < 126 ? 0 : payload.length < 65536 ? 2 : 8;
  const frame = new Uint8Array(2 + extended + 4 + payload.length);
  frame[0] = 0x81;
  const view = new DataView(frame.buffer);
  if (extended === 0) frame[1] = 0x80 | payload.length;
  else if (extended === 2) [frame[1], frame[2], frame[3]] = [0x80 | 126, payload.length >> 8, payload.length & 255];
  else {
    frame[1] = 0x80 | 127;
    view.setBigUint64(2, BigInt(payload.length));
  }
  frame.set(mask, 2 + extended);
  const start = 2 + extended + 4;
  for (let i = 0; i < payload.length; i++) frame[start + i] = payload[i] ^ mask[i & 3];
  return frame;
}

/** A socket over raw TCP that never reads past the handshake's answer. */
async function neverReading(origin: string, path: string, cookie?: string): Promise<Deno.Conn> {
  const { hostname, port } = new URL(origin);
  const connection = await Deno.connect({ hostname, port: Number(port) });
  const key = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const request = `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${origin}\r\n` +
    (cookie ? `Cookie: ${cookie}\r\n` : "") +
    `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\n` +
    "Sec-WebSocket-Version: 13\r\n\r\n";
  await connection.write(new TextEncoder().encode(request));
  await connection.read(new Uint8Array(1024));
  return connection;
}

/** Sends `text` frames from `next` every `everyMs` on a socket that never reads; back again when it fails. */
async function stalled(
  origin: string,
  path: () => Promise<string>,
  everyMs: number,
  next: (k: number) => string,
  cookie?: string,
): Promise<never> {
  for (;;) {
    const connection = await neverReading(origin, await path(), cookie).catch(() => undefined);
    try {
      for (let k = 0; connection; k++) {
        await connection.write(maskedFrame(new TextEncoder().encode(next(k))));
        await sleep(everyMs);
      }
    } catch {
      // The server closed it: come back.
    }
    connection?.close();
    await sleep(100);
  }
}

/** A player socket of a new name `name` on its game, the game started. */
async function playing(origin: string, name: string): Promise<WebSocket> {
  const cookie = await cookieOf(origin, name);
  for (;;) {
    const socket = await open(origin, "/ws/play", cookie);
    if (socket) {
      socket.send(JSON.stringify({ type: "input", data: "n" }));
      return socket;
    }
    await sleep(500);
  }
}

/** Runs the visitor `kind` against `origin` until the process is killed. */
export async function runHostile(kind: HostileKind, origin: string, watchId: string, replayId: string) {
  const text = (data: string) => JSON.stringify({ type: "input", data });
  const resize = (columns: number, rows: number) => JSON.stringify({ type: "resize", columns, rows });
  switch (kind) {
    case "huge": {
      const huge = "x".repeat(60 * 1024 * 1024);
      for (;;) {
        const socket = await open(origin, `/ws/watch/${watchId}`);
        // Closed after each (as it should be), it comes back for the next second's.
        while (socket && !closed(socket)) {
          socket.send(huge);
          await sleep(1000);
        }
        if (!socket) await sleep(1000);
      }
    }
    case "replays":
      for (;;) {
        const sockets = await Promise.all([...Array(1000)].map(() => open(origin, `/ws/replay/${replayId}`)));
        await sleep(1000);
        for (const socket of sockets) socket?.close();
      }
    case "resizes": {
      const socket = await playing(origin, "hostile-resizes");
      for (let k = 0;; k++) {
        if (closed(socket)) return await runHostile(kind, origin, watchId, replayId);
        socket.send(k % 2 ? resize(400, 200) : resize(299, 119));
        await sleep(10);
      }
    }
    case "keys": {
      const socket = await playing(origin, "hostile-keys");
      const keys = "hjklyubn".repeat(500);
      for (;;) {
        if (closed(socket)) return await runHostile(kind, origin, watchId, replayId);
        socket.send(text(keys));
        await sleep(10);
      }
    }
    case "stalled-watcher":
      return await stalled(origin, () => Promise.resolve(`/ws/watch/${watchId}`), 10, () => text("x"));
    case "stalled-player": {
      const cookie = await cookieOf(origin, "hostile-stalled");
      return await stalled(
        origin,
        () => Promise.resolve("/ws/play"),
        Math.round(1000 / 95),
        (k) => k === 0 ? text("n") : k % 2 ? resize(400, 200) : resize(299, 119),
        cookie,
      );
    }
  }
}

if (import.meta.main) {
  const [kind, origin, watchId, replayId] = Deno.args;
  if (!HOSTILE_KINDS.includes(kind as HostileKind)) {
    console.error(`hostile_clients.ts: expected one of ${HOSTILE_KINDS.join(", ")}, found "${kind}"`);
    Deno.exit(2);
  }
  await runHostile(kind as HostileKind, origin, watchId, replayId);
}
