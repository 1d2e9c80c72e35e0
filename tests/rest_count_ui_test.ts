/**
 * Resting for a count (docs/rules.md, Resting): `0` asks how many turns,
 * digits and Backspace type them, Enter rests that many (none typed: until
 * healed, as R does), Esc rests not at all; the rest stops early for what
 * stops any rest.
 */
import { equal, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { playerOf } from "../src/engine/mod.ts";
import { CountScreen, PlayScreen } from "../src/ui/mod.ts";
import type { HeadlessTerminal } from "../src/terminal/mod.ts";
import { arena } from "./support/arena.ts";
import { appOn, feed, screenText } from "./support/ui_harness.ts";

const { rules } = await loadContent(new URL("./fixtures/mods/time/", import.meta.url), "time/");
const ROOM = "#########\n#.......#\n#.@.....#\n#.......#\n#########";

Deno.test("0 asks how many turns to rest; 25 Enter rests 25 turns and closes the window; Esc rests not at all", async () => {
  const state = arena(rules, ROOM);
  const app = appOn(state, rules, undefined, 80, 24);
  await feed(app, "0");
  ok(app.top instanceof CountScreen);
  ok(screenText(app).some((l) => l.includes("Rest how many turns?")), screenText(app).join("\n"));
  await feed(app, "Escape");
  ok(app.top instanceof PlayScreen);
  equal(state.turn, 0, "Esc: no rest");
  playerOf(state).fighter!.hp -= 5;
  await feed(app, "0", "2", "9", "Backspace", "5", "Enter");
  equal(state.turn, 25, "25 turns rested");
  ok(app.top instanceof PlayScreen, "the window closed");
});

Deno.test("a rest draws a frame every ten turns, where a walk draws one a step", async () => {
  const state = arena(rules, ROOM);
  const app = appOn(state, rules, undefined, 80, 24, { walkDelayMs: 1 });
  const terminal = app.terminal as HeadlessTerminal;
  playerOf(state).fighter!.hp -= 5;
  let before = terminal.writes.length;
  await feed(app, "0", "4", "5", "Enter");
  equal(state.turn, 45);
  // Frames at turns 10, 20, 30 and 40, and those the count window and the end of the rest draw: not 45.
  const resting = terminal.writes.length - before;
  ok(resting >= 4 && resting < 10, `frames while resting 45 turns: ${resting}`);
  before = terminal.writes.length;
  await feed(app, "L");
  equal(playerOf(state).x, 7, "ran to the wall");
  ok(
    terminal.writes.length - before >= 5,
    `frames while running 5 steps: ${terminal.writes.length - before}`,
  );
});
