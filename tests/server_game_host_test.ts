/**
 * A player's Delve on the server (src/server/game_host.ts): the page's bytes
 * play the game the terminal plays; a page that comes back is drawn the
 * whole screen; a watcher sees what the player sees, and one that falls
 * behind is skipped, then sent the whole screen; a page that goes saves.
 */
import { equal, ok } from "node:assert/strict";
import { GameHost, type Sink } from "../src/server/game_host.ts";
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

function host(dir: string): GameHost {
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
  await game.watch(watcher);
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
  await game.watch(slow);
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
