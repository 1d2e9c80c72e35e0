/**
 * The real `deno task play` in a real terminal (tmux): the map and @ appear,
 * a move changes the screen, and every way out gives the terminal back as
 * it was: same `stty -g`, normal screen, cursor shown, mouse and keypad off.
 */
import { deepEqual, equal, notEqual, ok } from "node:assert/strict";
import { loadContent } from "../src/content/load_content.ts";
import type { Point } from "../src/engine/geometry.ts";
import { findPath } from "../src/engine/pathfinding.ts";
import type { Rules } from "../src/engine/rules.ts";
import { type GameState, newGame, playerOf } from "../src/engine/state.ts";
import { WALKABLE } from "../src/engine/tiles.ts";
import { findGamePid, TmuxPane } from "./support/tmux.ts";

const DENO = Deno.execPath();
const RESTORED = {
  alternate_on: "0",
  cursor_flag: "1",
  mouse_any_flag: "0",
  mouse_all_flag: "0",
  mouse_sgr_flag: "0",
  keypad_flag: "0",
};

/** Saves go to the pane's own folder, never the real home. */
const saveFile = (pane: TmuxPane) => `${pane.dir}/data/delve/savegame.json.gz`;

/** Starts the program, waits for the title, and (unless told not to) starts a new game. */
async function startGame(
  pane: TmuxPane,
  seed: number,
  command = `"${DENO}" task play`,
  newGame = true,
): Promise<string> {
  const d = pane.dir;
  await pane.run(
    `stty -g > ${d}/before; XDG_DATA_HOME=${d}/data ${command} --seed ${seed} 2> ${d}/stderr; ` +
      `echo $? > ${d}/exit; stty -g > ${d}/after`,
  );
  const title = await pane.waitFor((s) => s.includes("[N] Play a new game"), "the title screen");
  if (!newGame) return title;
  await pane.keys("n");
  return await pane.waitFor((s) => s.includes("@") && s.includes("Dungeon level: 1"), "the map and @");
}

/** Esc saves and goes back to the title; q there leaves. */
async function quit(pane: TmuxPane): Promise<void> {
  await pane.keys("Escape");
  await pane.waitFor((s) => s.includes("[C] Continue last game"), "the title again");
  await pane.keys("q");
}

async function assertRestored(pane: TmuxPane, expectedExit: number): Promise<void> {
  equal(Number(await pane.waitForFile("exit")), expectedExit, "exit status");
  const before = await Deno.readTextFile(`${pane.dir}/before`);
  equal(await pane.waitForFile("after"), before, "stty -g before and after");
  deepEqual(await pane.modes(), RESTORED);
  // The shell's screen is back: nothing of the game's is left on it.
  ok(!(await pane.screen()).includes("Dungeon level"));
}

for (const [columns, rows] of [[80, 24], [80, 50]]) {
  Deno.test(`e2e ${columns}x${rows}: play starts, a move changes the screen, Esc quits and restores`, async () => {
    await using pane = await TmuxPane.open(columns, rows);
    const first = await startGame(pane, 1000 + rows);
    deepEqual((await pane.modes()).alternate_on, "1");
    equal(first.split("\n").length - 1, rows);
    ok(first.includes("Hello and welcome, adventurer"));
    // Try each direction: either the @ moves or "That way is blocked." appears.
    for (const key of ["l", "j", "h", "k"]) {
      await pane.keys(key);
      const after = await pane.waitFor((s) => s !== first, `a change after "${key}"`, 3000).catch(() =>
        first
      );
      if (after !== first) break;
    }
    notEqual(await pane.screen(), first);
    await quit(pane);
    await assertRestored(pane, 0);
  });
}

for (const [signal, code] of [["SIGTERM", 143], ["SIGHUP", 129]] as const) {
  Deno.test(`e2e 80x24: ${signal} to the game restores the terminal and exits ${code}`, async () => {
    await using pane = await TmuxPane.open(80, 24);
    const seed = signal === "SIGTERM" ? 4001 : 4002;
    await startGame(pane, seed);
    Deno.kill(await findGamePid(String(seed)), signal);
    await assertRestored(pane, code);
    ok((await Deno.stat(saveFile(pane))).isFile, `${signal} saved the game`);
  });
}

Deno.test("e2e 80x24: Ctrl-C quits and restores the terminal", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4003);
  await pane.keys("C-c");
  await assertRestored(pane, 130);
  ok((await Deno.stat(saveFile(pane))).isFile, "Ctrl-C saved the game");
});

for (const fault of ["error", "rejection"]) {
  Deno.test(`e2e 80x24: an uncaught ${fault} restores the terminal, says one line, exits 70`, async () => {
    await using pane = await TmuxPane.open(80, 24);
    const faultMain = new URL("./support/fault_main.ts", import.meta.url).pathname;
    const trigger = `${pane.dir}/trigger`;
    const command =
      `DELVE_FAULT_TRIGGER=${trigger} "${DENO}" run --unstable-worker-options --allow-read --allow-write --allow-env ${faultMain} ${fault}`;
    await startGame(pane, 4100, command);
    await Deno.writeTextFile(trigger, "");
    await assertRestored(pane, 70);
    ok((await Deno.stat(saveFile(pane))).isFile, "the game was saved on the way out");
    const message = fault === "error" ? "injected fault" : "injected rejection";
    equal(await Deno.readTextFile(`${pane.dir}/stderr`), `delve: internal error: ${message}\n`);
  });
}

Deno.test("e2e 80x24: each window opens and closes: history (v), look (/), help (?)", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4200);
  const steps: [string, (s: string) => boolean, string][] = [
    ["v", (s) => s.includes("┤Message history├"), "the history window"],
    ["q", (s) => !s.includes("Message history") && s.includes("Dungeon level: 1"), "the game again"],
    ["/", (s) => s.split("\n")[20].slice(21).startsWith("Player"), "look mode naming the player"],
    ["Escape", (s) => s.split("\n")[20].slice(21).trim() === "Player", "the game, pointer kept"],
    // Help titled "Dungeon", not "Look", also proves Esc left look mode.
    ["?", (s) => s.includes("┤Keys: Dungeon├") && s.includes("message history"), "the help window"],
    ["x", (s) => !s.includes("Keys: Dungeon") && s.includes("Dungeon level: 1"), "the game again"],
  ];
  for (const [key, seen, what] of steps) {
    await pane.keys(key);
    await pane.waitFor(seen, `${what} after ${key}`, 5000);
  }
  await quit(pane);
  await assertRestored(pane, 0);
});

Deno.test("e2e 80x50: the terminal is asked for any-motion mouse reports, and hovering names what is there", async () => {
  await using pane = await TmuxPane.open(80, 50);
  const screen = await startGame(pane, 4300);
  equal((await pane.tmux("display", "-p", "-t", "0", "#{mouse_all_flag}")).trim(), "1");
  const rows = screen.split("\n");
  const y = rows.findIndex((r) => r.includes("@")), x = rows[y].indexOf("@");
  // An SGR motion report (button 35 = motion, no button) as the terminal would send it.
  await pane.tmux("send-keys", "-t", "0", "-l", `\x1b[<35;${x + 1};${y + 1}M`);
  await pane.waitFor(
    (s) => s.split("\n")[44].slice(21).startsWith("Player"),
    "the name under the pointer",
    5000,
  );
  await quit(pane);
  await assertRestored(pane, 0);
});

/** A data folder with no monsters and floors strewn with potions and fireball scrolls. */
async function itemsOnlyData(): Promise<{ dir: string; rules: Rules }> {
  const dir = await Deno.makeTempDir({ prefix: "delve-e2e-items-" });
  const data = new URL("../data/", import.meta.url);
  for (const name of ["game.json", "entities.json"]) {
    await Deno.copyFile(new URL(name, data), `${dir}/${name}`);
  }
  const spawn = JSON.parse(await Deno.readTextFile(new URL("spawn_tables.json", data)));
  spawn.maxMonstersPerRoom = [{ floor: 1, value: 0 }];
  spawn.maxItemsPerRoom = [{ floor: 1, value: 4 }];
  spawn.items = [{ floor: 0, weights: { health_potion: 1, fireball_scroll: 1 } }];
  await Deno.writeTextFile(`${dir}/spawn_tables.json`, JSON.stringify(spawn));
  return { dir, rules: (await loadContent(new URL(`file://${dir}/`), "e2e/")).rules };
}

const VI: Record<string, string> = {
  "0,-1": "k",
  "0,1": "j",
  "-1,0": "h",
  "1,0": "l",
  "-1,-1": "y",
  "1,-1": "u",
  "-1,1": "b",
  "1,1": "n",
};

/** The keys that walk from `from` to `to` along a cheapest path. */
function walkKeys(state: GameState, from: Point, to: Point): string[] {
  const { map } = state;
  const cost = map.tiles.map((t) => WALKABLE[t]);
  const path = findPath(cost, map.width, map.height, from.x, from.y, to.x, to.y)!;
  let at = from;
  return [...path].map((cell) => {
    const next = { x: cell % map.width, y: Math.floor(cell / map.width) };
    const key = VI[`${next.x - at.x},${next.y - at.y}`];
    at = next;
    return key;
  });
}

Deno.test("e2e 80x24: pick up a potion and a scroll, read the scroll and cancel, read it at yourself, drink", async () => {
  const { dir, rules } = await itemsOnlyData();
  // A seed whose first room shows both a potion and a scroll.
  let plan: { seed: number; keys: string[] } | undefined;
  for (let seed = 0; seed < 200 && !plan; seed++) {
    const state = newGame(rules, seed);
    const p = playerOf(state);
    const seen = (t: string) =>
      state.entities.find((e) => e.template === t && state.map.visible[e.y * 80 + e.x]);
    const potion = seen("health_potion"), scroll = seen("fireball_scroll");
    if (!potion || !scroll) continue;
    plan = { seed, keys: [...walkKeys(state, p, potion), "g", ...walkKeys(state, potion, scroll), "g"] };
  }
  ok(plan, "a seed with both in view");
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, plan.seed, `"${DENO}" task play --data ${dir}`);
  const sees = (text: string, ms = 5000) => pane.waitFor((s) => s.includes(text), text, ms);
  await pane.keys(...plan.keys);
  await sees("You picked up the Fireball Scroll!");
  await pane.keys("i");
  await sees("(d) Fireball Scroll");
  await pane.keys("d");
  await sees("Select a target location.");
  await pane.keys("Escape", "i", "d");
  // Cancelling says nothing, so the second prompt stacks onto the first.
  await sees("Select a target location. (x2)");
  await pane.keys("Enter");
  await sees("HP: 18/30");
  await sees("The Player is engulfed in a fiery explosion");
  await pane.keys("i", "c");
  await sees("recover 4 HP!");
  await sees("HP: 22/30");
  await quit(pane);
  await assertRestored(pane, 0);
});

Deno.test("e2e 80x24: play, Esc saves and shows the title, Continue brings back the same screen", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4400);
  await pane.keys("l", "j", "h");
  await new Promise((r) => setTimeout(r, 300));
  const playing = await pane.screen();
  await pane.keys("Escape");
  await pane.waitFor((s) => s.includes("Saved game: seed 4400"), "the title naming the saved game");
  ok((await Deno.stat(saveFile(pane))).isFile);
  await pane.keys("c");
  await pane.waitFor((s) => s === playing, "the very screen that was left", 5000);
  await quit(pane);
  await assertRestored(pane, 0);
});

Deno.test("e2e 80x24: walk to the stairs on a fixed seed and go down", async () => {
  const { dir, rules } = await itemsOnlyData();
  const seed = 4500;
  const state = newGame(rules, seed);
  const keys = walkKeys(state, playerOf(state), state.map.stairs);
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, seed, `"${DENO}" task play --data ${dir}`);
  await pane.keys(...keys);
  // Items may lie on the way: walking over them is fine. On the stairs, go down.
  await pane.keys(">");
  await pane.waitFor(
    (s) => s.includes("Dungeon level: 2") && s.includes("You descend the staircase."),
    "floor 2",
  );
  await quit(pane);
  await assertRestored(pane, 0);
});
