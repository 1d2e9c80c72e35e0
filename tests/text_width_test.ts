/**
 * Text takes on screen the room it was given: a glyph is one column or it
 * is refused; names and messages may hold wide characters, and every place
 * that lays them out measures columns, so nothing after them moves. The
 * screen is read as a terminal would show the bytes written (VtScreen gives
 * each character its real width), and widths are measured here with
 * string-width, independently of the code under test.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import stringWidth from "string-width";
import type { GameSession } from "../src/app/mod.ts";
import { ContentError, loadContent } from "../src/content/mod.ts";
import { addMessage, instantiate, playerOf } from "../src/engine/mod.ts";
import type { HeadlessTerminal } from "../src/terminal/mod.ts";
import { wrapText } from "../src/ui/mod.ts";
import { bundledContent, copyOfData } from "./support/content.ts";
import { feed, startApp } from "./support/ui_harness.ts";
import { VtScreen } from "./support/vt_screen.ts";

const { rules } = await bundledContent();

/** The problems of the bundled data with the orc's template changed by `change`. */
async function orcProblems(change: (orc: Record<string, unknown>) => void): Promise<string[]> {
  const dir = await copyOfData("delve-width-");
  const file = `${dir}/entities.json`;
  const entities = JSON.parse(await Deno.readTextFile(file));
  change(entities.orc);
  await Deno.writeTextFile(file, JSON.stringify(entities, null, 2));
  try {
    await loadContent(new URL(`file://${dir}/`), "mod/");
    return [];
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    return [...e.problems];
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * What the terminal shows after everything `app` wrote (from write `from` on,
 * applied to `vt`: a terminal that showed the writes before, its cursor and
 * pen where they left them, as the renderer counts on).
 */
async function shown(
  app: GameSession,
  vt = new VtScreen(app.screen.width, app.screen.height),
  from = 0,
): Promise<VtScreen> {
  for (const w of (app.terminal as HeadlessTerminal).writes.slice(from)) await vt.apply(w);
  return vt;
}

/** Row `y` as the terminal shows it (a wide character's second cell adds nothing). */
function row(vt: VtScreen, y: number, from = 0, to = vt.width): string {
  return vt.glyphs.slice(y * vt.width + from, y * vt.width + to).join("");
}

Deno.test("a glyph wider or narrower than one column, or invisible, is refused in one line saying why", async () => {
  const cases: [string, RegExp][] = [
    ["◽", /one terminal column wide \(this one takes 2\)/],
    ["◾", /one terminal column wide \(this one takes 2\)/],
    ["🐉", /one terminal column wide \(this one takes 2\)/],
    ["竜", /one terminal column wide \(this one takes 2\)/],
    ["e\u0301", /one character \(this is 2 code points\)/],
    ["\u0301", /not a combining mark/],
    ["\u200b", /printable character \(this is or holds \\u\{200b\}\)/],
  ];
  for (const [glyph, why] of cases) {
    const problems = await orcProblems((orc) => orc.glyph = glyph);
    equal(problems.length, 1, `${JSON.stringify(glyph)}: ${problems.join(" | ")}`);
    ok(problems[0].startsWith("mod/entities.json: $.orc.glyph: expected "), problems[0]);
    ok(why.test(problems[0]), problems[0]);
    ok(!problems[0].includes("\n"));
  }
  deepEqual(await orcProblems((orc) => orc.glyph = "ö"), [], "one column, however written");
});

Deno.test("names may hold wide characters (a translation) but never a control or bidi character", async () => {
  deepEqual(await orcProblems((orc) => orc.name = "オーク"), []);
  const problems = await orcProblems((orc) => orc.name = "Orc\u202e");
  equal(problems.length, 1, problems.join(" | "));
  ok(problems[0].startsWith("mod/entities.json: $.orc.name: expected printable characters"), problems[0]);
});

Deno.test("word wrap measures columns: wide characters count two, and words still break at spaces", () => {
  const text = "竜の巣に入った。 オークが来た! and then some plain words";
  for (const width of [4, 7, 10, 20]) {
    const lines = wrapText(text, width);
    for (const line of lines) ok(stringWidth(line) <= width, `${JSON.stringify(line)} fits in ${width}`);
    equal(lines.join("").replaceAll(" ", ""), text.replaceAll(" ", ""), "nothing lost");
  }
  deepEqual(wrapText("竜の巣 オーク", 8), ["竜の巣", "オーク"]);
  deepEqual(
    wrapText("竜竜竜", 1),
    ["竜", "竜", "竜"],
    "a character wider than the line gets a line of its own",
  );
});

Deno.test("a wide message in the log stays inside the log: nothing right of it is written", async () => {
  const app = startApp(100, 50);
  const message = "竜".repeat(40);
  addMessage(app.state.log, message, "white");
  app.render();
  const vt = await shown(app);
  const { log } = app.ui.layout;
  let dragons = 0;
  for (let y = log.y; y < log.y + log.height; y++) {
    equal(row(vt, y, log.x + log.width), " ".repeat(100 - log.x - log.width), `row ${y} right of the log`);
    ok(!row(vt, y, 0, log.x).includes("竜"), `row ${y} left of the log`);
    dragons += [...row(vt, y)].filter((c) => c === "竜").length;
  }
  equal(dragons, 40, "the whole message is shown");
});

Deno.test("an item with a wide name: its inventory window is as wide as the name, and the map beside it stays", async () => {
  const app = startApp(80, 50);
  const item = instantiate(rules.templates.health_potion, app.state.nextId++, 0, 0);
  item.name = "竜".repeat(15);
  playerOf(app.state).inventory!.items.push(item);
  app.render();
  const screen = await shown(app), before = [...screen.glyphs];
  const written = (app.terminal as HeadlessTerminal).writes.length;
  await feed(app, "i");
  const vt = await shown(app, screen, written);
  const left = row(vt, 0).indexOf("┌"),
    right = [...row(vt, 0)].length - 1 - [...row(vt, 0)].reverse().indexOf("┐");
  const bottom = [...Array(50).keys()].find((y) => vt.glyphs[y * 80 + left] === "└")!;
  ok(left >= 0 && right > left && bottom > 0, row(vt, 0));
  for (let y = 1; y < bottom; y++) {
    equal(vt.glyphs[y * 80 + left], "│", `left border, row ${y}`);
    equal(vt.glyphs[y * 80 + right], "│", `right border, row ${y}`);
  }
  ok(
    [...Array(bottom).keys()].some((y) => row(vt, y, left, right).includes(`) ${item.name}`)),
    "the name whole",
  );
  for (let i = 0; i < 80 * 50; i++) {
    const x = i % 80, y = Math.floor(i / 80);
    if (x < left || x > right || y > bottom) {
      equal(vt.glyphs[i], before[i], `cell (${x}, ${y}) outside the window`);
    }
  }
});

Deno.test("looking at a wide name: the panel cuts it to its line, and the log under it stays", async () => {
  const app = startApp(80, 50);
  app.render();
  const screen = await shown(app), before = [...screen.glyphs];
  playerOf(app.state).name = "竜".repeat(35);
  const written = (app.terminal as HeadlessTerminal).writes.length;
  await feed(app, "/");
  const vt = await shown(app, screen, written);
  const { names } = app.ui.layout;
  const line = row(vt, names.y, names.x);
  ok(line.startsWith("竜竜竜"), line);
  ok(stringWidth(line.trimEnd()) <= names.width, line);
  for (let y = names.y + 1; y < 50; y++) {
    equal(row(vt, y), before.slice(y * 80, y * 80 + 80).join(""), `row ${y}`);
  }
});

Deno.test("a save's glyph that is not one column is drawn as ?, and the map beside it stays", async () => {
  const app = startApp(80, 50);
  const player = playerOf(app.state);
  const at = player.y * 80 + player.x;
  for (const glyph of ["◽", "🐉", "\x1b", "ab"]) {
    const screen = await shown(app), before = [...screen.glyphs];
    const written = (app.terminal as HeadlessTerminal).writes.length;
    player.glyph = glyph;
    app.render();
    const vt = await shown(app, screen, written);
    equal(vt.glyphs[at], "?", JSON.stringify(glyph));
    for (let i = at + 1; i < at + 80; i++) {
      equal(vt.glyphs[i], before[i], `${JSON.stringify(glyph)}: cell ${i - at} right`);
    }
    player.glyph = "@";
    app.render();
  }
});
