/**
 * A player's Delve on the server (src/server/game_host.ts): the page's bytes
 * play the game the terminal plays; a page that comes back is drawn the
 * whole screen; a watcher sees what the player sees, and one that falls
 * behind is skipped, then sent the whole screen; a page that goes saves.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { setImmediate } from "node:timers";
import {
  GameHost,
  type GameHostOptions,
  KEY_LIMITS,
  RESIZE_GAP_MS,
  SCREEN_LIMITS,
  ServerHealth,
  type Sink,
  WATCHER_BACKLOG_BYTES,
} from "../src/server/mod.ts";
import { atSign, ScreenPage } from "./support/delve_server.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { bundledContent } from "./support/content.ts";

const content = await bundledContent();

/** A page: a socket that keeps what it is sent, with a backlog the test sets. */
class Page extends ScreenPage implements Sink {
  bufferedAmount = 0;
  get sent(): Record<string, unknown>[] {
    return this.messages;
  }
  send(text: string): void {
    this.receive(text);
  }
}

function host(dir: string, more: Partial<GameHostOptions> = {}): GameHost {
  return new GameHost({
    player: "ann",
    content,
    dir,
    columns: 80,
    rows: 24,
    version: "9.9.9",
    makeRunner: (rules) => new InProcessRunner(rules),
    randomSeed: () => 42,
    choice: { preset: "default", bind: {}, walkDelayMs: 0 },
    ...more,
  });
}

const at = atSign;

/** A host in a new folder with a page on its title. */
async function onTitle(): Promise<{ dir: string; game: GameHost; page: Page }> {
  const dir = await Deno.makeTempDir({ prefix: "delve-host-" });
  const game = host(dir);
  const page = new Page();
  game.attach(page, 80, 24);
  await page.waitFor((s) => s.includes("[N] Play a new game"), "the title");
  return { dir, game, page };
}

Deno.test("the page's bytes play the game; a watcher sees the same screen; a page that goes saves the game", async () => {
  const { dir, game, page } = await onTitle();
  game.input("n");
  const start = await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
  const watcher = new Page();
  game.watch(watcher);
  equal(await watcher.text(), start, "the watcher starts from the player's screen");
  const before = at(start);
  for (const key of ["l", "h", "j", "k"]) {
    game.input(key);
    const moved = await page.waitFor((s) => at(s) !== before, `${key} moves`)
      .catch(() => undefined);
    if (moved) break;
  }
  await game.program.game!.idle();
  const now = await page.text();
  ok(at(now) !== before, "the @ moved");
  await watcher.waitFor((s) => s === now, "the watcher's screen following");
  equal(game.info().depth, 1);
  equal(game.info().watchers, 1);
  await game.detach(page);
  ok((await Deno.stat(`${dir}/savegame.json.gz`)).isFile, "saved when the page went");
  // A page that comes back is drawn the whole screen and plays on.
  const again = new Page();
  game.attach(again, 80, 24);
  await again.waitFor((s) => s === now, "the game as it was");
  await game.close("The server is stopping.");
  ok(again.sent.some((m) => m.type === "notice" && m.text === "The server is stopping."));
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a watcher with a backlog is skipped, then sent the whole screen; a second page takes the game over", async () => {
  const { dir, game, page } = await onTitle();
  const slow = new Page();
  game.watch(slow);
  const seen = slow.sent.length;
  slow.bufferedAmount = 1 << 30;
  game.input("n");
  const shown = await page.waitFor((s) => s.includes("@"), "the game");
  equal(slow.sent.length, seen, "nothing sent while it is behind");
  slow.bufferedAmount = 0;
  game.input("l");
  await slow.waitFor((s) => s.includes("@"), "the whole screen once it caught up");
  ok(shown.includes("@"));
  const second = new Page();
  equal(game.attach(second, 100, 30), page, "the first page is handed back to be told");
  ok(!game.isPlayer(page) && game.isPlayer(second));
  equal(game.info().columns, 100, "drawn at the new page's size");
  await game.close("bye");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("the player's own page, when it has a backlog, is skipped too, then sent the whole screen", async () => {
  const { dir, game, page } = await onTitle();
  // Frames are what a page behind misses; a note of how many watch is a line, not a frame.
  const frames = () => page.sent.filter((m) => m.type !== "watchers").length;
  const seen = frames();
  page.bufferedAmount = WATCHER_BACKLOG_BYTES + 1;
  game.input("n");
  await game.program.game?.idle();
  const watcher = new Page();
  game.watch(watcher);
  await watcher.waitFor((s) => s.includes("@"), "the game, watched");
  equal(frames(), seen, "no frame sent to the player's page while it is behind");
  const gameScreen = await watcher.text();
  page.bufferedAmount = 0;
  game.input("?");
  const help = await watcher.waitFor((s) => s !== gameScreen, "the help, watched");
  await page.waitFor((s) => s === help, "the whole screen on the player's page once it caught up");
  await game.close("bye");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a burst of resizes is taken as its first and its last, within the largest size", async () => {
  const { dir, game } = await onTitle();
  const watcher = new Page();
  game.watch(watcher);
  const sizes = () => watcher.sent.filter((m) => m.type === "size").map((m) => `${m.columns}x${m.rows}`);
  const before = sizes().length;
  for (let k = 0; k < 100; k++) game.resize(400 - (k % 2), 200);
  await new Promise((r) => setTimeout(r, RESIZE_GAP_MS * 2));
  const max = `${SCREEN_LIMITS.maxColumns}x${SCREEN_LIMITS.maxRows}`;
  deepEqual(sizes().slice(before), [max], "one size taken, clamped; the rest were the same size");
  for (let k = 0; k < 100; k++) game.resize(100 + k, 30);
  await new Promise((r) => setTimeout(r, RESIZE_GAP_MS * 2));
  deepEqual(sizes().slice(before + 1), ["100x30", "199x30"], "the first and the last");
  await game.close("bye");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("keys past the limit of one message, or of a second, are dropped and counted", async () => {
  const { dir, game } = await onTitle();
  game.input("n");
  await game.program.game?.idle();
  const dropped = game.terminal.keysDropped;
  game.input("s".repeat(4000));
  equal(game.terminal.keysDropped - dropped, 4000 - KEY_LIMITS.perMessage, "one message: its first keys");
  for (let k = 0; k < KEY_LIMITS.perSecond; k++) game.input("s");
  ok(game.terminal.keysDropped - dropped > 4000 - KEY_LIMITS.perMessage, "a second's keys spent");
  await game.close("bye");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a message of many keys is played a key at a time, with the event loop's other work between", async () => {
  const { dir, game, page } = await onTitle();
  game.input("n");
  await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
  const session = game.program.game!;
  await session.idle();
  const before = session.eventsDone;
  const keys = 8;
  game.input("s".repeat(keys));
  // What another socket's message would see: how many of the keys were played when its turn came.
  const seen: number[] = [];
  while (session.eventsDone - before < keys) {
    await new Promise((resolve) => setImmediate(resolve));
    seen.push(session.eventsDone - before);
  }
  ok(seen.some((done) => done > 0 && done < keys), `turns came between the keys: ${seen.join(" ")}`);
  await game.close("bye");
  await Deno.remove(dir, { recursive: true });
});

/** A host timed for the server's health, its page on the title; both ended after `body`. */
async function onTitleTimed(body: (game: GameHost, page: Page, health: ServerHealth) => Promise<void>) {
  const health = new ServerHealth();
  const dir = await Deno.makeTempDir({ prefix: "delve-host-" });
  const game = host(dir, { health });
  const page = new Page();
  try {
    game.attach(page, 80, 24);
    await page.waitFor((s) => s.includes("[N] Play a new game"), "the title");
    await body(game, page, health);
  } finally {
    await game.close("done");
    health.stop();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("the host times a key from its message to the frame it brought, for the server's health", async () => {
  await onTitleTimed(async (game, page, health) => {
    equal(health.take().keys, 0, "no key, nothing timed: the first screen answers none");
    game.input("n");
    await page.waitFor((s) => s.includes("@") && s.includes("HP"), "the game");
    const report = health.take();
    ok(report.keys >= 1 && report.keyLongestMs > 0, `the key timed: ${JSON.stringify(report)}`);
  });
});

Deno.test("a key that changes nothing on screen sends the page nothing, and is not timed as answered", async () => {
  await onTitleTimed(async (game, page, health) => {
    health.take();
    const before = page.sent.length;
    // Not a key of the title's: the title is drawn again, the same.
    game.input("%");
    await new Promise((r) => setTimeout(r, 100));
    deepEqual(page.sent.slice(before), [], "no message at all, not even an empty frame");
    equal(health.take().keys, 0, "a key with no frame is not timed");
  });
});
