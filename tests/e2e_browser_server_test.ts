/**
 * Delve played and watched in a real browser (Debian's chromium through
 * playwright-core) against a server on a loopback port: register, play, see
 * the `@` move in the page's terminal; a second browser watches the same
 * screen and cannot play; the player's page closed and opened again goes on
 * with the game; the lobby lists it. Screenshots of the three pages go to
 * `$DELVE_SCREENSHOTS` (default: a temporary folder), as test output.
 */
import { equal, ok } from "node:assert/strict";
import { launchBrowser, screenOf, waitForScreen } from "./support/browser.ts";
import { atSign, finishedGame, startTestServer } from "./support/delve_server.ts";

const at = atSign;

Deno.test("e2e browser: register, play, watch from a second browser, close and reopen the game, the lobby lists it", async () => {
  await using served = await startTestServer();
  const shots = Deno.env.get("DELVE_SCREENSHOTS") ?? await Deno.makeTempDir({ prefix: "delve-shots-" });
  await Deno.mkdir(shots, { recursive: true });
  const browser = await launchBrowser();
  try {
    const player = await browser.newContext({ viewport: { width: 1000, height: 640 } });
    const page = await player.newPage();
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(served.origin);
    await page.fill('form[action="/register"] input[name=name]', "ann");
    await page.fill('form[action="/register"] input[name=password]', "correct horse");
    await page.click('form[action="/register"] button');
    await page.waitForSelector("#play");
    await page.click("#play");
    await waitForScreen(page, (s) => s.includes("[N] Play a new game"), "the title");
    await page.keyboard.press("n");
    const start = await waitForScreen(page, (s) => s.includes("@") && s.includes("HP"), "the game");
    let moved = start;
    for (const key of ["l", "h", "j", "k"]) {
      await page.keyboard.press(key);
      moved = await waitForScreen(page, (s) => at(s) !== at(start), "a step").catch(() => start);
      if (moved !== start) break;
    }
    ok(at(moved) !== at(start), "the @ moved on the page");
    await page.screenshot({ path: `${shots}/play.png` });

    const lobbyContext = await browser.newContext({ viewport: { width: 1000, height: 640 } });
    const lobby = await lobbyContext.newPage();
    await lobby.goto(served.origin);
    const link = lobby.locator("#live a", { hasText: "ann" });
    await link.waitFor();
    await lobby.screenshot({ path: `${shots}/lobby.png` });
    await link.click();
    const watched = await waitForScreen(lobby, (s) => at(s) === at(moved), "the player's screen, watched");
    ok(watched.includes("HP"), watched);
    await lobby.keyboard.press("h");
    await lobby.keyboard.press("h");
    await new Promise((r) => setTimeout(r, 200));
    equal(at(await screenOf(page)), at(moved), "a watcher's keys move no one");
    await lobby.screenshot({ path: `${shots}/watch.png` });

    await page.close();
    const again = await player.newPage();
    await again.goto(`${served.origin}/play`);
    await waitForScreen(again, (s) => at(s) === at(moved) && s.includes("HP"), "the game going on");
    deepEqualNoProblems(problems);
  } finally {
    await browser.close();
  }
});

function deepEqualNoProblems(problems: readonly string[]): void {
  equal(problems.join("\n"), "", `no script error or CSP refusal on the page: ${problems.join("; ")}`);
}

Deno.test("e2e browser: a finished game's replay plays on its page; it pauses, goes to a turn and changes speed", async () => {
  await using served = await startTestServer();
  const id = await finishedGame(served, "kim", "killed by a Troll");
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 640 } });
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(served.origin);
    await page.click(`a[href="/games/${id}/replay?speed=10"]`);
    await waitForScreen(page, (s) => s.includes("@") && s.includes("HP"), "the replay");
    await page.click("#pause");
    await new Promise((r) => setTimeout(r, 300));
    const held = await screenOf(page);
    await new Promise((r) => setTimeout(r, 600));
    equal(await screenOf(page), held, "paused, the frame holds");
    // Turn 0 as the seek shows it (the first frame the page caught may already be a turn or two on).
    const seekStart = async () => {
      await page.fill("#turn", "0");
      await page.click("#seek");
      await new Promise((r) => setTimeout(r, 600));
      return await screenOf(page);
    };
    const start = await seekStart();
    await page.selectOption("#speed", "100");
    await page.click("#pause");
    const later = await waitForScreen(
      page,
      (s) => at(s) !== at(start),
      "the replay going on at the new speed",
    );
    await page.click("#pause");
    equal(await seekStart(), start, "paused further on, the seek goes back to the same turn 0");
    ok(later !== start);
    deepEqualNoProblems(problems);
  } finally {
    await browser.close();
  }
});
