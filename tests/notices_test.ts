/**
 * The program's notices stay out of the game's log, and the player reads
 * them all the same: among the game's messages, where they were told, in
 * the panel and the history.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { addMessage, displayText, type LogEntry } from "../src/engine/mod.ts";
import { Notices, shownLog } from "../src/ui/mod.ts";
import { feed, screenText, shownMessages, startApp } from "./support/ui_harness.ts";

const texts = (log: readonly LogEntry[]) => log.map(displayText);

Deno.test("notices show where they were told among the game's messages, and the game's log holds none", () => {
  const log: LogEntry[] = [];
  const notices = new Notices();
  notices.add(log, "first notice", "white");
  addMessage(log, "a", "white");
  addMessage(log, "b", "white");
  notices.add(log, "after b", "white");
  addMessage(log, "c", "white");
  deepEqual(texts(shownLog(log, notices)), ["first notice", "a", "b", "after b", "c"]);
  deepEqual(texts(log), ["a", "b", "c"]);
  notices.add(log, "at the end", "white");
  deepEqual(texts(shownLog(log, notices)).at(-1), "at the end");
});

Deno.test("a message said again after a notice shows again below it; a notice repeated at once stacks", () => {
  const log: LogEntry[] = [];
  const notices = new Notices();
  addMessage(log, "That way is blocked.", "impossible");
  notices.add(log, "Invalid entry.", "invalid");
  notices.add(log, "Invalid entry.", "invalid");
  addMessage(log, "That way is blocked.", "impossible");
  addMessage(log, "That way is blocked.", "impossible");
  notices.add(log, "Invalid entry.", "invalid");
  addMessage(log, "That way is blocked.", "impossible");
  equal(log.length, 1, "the game's log stacks its own message");
  deepEqual(texts(shownLog(log, notices)), [
    "That way is blocked.",
    "Invalid entry. (x2)",
    "That way is blocked. (x2)",
    "Invalid entry.",
    "That way is blocked.",
  ]);
});

Deno.test("in the app, a key that does nothing says Invalid entry. in the panel, not in the game's log", async () => {
  const app = startApp(80, 24);
  const before = app.state.log.length;
  await feed(app, "i", "z");
  equal(app.state.log.length, before, "the game's log is as it was");
  equal(shownMessages(app).at(-1)!.text, "Invalid entry.");
  const { log } = app.ui.layout;
  ok(screenText(app)[log.y + log.height - 1].includes("Invalid entry."), "on the log's bottom line");
  await feed(app, "Escape", "v");
  ok(screenText(app).some((row) => row.includes("Invalid entry.")), "and in the history");
});
