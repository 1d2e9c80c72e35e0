/**
 * The server's pages for a web player (docs/server.md): the finished games
 * in pages, only games that came to an end, with their results; a game left
 * keeps its depth and turns; a player's watch address is their name, found
 * whichever game they play, and a page that quits Delve is told so.
 */
import { equal, ok } from "node:assert/strict";
import { hashPassword, ServerStore } from "../src/server/mod.ts";
import { finishedGame, onTitle, sessionOf, startTestServer, TestPage } from "./support/delve_server.ts";

Deno.test("the finished games page lists games that ended, a page at a time, and not those left unfinished", async () => {
  await using served = await startTestServer();
  const store = ServerStore.open(`${served.stateDir}/delve.sqlite`);
  store.addPlayer("fay", await hashPassword("correct horse"));
  for (let k = 0; k < 30; k++) {
    const id = store.startGame("fay", new Date(Date.UTC(2026, 10, 1, 0, k)));
    store.updateGame(id, { depth: 3, level: 2, turns: 100 + k });
    store.endGame(id, {
      outcome: k === 29 ? "left" : `killed by rat ${k}`,
      now: new Date(Date.UTC(2026, 10, 1, 1, k)),
    });
  }
  store.close();
  const first = await (await fetch(`${served.origin}/games`)).text();
  ok(first.includes("<h1>Finished games</h1>") && first.includes("<th>how it ended</th>"), first);
  ok(first.includes("killed by rat 28") && !first.includes("<td>left</td>"), "the game left is not finished");
  ok(first.includes("<td>3</td><td>2</td><td>128</td>"), "depth, level and turns");
  ok(first.includes('datetime="2026-11-01T01:28:00.000Z"'), "the time in UTC for the page to show locally");
  ok(
    first.includes('href="/games?page=2"') && !first.includes("killed by rat 3<"),
    "25 a page, then the next",
  );
  const second = await (await fetch(`${served.origin}/games?page=2`)).text();
  ok(second.includes("killed by rat 0<") && second.includes('href="/games?page=1"'), second);
  ok(!second.includes('href="/games?page=3"'), "no page after the last");
});

Deno.test("a player's watch address is their name; the socket there shows their game and the end of it", async () => {
  await using served = await startTestServer({}, { sweepMs: 50 });
  const missing = await fetch(`${served.origin}/watch/nobody`);
  await missing.body?.cancel();
  equal(missing.status, 404);
  const { cookie } = await sessionOf(served.origin, "gil");
  const before = await (await fetch(`${served.origin}/watch/GIL`)).text();
  ok(
    before.includes('data-player="gil"') || before.includes('data-player="GIL"'),
    "the page before any game",
  );
  await using player = await TestPage.open(served.origin, "/ws/play", cookie);
  player.send({ type: "resize", columns: 80, rows: 24 });
  await player.waitFor((s) => s.includes("[N] Play a new game"), "the title");
  await using watcher = await TestPage.open(served.origin, "/ws/watch/gil");
  await watcher.waitFor((s) => s.includes("[N] Play a new game"), "the watched title");
  await player.message((m) => m.type === "watchers" && m.count === 1, "one watching");
  player.send({ type: "input", data: "n" });
  await player.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
  for (let k = 0; k < 3; k++) player.send({ type: "input", data: "." });
  const id = (await (await fetch(`${served.origin}/lobby.json`)).json()).live[0].id;
  for (
    let i = 0;
    i < 100 && (await (await fetch(`${served.origin}/lobby.json`)).json()).live[0].turns < 3;
    i++
  ) {
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 150)); // a sweep keeps the progress in the game index
  player.send({ type: "input", data: "\x1b" });
  await player.waitFor((s) => s.includes("[C] Continue"), "the title, the game saved");
  player.send({ type: "input", data: "\x1b" });
  const [left, told] = await Promise.all([player.closed, watcher.closed]);
  equal(left.code, 4000, "the player's page is told Delve was left");
  equal(told.code, 4000);
  await watcher.message((m) => m.type === "notice" && String(m.text).includes("left Delve"), "the end");
  // Left from the title, the game is not finished, and keeps the depth it was at (not the title's 0).
  const row = await (async () => {
    for (let i = 0; i < 100; i++) {
      const store = ServerStore.open(`${served.stateDir}/delve.sqlite`);
      const game = store.game(id);
      store.close();
      if (game?.endedAt) return game;
      await new Promise((r) => setTimeout(r, 20));
    }
    return undefined;
  })();
  equal(row?.outcome, "left");
  equal(row?.turns, 3, "the turns it was left at, not the title's 0");
});

Deno.test("a replay page pauses, changes speed and goes to a turn without starting the showing again", async () => {
  await using served = await startTestServer();
  const id = await finishedGame(served, "hal", "killed by a Troll");
  await using page = await TestPage.open(served.origin, `/ws/replay/${id}?speed=30`);
  const first = await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the replay");
  await page.waitFor((s) => s !== first, "the showing going on");
  page.send({ type: "replay", paused: true, speed: 30 });
  await new Promise((r) => setTimeout(r, 200));
  const held = await page.text();
  await new Promise((r) => setTimeout(r, 500));
  equal(await page.text(), held, "paused, the frame holds");
  page.send({ type: "replay", paused: true, speed: 30, turn: 0 });
  await page.waitFor((s) => s === first, "turn 0 again, drawn whole, while paused");
  const drawnIn = async (ms: number) => {
    const before = page.messages.filter((m) => m.type === "output").length;
    await new Promise((r) => setTimeout(r, ms));
    return page.messages.filter((m) => m.type === "output").length - before;
  };
  page.send({ type: "replay", paused: false, speed: 2 });
  const slow = await drawnIn(1000);
  page.send({ type: "replay", paused: false, speed: 100 });
  const fast = await drawnIn(1000);
  ok(fast > 4 * slow && slow > 0, `the speed changed as it played: ${slow} frames at 2, ${fast} at 100`);
  const outputs = page.messages.filter((m) => m.type === "output").length;
  page.send({ type: "replay", paused: false, speed: 1000, turn: 1_000_000 });
  await page.message(
    (m) => m.type === "notice" && m.text === "The replay is over.",
    "the end, sought",
    20_000,
  );
  ok(
    page.messages.filter((m) => m.type === "output").length - outputs < 20,
    "the turns sought were not drawn",
  );
  equal(page.messages.filter((m) => m.type === "size").length, 1, "one showing, never started again");
});

Deno.test("in a browser the game's help does not say Ctrl-C saves and quits; Ctrl-C there does nothing", async () => {
  await using served = await startTestServer();
  await using page = await onTitle(served.origin, "ida", 80, 50);
  page.send({ type: "input", data: "n" });
  const game = await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
  page.send({ type: "input", data: "\x03" });
  page.send({ type: "input", data: "?" });
  const help = await page.waitFor((s) => s.includes("save the game and go back to the title"), "the help");
  ok(!help.includes("Ctrl-C") && !help.includes("quit Delve"), help);
  ok(game.includes("@"), "the game went on after Ctrl-C");
});
