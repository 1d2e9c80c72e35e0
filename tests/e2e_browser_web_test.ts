/// <reference lib="dom" />
/**
 * What a web player expects, in a real browser (Debian's chromium through
 * playwright-core) against a server on a loopback port, at desktop size and
 * on a 390x844 phone screen: a game played, watched at the player's stable
 * address, left and resumed; a click that focuses the terminal moves no one;
 * Tab leaves the terminal; a paste types nothing; the on-screen keys move the
 * character; Esc twice goes back to the lobby and the watcher is told; the
 * finished games page has a header and local times.
 */
import { equal, ok } from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, screenOf, waitForScreen } from "./support/browser.ts";
import { atSign, finishedGame, startTestServer, type TestServer } from "./support/delve_server.ts";

const at = atSign;

async function waitForText(page: Page, selector: string, test: (s: string) => boolean, what: string) {
  for (let i = 0; i < 300; i++) {
    const s = await page.locator(selector).textContent().catch(() => "") ?? "";
    if (test(s)) return s;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${selector} never said ${what}: ${await page.locator(selector).textContent()}`);
}

/** Whether the page scrolls sideways. */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > globalThis.innerWidth);
}

/** The whole round at one screen size; `phone` uses the on-screen keys to move. */
async function round(browser: Browser, served: TestServer, name: string, phone: boolean): Promise<void> {
  const viewport = phone ? { width: 390, height: 844 } : { width: 1100, height: 700 };
  const context = await browser.newContext({
    viewport,
    ...(phone ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(served.origin);
  ok(!await scrollsSideways(page), "the lobby fits the screen");
  await page.fill('form[action="/register"] input[name=name]', name);
  await page.fill('form[action="/register"] input[name=password]', "correct horse");
  await page.click('form[action="/register"] button');
  await page.click("#play");
  await waitForScreen(page, (s) => s.includes("[N] Play a new game"), "the title");
  await page.keyboard.press("n");
  const start = await waitForScreen(page, (s) => s.includes("@") && s.includes("HP"), "the game");
  ok(!await scrollsSideways(page), "the play page fits the screen");
  if (phone) {
    ok(await page.locator("#pad").isVisible(), "the on-screen keys show on a phone");
    const fontSize = await page.evaluate(() =>
      (globalThis as unknown as { delve: { term: { options: { fontSize: number } } } }).delve.term.options
        .fontSize
    );
    ok(fontSize < 15, `the font shrinks to fit 80 columns: ${fontSize}`);
  } else ok(!await page.locator("#pad").isVisible(), "no on-screen keys at a desktop's size");

  // A click that focuses the terminal, on a far corner of the map, moves no one.
  await page.locator("a", { hasText: "Lobby" }).focus();
  const box = (await page.locator("#terminal").boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.1, box.y + box.height * 0.1);
  await new Promise((r) => setTimeout(r, 300));
  equal(at(await screenOf(page)), at(start), "the focusing click moved no one");
  // A paste of many keys types none of them.
  await page.evaluate(() =>
    (globalThis as unknown as { delve: { term: { paste(t: string): void } } }).delve.term.paste(
      "l".repeat(300),
    )
  );
  await waitForText(page, "#notice", (s) => s.includes("Pasting is off"), "pasting is off");
  equal(at(await screenOf(page)), at(start), "the paste moved no one");

  let moved = start;
  const steps = phone ? ["east", "west", "south", "north"] : ["l", "h", "j", "k"];
  for (const step of steps) {
    if (phone) await page.locator(`#pad button[aria-label="${step}"]`).tap();
    else await page.keyboard.press(step);
    moved = await waitForScreen(page, (s) => at(s) !== at(start), "a step").catch(() => start);
    if (moved !== start) break;
  }
  ok(at(moved) !== at(start), phone ? "the on-screen keys moved the @" : "the keys moved the @");

  // Tab leaves the terminal for the page.
  if (!phone) {
    await page.locator("#terminal textarea").focus();
    await page.keyboard.press("Tab");
    ok(
      await page.evaluate(() => !document.activeElement?.closest("#terminal")),
      "Tab moved the focus out of the terminal",
    );
    await page.locator("#terminal textarea").focus();
  }

  // Watched at the player's stable address; the player sees one watcher.
  const watcherContext = await browser.newContext({ viewport });
  const watcher = await watcherContext.newPage();
  await watcher.goto(`${served.origin}/watch/${name}`);
  await waitForScreen(watcher, (s) => at(s) === at(moved), "the player's screen, watched");
  await waitForText(page, "#watchers", (s) => s === "1 watching", "one watching");

  // The player leaves: the watcher is told; the player comes back to the same game.
  await page.close();
  await waitForText(watcher, "#notice", (s) => s.includes(`${name} left`), "the player left");
  const again = await context.newPage();
  await again.goto(`${served.origin}/play`);
  await waitForScreen(again, (s) => at(s) === at(moved) && s.includes("HP"), "the game going on");
  await waitForText(watcher, "#notice", (s) => s.includes(`${name} is back`), "the player is back");

  // Esc twice: the title, then Delve is left; the page goes back to the lobby and the watcher is told.
  await again.locator("#terminal textarea").focus();
  await again.keyboard.press("Escape");
  await waitForScreen(again, (s) => s.includes("[C] Continue"), "the title");
  await again.keyboard.press("Escape");
  await again.waitForURL(`${served.origin}/`);
  ok(await again.locator("#play").isVisible(), "back in the lobby");
  await waitForText(
    watcher,
    "#notice",
    (s) => s.includes("left Delve") || s.includes("Delve was left"),
    "the end",
  );
  // Playing again goes on with the saved game, and the same address shows it.
  await again.click("#play");
  await waitForScreen(again, (s) => at(s) === at(moved) && s.includes("HP"), "the saved game resumed");
  await waitForScreen(watcher, (s) => at(s) === at(moved) && s.includes("HP"), "the next game, watched");
  equal(problems.join("\n"), "", "no script error on the page");
  await watcherContext.close();
  await context.close();
}

Deno.test("e2e browser: played, watched at /watch/NAME, left, resumed and quit to the lobby, at desktop size and at 390x844", async () => {
  await using served = await startTestServer();
  const browser = await launchBrowser();
  try {
    await round(browser, served, "ada", false);
    await round(browser, served, "bea", true);
  } finally {
    await browser.close();
  }
});

Deno.test("e2e browser: the finished games page has a header, local times, real results and pages", async () => {
  await using served = await startTestServer();
  const id = await finishedGame(served, "kim", "killed by a Troll");
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, timezoneId: "Asia/Tokyo" });
    await page.goto(`${served.origin}/games`);
    equal(await page.locator("h1").textContent(), "Finished games");
    const headers = await page.locator("table.finished th").allTextContents();
    ok(headers.includes("how it ended") && headers.includes("ended"), headers.join(","));
    const row = await page.locator(`tr:has(a[href="/games/${id}/replay?speed=10"])`).textContent();
    ok(row?.includes("killed by a Troll"), row ?? "");
    // Ended 12:30 UTC is 21:30 in Tokyo.
    ok(row?.includes("9:30") || row?.includes("21:30"), `local time: ${row}`);
    ok(!await scrollsSideways(page), "the page fits a phone");
  } finally {
    await browser.close();
  }
});
