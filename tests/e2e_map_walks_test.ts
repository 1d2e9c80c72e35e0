/**
 * What is on the map and why walks stop, in a real terminal (tmux): the
 * stairs drawn over the item lying on them and named with it, look naming
 * the terrain, remembered stairs readable as tmux colours them, and
 * explore, travel and a key each ending a walk with its reason. A headless
 * twin of each game (same seed, same engine) says where things are and what
 * the log will say.
 */
import { equal, ok } from "node:assert/strict";
import type { GameSession } from "../src/app/mod.ts";
import {
  displayText,
  type GameState,
  monstersInView,
  newGame,
  playerOf,
  type Rules,
} from "../src/engine/mod.ts";
import { keyEvent } from "../src/terminal/mod.ts";
import { screenCellOf } from "../src/ui/mod.ts";
import { bundledContent } from "./support/content.ts";
import { contrastRatio } from "./support/contrast.ts";
import { assertRestored, DENO, itemsOnlyData, quit, startGame, walkKeys } from "./support/e2e_game.ts";
import { cellAt } from "./support/tmux_colors.ts";
import { TmuxPane } from "./support/tmux.ts";
import { appOn, feed } from "./support/ui_harness.ts";

const SIZES = [[80, 24], [80, 50]] as const;
const BACK: Record<string, string> = { h: "l", l: "h", j: "k", k: "j", y: "n", n: "y", u: "b", b: "u" };

/** Row `y` of a screen capture, from column `x`, trimmed. */
const rowFrom = (screen: string, y: number, x: number) => (screen.split("\n")[y] ?? "").slice(x).trim();

/** The newest log line as the twin's layout places it. */
function lastLogLine(screen: string, twin: GameSession): string {
  const { log } = twin.ui.layout;
  return rowFrom(screen, log.y + log.height - 1, log.x);
}

/** A seed of `rules` whose stairs have an item lying on them. */
function seedWithItemOnStairs(rules: Rules): { seed: number; state: GameState } {
  for (let seed = 4800; seed < 6000; seed++) {
    const state = newGame(rules, seed);
    const { stairs } = state.map;
    if (state.entities.some((e) => e.layer === "item" && e.x === stairs.x && e.y === stairs.y)) {
      return { seed, state };
    }
  }
  throw new Error("no seed with an item on the stairs");
}

for (const [columns, rows] of SIZES) {
  Deno.test(`e2e ${columns}x${rows}: an item on the stairs leaves the > drawn and named; remembered, the > stays readable`, async () => {
    const { dir, rules } = await itemsOnlyData();
    const { seed, state } = seedWithItemOnStairs(rules);
    const { stairs } = state.map;
    const items = state.entities.filter((e) => e.layer === "item" && e.x === stairs.x && e.y === stairs.y)
      .reverse().map((e) => e.name).join(", ");
    const keys = walkKeys(state, playerOf(state), stairs);
    const twin = appOn(newGame(rules, seed), rules, undefined, columns, rows);
    const names = () => twin.ui.layout.names;
    await using pane = await TmuxPane.open(columns, rows);
    // 256 colours, as tmux shows them, whatever the tests' own environment says (NO_COLOR).
    await startGame(pane, seed, `FORCE_COLOR=2 "${DENO}" task play --data ${dir}`);

    // Next to the stairs: the > is drawn, not the item on it.
    await pane.keys(...keys.slice(0, -1));
    await feed(twin, ...keys.slice(0, -1));
    const near = screenCellOf(twin.ui, playerOf(twin.state))!;
    const shown = await pane.waitFor(
      (s) => s.split("\n")[near.y]?.[near.x] === "@",
      "the @ beside the stairs",
    );
    let at = screenCellOf(twin.ui, stairs)!;
    equal(shown.split("\n")[at.y][at.x], ">", "the stairs are drawn over the item");

    // On them: the panel names the item and the stairs; look names them with the player.
    await pane.keys(keys.at(-1)!);
    await feed(twin, keys.at(-1)!);
    const named = (text: string) => (s: string) => rowFrom(s, names().y, names().x) === text;
    await pane.waitFor(named(`${items}, stairs down`), "the panel naming what lies on the stairs");
    await pane.keys("/");
    await pane.waitFor(
      named(`Player, ${items}, stairs down`),
      "look naming the player, the item and the stairs",
    );
    await pane.keys("Escape");

    // Back the way it came until the stairs are out of sight: remembered, drawn dark.
    const back = [...keys].reverse().map((k) => BACK[k]);
    let steps = 0;
    while (twin.state.map.visible[stairs.y * twin.state.map.width + stairs.x]) {
      await feed(twin, back[steps++]);
    }
    await pane.keys(...back.slice(0, steps));
    const there = screenCellOf(twin.ui, playerOf(twin.state))!;
    await pane.waitFor((s) => s.split("\n")[there.y]?.[there.x] === "@", "the @ out of sight of the stairs");
    at = screenCellOf(twin.ui, stairs)!;
    const cell = cellAt(await pane.tmux("capture-pane", "-p", "-e", "-t", "0"), at.x, at.y);
    equal(cell.glyph, ">");
    ok(cell.fg >= 0 && cell.bg >= 0, `drawn in colours of its own: ${JSON.stringify(cell)}`);
    const ratio = contrastRatio(cell.fg, cell.bg);
    ok(ratio >= 3, `the remembered > as tmux shows it: ${ratio.toFixed(2)}:1`);
    await quit(pane);
    await assertRestored(pane, 0);
  });

  Deno.test(`e2e ${columns}x${rows}: explore says why it stops each time, to "Nothing left to explore.", then > walks to the stairs in one press`, async () => {
    const { dir, rules } = await itemsOnlyData();
    const seed = 4900;
    // The twin plays it first: the log's last line after each press.
    const twin = appOn(newGame(rules, seed), rules, undefined, columns, rows);
    const expected: string[] = [];
    for (let k = 0; k < 40 && expected.at(-1) !== "Nothing left to explore."; k++) {
      await twin.handleInput(keyEvent("x"));
      expected.push(displayText(twin.state.log.at(-1)!));
    }
    equal(expected.at(-1), "Nothing left to explore.");
    ok(expected.some((t) => /^There is an? .+ here\.$/.test(t)), `explore stopped on items: ${expected}`);
    await using pane = await TmuxPane.open(columns, rows);
    await startGame(pane, seed, `"${DENO}" task play --data ${dir} --walk-delay 0`);
    for (const text of expected) {
      await pane.keys("x");
      await pane.waitFor((s) => lastLogLine(s, twin) === text, `"${text}" after x`);
    }
    await pane.keys(">");
    await pane.waitFor((s) => lastLogLine(s, twin) === "You reach the stairs.", "the stairs reached");
    await pane.keys(">");
    await pane.waitFor((s) => s.includes("Dungeon level: 2"), "down the stairs");
    await quit(pane);
    await assertRestored(pane, 0);
  });
}

Deno.test("e2e 80x24: explore goes on with orcs already in view and stops for a new one by name, then when hurt", async () => {
  const { rules } = await bundledContent();
  const seed = 4608;
  const twin = appOn(newGame(rules, seed), rules, undefined, 80, 24);
  ok(monstersInView(twin.state).length > 0, "monsters in view from the start");
  const expected: string[] = [];
  for (let k = 0; k < 2; k++) {
    await twin.handleInput(keyEvent("x"));
    expected.push(displayText(twin.state.log.at(-1)!));
  }
  equal(expected[0], "You see an Orc.");
  equal(expected[1], "You are hurt.");
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, seed);
  for (const text of expected) {
    await pane.keys("x");
    await pane.waitFor((s) => lastLogLine(s, twin) === text, `"${text}" after x`);
  }
  await quit(pane);
  await assertRestored(pane, 0);
});

Deno.test("e2e 80x24: a key pressed during a walk stops it, saying Interrupted.", async () => {
  const { dir, rules } = await itemsOnlyData();
  // A seed whose first explore is a long walk: at 200 ms a step, a key 0.7 s in falls in the middle of it.
  let seed = 4900, twin: GameSession;
  do {
    twin = appOn(newGame(rules, ++seed), rules, undefined, 80, 24);
    await twin.handleInput(keyEvent("x"));
  } while (twin.state.turn < 15);
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, seed, `"${DENO}" task play --data ${dir} --walk-delay 200`);
  await pane.keys("x");
  await new Promise((r) => setTimeout(r, 700));
  await pane.keys(".");
  await pane.waitFor((s) => lastLogLine(s, twin) === "Interrupted.", "the walk interrupted");
  await quit(pane);
  await assertRestored(pane, 0);
});
