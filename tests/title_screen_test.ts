/**
 * The title is a Screen like the game's: its key table says what each key
 * chooses, and a popup's question is answered by Y alone.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { themeFromContent } from "../src/app/mod.ts";
import { CellBuffer, keyEvent } from "../src/terminal/mod.ts";
import { type TitleChoice, TitleScreen } from "../src/ui/mod.ts";
import { bundledContent } from "./support/content.ts";

const press = (title: TitleScreen, key: string): TitleChoice => title.handleKey(keyEvent(key));

Deno.test("the title's keys choose a new game, Continue or Quit, in either case; others do nothing", () => {
  const title = new TitleScreen();
  deepEqual(["n", "N", "c", "C", "q", "Q", "Escape", "x", "y"].map((k) => press(title, k)), [
    { type: "new", abandon: false },
    { type: "new", abandon: false },
    { type: "continue", offered: false },
    { type: "continue", offered: false },
    { type: "quit" },
    { type: "quit" },
    { type: "quit" },
    { type: "stay" },
    { type: "stay" },
  ]);
});

Deno.test("a popup: any key but Y closes it and does nothing more; Y answers the question it asks", () => {
  const title = new TitleScreen();
  title.showPopup(["No saved game to load."]);
  deepEqual([press(title, "q"), title.view.popup], [{ type: "stay" }, undefined], "closed, not quit");
  title.showPopup(["Abandon the saved game?"], "abandon");
  deepEqual(press(title, "n"), { type: "stay" }, "n says no");
  title.showPopup(["Abandon the saved game?"], "abandon");
  deepEqual(press(title, "y"), { type: "new", abandon: true });
  title.showPopup(["Continue it with that data?"], "offer");
  deepEqual(press(title, "Y"), { type: "continue", offered: true });
  deepEqual(press(title, "y"), { type: "stay" }, "the question was answered: y means nothing now");
});

Deno.test("a popup taller than the screen shows what fits, says which lines, and scrolls; other keys close it", async () => {
  const title = new TitleScreen();
  const context = { theme: themeFromContent(await bundledContent()), monochrome: false };
  const problems = Array.from({ length: 3000 }, (_, k) => `options.json: $.keys.bind.x${k}: unexpected key`);
  title.showPopup(["The options file has problems:", ...problems]);
  const shown = () => {
    const buf = new CellBuffer(80, 24);
    title.draw(buf, context);
    return Array.from({ length: 24 }, (_, y) => buf.rowText(y)).join("\n");
  };
  const first = shown();
  ok(first.includes("lines 1-21 of 3001"), first);
  ok(first.includes("The options file has problems:") && !first.includes("x20:"), first);
  deepEqual(press(title, "Down"), { type: "stay" });
  ok(shown().includes("lines 2-22 of 3001"));
  press(title, "PageDown");
  ok(shown().includes("lines 23-43 of 3001"));
  press(title, "PageUp");
  press(title, "k");
  ok(shown().includes("lines 1-21 of 3001"), "up stops at the first line");
  for (let k = 0; k < 200; k++) press(title, "PageDown");
  const last = shown();
  ok(last.includes("lines 2981-3001 of 3001") && last.includes("x2999:"), "down stops at the last");
  deepEqual(press(title, "x"), { type: "stay" });
  equal(title.view.popup, undefined, "another key closes it");
  // A popup that fits closes on any key, arrows too.
  title.showPopup(["No saved game to load."]);
  shown();
  press(title, "Down");
  equal(title.view.popup, undefined);
});

Deno.test("a save's note about its data shows under it at 80x24 and 80x50, with the daily line and ten scores, nothing cut", async () => {
  const context = { theme: themeFromContent(await bundledContent()), monochrome: false };
  const scores = Array.from({ length: 10 }, (_, k) => ({
    score: 5000 - k,
    depth: 5,
    level: 3,
    xp: 40,
    turns: 900,
    seed: k,
    date: "2026-11-21T10:00:00.000Z",
    cause: "killed by an Orc",
    version: "0.1.0",
  }));
  const saved = "Saved game: seed 9, dungeon level 3, turn 400";
  const note = "Made with an older version of data/, from 2026-11-20.";
  const daily = "Today's daily game: seed 20261121, scored";
  for (const rows of [24, 50]) {
    for (const withDaily of [false, true]) {
      const title = new TitleScreen();
      title.view = { saved, savedNote: note, scores, ...(withDaily ? { daily } : {}) };
      const buf = new CellBuffer(80, rows);
      title.draw(buf, context);
      const lines = Array.from({ length: rows }, (_, y) => buf.rowText(y));
      const at = (text: string) => lines.findIndex((line) => line.includes(text));
      ok(at(note) === at(saved) + 1, `80x${rows}: the note is the line under the save's`);
      if (withDaily) ok(at(daily) === at(note) + 1, `80x${rows}: then the daily line`);
      ok(at("Score  Depth") > at(note), `80x${rows}: the scores below`);
      ok(
        at("10.") >= 0,
        `80x${rows}${withDaily ? " with the daily line" : ""}: the tenth score shows:\n${lines.join("\n")}`,
      );
    }
  }
});

Deno.test("the title names the mods a new game is played with, on the daily line's row or beside it, nothing cut", async () => {
  const context = { theme: themeFromContent(await bundledContent()), monochrome: false };
  const saved = "Saved game: seed 9, dungeon level 3, turn 400";
  const mods = ["cave_bear 1.0.0", "orc_veterans 1.0.0"];
  const daily = "Today's daily game: seed 20261121, scored";
  for (const rows of [24, 50]) {
    for (const withDaily of [false, true]) {
      const title = new TitleScreen();
      title.view = { saved, mods, ...(withDaily ? { daily } : {}) };
      const buf = new CellBuffer(80, rows);
      title.draw(buf, context);
      const lines = Array.from({ length: rows }, (_, y) => buf.rowText(y));
      // Named where they fit beside the daily line, counted where they do not (80 columns, both shown).
      const said = withDaily ? `${daily}; 2 mods` : "Mods: cave_bear 1.0.0, orc_veterans 1.0.0";
      const row = lines.findIndex((line) => line.includes(said));
      ok(
        row > lines.findIndex((line) => line.includes(saved)),
        `80x${rows}: under the saved game:\n${lines.join("\n")}`,
      );
    }
  }
});
