/**
 * What one visitor may cost the server's sockets, over real sockets to a
 * server on a loopback port: messages over the size limit end their socket
 * (and bar their address a while),
 * a flood is dropped and then closed, an address holds only so many sockets,
 * watchers arriving at once get exactly the limit, a watcher's messages get
 * no answer, a socket that never reads holds a bounded backlog, and a game
 * whose player left is saved and its place freed.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { Buffer } from "node:buffer";
import { CLOSE_POLICY, CLOSE_TOO_BIG, MAX_MESSAGE_BYTES, WATCHER_BACKLOG_BYTES } from "../src/server/mod.ts";
import { sessionOf, startTestServer, TestPage, type TestServer } from "./support/delve_server.ts";

/** The code `page`'s socket closed with, or -1 when it is still open after every check. */
async function closeCode(page: TestPage): Promise<number> {
  const code = page.closed.then((event) => event.code);
  if (!(await eventually(() => page.socket.readyState === WebSocket.CLOSED))) return -1;
  return await code;
}

/** A player's page of `name` on its title, on `served`. */
async function onTitle(served: TestServer, name: string, again = false): Promise<TestPage> {
  const { cookie } = await sessionOf(served.origin, name, "correct horse", again);
  const page = await TestPage.open(served.origin, "/ws/play", cookie);
  await page.waitFor((s) => s.includes("[N] Play a new game"), "the title");
  return page;
}

/** The id of the one live game. */
async function liveId(origin: string): Promise<string> {
  return (await (await fetch(`${origin}/lobby.json`)).json()).live[0].id;
}

/** Waits for `test`, checking every 20 ms, at most `tries` times; false when it never held. */
async function eventually(test: () => boolean | Promise<boolean>, tries = 250): Promise<boolean> {
  for (let k = 0; k < tries; k++) {
    if (await test()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

Deno.test("a message over the size limit ends its socket, the player's and a watcher's, changes nothing and bars the address", async () => {
  await using served = await startTestServer();
  await using page = await onTitle(served, "ana");
  await using watcher = await TestPage.open(served.origin, `/ws/watch/${await liveId(served.origin)}`);
  watcher.send("x".repeat(MAX_MESSAGE_BYTES + 1));
  equal(await closeCode(watcher), CLOSE_TOO_BIG);
  page.send(JSON.stringify({ type: "input", data: "n".repeat(MAX_MESSAGE_BYTES) }));
  equal(await closeCode(page), CLOSE_TOO_BIG);
  const live = (await (await fetch(`${served.origin}/lobby.json`)).json()).live;
  equal(live[0].depth, 0, "the n in it never reached the game: still on the title");
  const barred = await fetch(`${served.origin}/ws/watch/${live[0].id}`, {
    headers: { upgrade: "websocket" },
  });
  equal(barred.status, 503, "the address that sent it may open no socket for a while");
  // Two messages over the limit from one address: the second bar is twice the first.
  ok((await barred.text()).includes("wait 2 minutes"));
});

Deno.test("a socket over the input rate has the excess dropped and counted; one that floods on is closed", async () => {
  await using served = await startTestServer({ inputRate: 5 });
  await using page = await onTitle(served, "ben");
  for (let k = 0; k < 200; k++) page.send({ type: "resize", columns: 80, rows: 24 });
  // The server closes it with unread messages in flight: the client may see the close as abrupt.
  ok(await eventually(() => page.socket.readyState === WebSocket.CLOSED), "closed");
  ok(served.server.droppedMessages > 50, `dropped ${served.server.droppedMessages}`);
});

Deno.test("an address holds at most its number of sockets; one closed frees its place", async () => {
  await using served = await startTestServer({ socketsPerAddress: 3 });
  await using page = await onTitle(served, "cal");
  const id = await liveId(served.origin);
  const watchers = [
    await TestPage.open(served.origin, `/ws/watch/${id}`),
    await TestPage.open(served.origin, `/ws/watch/${id}`),
  ];
  const over = await fetch(`${served.origin}/ws/watch/${id}`, {
    headers: { upgrade: "websocket" },
  });
  equal(over.status, 503);
  ok((await over.text()).includes("as many connections open as it may (3)"));
  await watchers[0][Symbol.asyncDispose]();
  ok(await eventually(() => served.server.openSockets === 2), "the closed socket's place given back");
  await using fourth = await TestPage.open(served.origin, `/ws/watch/${id}`);
  await fourth.waitFor((s) => s.includes("[N] Play a new game"), "the watched title");
  await watchers[1][Symbol.asyncDispose]();
  ok((await page.text()).includes("[N] Play a new game"));
});

Deno.test("a hundred watchers opening at once get exactly the watcher limit", async () => {
  await using served = await startTestServer({
    watchers: 20,
    socketsPerAddress: 500,
    socketRate: 500,
    requestRate: 500,
  });
  await using _page = await onTitle(served, "dot");
  const id = await liveId(served.origin);
  const url = `${served.origin.replace("http", "ws")}/ws/watch/${id}`;
  const sockets = [...Array(100)].map(() => new WebSocket(url));
  const outcomes = await Promise.all(sockets.map((socket) =>
    new Promise<boolean>((resolve) => {
      socket.addEventListener("open", () => resolve(true));
      socket.addEventListener("error", () => resolve(false));
    })
  ));
  equal(outcomes.filter(Boolean).length, 20);
  const info = (await (await fetch(`${served.origin}/lobby.json`)).json()).live[0];
  equal(info.watchers, 20);
  await Promise.all(sockets.map((socket) => {
    if (socket.readyState === WebSocket.CLOSED) return;
    const closed = new Promise((resolve) => socket.addEventListener("close", resolve));
    socket.close();
    return closed;
  }));
});

Deno.test("junk sent to a watcher gets no answer: the watcher is closed", async () => {
  await using served = await startTestServer();
  await using _page = await onTitle(served, "eve");
  await using watcher = await TestPage.open(served.origin, `/ws/watch/${await liveId(served.origin)}`);
  await watcher.waitFor((s) => s.includes("[N] Play a new game"), "the watched title");
  const before = watcher.messages.length;
  watcher.send("junk");
  equal(await closeCode(watcher), CLOSE_POLICY);
  deepEqual(watcher.messages.slice(before), [], "nothing sent back");
  equal(served.server.refusedMessages, 1);
});

/** A WebSocket client over raw TCP that reads nothing after the handshake; it can send short text. */
async function neverReading(origin: string, path: string, cookie?: string): Promise<Deno.Conn> {
  const { hostname, port } = new URL(origin);
  const connection = await Deno.connect({ hostname, port: Number(port) });
  const key = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const request = `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${origin}\r\n` +
    (cookie ? `Cookie: ${cookie}\r\n` : "") +
    `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\n` +
    "Sec-WebSocket-Version: 13\r\n\r\n";
  await connection.write(new TextEncoder().encode(request));
  const head = new Uint8Array(1024);
  const n = await connection.read(head);
  ok(new TextDecoder().decode(head.subarray(0, n ?? 0)).startsWith("HTTP/1.1 101"), "upgraded");
  return connection;
}

/** A client's masked text frame of `text` (under 126 bytes). */
function textFrame(text: string): Uint8Array {
  const payload = new TextEncoder().encode(text);
  const frame = new Uint8Array(6 + payload.length);
  frame.set([0x81, 0x80 | payload.length, 7, 8, 9, 10]);
  payload.forEach((b, i) => (frame[6 + i] = b ^ [7, 8, 9, 10][i % 4]));
  return frame;
}

Deno.test("a player and a watcher that never read hold at most the backlog bound queued, however many frames", async () => {
  await using served = await startTestServer({}, { resizeGapMs: 0 });
  const { cookie } = await sessionOf(served.origin, "fay");
  const player = await neverReading(served.origin, "/ws/play", cookie);
  ok(
    await eventually(async () =>
      (await (await fetch(`${served.origin}/lobby.json`)).json()).live.length === 1
    ),
  );
  const id = await liveId(served.origin);
  const stalled = await neverReading(served.origin, `/ws/watch/${id}`);
  await using reader = await TestPage.open(served.origin, `/ws/watch/${id}`);
  // Every resize is a whole frame drawn at the largest size: past what the kernel's buffers hold (some MB on
  // loopback), the rest waits in the server, up to the bound.
  const frames = 400;
  let largest = 0;
  for (let k = 0; k < frames; k++) {
    await player.write(textFrame(JSON.stringify({ type: "resize", columns: 300 - (k % 2), rows: 120 })));
    const seen = reader.messages.length;
    ok(await eventually(() => reader.messages.length > seen), `the frame of resize ${k}, watched`);
    largest = Math.max(largest, served.server.largestBacklog);
  }
  const biggest = Math.max(...reader.messages.map((m) => JSON.stringify(m).length));
  const sent = reader.messages.reduce((sum, m) => sum + JSON.stringify(m).length, 0);
  ok(sent > 8 * 1024 * 1024, `frames enough to fill the kernel's buffers: ${sent} B`);
  ok(
    largest <= WATCHER_BACKLOG_BYTES + biggest,
    `at most ${WATCHER_BACKLOG_BYTES} B and one frame (${biggest} B) queued; found ${largest} B`,
  );
  player.close();
  stalled.close();
  ok(await eventually(() => served.server.openSockets === 1), "their places given back");
});

Deno.test("a game whose player's page has gone is saved and closed after the absent limit, freeing its place", async () => {
  await using served = await startTestServer({ games: 1, idleMinutes: 30 }, { absentMs: 200, sweepMs: 20 });
  const page = await onTitle(served, "gus");
  page.send({ type: "input", data: "n" });
  await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
  await page[Symbol.asyncDispose]();
  ok(
    await eventually(async () =>
      (await (await fetch(`${served.origin}/lobby.json`)).json()).live.length === 0
    ),
  );
  ok((await Deno.stat(`${served.stateDir}/players/gus/savegame.json.gz`)).isFile, "saved");
  await using other = await onTitle(served, "hum");
  ok((await other.text()).includes("[N] Play a new game"), "the freed place taken by another player");
});
