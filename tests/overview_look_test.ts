/**
 * The overview (`X`, docs/rules.md, Overview) and look mode in Delve's own
 * game (docs/rules.md, Look and aim cursor): the whole
 * floor on one screen at 80x50 and at 80x24, no turn taken; look's Tab
 * steps through the monsters drawn and Enter describes what is under the
 * cursor, its window never over the cursor.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { GameSession } from "../src/app/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import {
  Bot,
  type GameState,
  instantiate,
  isGameOver,
  newGame,
  playCommand,
  playerOf,
  stateChecksum,
} from "../src/engine/mod.ts";
import { HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import { PLAY_BINDINGS, screenCellOf } from "../src/ui/mod.ts";
import { OverviewScreen } from "../src/ui/overview_screen.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { arenaStill } from "./support/arena.ts";
import { feed, screenText } from "./support/ui_harness.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");
const { rules } = delve;

function delveApp(state: GameState, rows: number): GameSession {
  const app = new GameSession(new HeadlessTerminal(80, rows), delve, state, new InProcessRunner(rules), {
    colorDepth: "truecolor",
  });
  app.render();
  return app;
}

/** A seeded game the bot has played `steps` commands of (a floor half explored, items seen). */
function played(seed: number, steps: number): GameState {
  const state = newGame(rules, seed), bot = new Bot();
  for (let n = 0; n < steps && !isGameOver(state); n++) playCommand(state, rules, bot.decide(state, rules));
  return state;
}

/** The character on screen at (x, y). */
function at(app: GameSession, x: number, y: number): string {
  return [...app.screen.rowText(y)][x];
}

Deno.test("X is the overview's key, free in every key preset's table", () => {
  const overview = PLAY_BINDINGS.find((b) => "value" in b && b.value === "overview")!;
  deepEqual(overview.keys, ["X"]);
  const others = PLAY_BINDINGS.filter((b) => b !== overview).flatMap((b) => b.keys);
  ok(!others.includes("X"));
});

Deno.test("at 80x50 the overview draws the whole floor glyph for glyph; any key closes it, no turn taken", async () => {
  const state = played(2, 300);
  const app = delveApp(state, 50);
  const before = stateChecksum(app.state), turn = app.state.turn;
  await feed(app, "X");
  ok(app.top instanceof OverviewScreen, app.top.title);
  const { map } = app.state, player = playerOf(app.state);
  equal(at(app, player.x, player.y), "@");
  // Every explored wall and floor cell out of view is drawn where it lies, as the map draws it.
  let cells = 0;
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const i = y * map.width + x;
      if (!map.explored[i] || map.visible[i] || app.state.entities.some((e) => e.x === x && e.y === y)) {
        continue;
      }
      const look = app.ui.theme.tiles[map.tiles[i]].dark.glyph;
      if (look === "#" || look === ".") {
        equal(at(app, x, y), look, `${x},${y}`);
        cells++;
      }
    }
  }
  ok(cells > 100, `${cells} cells checked`);
  ok(screenText(app)[43].startsWith(`Floor ${app.state.floor}:`), screenText(app)[43]);
  await feed(app, "j");
  equal(app.stack.length, 1, "closed");
  equal(app.state.turn, turn, "no turn taken");
  equal(stateChecksum(app.state), before, "the game untouched");
});

Deno.test("at 80x24 the overview shows all 43 rows, two a line, with the player and the stairs in their glyphs", async () => {
  const state = played(5, 300);
  const { map } = state;
  // The whole floor known (as a magic mapping makes it), so that its bottom half is drawn too.
  map.explored.fill(1);
  const app = delveApp(state, 24);
  await feed(app, "X");
  const player = playerOf(app.state);
  equal(at(app, player.x, Math.floor(player.y / 2)), "@");
  if (Math.floor(map.stairs.y / 2) !== Math.floor(player.y / 2) || map.stairs.x !== player.x) {
    equal(at(app, map.stairs.x, Math.floor(map.stairs.y / 2)), ">");
  }
  // A wall over floor in the bottom half of the floor: a half block.
  ok(screenText(app).slice(11, 22).some((line) => line.includes("▀")), screenText(app).join("\n"));
  ok(screenText(app)[22].startsWith(`Floor ${app.state.floor}, two rows a line`), screenText(app)[22]);
  await feed(app, "Escape");
  equal(app.stack.length, 1, "Esc closes it, and only it");
});

Deno.test("the overview shows an item seen before, out of view now, and forgets one gone", async () => {
  const state = arenaStill(
    rules,
    `
    ##############################
    #@...........................#
    ##############################`,
  );
  state.entities.push(instantiate(rules.templates.dart, state.nextId++, 3, 1));
  const app = delveApp(state, 50);
  for (let k = 0; k < 20; k++) await feed(app, "l");
  ok(!app.state.map.visible[1 * app.state.map.width + 3], "the dart out of view");
  await feed(app, "X");
  // The 30 columns of this floor centred on the 80 of the screen.
  const left = (80 - 30) / 2;
  equal(at(app, left + 3, 1), rules.templates.dart.glyph);
  await feed(app, "Escape");
  // Taken away unseen: still remembered until seen again.
  app.state.entities.pop();
  for (let k = 0; k < 20; k++) await feed(app, "h");
  await feed(app, "l", "l", "l", "l", "l", "l", "l", "l", "l", "l", "l", "l", "X");
  equal(at(app, left + 3, 1), ".");
});

/** An open room as big as Delve's floors, the player at (x, y) and monsters by letter at their cells. */
function roomWith(
  player: { x: number; y: number },
  monsters: Record<string, { x: number; y: number }>,
): GameState {
  const rows: string[][] = [];
  for (let y = 0; y < 43; y++) {
    rows.push([...(y === 0 || y === 42 ? "#".repeat(80) : `#${".".repeat(78)}#`)]);
  }
  rows[player.y][player.x] = "@";
  const things: Record<string, string> = {};
  for (const [template, p] of Object.entries(monsters)) {
    const letter = String.fromCharCode(65 + Object.keys(things).length);
    rows[p.y][p.x] = letter;
    things[letter] = template;
  }
  return arenaStill(rules, rows.map((r) => r.join("")).join("\n"), things);
}

Deno.test("look's Tab steps through the monsters drawn, nearest first, never onto an item; Shift+Tab goes back", async () => {
  const state = roomWith({ x: 20, y: 20 }, { rat: { x: 22, y: 20 }, orc: { x: 20, y: 24 } });
  state.entities.push(instantiate(rules.templates.dart, state.nextId++, 21, 20));
  const app = delveApp(state, 24);
  await feed(app, "/");
  const visits: string[] = [];
  for (let k = 0; k < 4; k++) {
    await feed(app, "Tab");
    const cursor = app.ui.focus!;
    ok(screenCellOf(app.ui, cursor), "on screen");
    visits.push(
      app.state.entities.find((e) => e.x === cursor.x && e.y === cursor.y && e.layer === "actor")!.name,
    );
  }
  deepEqual(visits, ["Rat", "Orc", "Rat", "Orc"]);
  await feed(app, keyEvent("Tab", { shift: true }));
  deepEqual(app.ui.focus, { x: 22, y: 20 });
});

Deno.test("look's Tab skips a monster in view the map view does not draw", async () => {
  const state = roomWith({ x: 20, y: 20 }, { rat: { x: 22, y: 20 }, orc: { x: 20, y: 26 } });
  const app = delveApp(state, 24);
  await feed(app, "/");
  // The view left where the orc is just off its bottom row (the cursor keeps it there: it has not moved).
  app.ui.view = { ...app.ui.view!, origin: { x: app.ui.view!.origin.x, y: 26 - app.ui.layout.map.height } };
  app.render();
  equal(screenCellOf(app.ui, { x: 20, y: 26 }), undefined, "the orc not drawn");
  for (let k = 0; k < 3; k++) {
    await feed(app, "Tab");
    deepEqual(app.ui.focus, { x: 22, y: 20 }, "only the rat");
  }
});

Deno.test("look's Enter describes every kind of monster under the cursor, its window clear of the cursor", async () => {
  const monsters = Object.keys(rules.templates).filter((k) => rules.templates[k].fighter && k !== "player");
  for (const rows of [24, 50]) {
    for (const template of monsters) {
      for (const [px, dx, dy] of [[20, 3, 0], [40, -3, 2], [60, 4, -3], [30, 0, 5]]) {
        const monster = { x: px + dx, y: 20 + dy };
        const app = delveApp(roomWith({ x: px, y: 20 }, { [template]: monster }), rows);
        await feed(app, "/", "Tab");
        deepEqual(app.ui.focus, monster, `${template} at ${rows} rows`);
        const cell = screenCellOf(app.ui, monster)!;
        // The glance window leaves the cursor (and so the monster) in sight.
        equal(at(app, cell.x, cell.y), rules.templates[template].glyph, `${template} at ${rows} rows`);
        await feed(app, "Enter");
        const text = screenText(app).join("\n");
        ok(text.includes(rules.templates[template].name), `${template}\n${text}`);
        ok(text.includes("HP "), `${template}: its numbers\n${text}`);
        equal(at(app, cell.x, cell.y), rules.templates[template].glyph, `${template} under its description`);
        await feed(app, "x");
        equal(app.top.title, "Look", "any key goes back to looking");
      }
    }
  }
});

Deno.test("look's Enter on no monster describes the item there or the terrain, never nothing", async () => {
  const state = roomWith({ x: 20, y: 20 }, {});
  state.entities.push(instantiate(rules.templates.dagger, state.nextId++, 21, 20));
  const app = delveApp(state, 24);
  await feed(app, "/", "l", "Enter");
  ok(screenText(app).join("\n").includes("Dagger"), screenText(app).join("\n"));
  await feed(app, "Escape", "l", "Enter");
  ok(screenText(app).join("\n").includes("Floor, and nothing on it."), screenText(app).join("\n"));
});

Deno.test("aiming starts on, and Tab steps through, only the monsters the map view draws", async () => {
  const state = roomWith({ x: 20, y: 20 }, { orc: { x: 20, y: 22 }, rat: { x: 23, y: 20 } });
  playerOf(state).inventory!.items = [instantiate(rules.templates.dagger, state.nextId++, 0, 0)];
  const app = delveApp(state, 24);
  await feed(app, "t");
  // The view left where the orc, the nearest, is just off its bottom row.
  app.ui.view = { ...app.ui.view!, origin: { x: app.ui.view!.origin.x, y: 22 - app.ui.layout.map.height } };
  await app.handleInput(keyEvent("a"));
  deepEqual(app.ui.focus, { x: 23, y: 20 }, "the rat, drawn, not the nearer orc");
  await app.handleInput(keyEvent("Tab"));
  deepEqual(app.ui.focus, { x: 23, y: 20 }, "Tab: no other monster drawn");
});
