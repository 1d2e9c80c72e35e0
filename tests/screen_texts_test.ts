/**
 * The panel's and the character window's words and places come from the
 * data (docs/rules.md, Screen layout; Windows): each tutorial rule set says
 * them as its seed does, and data that says nothing reads as before.
 */
import { deepEqual, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { playerOf } from "../src/engine/mod.ts";
import { feed, screenText, startApp } from "./support/ui_harness.ts";
import { modProblems } from "./support/mod_problems.ts";

const ruleset = (name: string) =>
  loadContent(new URL(`../data/rulesets/${name}/`, import.meta.url), `${name}/`);

Deno.test("Caves of Zircon's panel shows the experience box, its header, 'XP:' and 'Lvl:', under the dungeon level, at 80x50 and in the compact panel", async () => {
  const zircon = await ruleset("zircon");
  // The compact panel takes a fifth row for the box's fourth line.
  for (const [rows, first] of [[50, 46], [24, 20]]) {
    const app = startApp(80, rows, 5, "truecolor", zircon);
    const level = playerOf(app.state).level!;
    [level.xp, level.current] = [17, 1];
    app.render();
    const left = screenText(app).map((line) => line.slice(0, 20).trimEnd());
    deepEqual(
      left.slice(first, first + 4),
      ["Dungeon level: 1", "Experience", "XP:  17", "Lvl: 1"],
      `80x${rows}`,
    );
  }
});

Deno.test("RogueBasin's panel says 'Dungeon level N' at the seed's place, column 1 of the panel's row 3", async () => {
  const roguebasin = await ruleset("roguebasin");
  const text = screenText(startApp(80, 50, 5, "truecolor", roguebasin));
  deepEqual(text[43 + 3].slice(0, 20).trimEnd(), " Dungeon level 1");
  ok(text[43 + 2].startsWith("  HP: 30/30"), "the bar from column 1, over the level");
});

Deno.test("RogueBasin's character window has the seed's labels; the TCOD rule set keeps Delve's", async () => {
  for (
    const [name, want, not] of [
      ["roguebasin", ["Experience: 0", "Experience to level up: 350", "Maximum HP: 30"], "Sight:"],
      ["tcod", ["XP: 0", "XP for next Level: 350", "Max HP: 30", "Sight: 8"], "Experience"],
    ] as const
  ) {
    const app = startApp(80, 50, 5, "truecolor", await ruleset(name));
    await feed(app, "c");
    const text = screenText(app).join("\n");
    ok(text.includes("Character Information"), name);
    for (const line of want) ok(text.includes(line), `${name}: ${line}`);
    ok(!text.includes(not), `${name}: no ${not}`);
  }
});

Deno.test("panel lines that run off the panel, or over the HP bar, are refused in one line each", async () => {
  const mod = new URL("../data/rulesets/tcod/", import.meta.url);
  deepEqual(
    await modProblems(mod, (files) => {
      files.game.panel = { below: { linesRow: 5, lines: ["a", "b", "c"] } };
    }),
    ["mod/game.json: $.panel.below.linesRow: expected the 3 lines to end by row 6, found them ending at row 7"],
  );
  deepEqual(
    await modProblems(mod, (files) => {
      files.game.panel = { below: { barRow: 4 } };
    }),
    ["mod/game.json: $.panel.below.barRow: expected a row the lines (4 to 4) leave free, found 4"],
  );
  deepEqual(
    await modProblems(mod, (files) => {
      files.game.panel = { below: { linesRow: 2, barRow: 0, lines: ["a", "b", "c", "d", "e"] } };
    }),
    ["mod/game.json: $.panel.below.lines: expected at most 4 lines (the room the panel has under 50 rows), found a list of 5 items"],
  );
});
