/**
 * Delve's own screen as a player meets it at 80x24 (docs/rules.md, Screen
 * layout), played through the app on a headless terminal: the monsters in
 * view listed in the side panel, names there never cut, more than three log
 * lines in a fight, and a map that follows the player smoothly.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { GameSession } from "../src/app/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import { type GameState, newGame, playerOf, wornIn } from "../src/engine/mod.ts";
import { HeadlessTerminal } from "../src/terminal/mod.ts";
import { screenCellOf, SIDE_PANEL_WIDTH } from "../src/ui/mod.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { arena, arenaStill } from "./support/arena.ts";
import { feed, screenText, shownMessages } from "./support/ui_harness.ts";

const delve = await loadContent(new URL("../data/", import.meta.url), "data/");
const { rules } = delve;

/** Delve's own game on `state` at 80 columns by `rows`, rendered once. */
function delveApp(state: GameState, rows = 24): GameSession {
  const app = new GameSession(new HeadlessTerminal(80, rows), delve, state, new InProcessRunner(rules), {
    colorDepth: "truecolor",
  });
  app.render();
  return app;
}

/** The side panel's column, one string a row, ends trimmed. */
function column(app: GameSession): string[] {
  return screenText(app).map((line) => line.slice(80 - SIDE_PANEL_WIDTH).trimEnd());
}

/** An open room as big as Delve's floors (80x43), walls round it, with `inside` drawn at its top-left. */
function room(inside: string[] = [".@"]): string {
  const rows: string[] = [];
  for (let y = 0; y < 43; y++) {
    const edge = y === 0 || y === 42;
    const middle = (inside[y - 1] ?? "").padEnd(78, ".").slice(0, 78);
    rows.push(edge ? "#".repeat(80) : `#${middle}#`);
  }
  return rows.join("\n");
}

Deno.test("at 80x24 the side panel lists the monsters in view, nearest first, each with a word for its health", () => {
  const state = arenaStill(rules, room(["...........", "..@.r...o..", "...........", "..g........"]), {
    r: "rat",
    o: "orc",
    g: "goblin_archer",
  });
  const orc = state.entities.find((e) => e.template === "orc")!;
  orc.fighter!.hp = Math.ceil(orc.fighter!.maxHp * 0.4);
  const app = delveApp(state);
  const col = column(app);
  const glyph = (id: string) => rules.templates[id].glyph;
  const at = (text: string) => col.findIndex((line) => line.startsWith(text));
  // The archer two rows under the player, the rat two columns right: equally near, the older first.
  const archer = `${glyph("goblin_archer")} Goblin Archer`;
  const rows = [at(`${glyph("rat")} Rat (unhurt)`), at(archer), at(`${glyph("orc")} Orc (badly hurt)`)];
  ok(rows.every((r) => r > 0), col.join("\n"));
  ok(`${col[rows[1]]} ${col[rows[1] + 1].trim()}`.includes("Goblin Archer (unhurt)"), col.join("\n"));
  deepEqual([...rows].sort((a, b) => a - b), rows, `nearest first\n${col.join("\n")}`);
});

Deno.test("the monster list names each monster's statuses; the player's harmful ones stand out in reverse video", () => {
  const state = arenaStill(rules, room(["...........", "..@.o......"]), { o: "orc" });
  const orc = state.entities.find((e) => e.template === "orc")!;
  orc.statuses = [{ id: "asleep", turns: 4 }, { id: "slowed", turns: 9 }];
  playerOf(state).statuses = [{ id: "regenerating", turns: 7 }, { id: "slowed", turns: 12 }];
  const app = delveApp(state);
  const col = column(app);
  const listed = col.map((line) => line.trim()).join(" ");
  ok(listed.includes(`${rules.templates.orc.glyph} Orc (unhurt; asleep, slowed)`), col.join("\n"));
  // A viper asleep by its mind (it has not noticed the player) is said to be asleep too.
  const viper = arenaStill(rules, room(["...........", "..@.s......"]), { s: "snake" });
  const snake = viper.entities.find((e) => e.template === "snake")!;
  snake.ai = { type: "hostile", lastSeen: -1, path: [], asleep: true };
  const viperList = column(delveApp(viper)).map((line) => line.trim()).join(" ");
  ok(viperList.includes("Pit Viper (unhurt; asleep)"), viperList);
  // The player's statuses: the slow in the data's panelColor as its background, the regeneration as ever.
  const screen = screenText(app);
  ok(listed.includes("Regenerating 7, Slowed 12"), col.join("\n"));
  const rowOf = (text: string) => screen.findIndex((line) => line.includes(text));
  const at = (text: string) => rowOf(text) * 80 + screen[rowOf(text)].indexOf(text);
  const harm = Number.parseInt(delve.game.palette.status_harm.slice(1), 16);
  equal(rules.statuses!.slowed.panelColor, "status_harm");
  equal(app.screen.bg[at("Slowed")], harm, "the slow: reverse video in its colour");
  equal(app.screen.fg[at("Slowed")], 0x000000);
  const plain = Number.parseInt(delve.game.palette.status_effect_applied.slice(1), 16);
  equal(app.screen.fg[at("Regenerating")], plain, "a status without a panelColor as every status");
});

Deno.test("at 80x24 the monsters that do not fit are counted in an 'and N more' line", () => {
  const crowd = ["..rrrrrr", "..@rrrrr", "..rrrrrr", "..rrrrrr"];
  const app = delveApp(arenaStill(rules, room(crowd), { r: "rat" }));
  const col = column(app);
  const listed = col.filter((line) => line.startsWith("r Rat (")).length;
  const more = col.map((line) => /^and (\d+) more$/.exec(line)).find((m) => m);
  ok(more, `an "and N more" line\n${col.join("\n")}`);
  const inView = app.ui.state.entities.filter((e) =>
    e.template === "rat" && app.ui.state.map.visible[
      e.y * app.ui.state.map.width + e.x
    ]
  ).length;
  ok(listed > 0, col.join("\n"));
  equal(listed + Number(more[1]), inView, col.join("\n"));
  equal(col.at(-1), more[0], "the count takes the last row");
});

Deno.test("a name too long for the side panel goes on under itself, never cut", () => {
  const state = newGame(rules, 5);
  const armor = wornIn(playerOf(state), "armor")!;
  armor.name = "Studded Leather Armor of the Deep";
  for (const rows of [24, 50]) {
    const col = column(delveApp(state, rows));
    ok(col.every((line) => !line.includes("…")), col.join("\n"));
    const from = col.findIndex((line) => line.startsWith("Armor: "));
    const to = col.findIndex((line) => line.startsWith("Ring: "));
    const said = col.slice(from, to).map((line) => line.trim()).join(" ");
    equal(said, "Armor: Studded Leather Armor of the Deep", `${rows} rows\n${col.join("\n")}`);
  }
});

Deno.test("at 80x24 a fight's last five messages show under the map", async () => {
  const state = arena(rules, room([".r.", "r@r", ".r."]), { r: "rat" });
  state.rolls = newGame(rules, 1).rolls;
  const app = delveApp(state);
  for (let k = 0; k < 4; k++) await feed(app, ".");
  const { log } = app.ui.layout;
  equal(log.height, 5);
  const screen = screenText(app);
  const lines = screen.slice(log.y, log.y + log.height).map((line) => line.slice(0, log.width).trim());
  ok(lines.every((line) => line.length > 0), lines.join("\n"));
  // The newest message on the bottom line.
  const newest = shownMessages(app).at(-1)!;
  ok(newest.text.startsWith(lines.at(-1)!.replace(/ \(x\d+\)$/, "")), `${newest.text}\n${lines.join("\n")}`);
});

Deno.test("at 80x24 the map follows the player a cell at a time, keeping what they see in view", async () => {
  const app = delveApp(arenaStill(rules, room()));
  const view = app.ui.layout.map;
  const player = playerOf(app.ui.state);
  [player.x, player.y] = [3, 3];
  app.render();
  // The sight radius less one: how far the player sees (docs/rules.md, Field of view and memory).
  const reach = rules.sightRadius - 1;
  let moved = 0, steps = 0;
  for (const [key, count] of [["l", 72], ["j", 36], ["h", 72]] as const) {
    for (let k = 0; k < count; k++) {
      const before = app.ui.view!.origin;
      await feed(app, key);
      const after = screenCellOf(app.ui, player), origin = app.ui.view!.origin;
      ok(after, `the player on screen after step ${steps}`);
      steps++;
      ok(Math.abs(origin.x - before.x) <= 1 && Math.abs(origin.y - before.y) <= 1, `step ${steps}: no jump`);
      if (origin.x !== before.x || origin.y !== before.y) moved++;
      // Every cell the player sees is in view: the sight's margin kept, unless the map ends there.
      const sx = after.x - view.x, sy = after.y - view.y;
      ok(sx >= Math.min(reach, player.x) && view.width - 1 - sx >= Math.min(reach, 79 - player.x), `x ${sx}`);
      ok(
        sy >= Math.min(reach, player.y) && view.height - 1 - sy >= Math.min(reach, 42 - player.y),
        `y ${sy}`,
      );
    }
  }
  ok(moved > 0, "the map scrolls at all");
  ok(moved < steps, `the map moved on ${moved} of ${steps} steps`);
});

Deno.test("at 80x24 the look cursor keeps its target on screen wherever it goes", async () => {
  const app = delveApp(arenaStill(rules, room()));
  await feed(app, "/");
  for (const [key, count] of [["l", 70], ["j", 40], ["h", 70], ["k", 40]] as const) {
    for (let k = 0; k < count; k++) {
      await feed(app, key);
      ok(app.ui.focus && screenCellOf(app.ui, app.ui.focus), `the cursor on screen at ${key} ${k}`);
    }
  }
});
