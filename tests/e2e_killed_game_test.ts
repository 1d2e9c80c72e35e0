/**
 * The game process dying where it cannot answer (kill -9 of the game, not
 * of the launcher that started it), in a real terminal (tmux): the launcher
 * gives the terminal back (the modes as before, the normal screen, cursor
 * shown, mouse reporting off), says in one line what happened and where the
 * last save is, and the shell takes commands again.
 */
import { equal, ok } from "node:assert/strict";
import { assertRestored, DENO, PLAY_TUTORIAL, saveFile, startGame } from "./support/e2e_game.ts";
import { findGamePid, gone, TmuxPane } from "./support/tmux.ts";

/** Waits until a file is at `path`. */
async function waitForFile(path: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await Deno.stat(path).then(() => true, () => false))) {
    if (Date.now() > deadline) throw new Error(`no file at ${path} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

Deno.test("e2e: the game killed with SIGKILL: the launcher gives the terminal back and names the save", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 41, PLAY_TUTORIAL);
  const game = await findGamePid("41");
  const launcher = await findGamePid("41", "launch.ts");
  ok(game !== launcher);
  // Esc saves and leaves to the title; the game continued, then killed, has that save to name.
  await pane.keys("Escape");
  await pane.waitFor((s) => s.includes("[C] Continue last game"), "the title with the saved game");
  await waitForFile(saveFile(pane));
  await pane.keys("c");
  await pane.waitFor((s) => s.includes("@") && !s.includes("[C] Continue last game"), "the game again");
  Deno.kill(game, "SIGKILL");
  await gone(game);
  // 128 + 9: the launcher leaves with the game's status.
  await assertRestored(pane, 137);
  const stderr = await Deno.readTextFile(`${pane.dir}/stderr`);
  const lines = stderr.trim().split("\n");
  equal(
    lines.at(-1),
    "delve: Delve stopped unexpectedly (killed (SIGKILL), perhaps by the system for want of memory); " +
      `the game as last saved is at ${saveFile(pane)}`,
  );
  // Cooked mode again: the shell reads a line, echoes it and runs it.
  await pane.run("echo shell-$((20+22))");
  await pane.waitFor((s) => s.includes("shell-42"), "the shell answering");
});

/** The maps mod on a floor of a million cells: more than a small heap holds while the floor is made. */
async function millionCellMod(dir: string): Promise<string> {
  const mod = `${dir}/big-mod`;
  await Deno.mkdir(mod);
  const from = new URL("./fixtures/mods/maps/", import.meta.url);
  await Deno.copyFile(new URL("entities.json", from), `${mod}/entities.json`);
  // No monsters: a floor this large may hold no more than the work a key may cost allows.
  const spawn = JSON.parse(await Deno.readTextFile(new URL("spawn_tables.json", from)));
  spawn.maxMonstersPerRoom = [{ floor: 0, value: 0 }];
  await Deno.writeTextFile(`${mod}/spawn_tables.json`, JSON.stringify(spawn));
  const game = JSON.parse(await Deno.readTextFile(new URL("game.json", from)));
  game.map.width = 1000;
  game.map.height = 1000;
  await Deno.writeTextFile(`${mod}/game.json`, JSON.stringify(game));
  return mod;
}

Deno.test("e2e: the game out of memory (V8's SIGTRAP): the launcher gives the terminal back and says so", async () => {
  await using pane = await TmuxPane.open(80, 24);
  const mod = await millionCellMod(pane.dir);
  // A heap the launcher and the title live in, and the million-cell floor does not.
  const heap = "DENO_V8_FLAGS=--max-old-space-size=24";
  await startGame(pane, 43, `${heap} "${DENO}" task play --data ${mod}`, false);
  await pane.keys("n");
  // 128 + 5: the launcher leaves with the game's status.
  await assertRestored(pane, 133);
  const stderr = await Deno.readTextFile(`${pane.dir}/stderr`);
  equal(
    stderr.trim().split("\n").at(-1),
    "delve: Delve stopped unexpectedly (out of memory, or another fatal error of its JavaScript engine " +
      `(SIGTRAP)); no game was saved at ${saveFile(pane)}`,
  );
});
