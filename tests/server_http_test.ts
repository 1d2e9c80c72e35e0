/**
 * `deno task serve`'s server on a loopback port (docs/server.md): accounts,
 * the play and watch sockets, the lobby, and every bad input refused with a
 * reason and nothing changed.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  atSign,
  finishedGame,
  onTitle,
  sessionOf,
  startTestServer,
  TestPage,
} from "./support/delve_server.ts";

const at = atSign;

Deno.test("register, play over the socket, watch the same screen, leave and come back to the same game", async () => {
  await using served = await startTestServer();
  const { origin } = served;
  const { status, cookie } = await sessionOf(origin, "ann");
  equal(status, 303);
  ok(cookie?.startsWith("delve_session="), cookie);
  const lobby = await (await fetch(origin, { headers: { cookie: cookie! } })).text();
  ok(lobby.includes("Logged in as <b>ann</b>"), lobby);
  await using page = await TestPage.open(origin, "/ws/play", cookie);
  page.send({ type: "resize", columns: 80, rows: 24 });
  await page.waitFor((s) => s.includes("[N] Play a new game"), "the title");
  page.send({ type: "input", data: "n" });
  const start = await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
  const live = await (await fetch(`${origin}/lobby.json`)).json();
  equal(live.live.length, 1);
  equal(live.live[0].player, "ann");
  equal(live.live[0].depth, 1);
  const id = live.live[0].id;
  await using watcher = await TestPage.open(origin, `/ws/watch/${id}`);
  await watcher.waitFor((s) => s === start, "the player's screen");
  for (const key of ["l", "h", "j", "k"]) {
    page.send({ type: "input", data: key });
    if (await page.waitFor((s) => at(s) !== at(start), "a step").catch(() => undefined)) break;
  }
  const moved = await page.text();
  await watcher.waitFor((s) => at(s) === at(moved), "the step, watched");
  // A watcher's keys go nowhere: a watcher has nothing to send, so what it sends ends it, unanswered.
  watcher.send({ type: "input", data: "l" });
  for (let k = 0; k < 250 && watcher.socket.readyState !== WebSocket.CLOSED; k++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  equal(watcher.socket.readyState, WebSocket.CLOSED, "the watcher is closed");
  deepEqual(watcher.messages.filter((m) => m.type === "notice"), [], "no answer");
  equal(at(await page.text()), at(moved));
  page.socket.close();
  await page.closed;
  // The page went: the game was saved; a new page continues it.
  await using again = await TestPage.open(origin, "/ws/play", cookie);
  again.send({ type: "resize", columns: 80, rows: 24 });
  await again.waitFor((s) => at(s) === at(moved) && s.includes("HP"), "the same game");
  const save = `${served.stateDir}/players/ann/savegame.json.gz`;
  for (let k = 0; k < 100 && !(await Deno.stat(save).then(() => true, () => false)); k++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  ok((await Deno.stat(save)).isFile, "the game was saved when the page went");
});

Deno.test("a second page of the same player takes the game over and the first is told", async () => {
  await using served = await startTestServer();
  const { cookie } = await sessionOf(served.origin, "bo");
  await using first = await TestPage.open(served.origin, "/ws/play", cookie);
  await first.waitFor((s) => s.includes("[N] Play a new game"), "the title");
  await using second = await TestPage.open(served.origin, "/ws/play", cookie);
  const closed = await first.closed;
  equal(closed.code, 4001);
  equal(closed.reason, "This game was taken over by another page.");
  await second.waitFor((s) => s.includes("[N] Play a new game"), "the title on the new page");
});

Deno.test("a player's cookie opens only that player's own game: another player's page starts at its own title", async () => {
  await using served = await startTestServer();
  const { origin } = served;
  const { cookie: ann } = await sessionOf(origin, "ann");
  await using page = await TestPage.open(origin, "/ws/play", ann);
  page.send({ type: "resize", columns: 80, rows: 24 });
  await page.waitFor((s) => s.includes("[N] Play a new game"), "the title");
  page.send({ type: "input", data: "n" });
  const game = await page.waitFor((s) => s.includes("@") && s.includes("HP"), "ann's game");
  const { cookie: bob } = await sessionOf(origin, "bob");
  await using other = await TestPage.open(origin, "/ws/play", bob);
  other.send({ type: "resize", columns: 80, rows: 24 });
  await other.waitFor((s) => s.includes("[N] Play a new game"), "bob's own title");
  other.send({ type: "input", data: "l" });
  await new Promise((r) => setTimeout(r, 100));
  equal(await page.text(), game, "bob's keys never reach ann's game");
  const live: { player: string; depth: number; turns: number }[] =
    (await (await fetch(`${origin}/lobby.json`)).json()).live;
  const rows = live.map((g) => `${g.player} ${g.depth} ${g.turns}`).sort().join();
  equal(rows, "ann 1 0,bob 0 0", "bob on his title (depth 0), ann's game untouched");
});

Deno.test("bad messages are refused with a reason and change nothing; the input rate drops the excess", async () => {
  await using served = await startTestServer({ inputRate: 5 });
  const { cookie } = await sessionOf(served.origin, "cy");
  await using page = await TestPage.open(served.origin, "/ws/play", cookie);
  await page.waitFor((s) => s.includes("[N] Play a new game"), "the title");
  const refusals = [
    ["not json", "expected JSON"],
    [JSON.stringify({ type: "input", data: "n", extra: 1 }), "expected"],
  ];
  for (const [sent] of refusals) page.send(sent);
  page.socket.send(new Uint8Array([1, 2, 3]));
  for (const [, reason] of [...refusals, ["", "binary"]]) {
    await page.message((m) => m.type === "notice" && String(m.text).includes(reason), reason);
  }
  ok((await page.text()).includes("[N] Play a new game"), "still on the title");
  for (let k = 0; k < 30; k++) page.send({ type: "resize", columns: 80, rows: 24 });
  // The server reads them as it can: on a busy machine, later than a fixed wait would allow.
  for (let k = 0; k < 150 && served.server.droppedMessages === 0; k++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  ok(served.server.droppedMessages > 0, "over five a second, dropped and counted");
});

Deno.test("logins: a bad name, a wrong password and a taken name are refused; the sixth attempt in a minute waits", async () => {
  await using served = await startTestServer();
  const { origin } = served;
  equal((await sessionOf(origin, "<script>")).status, 400);
  equal((await sessionOf(origin, "dee")).status, 303);
  equal((await sessionOf(origin, "DEE")).status, 409, "names are taken whatever their case");
  equal((await sessionOf(origin, "dee", "wrong password", true)).status, 401);
  equal((await sessionOf(origin, "dee", "correct horse", true)).status, 303);
  for (let k = 0; k < 2; k++) await sessionOf(origin, "dee", "wrong password", true);
  equal((await sessionOf(origin, "dee", "correct horse", true)).status, 429, "the sixth in a minute");
});

Deno.test("routes: unknown pages, traversal, a game that does not exist and a socket without a login are refused", async () => {
  await using served = await startTestServer();
  const { origin } = served;
  for (
    const path of [
      "/nope",
      "/assets/../deno.json",
      "/assets/%2e%2e/deno.json",
      "/assets/..%2fdeno.json",
      "/watch/zzz",
    ]
  ) {
    const response = await fetch(`${origin}${path}`);
    const body = await response.text();
    equal(response.status, 404, path);
    ok(!body.includes("imports"), path);
    ok(response.headers.get("content-security-policy")?.includes("script-src 'self'"), path);
  }
  const socket = await fetch(`${origin}/ws/play`, { headers: { upgrade: "websocket" } });
  await socket.body?.cancel();
  equal(socket.status, 401);
  const forged = await fetch(origin, { headers: { cookie: "delve_session=" + "0".repeat(32) } });
  ok(!(await forged.text()).includes("Logged in"), "a cookie the server never made logs no one in");
});

Deno.test("a name of <script> never reaches a page as markup", async () => {
  await using served = await startTestServer();
  const response = await fetch(`${served.origin}/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: "<script>alert(1)</script>", password: "correct horse" }),
  });
  const page = await response.text();
  ok(!page.includes("<script>alert"), page);
});

Deno.test("options and keys are per player: saved from the options screen into the player's own folder", async () => {
  await using served = await startTestServer();
  await using page = await onTitle(served.origin, "eve");
  page.send({ type: "input", data: "O" });
  await page.waitFor((s) => s.includes("Palette:"), "the options screen");
  page.send({ type: "input", data: "\x1b[B" }); // Down, to the palette
  page.send({ type: "input", data: "\x1b[C" }); // Right: the next palette
  await page.waitFor((s) => s.includes("Palette: Deuteranopia"), "the palette chosen");
  page.send({ type: "input", data: "s" });
  await page.waitFor((s) => s.includes("Saved to"), "saved");
  const saved = JSON.parse(await Deno.readTextFile(`${served.stateDir}/players/eve/options.json`));
  equal(saved.palette, "deuteranopia");
  const { cookie: other } = await sessionOf(served.origin, "fay");
  await using second = await TestPage.open(served.origin, "/ws/play", other);
  await second.waitFor((s) => s.includes("[O] Options"), "fay's title");
  second.send({ type: "input", data: "O" });
  await second.waitFor((s) => s.includes("Palette: Default"), "fay keeps the default");
});

Deno.test("a game without a key for the idle limit is saved and closed, and its page is told why", async () => {
  let now = Date.parse("2026-11-24T12:00:00Z");
  await using served = await startTestServer({ idleMinutes: 30 }, { now: () => new Date(now), sweepMs: 20 });
  await using page = await onTitle(served.origin, "hal");
  page.send({ type: "input", data: "n" });
  await page.waitFor((s) => s.includes("@"), "the game");
  now += 29 * 60_000;
  await new Promise((r) => setTimeout(r, 100));
  equal((await (await fetch(`${served.origin}/lobby.json`)).json()).live.length, 1, "not yet");
  now += 2 * 60_000;
  await page.message((m) => m.type === "notice" && String(m.text).includes("30 minutes"), "the idle notice");
  ok((await Deno.stat(`${served.stateDir}/players/hal/savegame.json.gz`)).isFile, "saved");
  equal((await (await fetch(`${served.origin}/lobby.json`)).json()).live.length, 0, "closed");
});

/** A WebSocket text frame from a client (masked), with `payload` as its bytes, valid UTF-8 or not. */
function maskedTextFrame(payload: Uint8Array): Uint8Array {
  const mask = [1, 2, 3, 4];
  const frame = new Uint8Array(6 + payload.length);
  frame.set([0x81, 0x80 | payload.length, ...mask]);
  payload.forEach((b, i) => (frame[6 + i] = b ^ mask[i % 4]));
  return frame;
}

Deno.test("a text frame that is not UTF-8 is refused, ends that socket and changes nothing", async () => {
  await using served = await startTestServer();
  const { cookie } = await sessionOf(served.origin, "ida");
  const { port } = served.server.address;
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const request = [
    "GET /ws/play HTTP/1.1",
    `Host: 127.0.0.1:${port}`,
    "Upgrade: websocket",
    "Connection: Upgrade",
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
    "Sec-WebSocket-Version: 13",
    `Origin: ${served.origin}`,
    `Cookie: ${cookie}`,
    "",
    "",
  ].join("\r\n");
  await conn.write(new TextEncoder().encode(request));
  const buf = new Uint8Array(65536);
  const n = await conn.read(buf);
  ok(new TextDecoder().decode(buf.subarray(0, n ?? 0)).startsWith("HTTP/1.1 101"), "upgraded");
  await conn.write(maskedTextFrame(new Uint8Array([0x6e, 0xff, 0xfe]))); // "n" then two bytes no UTF-8 has
  for (let k = 0; k < 100 && served.server.refusedMessages === 0; k++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  equal(served.server.refusedMessages, 1, "refused and counted");
  conn.close();
  await using page = await TestPage.open(served.origin, "/ws/play", cookie);
  await page.waitFor((s) => s.includes("[N] Play a new game"), "still the title: the n was never taken");
});

Deno.test("a finished game is listed with its replay, which a page watches at the speed it asks for", async () => {
  await using served = await startTestServer();
  const id = await finishedGame(served, "jo", "killed by an Orc");
  const lobby = await (await fetch(served.origin)).text();
  ok(lobby.includes(`/games/${id}/replay?speed=10`) && lobby.includes("killed by an Orc"), lobby);
  const page = await (await fetch(`${served.origin}/games/${id}/replay?speed=100`)).text();
  ok(page.includes('data-mode="replay"'), page);
  await using watcher = await TestPage.open(served.origin, `/ws/replay/${id}?speed=100`);
  await watcher.waitFor((s) => s.includes("@") && s.includes("HP"), "the replayed game");
  await watcher.message((m) => m.type === "notice" && m.text === "The replay is over.", "its end", 60_000);
  const missing = await fetch(`${served.origin}/games/${"x".repeat(16)}/replay`);
  await missing.body?.cancel();
  equal(missing.status, 404);
});

Deno.test("the limits on games and on watchers refuse the one over, with the reason, and change nothing", async () => {
  await using served = await startTestServer({ games: 1, watchers: 1 });
  await using first = await onTitle(served.origin, "lee");
  const { cookie } = await sessionOf(served.origin, "max");
  const refused = await TestPage.open(served.origin, "/ws/play", cookie);
  const told = await refused.message((m) => m.type === "notice", "the refusal");
  equal(told.text, "The server is full: 1 games. Try again later.", "the refused page is told why");
  equal((await refused.closed).code, 1013, "and its socket closes: try again later");
  const page = await fetch(`${served.origin}/play`, { headers: { cookie: cookie! } });
  equal(page.status, 503, "the play page says so too");
  ok((await page.text()).includes("The server is full: 1 games."));
  await refused[Symbol.asyncDispose]();
  const id = (await (await fetch(`${served.origin}/lobby.json`)).json()).live[0].id;
  await using watcher = await TestPage.open(served.origin, `/ws/watch/${id}`);
  await watcher.waitFor((s) => s.includes("[N] Play a new game"), "the watched title");
  const second = await fetch(`${served.origin}/ws/watch/${id}`, { headers: { upgrade: "websocket" } });
  equal(second.status, 503);
  ok((await second.text()).includes("as many watchers as it may (1)"));
  ok((await first.text()).includes("[N] Play a new game"), "the game goes on");
});

Deno.test("a game that ends goes into the server's high scores and its finished games, with its morgue file", async () => {
  await using served = await startTestServer();
  await using page = await onTitle(served.origin, "ned");
  page.send({ type: "input", data: "n" });
  await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
  page.send({ type: "input", data: "\x1b" }); // Esc: saved, back to the title
  await page.waitFor((s) => s.includes("[C] Continue"), "the title with the saved game");
  page.send({ type: "input", data: "n" });
  await page.waitFor((s) => s.includes("Abandon the saved game"), "the question");
  page.send({ type: "input", data: "y" });
  await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the new game");
  const lobby = await (await fetch(served.origin)).text();
  ok(/<td>ned<\/td><td>\d+<\/td>/.test(lobby) && lobby.includes("abandoned"), lobby);
  const morgue = /href="(\/games\/[A-Za-z0-9_-]+\/morgue)"/.exec(lobby);
  ok(morgue, "a morgue link");
  const text = await (await fetch(`${served.origin}${morgue[1]}`)).text();
  ok(text.includes("Abandoned"), text.slice(0, 300));
});
