import { deepEqual, equal, ok } from "node:assert/strict";
import type { GameSession } from "../src/app/mod.ts";
import { isWalkable, playerOf } from "../src/engine/mod.ts";
import { CellBuffer, type MouseEvent, mouseEvent } from "../src/terminal/mod.ts";
import {
  drawMessages,
  GameOverScreen,
  HelpScreen,
  HistoryScreen,
  InventoryScreen,
  keyLabel,
  LookScreen,
  lookupKey,
  PlayScreen,
  type Screen,
  stepMultiplier,
  TargetScreen,
} from "../src/ui/mod.ts";
import { assertSnapshot, feed, screenText, startApp, type } from "./support/ui_harness.ts";

/** The top screen, read afresh (assertions must not narrow it between inputs). */
const top = (app: GameSession): Screen => app.top;

const mouse = (action: MouseEvent["action"], x: number, y: number, button: MouseEvent["button"] = "none") =>
  mouseEvent(action, button, x, y);

Deno.test("snapshot 80x50: the full layout after a few turns", async () => {
  const app = startApp(80, 50);
  await feed(app, "l", "l", "j", ".");
  await assertSnapshot(app, "play_80x50");
  const s = app.screen;
  const at = (x: number, y: number) => y * 80 + x;
  // HP bar at row 45: its text in white on the filled green, the rest dark red.
  const hp = playerOf(app.state).fighter!.hp;
  equal(s.bg[at(19, 45)], hp === 30 ? 0x006000 : 0x401010, "the bar's empty part is dark red");
  deepEqual([s.rowText(45).slice(0, 20).trimEnd(), s.fg[at(1, 45)], s.bg[at(1, 45)]], [
    ` HP: ${hp}/30`,
    0xffffff,
    0x006000,
  ]);
  equal(s.rowText(47).slice(0, 16), "Dungeon level: 1");
  const welcomeRow = screenText(app).findIndex((l) => l.includes("Hello and welcome"));
  ok(welcomeRow >= 45 && welcomeRow <= 49);
  equal(s.fg[at(21, welcomeRow)], 0x20a0ff);
  const p = playerOf(app.state);
  deepEqual([String.fromCodePoint(s.glyphs[at(p.x, p.y)]), s.bg[at(p.x, p.y)]], ["@", 0xc8b432]);
});

Deno.test("snapshot 80x24: a scrolled map over the compact panel", async () => {
  const app = startApp(80, 24, 7);
  await feed(app, "j", "j", "j", "j", "l", "l");
  await assertSnapshot(app, "play_80x24");
  const text = screenText(app);
  ok(text.slice(0, 20).some((l) => l.includes("@")), "the player is in view");
  ok(text[20].startsWith(" HP: "));
  ok(text[21].startsWith("Dungeon level: 1"));
});

Deno.test("layout in place at 80x50: names at (21,44), HP at row 45, level at (0,47), log at x 21-79, rows 45-49", () => {
  const { layout } = startApp(80, 50).ui;
  deepEqual(
    [layout.names.x, layout.names.y, layout.hpBar, layout.lines, layout.log],
    [21, 44, { x: 0, y: 45 }, { x: 0, y: 47, width: 20, height: 1 }, { x: 21, y: 45, width: 59, height: 5 }],
  );
  const big = startApp(120, 70).ui.layout;
  ok(big.log.height > 5 && big.log.width > 40, "a bigger terminal gives the log more room");
  equal(big.map.height, 43, "and shows the whole map");
});

Deno.test("log drawing: newest on the bottom line, wrapped in order, stacked as (xN), cut at the top", () => {
  const buf = new CellBuffer(12, 4);
  const theme = startApp(80, 24).ui.theme;
  const log = [
    { text: "first", color: "white", count: 1 },
    { text: "a long message wraps", color: "white", count: 1 },
    { text: "blocked", color: "impossible", count: 3 },
  ];
  drawMessages(buf, theme, [...log].reverse(), { x: 0, y: 0, width: 12, height: 4 });
  deepEqual([0, 1, 2, 3].map((y) => buf.rowText(y).trimEnd()), [
    "a long",
    "message",
    "wraps",
    "blocked (x3)",
  ]);
  equal(buf.fg[3 * 12], 0x808080);
  const short = new CellBuffer(12, 2);
  drawMessages(short, theme, [...log].reverse(), { x: 0, y: 0, width: 12, height: 2 });
  deepEqual([0, 1].map((y) => short.rowText(y).trimEnd()), ["wraps", "blocked (x3)"]);
});

Deno.test("history: opens on the newest at the foot; ↑/↓ a line, PgUp/PgDn a page, wrapping from the ends; Home shows the oldest at the top, End the newest at the foot", async () => {
  const app = startApp(80, 24);
  app.state.log.length = 0;
  for (let k = 0; k < 40; k++) app.state.log.push({ text: `message ${k}`, color: "white", count: 1 });
  await feed(app, "v");
  // The window is rows 3-20, its inside rows 4-19 (16 lines) and columns 4-75.
  const inside = () => screenText(app).slice(4, 20).map((l) => l.slice(4, 76).trimEnd());
  const shown = () => [inside()[0], inside()[15]];
  deepEqual(shown(), ["message 24", "message 39"], "the newest on the bottom line");
  ok(screenText(app)[20].includes("┤ ↑ 25-40 of 40 ├"), "the border says where the window is");
  await feed(app, "Home");
  deepEqual(shown(), ["message 0", "message 15"], "Home: the oldest on the top line");
  ok(screenText(app)[20].includes("┤ 1-16 of 40 ↓ ├"));
  await feed(app, "Up");
  deepEqual(shown(), ["message 24", "message 39"], "Up at the top wraps to the foot");
  await feed(app, "Down");
  deepEqual(shown(), ["message 0", "message 15"], "Down at the foot wraps to the top");
  await feed(app, "Down", "PageDown");
  // The TCOD rule set pages by its tutorial's 10 lines (historyPage).
  deepEqual(shown(), ["message 11", "message 26"], "a line, then a page of 10");
  await feed(app, "PageDown", "PageDown");
  deepEqual(shown(), ["message 24", "message 39"], "a page stops at the foot");
  await feed(app, "PageUp", "End");
  deepEqual(shown(), ["message 24", "message 39"], "End: the newest on the bottom line");
  await feed(app, mouse("wheel", 10, 10, "wheelUp"));
  deepEqual(shown(), ["message 23", "message 38"], "the wheel scrolls a line");
  await feed(app, "x");
  ok(top(app) instanceof PlayScreen, "any other key closes");
});

Deno.test("history window: the whole log, not only the panel's lines, a short log at the window's foot", async () => {
  const app = startApp(80, 50);
  for (let k = 0; k < 30; k++) app.state.log.push({ text: `message ${k}`, color: "white", count: 1 });
  await feed(app, "v");
  ok(top(app) instanceof HistoryScreen);
  const text = screenText(app);
  ok(text[3].includes("┤Message history├"));
  equal(text[45].slice(4, 76).trimEnd(), "message 29", "the newest on the window's bottom line");
  ok(text.some((l) => l.includes("message 0")), "thirty messages fit in 42 lines");
  for (let k = 30; k < 60; k++) app.state.log.push({ text: `message ${k}`, color: "white", count: 1 });
  await feed(app, "q", "v", "Up", "Up");
  equal(screenText(app)[45].slice(4, 76).trimEnd(), "message 57");
  await feed(app, "q");
  ok(top(app) instanceof PlayScreen);
});

Deno.test("help lists exactly each screen's key table, and every listed key does what it says", () => {
  const look = new LookScreen(startApp(80, 24).ui);
  const ui = startApp(80, 24).ui;
  const screens: Screen[] = [
    new PlayScreen(),
    new HistoryScreen(),
    look,
    new GameOverScreen(),
    new InventoryScreen("use"),
    new TargetScreen(ui, 0, { kind: "area", radius: 3 }),
  ];
  for (const screen of screens) {
    const help = new HelpScreen(screen).lines();
    equal(help.length, screen.bindings.length, screen.title);
    screen.bindings.forEach((binding, i) => {
      ok(help[i].includes(binding.help), help[i]);
      for (const key of binding.keys) ok(help[i].includes(keyLabel(key)), `${help[i]} lists ${key}`);
      if (binding.listedOnly) return;
      for (const key of binding.keys) {
        const found = lookupKey(screen.bindings, { type: "key", key, shift: false, ctrl: false, alt: false });
        equal(found, binding, `${screen.title}: ${key}`);
      }
    });
  }
});

Deno.test("? opens help over any screen and any key closes it", async () => {
  const app = startApp(80, 24);
  await feed(app, "?");
  ok(top(app) instanceof HelpScreen);
  ok(screenText(app).some((l) => l.includes("┤Keys: Dungeon├")));
  ok(screenText(app).some((l) => l.includes("wait a turn")));
  await feed(app, "z");
  ok(top(app) instanceof PlayScreen);
  await feed(app, "/", "?");
  ok(top(app) instanceof HelpScreen && screenText(app).some((l) => l.includes("┤Keys: Look├")));
  await feed(app, "Escape");
  ok(top(app) instanceof LookScreen, "closing help goes back to look mode");
});

Deno.test("look: the cursor starts on the player, steps 1/5/10/20 from real escape sequences, names what it is on", async () => {
  equal(stepMultiplier({ shift: true, ctrl: true, alt: false }), 50);
  equal(stepMultiplier({ shift: true, ctrl: true, alt: true }), 1000);
  const app = startApp(80, 50);
  const p = playerOf(app.state);
  await feed(app, "/");
  const look = app.top as LookScreen;
  deepEqual(look.cursor, { x: p.x, y: p.y });
  equal(screenText(app)[44].slice(21), "Player, floor", "the panel names what is under the cursor");
  deepEqual([app.screen.fg[p.y * 80 + p.x], app.screen.bg[p.y * 80 + p.x]], [0x000000, 0xffffff]);
  await type(app, "\x1b[C"); // Right
  deepEqual(look.cursor, { x: p.x + 1, y: p.y });
  await type(app, "\x1b[1;2C"); // Shift+Right
  deepEqual(look.cursor, { x: p.x + 6, y: p.y });
  await type(app, "\x1b[1;5D"); // Ctrl+Left
  deepEqual(look.cursor, { x: p.x - 4, y: p.y });
  await type(app, "\x1b[1;3B"); // Alt+Down: 20, clamped to the map
  deepEqual(look.cursor, { x: p.x - 4, y: Math.min(42, p.y + 20) });
  await type(app, "L"); // Shift+l
  deepEqual(look.cursor, { x: p.x + 1, y: Math.min(42, p.y + 20) });
  await type(app, "\r");
  ok(top(app) instanceof PlayScreen);
  equal(app.state.turn, 0, "looking takes no turn");
});

Deno.test("look at 80x24: the view follows the cursor off-screen, and comes back to the player after", async () => {
  const app = startApp(80, 24, 7);
  const p = playerOf(app.state);
  await feed(app, "/");
  const downBy = p.y < 21 ? 20 : -20;
  await type(app, downBy > 0 ? "\x1b[1;3B" : "\x1b[1;3A");
  const cursor = (app.top as LookScreen).cursor!;
  const row = screenText(app).slice(0, 20);
  ok(row.length === 20);
  const cursorOnScreen = [...Array(20 * 80).keys()].some((i) =>
    app.screen.bg[i] === 0xffffff && app.screen.fg[i] === 0
  );
  ok(cursorOnScreen, `the cursor at ${cursor.x},${cursor.y} is drawn`);
  await feed(app, "Escape");
  ok(screenText(app).slice(0, 20).some((l) => l.includes("@")), "the player is back in view");
});

Deno.test("mouse: pointing at the map names what is there; outside the map keeps the last name", async () => {
  const app = startApp(80, 50);
  const p = playerOf(app.state);
  await feed(app, mouse("move", p.x, p.y));
  equal(screenText(app)[44].slice(21), "Player");
  await feed(app, mouse("move", 5, 48));
  equal(screenText(app)[44].slice(21), "Player");
  const floor = [...app.state.map.tiles.keys()].find((i) =>
    app.state.map.visible[i] && app.state.map.tiles[i] === 1 &&
    !app.state.entities.some((e) => e.y * 80 + e.x === i)
  )!;
  await feed(app, mouse("move", floor % 80, Math.floor(floor / 80)));
  equal(screenText(app)[44].slice(21), "", "an empty floor names nothing");
  await feed(app, mouse("wheel", 10, 10, "wheelUp"));
  ok(top(app) instanceof HistoryScreen, "the wheel opens the history");
});

Deno.test("names on one cell: the actor first, then items topmost (dropped last) first, then remains", async () => {
  const app = startApp(80, 50);
  const p = playerOf(app.state);
  const { instantiate } = await import("../src/engine/mod.ts");
  const { rules } = app.content;
  const corpse = instantiate(rules.templates.orc, 900, p.x, p.y);
  Object.assign(corpse, { name: "Remains of Orc", layer: "corpse", blocksMovement: false });
  app.state.entities.unshift(corpse);
  app.state.entities.push(instantiate(rules.templates.health_potion, 901, p.x, p.y));
  app.state.entities.push(instantiate(rules.templates.fireball_scroll, 902, p.x, p.y));
  await feed(app, mouse("move", p.x, p.y));
  equal(screenText(app)[44].slice(21), "Player, Fireball Scroll, Health Potion, Remains of Orc");
});

Deno.test("resizing mid-game keeps the game, the pointer and the open window", async () => {
  const app = startApp(80, 24);
  await feed(app, "l", "v");
  const terminal = app.terminal as unknown as { resize(c: number, r: number): void };
  terminal.resize(80, 50);
  app.render();
  ok(top(app) instanceof HistoryScreen);
  ok(screenText(app)[3].includes("Message history"));
  terminal.resize(100, 30);
  app.render();
  await feed(app, "x");
  ok(top(app) instanceof PlayScreen);
  ok(screenText(app).some((l) => l.includes("@")));
});

Deno.test("after death a boxed window tells it all, the morgue path wrapped whole; Enter, Space and Esc go on; movement, v and / do nothing", async () => {
  const app = startApp(80, 24);
  const player = playerOf(app.state);
  player.fighter!.hp = 1;
  // Wait until something kills the player.
  for (let k = 0; k < 200 && player.fighter!.hp > 0; k++) {
    const step = [["l", 1, 0], ["h", -1, 0], ["j", 0, 1], ["k", 0, -1]].find(([, dx, dy]) =>
      isWalkable(app.state.map, player.x + (dx as number), player.y + (dy as number))
    )!;
    await feed(app, step[0] as string);
  }
  ok(top(app) instanceof GameOverScreen, "the game-over screen is on top");
  const turn = app.state.turn;
  await feed(app, "l", "v", "/", "x");
  ok(top(app) instanceof GameOverScreen);
  equal(app.state.turn, turn);
  const path = `/home/a-player/.local/share/delve/morgue/${
    "deep-folder/".repeat(4)
  }morgue-2026-11-21-seed42.txt`;
  (top(app) as GameOverScreen).report = { morgue: { path }, rank: 1 };
  app.render();
  const text = screenText(app);
  const first = text.findIndex((l) => l.includes("┤Game over├"));
  const last = text.findIndex((l, y) => y > first && l.includes("└"));
  ok(first >= 0 && last > first && last < 20, `a box over the map:\n${text.join("\n")}`);
  const left = text[first].indexOf("┌"), right = text[first].indexOf("┐");
  const inside = text.slice(first + 1, last).map((l) => {
    equal([l[left], l[right]].join(""), "││", "every line inside the box");
    return l.slice(left + 1, right).trim();
  });
  ok(/^You died on dungeon level 1, killed by an? \w+ \(seed 42\)\.$/.test(inside[0]), inside[0]);
  ok(/^Score: \d+, number 1 in the high scores!$/.test(inside[1]), inside[1]);
  const at = inside.findIndex((l) => l.startsWith("Morgue file:"));
  const pathLines = inside.slice(at, inside.indexOf("", at));
  equal(
    pathLines.join("").replace("Morgue file:", "Morgue file: "),
    `Morgue file: ${path}`,
    "the whole path",
  );
  ok(pathLines.length > 1 && pathLines.slice(0, -1).every((l) => l.endsWith("/") || l === "Morgue file:"));
  equal(inside.at(-1), "Enter, Space or Esc: back to the title.");
  for (const key of ["Enter", " ", "Escape"]) {
    const over = top(app);
    equal(
      over.handleKey({ type: "key", key, shift: false, ctrl: false, alt: false }, app.ui).type,
      "quit",
      key,
    );
  }
  equal(await app.handleInput({ type: "key", key: "Enter", shift: false, ctrl: false, alt: false }), "quit");
});
