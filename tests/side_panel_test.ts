/**
 * The side panel (docs/rules.md, Screen layout) of Delve's own game: at
 * 80x24 and at 80x50 it shows what a player checks every turn, inside its
 * column, with the map and the log beside and under it; the tutorial keeps
 * its panel under the map.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { GameSession } from "../src/app/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import {
  defenseOf,
  equip,
  instantiate,
  itemName,
  newGame,
  playerOf,
  xpForNextLevel,
} from "../src/engine/mod.ts";
import { HeadlessTerminal, keyEvent } from "../src/terminal/mod.ts";
import { computeLayout, SIDE_PANEL_WIDTH } from "../src/ui/mod.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { screenText, startApp } from "./support/ui_harness.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");

Deno.test("the side layout gives the map and the log the left, and the panel a column of its own", () => {
  for (const [rows, mapRows, logRows] of [[24, 18, 5], [50, 43, 6]]) {
    const l = computeLayout(80, rows, 80, 43, "side");
    const sideX = 80 - SIDE_PANEL_WIDTH;
    deepEqual(l.map, { x: 0, y: 0, width: sideX - 1, height: mapRows });
    deepEqual([l.names.y, l.log.y, l.log.height, l.log.width], [mapRows, mapRows + 1, logRows, sideX - 1]);
    deepEqual([l.hpBar.x, l.side?.figures.x, l.statuses.x, l.side?.equipment.x], [
      sideX,
      sideX,
      sideX,
      sideX,
    ]);
    const figures = l.side!.figures, equipment = l.side!.equipment;
    ok(l.hpBar.y < figures.y && figures.y + figures.height < l.statuses.y, "figures under the bar");
    ok(l.statuses.y + l.statuses.height < equipment.y && equipment.y + 4 <= rows, "equipment fits 4 slots");
  }
});

Deno.test("the side panel shows HP, level and XP to next, attack, defense, depth, turn, statuses and what is worn, at 80x24 and 80x50", () => {
  const { rules } = delve;
  for (const rows of [24, 50]) {
    const state = newGame(rules, 5);
    const player = playerOf(state);
    player.statuses = [{ id: "poisoned", turns: 5 }];
    const defense = defenseOf(player, rules);
    const ring = instantiate(rules.templates.protection_ring, state.nextId++, 0, 0);
    player.inventory!.items.push(ring);
    equip(player, ring, []);
    state.turn = 1234;
    const app = new GameSession(new HeadlessTerminal(80, rows), delve, state, new InProcessRunner(rules), {
      colorDepth: "truecolor",
    });
    app.render();
    const screen = screenText(app);
    const column = screen.map((line) => line.slice(80 - SIDE_PANEL_WIDTH).trimEnd());
    const fighter = player.fighter!;
    const expected = [
      `HP: ${fighter.hp}/${fighter.maxHp}`,
      "Level 1    Depth 1",
      `XP 0, next ${xpForNextLevel(rules.progression, 1)}`,
      "Attack 1d4+1",
      // The ring's 2 counted; Delve's armour absorbs a roll of 0 to all of it (docs/rules.md, Rolled armour).
      `Defense ${defense + 2} (0-${defense + 2})`,
      "Turn 1234",
      "Poisoned 5",
      "Weapon: Dagger",
      "Armor: Leather Armor",
      `Ring: ${itemName(state, rules, ring)}`,
      "Amulet: -",
    ];
    for (const text of expected) {
      ok(column.some((line) => line.trim() === text), `${rows} rows: ${text}\n${column.join("\n")}`);
    }
    // Nothing of the map or the log spills into the panel's column or the gap before it.
    const layout = app.ui.layout;
    for (let y = 0; y < rows; y++) {
      equal(screen[y][layout.map.width] ?? " ", " ", `the gap on row ${y}: ${screen[y]}`);
    }
    ok(
      screen.slice(layout.log.y).some((line) => line.slice(0, layout.log.width).trim().length > 0),
      "the log shows",
    );
  }
});

Deno.test("the tutorial keeps its panel under the map", () => {
  const app = startApp(80, 24);
  equal(app.ui.layout.side, undefined);
  ok(screenText(app)[21].includes("Dungeon level: 1"), screenText(app).join("\n"));
});

Deno.test("beside the side panel, the inventory and describe windows keep to the map's side of it", async () => {
  const { rules } = delve;
  const state = newGame(rules, 5);
  // The player near the left edge: there the windows open at column 40, towards the panel.
  const player = playerOf(state);
  [player.x, player.y] = [3, 3];
  const app = new GameSession(new HeadlessTerminal(80, 24), delve, state, new InProcessRunner(rules), {
    colorDepth: "truecolor",
  });
  app.render();
  for (const keys of [["i"], ["Escape", "e", "a"]]) {
    for (const key of keys) await app.handleInput(keyEvent(key));
    app.render();
    const screen = screenText(app);
    ok(screen.some((line) => line.includes("┌")), `a window is open\n${screen.join("\n")}`);
    const column = screen.map((line) => line.slice(80 - SIDE_PANEL_WIDTH));
    ok(column[0].includes("HP: ") && column.some((l) => l.includes("Weapon: Dagger")), column.join("\n"));
    ok(column.every((line) => !/[┌┐└┘│─]/.test(line)), `no window in the panel\n${column.join("\n")}`);
  }
});
