/**
 * Screens that fit, in detail on a headless terminal: the
 * inventory scrolls above the panel, help wraps and scrolls inside its box
 * and says what each key does, messages wrap at word boundaries across the
 * log's width, the too-small notice lets no key through to the title, and
 * every element keeps a visible form in 16 colours and in none.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { type GameSession, themeFromContent } from "../src/app/mod.ts";
import { type GameState, instantiate, playerOf } from "../src/engine/mod.ts";
import {
  Attr,
  CellBuffer,
  DiffRenderer,
  glyphColor16,
  keyEvent,
  mouseEvent,
  toAnsi16,
} from "../src/terminal/mod.ts";
import {
  CharacterScreen,
  drawTitle,
  GameOverScreen,
  helpLines,
  HelpScreen,
  HistoryScreen,
  InventoryScreen,
  LevelUpScreen,
  LookScreen,
  PlayScreen,
  type Screen,
  screenCellOf,
  TargetScreen,
  wrapText,
} from "../src/ui/mod.ts";
import { bundledContent } from "./support/content.ts";
import { feed, screenText, startApp } from "./support/ui_harness.ts";
import { titleSession } from "./support/title_session.ts";

const content = await bundledContent();
const top = (app: GameSession): Screen => app.top;

/** Fills the player's pack to 26 items (the two worn ones first). */
function fillPack(state: GameState): string[] {
  const items = playerOf(state).inventory!.items;
  const kinds = ["health_potion", "lightning_scroll", "confusion_scroll", "fireball_scroll", "sword"];
  for (let k = items.length; k < 26; k++) {
    items.push(instantiate(content.rules.templates[kinds[k % kinds.length]], 1000 + k, 0, 0));
  }
  return items.map((item, k) => `(${String.fromCharCode(97 + k)}) ${item.name}`);
}

/** The lines inside the side window whose title row holds `title`, and the rows it spans. */
function sideWindow(app: GameSession, title: string): { lines: string[]; top: number; bottom: number } {
  const text = screenText(app);
  const top = text.findIndex((l) => l.includes(`┤${title}├`));
  const left = text[top].indexOf("┌"), right = text[top].indexOf("┐");
  const bottom = text.findIndex((l, y) => y > top && l[left] === "└");
  return { lines: text.slice(top + 1, bottom).map((l) => l.slice(left + 1, right).trim()), top, bottom };
}

for (const rows of [24, 30, 50]) {
  Deno.test(`inventory at 80x${rows}: 26 items stay above the panel, each with its letter, all reached by scrolling`, async () => {
    const app = startApp(80, rows);
    const want = fillPack(app.state);
    await feed(app, "i");
    const seen = new Set<string>();
    let window = sideWindow(app, "Select an item to use");
    for (let k = 0; k < 30; k++) {
      window.lines.forEach((l) => seen.add(l.replace(/ \(E\)$/, "")));
      ok(window.bottom < app.ui.layout.map.height, "the window ends above the panel");
      await feed(app, "Down");
      window = sideWindow(app, "Select an item to use");
    }
    deepEqual([...seen].sort(), [...want].sort(), "every item, with its letter");
    const text = screenText(app);
    ok(text[app.ui.layout.hpBar.y].startsWith(" HP: 30/30"), "the HP bar is in sight");
    ok(text[app.ui.layout.lines.y].startsWith("Dungeon level: 1"), "and the level");
    if (rows === 50) {
      equal(sideWindow(app, "Select an item to use").lines.length, 26, "all at once when they fit");
    }
  });
}

Deno.test("inventory: PgDn, PgUp, Home and End scroll the list (the border says which part shows); a letter off the page still picks its item", async () => {
  const app = startApp(80, 24);
  const want = fillPack(app.state);
  await feed(app, "d");
  const window = () => {
    const w = sideWindow(app, "Select an item to drop");
    return { ...w, lines: w.lines.map((l) => l.replace(/ \(E\)$/, "")) };
  };
  const bottomBorder = () => screenText(app)[window().bottom];
  equal(window().lines[0], want[0]);
  equal(window().lines.length, 18);
  ok(bottomBorder().includes("┤ 1-18 of 26 ↓ ├"), bottomBorder());
  await feed(app, "PageDown");
  equal(window().lines.at(-1), want[25]);
  ok(bottomBorder().includes("┤ ↑ 9-26 of 26 ├"), bottomBorder());
  await feed(app, "Home");
  equal(window().lines[0], want[0]);
  await feed(app, "End", "PageUp");
  equal(window().lines[0], want[0], "a page of 17 up from 9 stops at the top");
  ok(top(app) instanceof InventoryScreen, "scrolling keeps the window open");
  const z = playerOf(app.state).inventory!.items[25];
  await feed(app, "z");
  ok(!playerOf(app.state).inventory!.items.includes(z), "z dropped the 26th item, though it was not in view");
  ok(top(app) instanceof PlayScreen);
});

/** Every screen with a key table, as the game opens them. */
function screensWithHelp(app: GameSession): Screen[] {
  const { ui } = app;
  return [
    new PlayScreen(),
    new InventoryScreen("use"),
    new InventoryScreen("drop"),
    new HistoryScreen(),
    new LookScreen(ui),
    new TargetScreen(ui, 0, { kind: "area", radius: 3 }),
    new LevelUpScreen(content.rules),
    new CharacterScreen(content.rules),
    new GameOverScreen(),
  ];
}

/** The help box's frame on the screen, and the text inside it (one column of margin). */
function helpBox(app: GameSession) {
  const text = screenText(app);
  const top = text.findIndex((l) => l.includes("┤Keys: "));
  const left = text[top].indexOf("┌"), right = text[top].indexOf("┐");
  const bottom = text.findIndex((l, y) => y > top && l[left] === "└");
  const rows = text.slice(top + 1, bottom);
  for (const row of rows) equal(`${row[left]}${row[right]}`, "││", `inside the box: ${row}`);
  return {
    top,
    bottom,
    left,
    right,
    lines: rows.map((l) => l.slice(left + 2, right).trimEnd()),
    border: text[bottom],
  };
}

for (const [columns, rows] of [[80, 24], [80, 50], [100, 30]]) {
  Deno.test(`help at ${columns}x${rows}: on every screen, each key and all it does is shown inside the box, wrapped, none cut`, async () => {
    const app = startApp(columns, rows);
    for (const screen of screensWithHelp(app)) {
      const help = new HelpScreen(screen);
      app.stack.splice(1, app.stack.length, help);
      app.render();
      let box = helpBox(app);
      ok(box.top >= 0 && box.bottom < rows, `${screen.title}: the box is on the screen`);
      const body: string[] = [];
      // Gather the body a page at a time until the border says there is no more below.
      for (let page = 0; page < 20; page++) {
        const note = box.lines.lastIndexOf("") + 1;
        body.push(...box.lines.slice(body.length === 0 ? 0 : 1, note - 1));
        if (!box.border.includes("↓")) break;
        await feed(app, "PageDown");
        box = helpBox(app);
      }
      ok(body.every((l) => !l.endsWith("…")), `${screen.title}: nothing cut`);
      const said = body.join(" ").replace(/\s+/g, " ");
      for (const { keys, help } of helpLines(screen.bindings)) {
        ok(
          said.includes(`${keys} ${help}`),
          `${screen.title} at ${columns}x${rows} shows "${keys}: ${help}" in ${said}`,
        );
      }
    }
  });
}

Deno.test("help says what each key does as its screen does it: Esc saves and goes to the title, a click walks, Enter/Space/Esc leave the game over", () => {
  const app = startApp(80, 24);
  const said = (screen: Screen) =>
    Object.fromEntries(helpLines(screen.bindings).map(({ keys, help }) => [keys, help]));
  const play = said(new PlayScreen());
  equal(play.Esc, "save the game and go back to the title");
  equal(play["Ctrl-C"], "save the game and quit Delve");
  ok(play.mouse.includes("a left click on a place you know: walk there"));
  equal(said(new GameOverScreen())["Enter, keypad Enter, Space, Esc"], "go on, back to the title");
  // And the screens do so.
  const p = screenCellOf(app.ui, playerOf(app.state))!;
  const click = new PlayScreen().handleMouse(mouseEvent("press", "left", p.x, p.y), app.ui);
  equal(click.type, "walk");
  equal(new PlayScreen().handleKey(keyEvent("Escape"), app.ui).type, "quit");
  for (const key of ["Enter", "KPEnter", " ", "Escape"]) {
    equal(new GameOverScreen().handleKey(keyEvent(key)).type, "quit", key);
  }
  for (const key of ["x", "v", "Up"]) equal(new GameOverScreen().handleKey(keyEvent(key)).type, "stay", key);
});

Deno.test("help at 80x24 scrolls with ↑ ↓ PgUp PgDn Home End and says so; any other key closes it; help that fits closes on any key", async () => {
  const app = startApp(80, 24);
  await feed(app, "?");
  let box = helpBox(app);
  equal(box.lines.at(-1), "↑ ↓ PgUp PgDn Home End: scroll. Any other key closes this window.");
  const first = box.lines[0];
  await feed(app, "Down");
  box = helpBox(app);
  ok(box.lines[0] !== first && top(app) instanceof HelpScreen, "Down scrolled, the help stays");
  await feed(app, "End");
  ok(helpBox(app).border.includes("↑") && !helpBox(app).border.includes("↓"));
  await feed(app, "Home");
  equal(helpBox(app).lines[0], first);
  await feed(app, "Escape");
  ok(top(app) instanceof PlayScreen, "Esc closed the help, and only the help");
  const big = startApp(80, 50);
  await feed(big, "?");
  equal(helpBox(big).lines.at(-1), "Any key closes this window.");
  await feed(big, "Down");
  ok(top(big) instanceof PlayScreen);
});

for (const [columns, rows] of [[80, 24], [80, 50], [120, 60]]) {
  Deno.test(`messages at ${columns}x${rows} wrap at word boundaries across the log's full width, a path after a /`, () => {
    const app = startApp(columns, rows);
    const { log } = app.ui.layout;
    equal(log.width, columns - 21, "the log runs from column 21 to the right edge");
    const logRows = () => screenText(app).slice(log.y, log.y + log.height).map((l) => l.slice(log.x));
    const path = "/home/someone/.local/share/delve/morgue/morgue-2026-11-21-10-00-00-seed42.txt";
    app.notify("morgue_written", { file: path });
    app.render();
    const pathRows = logRows().slice(logRows().findIndex((l) => l.startsWith("Morgue file written")));
    deepEqual(pathRows, wrapText(`Morgue file written to ${path}`, log.width));
    ok(pathRows.slice(1, -1).every((l) => l.endsWith("/")), "the path breaks only after a /");
    equal(pathRows.join(" ").replace(/\/ /g, "/"), `Morgue file written to ${path}`);
    const long = "The eyes of the Orc look vacant, as it starts to stumble around! It wanders off, lost.";
    app.state.log.push({ text: long, color: "white", count: 1 });
    app.render();
    const lines = wrapText(long, log.width);
    deepEqual(logRows().slice(-lines.length), lines);
    equal(lines.join(" "), long, "words whole, spaces kept");
    ok(
      lines.slice(0, -1).every((l, k) => l.length + 1 + lines[k + 1].split(" ")[0].length > log.width),
      "each line as full as the log's width lets it be",
    );
  });
}

Deno.test("below 80x24 the title takes no key (N starts no game); growing back redraws it whole", async () => {
  const t = await titleSession();
  for (let k = 0; k < 500 && !t.text().includes("[N] Play a new game"); k++) await t.tick();
  const title = t.text();
  t.terminal.resize(60, 20);
  await t.press("n", "c", "q", "Escape");
  equal(t.app.game, undefined, "no game began behind the notice");
  t.terminal.writes.length = 0;
  t.terminal.resize(80, 24);
  await t.press("F5"); // an unbound key: the title has taken the resize by then
  equal(t.text(), title);
  // The frame written after growing back alone paints the whole title.
  const { VtScreen } = await import("./support/vt_screen.ts");
  const vt = new VtScreen(80, 24);
  await vt.apply(t.terminal.writes.join(""));
  equal(vt.glyphs.map((g, i) => (i > 0 && i % 80 === 0 ? "\n" : "") + g).join(""), title);
  t.terminal.input(keyEvent("q"));
  equal(await t.running, "quit");
});

Deno.test("16 colours and none: the HP bar is drawn in characters, █ filled and ░ empty, its text reversed on the filled part", () => {
  for (const depth of ["16", "none"] as const) {
    const app = startApp(80, 24, 42, depth);
    const fighter = playerOf(app.state).fighter!;
    fighter.hp = 15;
    app.render();
    const { x, y } = app.ui.layout.hpBar;
    equal(app.screen.rowText(y).slice(x, x + 20), "█HP: 15/30░░░░░░░░░░", depth);
    const reversed = [...Array(20).keys()].filter((k) => app.screen.attrs[y * 80 + x + k] & Attr.Reverse);
    deepEqual(reversed, [1, 2, 3, 4, 5, 6, 7, 8, 9], `${depth}: the text on the filled half`);
  }
  const colour = startApp(80, 24);
  equal(
    colour.screen.rowText(colour.ui.layout.hpBar.y).slice(0, 20),
    " HP: 30/30          ",
    "colours draw it as ever",
  );
});

Deno.test("16 colours and none: the look cursor is reversed, and turned back inside the fireball's reversed blast", () => {
  for (const depth of ["16", "none"] as const) {
    const app = startApp(80, 24, 42, depth);
    const p = playerOf(app.state);
    app.stack.push(new LookScreen(app.ui));
    app.render();
    const at = (x: number, y: number) => {
      const cell = screenCellOf(app.ui, { x, y })!;
      return app.screen.attrs[cell.y * 80 + cell.x] & Attr.Reverse;
    };
    ok(at(p.x, p.y), `${depth}: the look cursor is reversed`);
    app.stack.splice(1, 1, new TargetScreen(app.ui, 0, { kind: "area", radius: 3 }));
    app.render();
    equal(at(p.x, p.y), 0, `${depth}: the cursor is turned back in the blast`);
    ok(at(p.x + 1, p.y), `${depth}: the blast around it is reversed`);
  }
});

Deno.test("16 colours: a glyph whose colour and background become one colour is drawn in the other brightness", async () => {
  equal(toAnsi16(0x000064), 0, "a remembered wall's dark blue becomes black");
  equal(glyphColor16(0, 0), 8);
  equal(glyphColor16(8, 8), 0);
  equal(glyphColor16(15, 15), 0);
  equal(glyphColor16(2, 0), 2, "a colour apart from its background stays");
  const buf = new CellBuffer(3, 1);
  buf.set(0, 0, "#", 0x000064, 0x000000);
  buf.set(1, 0, " ", 0x000064, 0x000000);
  buf.set(2, 0, "#", 0x826e32, 0x000000);
  const { VtScreen } = await import("./support/vt_screen.ts");
  const vt = new VtScreen(3, 1);
  await vt.apply(new DiffRenderer("16").render(buf));
  deepEqual([vt.fg[0], vt.bg[0]], [8, 0], "the wall in grey on black");
  deepEqual([vt.fg[2], vt.bg[2]], [8, 0], "and the lit one in its own grey");
});

/** The title with ten scores, drawn into a buffer. */
function titleWithScores(columns: number, rows: number, monochrome = false): CellBuffer {
  const buf = new CellBuffer(columns, rows);
  const scores = Array.from({ length: 10 }, (_, k) => ({
    score: 1000 - k,
    depth: 3,
    level: 2,
    xp: 100,
    turns: 900,
    seed: 12345 + k,
    date: "2026-11-21T10:00:00.000Z",
    cause: k % 2 ? "killed by an Orc" : "killed by a Troll",
    version: "0.1.0",
  }));
  drawTitle(
    buf,
    themeFromContent(content),
    { saved: "Saved game: seed 5, dungeon level 1, turn 0", scores },
    monochrome,
  );
  return buf;
}

for (const [columns, rows] of [[80, 24], [80, 50], [120, 40]]) {
  Deno.test(`title at ${columns}x${rows}: the shading stays two columns and a row away from the score table and the banner`, () => {
    const buf = titleWithScores(columns, rows);
    const text = [...Array(rows).keys()].map((y) => buf.rowText(y));
    const header = text.findIndex((l) => l.includes("Score  Depth"));
    const banner = text.findIndex((l) => l.includes("█████  █████"));
    const left = Math.min(text[header].search(/\S/), text[banner].search(/\S/)) - 2;
    const right = Math.max(text[header + 10].trimEnd().length, text[banner].trimEnd().length) + 2;
    for (let y = Math.max(0, banner - 1); y <= Math.min(rows - 1, header + 11); y++) {
      for (let x = Math.max(0, left); x < Math.min(columns, right); x++) {
        equal(buf.bg[y * columns + x], 0, `black behind the text at ${x},${y}`);
      }
    }
  });
}

Deno.test("title without colour: the stone away from the light is drawn in ░, the lit middle left clear", () => {
  const mono = titleWithScores(80, 50, true), colour = titleWithScores(80, 50);
  const shades = (buf: CellBuffer, y: number) => [...buf.rowText(y)].filter((c) => c === "░").length;
  ok(shades(mono, 2) > 20 && shades(colour, 2) < 10, "the top rows are shaded in characters");
  ok(shades(mono, 48) > 20, "so are the bottom rows");
});
