/**
 * The real program in tmux, for the end-to-end tests: start it on a seed,
 * leave it, and check the terminal came back as it was.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { type Content, loadContent } from "../../src/content/mod.ts";
import {
  findPath,
  type GameState,
  newGame,
  playerOf,
  type Point,
  type Rules,
  WALKABLE,
} from "../../src/engine/mod.ts";
import type { TmuxPane } from "./tmux.ts";
import { feed, startApp } from "./ui_harness.ts";
import { copyOfData } from "./content.ts";

/** The deno running the tests. */
export const DENO = Deno.execPath();
/** The terminal's modes once the game has given it back. */
export const RESTORED = {
  alternate_on: "0",
  cursor_flag: "1",
  mouse_any_flag: "0",
  mouse_all_flag: "0",
  mouse_sgr_flag: "0",
  keypad_flag: "0",
};

/** The options file the program reads in the pane (none unless a test writes one: tmux.ts sets XDG_CONFIG_HOME). */
export const optionsFile = (pane: TmuxPane): string => `${pane.dir}/config/delve/options.json`;

/** Saves go to the pane's own folder, never the real home. */
export const saveFile = (pane: TmuxPane): string => `${pane.dir}/data/delve/savegame.json.gz`;

/**
 * `deno task play` with the TCOD tutorial's rules, which the end-to-end
 * tests pin (its texts, items and numbers); Delve's own game (data/) has a
 * test of its own.
 */
export const PLAY_TUTORIAL = `"${DENO}" task play --data data/rulesets/tcod`;

/**
 * Whether `screen` shows the play screen's panel on floor `floor`: the tutorial's "Dungeon level: N" under
 * the map, or the side panel's "Depth N" (Delve's own game).
 */
export function showsFloor(screen: string, floor: number): boolean {
  return screen.includes(`Dungeon level: ${floor}`) || new RegExp(`\\bDepth ${floor}\\b`).test(screen);
}

/** Starts the program, waits for the title, and (unless told not to) starts a new game. */
export async function startGame(
  pane: TmuxPane,
  seed: number,
  command = PLAY_TUTORIAL,
  newGame = true,
): Promise<string> {
  const d = pane.dir;
  // A second game in the same pane must not find the first one's leftovers.
  for (const name of ["before", "after", "exit", "stderr"]) await Deno.remove(`${d}/${name}`).catch(() => {});
  await pane.run(
    `stty -g > ${d}/before; XDG_DATA_HOME=${d}/data ${command} --seed ${seed} 2> ${d}/stderr; ` +
      `echo $? > ${d}/exit; stty -g > ${d}/after`,
  );
  const title = await pane.waitFor((s) => s.includes("[N] Play a new game"), "the title screen");
  if (!newGame) return title;
  await pane.keys("n");
  const started = await pane.waitFor(
    (s) => (s.includes("@") && showsFloor(s, 1)) || s.includes(BACKGROUND_QUESTION),
    "the map and @, or the choice of a background",
  );
  if (!started.includes(BACKGROUND_QUESTION)) return started;
  // Delve's own game asks who goes down (docs/rules.md, Backgrounds): the first, the Fighter.
  await pane.keys("a");
  return await pane.waitFor((s) => s.includes("@") && showsFloor(s, 1), "the map and @");
}

/** The title of the window where a new game of Delve's own data asks its background. */
export const BACKGROUND_QUESTION = "Choose your background";

/** The question Escape on the map asks first where the data say so (Delve's own game: `quitAsks`). */
export const QUIT_QUESTION = "Save the game and leave to the title?";

/** Esc saves and goes back to the title (y to its question, where it asks one); q there leaves. */
export async function quit(pane: TmuxPane): Promise<void> {
  await pane.keys("Escape");
  const seen = await pane.waitFor(
    (s) => s.includes("[C] Continue last game") || s.includes(QUIT_QUESTION),
    "the title again, or the question before it",
  );
  if (!seen.includes("[C] Continue last game")) {
    await pane.keys("y");
    await pane.waitFor((s) => s.includes("[C] Continue last game"), "the title again");
  }
  await pane.keys("q");
}

export async function assertRestored(pane: TmuxPane, expectedExit: number): Promise<void> {
  equal(Number(await pane.waitForFile("exit")), expectedExit, "exit status");
  const before = await Deno.readTextFile(`${pane.dir}/before`);
  equal(await pane.waitForFile("after"), before, "stty -g before and after");
  deepEqual(await pane.modes(), RESTORED);
  // The shell's screen is back: nothing of the game's is left on it.
  const screen = await pane.screen();
  ok(!screen.includes("Dungeon level") && !/\bDepth \d/.test(screen), screen);
}

/**
 * A data folder with no monsters and floors strewn with potions and fireball scrolls: the tutorial's, with
 * Delve's keys (`>` away from the stairs walks to them).
 */
export async function itemsOnlyData(): Promise<{ dir: string; rules: Rules }> {
  const dir = await Deno.makeTempDir({ prefix: "delve-e2e-items-" });
  const data = new URL("../../data/rulesets/tcod/", import.meta.url);
  await Deno.copyFile(new URL("entities.json", data), `${dir}/entities.json`);
  const game = JSON.parse(await Deno.readTextFile(new URL("game.json", data)));
  delete game.stairsAway;
  await Deno.writeTextFile(`${dir}/game.json`, JSON.stringify(game));
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
export function walkKeys(state: GameState, from: Point, to: Point): string[] {
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

/** A copy of the bundled data with `change` made to its files; and its rules. */
export async function dataWith(
  change: (files: { entities: Record<string, unknown>; spawn: Record<string, unknown> }) => void,
): Promise<{ dir: string; rules: Rules }> {
  const dir = await copyOfData("delve-e2e-screens-");
  const entities = JSON.parse(await Deno.readTextFile(`${dir}/entities.json`));
  const spawn = JSON.parse(await Deno.readTextFile(`${dir}/spawn_tables.json`));
  change({ entities, spawn });
  await Deno.writeTextFile(`${dir}/entities.json`, JSON.stringify(entities));
  await Deno.writeTextFile(`${dir}/spawn_tables.json`, JSON.stringify(spawn));
  return { dir, rules: (await loadContent(new URL(`file://${dir}/`), "e2e/")).rules };
}

/**
 * The bundled data where the player has 1 HP, no monster and fireball scrolls
 * and potions lie about: a game that dies at once by its own blast
 * ({@link fireballPlan} finds one).
 */
export function oneHpFireballData(): Promise<{ dir: string; rules: Rules }> {
  return dataWith(({ entities, spawn }) => {
    (entities.player as { fighter: { hp: number } }).fighter.hp = 1;
    spawn.maxMonstersPerRoom = [{ floor: 1, value: 0 }];
    spawn.maxItemsPerRoom = [{ floor: 1, value: 4 }];
    spawn.items = [{ floor: 0, weights: { health_potion: 1, fireball_scroll: 1 } }];
  });
}

/** A seed whose first room shows a fireball scroll, and the keys that walk to it and pick it up. */
export function fireballPlan(rules: Rules): { seed: number; keys: string[] } {
  for (let seed = 0; seed < 500; seed++) {
    const state = newGame(rules, seed);
    const p = playerOf(state);
    const scroll = state.entities.find((e) =>
      e.template === "fireball_scroll" && state.map.visible[e.y * state.map.width + e.x]
    );
    if (scroll) return { seed, keys: [...walkKeys(state, p, scroll), "g"] };
  }
  throw new Error("no seed shows a fireball scroll");
}

/** Where the @ is on `screen` (its row and column), if it is there. */
export function atOn(screen: string): string | undefined {
  const row = screen.split("\n").findIndex((line) => line.includes("@"));
  return row < 0 ? undefined : `${row},${screen.split("\n")[row].indexOf("@")}`;
}

/** The turns seed `seed`'s first explore walk (x) takes to its end, played headless (on `data`: the tutorial's by default). */
export async function exploreTurns(seed: number, data?: Content): Promise<number> {
  const app = startApp(80, 24, seed, "truecolor", data);
  await feed(app, "x");
  return app.state.turn;
}
