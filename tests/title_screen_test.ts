/**
 * The title is a Screen like the game's: its key table says what each key
 * chooses, and a popup's question is answered by Y alone.
 */
import { deepEqual } from "node:assert/strict";
import { keyEvent } from "../src/terminal/input_events.ts";
import { type TitleChoice, TitleScreen } from "../src/ui/title_screen.ts";

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
