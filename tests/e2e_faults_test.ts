/**
 * Faults around the real program in a real terminal (tmux): the terminal
 * closing mid-walk, stdout going away mid-game, and the data folder
 * vanishing mid-game. Each time the game is saved whole and nothing hangs.
 */
import { equal, match, ok } from "node:assert/strict";
import { decodeSave, readSave } from "../src/store/mod.ts";
import { type GameState, newGame, playerOf, type Rules } from "../src/engine/mod.ts";
import {
  assertRestored,
  atOn,
  DENO,
  exploreTurns,
  itemsOnlyData,
  quit,
  saveFile,
  showsFloor,
  startGame,
  walkKeys,
} from "./support/e2e_game.ts";
import { findGamePid, gone, TmuxPane } from "./support/tmux.ts";
import { delveContent } from "./support/content.ts";

async function loadSaved(path: string, rules?: Rules): Promise<GameState> {
  const read = await readSave(path);
  if (read.kind !== "read") throw new Error(`no whole save at ${path}: ${JSON.stringify(read)}`);
  return decodeSave(read.json, rules ?? (await delveContent()).rules);
}

Deno.test("e2e: the terminal closing mid-walk (SIGHUP) saves the game after the step in progress, whole", async () => {
  // Delve's own game, as `deno task play` plays it: seed 4721 starts with no monster in view and a long explore.
  const walk = await exploreTurns(4721, await delveContent());
  ok(walk >= 20, `a long walk: ${walk} turns`);
  await using pane = await TmuxPane.open(80, 24);
  // 150 ms a step makes the walk last seconds.
  const screen = await startGame(pane, 4721, `"${DENO}" task play --walk-delay 150`);
  const pid = await findGamePid("4721");
  await pane.keys("x");
  await pane.waitFor((s) => atOn(s) !== undefined && atOn(s) !== atOn(screen), "the walk under way");
  await pane.tmux("kill-server");
  await gone(pid);
  const state = await loadSaved(saveFile(pane));
  ok(state.turn >= 1 && state.turn < walk, `saved mid-walk, at turn ${state.turn} of ${walk}`);
});

Deno.test("e2e: stdout closing mid-game: the game saves, gives stdin back, says why in one line, exits 1", async () => {
  await using pane = await TmuxPane.open(80, 24);
  // The game draws on a second window's terminal, which is then closed under it.
  await pane.tmux("new-window", "-d", "bash --norc --noprofile");
  const tty = (await pane.tmux("display", "-p", "-t", ":1", "#{pane_tty}")).trim();
  const d = pane.dir;
  await pane.run(
    // Delve's own game would ask the background first: given, the game starts at N.
    `stty -g > ${d}/before; XDG_DATA_HOME=${d}/data "${DENO}" task -q play --seed 23 --background fighter > ${tty} ` +
      `2> ${d}/stderr; ` +
      `echo $? > ${d}/exit; stty -g > ${d}/after`,
  );
  const screenOf1 = () => pane.tmux("capture-pane", "-p", "-t", ":1");
  const waitOn1 = async (seen: (s: string) => boolean, what: string) => {
    for (let k = 0; k < 200 && !seen(await screenOf1()); k++) await new Promise((r) => setTimeout(r, 100));
    ok(seen(await screenOf1()), `${what} on the second window`);
  };
  await waitOn1((s) => s.includes("[N] Play a new game"), "the title");
  await pane.keys("n");
  await waitOn1((s) => showsFloor(s, 1), "the game");
  await pane.keys("l", "j");
  await new Promise((r) => setTimeout(r, 300));
  await pane.tmux("kill-window", "-t", ":1");
  await pane.keys("h", "k");
  equal(Number(await pane.waitForFile("exit")), 1, "exit status");
  equal(await pane.waitForFile("after"), await Deno.readTextFile(`${d}/before`), "stty -g as it was");
  match(await Deno.readTextFile(`${d}/stderr`), /^delve: the terminal stopped taking output \([^\n]+\)\n$/);
  const state = await loadSaved(saveFile(pane));
  equal(state.seed, 23);
});

Deno.test("e2e: the data folder vanishing mid-game changes nothing: down the stairs, save, continue", async () => {
  const { dir, rules } = await itemsOnlyData();
  const seed = 4501;
  const start = newGame(rules, seed);
  const keys = walkKeys(start, playerOf(start), start.map.stairs);
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, seed, `"${DENO}" task play --data ${dir}`);
  await Deno.remove(dir, { recursive: true });
  await pane.keys(...keys, ">");
  await pane.waitFor((s) => s.includes("Dungeon level: 2"), "floor 2, made with the data read at the start");
  await pane.keys("Escape");
  await pane.waitFor((s) => s.includes("Saved game: seed 4501, dungeon level 2"), "the title");
  await pane.keys("c");
  await pane.waitFor((s) => s.includes("Dungeon level: 2"), "the game continued");
  await quit(pane);
  await assertRestored(pane, 0);
  equal((await loadSaved(saveFile(pane), rules)).floor, 2);
});
