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
