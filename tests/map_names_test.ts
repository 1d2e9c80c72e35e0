/**
 * What is on the map: the stairs stay drawn over what lies on them, the
 * panel names what the player stands on, and look names the things and the
 * terrain at its cursor, moved by every key that moves the player.
 */
import { deepEqual, equal } from "node:assert/strict";
import type { GameSession } from "../src/app/mod.ts";
import { instantiate, playerOf } from "../src/engine/mod.ts";
import { keyEvent, mouseEvent } from "../src/terminal/mod.ts";
import { LookScreen, PLAY_BINDINGS } from "../src/ui/mod.ts";
import { arena } from "./support/arena.ts";
import { bundledContent } from "./support/content.ts";
import { appOn, feed, screenText, startApp } from "./support/ui_harness.ts";

const { rules } = await bundledContent();

const glyphAt = (app: GameSession, x: number, y: number) =>
  String.fromCodePoint(app.screen.glyphs[y * app.screen.width + x]);
const namesLine = (app: GameSession) => {
  const { names } = app.ui.layout;
  return screenText(app)[names.y].slice(names.x);
};

/** A room with the stairs and a potion lying on them, the player three steps away; a room never seen beyond. */
function stairsWithPotion(columns: number, rows: number): GameSession {
  const state = arena(
    rules,
    "####################\n#@..>...#..........#\n#.......#..........#\n####################",
  );
  const { stairs } = state.map;
  state.entities.push(instantiate(rules.templates.health_potion, state.nextId++, stairs.x, stairs.y));
  return appOn(state, rules, undefined, columns, rows);
}

for (const [columns, rows] of [[80, 24], [80, 50]]) {
  Deno.test(`${columns}x${rows}: an item on the stairs leaves the > drawn; standing there, the panel names both`, async () => {
    const app = stairsWithPotion(columns, rows);
    const { stairs } = app.state.map;
    equal(glyphAt(app, stairs.x, stairs.y), ">", "the stairs, not the potion");
    equal(namesLine(app).trim(), "", "on bare floor the names line is empty");
    await feed(app, "l", "l", "l");
    deepEqual([playerOf(app.state).x, glyphAt(app, stairs.x, stairs.y)], [stairs.x, "@"]);
    equal(namesLine(app).trim(), "Health Potion, stairs down");
    await feed(app, "l");
    equal(glyphAt(app, stairs.x, stairs.y), ">", "left behind, the stairs show again");
  });

  Deno.test(`${columns}x${rows}: look names the things and the terrain at the cursor`, async () => {
    const app = stairsWithPotion(columns, rows);
    await feed(app, "/");
    equal(namesLine(app).trim(), "Player, floor");
    await feed(app, "l", "l", "l");
    equal(namesLine(app).trim(), "Health Potion, stairs down");
    await feed(app, "k");
    equal(namesLine(app).trim(), "Wall");
    await feed(app, "j", "j");
    equal(namesLine(app).trim(), "Floor");
    await feed(app, keyEvent("Right", { shift: true }));
    equal(namesLine(app).trim(), "Unexplored", "past the east wall, never seen");
    await feed(app, "Escape");
    equal(app.top instanceof LookScreen, false);
  });
}

Deno.test("look: the cursor moves with every key that moves the player, and 5 cells with Shift", async () => {
  const app = startApp(80, 50);
  await feed(app, "/");
  const look = app.top as LookScreen;
  const moveKeys = PLAY_BINDINGS.flatMap((b) => {
    const action = b.listedOnly ? undefined : b.value;
    return typeof action === "object" && action.type === "bump"
      ? b.keys.map((key) => ({ key, dx: action.dx, dy: action.dy }))
      : [];
  });
  equal(moveKeys.length, 32, "arrows and Home/End/PgUp/PgDn, keypad, digits, vi keys");
  for (const { key, dx, dy } of moveKeys) {
    // Shift comes as a flag with named keys and digits, and as a capital with letters.
    const shifted = /^[a-z]$/.test(key) ? keyEvent(key.toUpperCase()) : keyEvent(key, { shift: true });
    for (const [event, n] of [[keyEvent(key), 1], [shifted, 5]] as const) {
      await feed(app, mouseEvent("move", "none", 40, 21));
      await feed(app, event);
      deepEqual(look.cursor, { x: 40 + dx * n, y: 21 + dy * n }, `${key}${n === 5 ? " with Shift" : ""}`);
      equal(app.top, look, `${key} keeps looking`);
    }
  }
});
