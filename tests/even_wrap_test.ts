/**
 * Delve's own game (`messageWrap: "even"`) wraps a message with no word alone on its last line, in the log under
 * the map (and the message history); the tutorials wrap greedily, as their reference does. Played through the
 * headless terminal.
 */
import { deepEqual, equal } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import type { GameSession } from "../src/app/mod.ts";
import { wrapText } from "../src/ui/mod.ts";

import { screenText, startApp } from "./support/ui_harness.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");

/** A message one word too long for the log's width: greedily, its last word would be alone on a line. */
function told(app: GameSession): string {
  const text = `${"x".repeat(app.ui.layout.log.width - 8)} last two`;
  app.notices.add(app.state.log, text, "white");
  app.render();
  return text;
}

/** The log's rows as drawn, trimmed, the empty ones left out. */
const logRows = (app: GameSession) => {
  const { log } = app.ui.layout;
  return screenText(app).slice(log.y, log.y + log.height).map((r) => r.slice(log.x).trim()).filter((r) => r);
};

Deno.test("Delve's log: a wrapped message's last line holds two words, not one alone", () => {
  const app = startApp(80, 24, 3, "truecolor", delve);
  told(app);
  equal(logRows(app).at(-1), "last two", logRows(app).join("\n"));
});

Deno.test("the tutorials' log wraps greedily: the word that does not fit goes alone", () => {
  const app = startApp(80, 24, 3, "truecolor");
  const text = told(app);
  deepEqual(logRows(app).slice(-2), wrapText(text, app.ui.layout.log.width));
  equal(logRows(app).at(-1), "two");
});

Deno.test("even wrapping leaves a path's pieces, and a paragraph of one line, as greedy wrapping does", () => {
  equal(
    wrapText("a path: /one/two/three", 12, true).join("|"),
    wrapText("a path: /one/two/three", 12).join("|"),
  );
  deepEqual(wrapText("one two", 20, true), ["one two"]);
  deepEqual(wrapText("aaaa bbbb cc", 9, true), ["aaaa", "bbbb cc"]);
});
