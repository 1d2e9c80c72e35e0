/**
 * The real `deno task play` (its launcher, then the game) in a real
 * terminal: it plays and saves with a home folder that has spaces, with
 * `--save` in a fresh folder elsewhere, and with `--save` in a folder of
 * the player's own files, where it writes what it must (save, replay,
 * kept-aside save, score, morgue file) and nothing else; it refuses a save
 * folder that is a link outside its grants, and a save whose lock cannot be
 * taken; a second Delve on the same save is told and plays unsaved, leaving
 * the first one's files whole; and signals to the launcher, or to the whole
 * process group mid-walk, reach the game, which saves, gives the terminal
 * back and sets the status the launcher leaves with.
 */
import { deepEqual, equal, match, notDeepEqual, ok } from "node:assert/strict";
import { decodeSave, readSave } from "../src/store/mod.ts";
import { launchPlan } from "../src/app/mod.ts";
import type { GameState } from "../src/engine/mod.ts";
import { bundledContent, delveContent } from "./support/content.ts";
import {
  assertRestored,
  atOn,
  dataWith,
  DENO,
  exploreTurns,
  fireballPlan,
  quit,
  QUIT_QUESTION,
  saveFile,
  startGame,
} from "./support/e2e_game.ts";
import { denoCache } from "./support/run_program.ts";
import { findGamePid, TmuxPane } from "./support/tmux.ts";
import { probeGrants } from "./support/write_probe.ts";

const { rules } = await bundledContent();
/** Delve's own rules: what `deno task play` without `--data` plays and saves. */
const delve = (await delveContent()).rules;

/** Where Deno keeps its cache: a test that moves HOME keeps it, so nothing is downloaded again. */
const DENO_DIR = await denoCache();

/** The game in the save at `path`, which must be whole. */
async function saved(path: string, by = rules): Promise<GameState> {
  const read = await readSave(path);
  if (read.kind !== "read") throw new Error(`${path}: ${JSON.stringify(read)}`);
  return decodeSave(read.json, by);
}

/** The seed of the save at `path`, which must be whole. */
const savedSeed = async (path: string, by = rules) => (await saved(path, by)).seed;

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
  equal(await savedSeed(`${home}/.local/share/delve/savegame.json.gz`, delve), 4701);
  equal(await Deno.readTextFile(`${pane.dir}/stderr`).then((t) => t.includes("delve:")), false);
});

Deno.test("e2e: --save in a fresh folder elsewhere: the game plays and saves there (its replay beside it)", async () => {
  await using pane = await TmuxPane.open(80, 24);
  const folder = `${pane.dir}/elsewhere/new games`;
  await startGame(pane, 4702, `"${DENO}" task play --save '${folder}/mine.json.gz'`);
  await stepSaveQuit(pane);
  equal(await savedSeed(`${folder}/mine.json.gz`, delve), 4702);
  ok((await Deno.stat(`${folder}/last-game.replay.json.gz`)).isFile);
  await Deno.stat(saveFile(pane)).then(() => ok(false, "nothing in the default folder"), () => {});
});

Deno.test("e2e: --save among the player's own files: the game saves, keeps the unreadable old save aside when asked, writes replay, score, morgue file and its data's version, and nothing else there", async () => {
  const { dir: data, rules: hp1 } = await dataWith(({ entities, spawn }) => {
    (entities.player as { fighter: { hp: number } }).fighter.hp = 1;
    spawn.maxMonstersPerRoom = [{ floor: 1, value: 0 }];
    spawn.maxItemsPerRoom = [{ floor: 1, value: 4 }];
    spawn.items = [{ floor: 0, weights: { health_potion: 1, fireball_scroll: 1 } }];
  });
  const plan = fireballPlan(hp1);
  await using pane = await TmuxPane.open(80, 24);
  const folder = `${pane.dir}/my games`;
  await Deno.mkdir(folder);
  await Deno.writeTextFile(`${folder}/notes.txt`, "the player's own\n");
  const save = `${folder}/mine.json.gz`;
  await Deno.writeTextFile(save, "an old save, damaged");
  const args = ["--save", save, "--data", data];
  const granted = await launchPlan(
    [...args, "--seed", String(plan.seed)],
    (name) => ({ XDG_DATA_HOME: `${pane.dir}/data` } as Record<string, string | undefined>)[name],
  );
  const title = await startGame(
    pane,
    plan.seed,
    `"${DENO}" task -q play --save '${save}' --data ${data}`,
    false,
  );
  ok(title.includes("The saved game cannot be read:"), title);
  await pane.keys("n");
  await pane.waitFor((s) => s.includes("Abandon the saved game? y/n"), "asked, as for any save");
  await pane.keys("y");
  await pane.waitFor(
    (s) => s.includes("mine.json.gz.unreadable-"),
    "the old save kept aside, and said where",
  );
  await pane.keys(...plan.keys);
  await pane.waitFor((s) => s.includes("You picked up the Fireball Scroll!"), "the scroll picked up");
  await pane.keys("Escape");
  await pane.waitFor((s) => s.includes(`Saved game: seed ${plan.seed}`), "the game saved");
  equal((await saved(save, hp1)).seed, plan.seed);
  await pane.keys("c");
  await pane.waitFor((s) => s.includes("Dungeon level: 1"), "the game continued");
  await pane.keys("i", "c");
  await pane.waitFor((s) => s.includes("Select a target location."), "aiming");
  await pane.keys("Enter");
  await pane.waitFor((s) => s.includes("The blast would reach you!"), "the question");
  await pane.keys("y");
  const over = await pane.waitFor(
    (s) => s.includes("┤Game over├") && s.includes("Morgue file:") && s.includes("Replay:"),
    "game over, the morgue file and the replay beside it said",
  );
  await pane.keys("Enter");
  await pane.waitFor((s) => s.includes("[N] Play a new game"), "the title again");
  await pane.keys("q");
  await assertRestored(pane, 0);
  equal(await Deno.readTextFile(`${pane.dir}/stderr`), "");
  // Death took the save; what else is there is what Delve writes, and the player's notes as they were.
  deepEqual([...Deno.readDirSync(folder)].map((e) => e.name).sort(), [
    "data-versions",
    "kept",
    "last-game.replay.json.gz",
    "last-game.replay.json.gz.lock",
    "mine.json.gz.lock",
    "morgue",
    "notes.txt",
    "scores.json",
    "scores.json.lock",
  ]);
  equal(await Deno.readTextFile(`${folder}/notes.txt`), "the player's own\n");
  const [keptSave] = [...Deno.readDirSync(`${folder}/kept`)].map((e) => e.name);
  match(keptSave, /^mine\.json\.gz\.unreadable-\d{4}-/);
  equal(await Deno.readTextFile(`${folder}/kept/${keptSave}`), "an old save, damaged");
  // The dead game's replay is kept beside its morgue file, under its name: the next game's takes last-game's place.
  const morgues = [...Deno.readDirSync(`${folder}/morgue`)].map((e) => e.name).sort();
  equal(morgues.length, 2, morgues.join(", "));
  const stem = morgues[1].replace(/\.txt$/, "");
  deepEqual(morgues, [`${stem}.replay.json.gz`, `${stem}.txt`]);
  ok(
    over.replace(/[│\s]/g, "").includes(`Replay:${folder.replace(/\s/g, "")}/morgue/${stem}.replay.json.gz`),
    over,
  );
  const kept = await Deno.readFile(`${folder}/morgue/${stem}.replay.json.gz`);
  deepEqual(kept, await Deno.readFile(`${folder}/last-game.replay.json.gz`), "the dead game's whole replay");
  match(await Deno.readTextFile(`${folder}/scores.json`), new RegExp(`"seed": ${plan.seed}`));
  // With the launcher's own grants for that game, the player's files there cannot be written.
  const probe = await probeGrants(granted, {
    query: [folder],
    make: [],
    forbidden: [`${folder}/notes.txt`, `${folder}/new.txt`],
  });
  deepEqual(probe.states, { [folder]: "prompt" });
  deepEqual(probe.refused, { [`${folder}/notes.txt`]: "NotCapable", [`${folder}/new.txt`]: "NotCapable" });
  // A new game there: its replay takes last-game's place, and the dead game's stays beside its morgue file.
  await startGame(pane, plan.seed + 1, `"${DENO}" task -q play --save '${save}' --data ${data}`);
  await quit(pane);
  await assertRestored(pane, 0);
  deepEqual(await Deno.readFile(`${folder}/morgue/${stem}.replay.json.gz`), kept, "kept as it was");
  notDeepEqual(await Deno.readFile(`${folder}/last-game.replay.json.gz`), kept, "the new game's replay");
});

Deno.test("e2e: a link or a folder where the save's lock goes: refused at start in one line, exit 2; nothing opened or removed", async () => {
  await using pane = await TmuxPane.open(80, 24);
  const d = pane.dir;
  await Deno.mkdir(`${d}/games`);
  await Deno.writeTextFile(`${d}/elsewhere.txt`, "not Delve's\n");
  await Deno.symlink(`${d}/elsewhere.txt`, `${d}/games/a.json.gz.lock`);
  await Deno.mkdir(`${d}/games/b.json.gz.lock`);
  for (const [name, kind] of [["a", "a symbolic link"], ["b", "a folder"]]) {
    await Deno.remove(`${d}/exit`).catch(() => {});
    await pane.run(
      `"${DENO}" task -q play --save ${d}/games/${name}.json.gz 2> ${d}/stderr; echo $? > ${d}/exit`,
    );
    equal(Number(await pane.waitForFile("exit")), 2);
    equal(
      await Deno.readTextFile(`${d}/stderr`),
      `delve: cannot lock the save: the lock file ${d}/games/${name}.json.gz.lock is ${kind}, not a file of ` +
        "Delve's; remove it, or give --save another path\n",
    );
  }
  equal(await Deno.readTextFile(`${d}/elsewhere.txt`), "not Delve's\n");
  ok((await Deno.lstat(`${d}/games/a.json.gz.lock`)).isSymlink);
  deepEqual([...Deno.readDirSync(`${d}/games`)].map((e) => e.name).sort(), [
    "a.json.gz.lock",
    "b.json.gz.lock",
  ]);
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

/** Waits until window `w`'s screen shows `text` (or, with `gone`, no longer shows it). */
async function waitIn(pane: TmuxPane, w: number, text: string, gone = false): Promise<string> {
  let screen = "";
  for (let k = 0; k < 200; k++) {
    screen = await pane.tmux("capture-pane", "-p", "-t", `:${w}`);
    if (screen.includes(text) !== gone) return screen;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for "${text}" ${gone ? "to go" : ""} in window ${w}:\n${screen}`);
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
    // Delve's own game, its background given: N starts the game unasked.
    `XDG_DATA_HOME=${d}/data "${DENO}" task -q play --seed 4705 --background fighter 2> ${d}/stderr2; ` +
      `echo $? > ${d}/exit2`,
  );
  await waitIn(pane, 1, `The save is in use (by process ${first}): N plays a game that is not saved.`);
  await pane.tmux("send-keys", "-t", ":1", "c");
  await waitIn(pane, 1, `The save is in use by process ${first}.`);
  await pane.tmux("send-keys", "-t", ":1", "Escape");
  // The popup gone, Esc was read on its own: n sent with it could be read as Alt-n.
  await waitIn(pane, 1, `The save is in use by process ${first}.`, true);
  await pane.tmux("send-keys", "-t", ":1", "n");
  await waitIn(pane, 1, "Depth 1");
  await pane.tmux("send-keys", "-t", ":1", "l");
  await pane.tmux("send-keys", "-t", ":1", "Escape");
  await waitIn(pane, 1, QUIT_QUESTION);
  await pane.tmux("send-keys", "-t", ":1", "y");
  await waitIn(pane, 1, "Unsaved game: seed 4705");
  // Continued and left with Ctrl-C, the unsaved game says in one line why it was not saved.
  await pane.tmux("send-keys", "-t", ":1", "c");
  await waitIn(pane, 1, "Depth 1");
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

Deno.test("e2e: SIGTERM to the whole process group mid-walk (task, launcher and game, each passing it on) saves mid-walk, exit 143", async () => {
  const seed = 4708;
  const walk = await exploreTurns(seed);
  ok(walk >= 20, `a long walk: ${walk} turns`);
  await using pane = await TmuxPane.open(80, 24);
  // 150 ms a step: a walk of seconds, the save waiting for the step in progress while the copies arrive.
  const screen = await startGame(pane, seed, `"${DENO}" task play --walk-delay 150`);
  const game = await findGamePid(String(seed));
  await pane.keys("x");
  await pane.waitFor((s) => atOn(s) !== undefined && atOn(s) !== atOn(screen), "the walk under way");
  Deno.kill(-(await groupOf(game)), "SIGTERM");
  await assertRestored(pane, 143);
  const state = await saved(saveFile(pane), delve);
  equal(state.seed, seed, "the game was saved, whole");
  ok(state.turn >= 1 && state.turn < walk, `saved mid-walk: turn ${state.turn} of ${walk}`);
});

Deno.test("e2e: the game killed by a signal (SIGKILL): the launcher exits 128 + 9", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 4709);
  Deno.kill(await findGamePid("4709"), "SIGKILL");
  equal(Number(await pane.waitForFile("exit")), 137);
});
