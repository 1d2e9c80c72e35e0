/**
 * The real `deno task play` (its launcher, then the game) in a real
 * terminal: it plays and saves with a home folder that has spaces and with
 * `--save` in a fresh folder elsewhere; it refuses a save folder that is a
 * link outside its grants; a second Delve on the same save is told and plays
 * unsaved, leaving the first one's files whole; and signals to the launcher,
 * or to the whole process group, reach the game, which saves, gives the
 * terminal back and sets the status the launcher leaves with.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { readSave } from "../src/app/save_file.ts";
import { decodeSave } from "../src/app/save_format.ts";
import { bundledContent } from "./support/content.ts";

const { rules } = await bundledContent();
import { assertRestored, DENO, quit, saveFile, startGame } from "./support/e2e_game.ts";
import { findGamePid, TmuxPane } from "./support/tmux.ts";

/** Where Deno keeps its cache: a test that moves HOME keeps it, so nothing is downloaded again. */
const DENO_DIR: string = JSON.parse(
  new TextDecoder().decode((await new Deno.Command(DENO, { args: ["info", "--json"] }).output()).stdout),
).denoDir;

/** The seed of the save at `path`, which must be whole. */
async function savedSeed(path: string): Promise<number> {
  const read = await readSave(path);
  if (read.kind !== "read") throw new Error(`${path}: ${JSON.stringify(read)}`);
  return decodeSave(read.json, rules).seed;
}

/** Plays a step and leaves with Esc (which saves) and q. */
async function stepSaveQuit(pane: TmuxPane): Promise<void> {
  await pane.keys("l", "j");
  await quit(pane);
  await assertRestored(pane, 0);
}

Deno.test("e2e: deno task play with a home folder that has spaces: the game starts and saves there", async () => {
  await using pane = await TmuxPane.open(80, 24);
  const home = `${pane.dir}/my home with spaces`;
  await Deno.mkdir(home);
  const command = `env -u XDG_DATA_HOME HOME='${home}' DENO_DIR='${DENO_DIR}' "${DENO}" task play`;
  await startGame(pane, 4701, command);
  await stepSaveQuit(pane);
  equal(await savedSeed(`${home}/.local/share/delve/savegame.json.gz`), 4701);
  equal(await Deno.readTextFile(`${pane.dir}/stderr`).then((t) => t.includes("delve:")), false);
});

Deno.test("e2e: --save in a fresh folder elsewhere: the game plays and saves there (its replay beside it)", async () => {
  await using pane = await TmuxPane.open(80, 24);
  const folder = `${pane.dir}/elsewhere/new games`;
  await startGame(pane, 4702, `"${DENO}" task play --save '${folder}/mine.json.gz'`);
  await stepSaveQuit(pane);
  equal(await savedSeed(`${folder}/mine.json.gz`), 4702);
  ok((await Deno.stat(`${folder}/last-game.replay.json.gz`)).isFile);
  await Deno.stat(saveFile(pane)).then(() => ok(false, "nothing in the default folder"), () => {});
});

Deno.test("e2e: a save folder that is a link outside the grants is refused at start in one line; nothing lands there", async () => {
  await using pane = await TmuxPane.open(80, 24);
  const d = pane.dir;
  await Deno.mkdir(`${d}/outside`);
  await Deno.mkdir(`${d}/data`);
  await Deno.symlink(`${d}/outside`, `${d}/data/delve`);
  await pane.run(
    `XDG_DATA_HOME=${d}/data "${DENO}" task -q play --seed 4703 2> ${d}/stderr; echo $? > ${d}/exit`,
  );
  equal(Number(await pane.waitForFile("exit")), 2);
  equal(
    await Deno.readTextFile(`${d}/stderr`),
    `delve: the save folder ${d}/data/delve leads to ${d}/outside, where Delve may not write: ` +
      "make it a real folder, or give --save a path elsewhere\n",
  );
  deepEqual([...Deno.readDirSync(`${d}/outside`)], []);
});

/** Types `line` and Enter in tmux window `w`. */
async function runIn(pane: TmuxPane, w: number, line: string): Promise<void> {
  await pane.tmux("send-keys", "-t", `:${w}`, "-l", line);
  await pane.tmux("send-keys", "-t", `:${w}`, "Enter");
}

/** Waits until window `w`'s screen shows `text`. */
async function waitIn(pane: TmuxPane, w: number, text: string): Promise<string> {
  let screen = "";
  for (let k = 0; k < 200; k++) {
    screen = await pane.tmux("capture-pane", "-p", "-t", `:${w}`);
    if (screen.includes(text)) return screen;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for "${text}" in window ${w}; the screen was:\n${screen}`);
}

Deno.test("e2e: two games on one save: the second is told who holds it and plays unsaved; the first's files stay whole", async () => {
  await using pane = await TmuxPane.open(80, 24);
  const d = pane.dir;
  // The first: a game saved with Esc, then back on the title, still running (it holds the save).
  await startGame(pane, 4704);
  await pane.keys("l", "Escape");
  await pane.waitFor((s) => s.includes("Saved game: seed 4704"), "the first's title");
  const first = await findGamePid("4704");
  const files = [saveFile(pane), `${d}/data/delve/last-game.replay.json.gz`];
  const before = await Promise.all(files.map((f) => Deno.readFile(f)));
  // The second, in another window, on the same save.
  await pane.tmux("new-window", "-d", "bash --norc --noprofile");
  await runIn(
    pane,
    1,
    `XDG_DATA_HOME=${d}/data "${DENO}" task -q play --seed 4705 2> ${d}/stderr2; echo $? > ${d}/exit2`,
  );
  await waitIn(pane, 1, `The save is in use (by process ${first}): N plays a game that is not saved.`);
  await pane.tmux("send-keys", "-t", ":1", "c");
  await waitIn(pane, 1, `The save is in use by process ${first}.`);
  await pane.tmux("send-keys", "-t", ":1", "Escape");
  await new Promise((r) => setTimeout(r, 150));
  await pane.tmux("send-keys", "-t", ":1", "n");
  await waitIn(pane, 1, "Dungeon level: 1");
  await pane.tmux("send-keys", "-t", ":1", "l");
  await pane.tmux("send-keys", "-t", ":1", "Escape");
  await waitIn(pane, 1, "Unsaved game: seed 4705");
  // Continued and left with Ctrl-C, the unsaved game says in one line why it was not saved.
  await pane.tmux("send-keys", "-t", ":1", "c");
  await waitIn(pane, 1, "Dungeon level: 1");
  await pane.tmux("send-keys", "-t", ":1", "C-c");
  equal((await pane.waitForFile("exit2")).trim(), "130");
  equal(
    await Deno.readTextFile(`${d}/stderr2`),
    `delve: the game was not saved: the save is in use by process ${first}\n`,
  );
  deepEqual(await Promise.all(files.map((f) => Deno.readFile(f))), before, "the first's save and replay");
  // The first leaves; the save is free, and a new Delve continues it.
  await pane.keys("q");
  await assertRestored(pane, 0);
  await pane.run("clear");
  const title = await startGame(pane, 4706, undefined, false);
  ok(title.includes("Saved game: seed 4704"), title);
  await pane.keys("q");
  await assertRestored(pane, 0);
});

/** The process group of `pid`. */
async function groupOf(pid: number): Promise<number> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
}

Deno.test("e2e: SIGTERM to the launcher reaches the game: it saves, restores the terminal, and both exit 143", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4707);
  await pane.keys("l");
  Deno.kill(await findGamePid("4707", "launch.ts"), "SIGTERM");
  await assertRestored(pane, 143);
  equal(await savedSeed(saveFile(pane)), 4707);
});

Deno.test("e2e: SIGTERM to the whole process group (task, launcher and game, each passing it on) still saves, exit 143", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4708, `"${DENO}" task play --walk-delay 150`);
  const game = await findGamePid("4708");
  // A walk of seconds: the save waits for the step in progress while the copies of the signal arrive.
  await pane.keys("x");
  await new Promise((r) => setTimeout(r, 400));
  Deno.kill(-(await groupOf(game)), "SIGTERM");
  await assertRestored(pane, 143);
  equal(await savedSeed(saveFile(pane)), 4708, "the game was saved, whole");
});

Deno.test("e2e: the game killed by a signal (SIGKILL): the launcher exits 128 + 9", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4709);
  Deno.kill(await findGamePid("4709"), "SIGKILL");
  equal(Number(await pane.waitForFile("exit")), 137);
});
