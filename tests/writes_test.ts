/**
 * Where files are written: never through a link planted in the save folder
 * (a temporary file, the morgue folder, the backup, a kept-aside name or
 * folder, the score table, a lock file), one program at a time on a save (a
 * lock that cannot be skipped; the second plays unsaved), on the score table
 * and on the replay (no write lost to another's).
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { dirname } from "node:path";
import {
  decodeSave,
  keepUnreadable,
  KEPT_FOLDER_NAME,
  LinkRefused,
  LOCK_SUFFIX,
  LockRefused,
  lockSave,
  PlaceRefused,
  readSave,
  readScores,
  TEMP_SUFFIX,
  tryLock,
  writeFileAtomic,
} from "../src/store/mod.ts";
import { isGameOver } from "../src/engine/mod.ts";
import { shownLog } from "../src/ui/mod.ts";
import { bundledContent } from "./support/content.ts";
import { doomPlayer, titleSession } from "./support/title_session.ts";
import { readOnly } from "./support/read_only.ts";

const { rules } = await bundledContent();

/** A file outside the save folder, where a planted link points: it must stay as it is. */
async function target(
  text = "not Delve's file\n",
): Promise<{ path: string; unchanged: () => Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "delve-elsewhere-" });
  const path = `${dir}/precious.txt`;
  await Deno.writeTextFile(path, text);
  return {
    path,
    unchanged: async () => {
      equal(await Deno.readTextFile(path), text, `${path} is untouched`);
      deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["precious.txt"], "nothing new beside it");
    },
  };
}

/** The project's configuration, for the programs the tests start (its import map). */
const CONFIG = new URL("../deno.json", import.meta.url).pathname;

const isLink = (path: string) => Deno.lstat(path).then((i) => i.isSymlink, () => false);

Deno.test("a link planted as the save's temporary file (P.tmp) is removed, not followed: the save lands in its folder, the target untouched", async () => {
  const elsewhere = await target();
  const t = await titleSession(async (savePath) => {
    // A link to a folder: removing the link must not remove what is in the folder.
    await Deno.symlink(dirname(elsewhere.path), `${savePath}${TEMP_SUFFIX}`);
  });
  await t.tick();
  await t.press("n", "l", "Escape");
  ok(!t.app.game, "saved and back at the title");
  await elsewhere.unchanged();
  const info = await Deno.lstat(t.savePath);
  ok(info.isFile && !info.isSymlink, "the save is a file of its own");
  const read = await readSave(t.savePath);
  ok(read.kind === "read" && decodeSave(read.json, rules).seed === 31, "and holds the game");
  await Deno.lstat(`${t.savePath}${TEMP_SUFFIX}`).then(
    () => ok(false, "the temporary file was renamed into place"),
    (e) => ok(e instanceof Deno.errors.NotFound),
  );
  await t.press("q");
  await t.running;
});

Deno.test("a temporary file left by a crash is made new, not written into: a long stale P.tmp leaves nothing of itself", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/scores.json`;
  await Deno.writeTextFile(`${path}${TEMP_SUFFIX}`, "x".repeat(100_000));
  await writeFileAtomic(path, new TextEncoder().encode("new"));
  equal(await Deno.readTextFile(path), "new");
  deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["scores.json"]);
});

Deno.test("a morgue folder that is a link: no morgue file lands at its target, and the player is told (m and death)", async () => {
  const elsewhere = await target();
  const outside = elsewhere.path.replace(/\/[^/]*$/, "");
  const t = await titleSession();
  await Deno.symlink(outside, `${t.dir}/morgue`);
  await t.tick();
  await t.press("n", "c", "m");
  // A notice of the program, told in the log's place, not a line of the game's log.
  const game = t.app.game!;
  match(
    shownLog(game.state.log, game.notices).at(-1)!.text,
    /^Could not write the morgue file: the folder .*\/morgue is a symbolic link/,
  );
  await t.press("Escape");
  doomPlayer(t.app.game!.state, rules);
  await t.press(".");
  ok(isGameOver(t.app.game!.state));
  ok(t.gameText().includes("No morgue file: the folder"), t.gameText());
  await elsewhere.unchanged();
  await t.press("Escape", "q");
  await t.running;
});

Deno.test("a link planted as the save's backup: the old save is kept beside the new one, the link's target is untouched", async () => {
  const elsewhere = await target();
  const t = await titleSession();
  await t.tick();
  await t.press("n", "l", "Escape");
  const first = await Deno.readFile(t.savePath);
  await Deno.symlink(elsewhere.path, `${t.savePath}.bak`);
  await t.press("c", "j", "Escape");
  await elsewhere.unchanged();
  ok(!(await isLink(`${t.savePath}.bak`)), "the backup is a file now");
  deepEqual(await Deno.readFile(`${t.savePath}.bak`), first, "holding the old save");
  await t.press("q");
  await t.running;
});

Deno.test("an unreadable file is kept aside in kept/ beside it; a link planted at a kept-aside name: the next name, the target untouched", async () => {
  const elsewhere = await target();
  const dir = await Deno.makeTempDir();
  const now = new Date("2026-01-02T03:04:05Z");
  await Deno.writeTextFile(`${dir}/scores.json`, "damaged");
  await Deno.mkdir(`${dir}/${KEPT_FOLDER_NAME}`);
  await Deno.symlink(elsewhere.path, `${dir}/kept/scores.json.unreadable-2026-01-02T03-04-05-000Z`);
  const kept = await keepUnreadable(`${dir}/scores.json`, now);
  equal(kept, `${dir}/kept/scores.json.unreadable-2026-01-02T03-04-05-000Z-2`);
  equal(await Deno.readTextFile(kept), "damaged");
  deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["kept"], "moved, not copied");
  await elsewhere.unchanged();
});

Deno.test("a kept-aside folder that is a link: nothing is moved through it, and the file stays where it was", async () => {
  const elsewhere = await target();
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/savegame.json.gz`, "damaged");
  await Deno.symlink(dirname(elsewhere.path), `${dir}/${KEPT_FOLDER_NAME}`);
  const failed = await keepUnreadable(`${dir}/savegame.json.gz`, new Date()).then(() => undefined, (e) => e);
  ok(failed instanceof LinkRefused, String(failed));
  match(failed.message, new RegExp(`^the folder ${dir}/kept is a symbolic link`));
  equal(await Deno.readTextFile(`${dir}/savegame.json.gz`), "damaged");
  await elsewhere.unchanged();
});

Deno.test("a score table that is a link: the score is not written through it, and the game-over screen says why", async () => {
  const elsewhere = await target(JSON.stringify({ format: "delve-scores", version: 1, scores: [] }));
  const t = await titleSession();
  await Deno.symlink(elsewhere.path, `${t.dir}/scores.json`);
  await t.tick();
  await t.press("n");
  doomPlayer(t.app.game!.state, rules);
  await t.press(".");
  ok(isGameOver(t.app.game!.state));
  // The line wraps inside the game-over window, the path whole.
  const said = t.gameText().replace(/[│\s]+/g, " ");
  ok(said.includes(`High scores not saved: the file ${t.dir}/scores.json is a symbolic link`), t.gameText());
  await elsewhere.unchanged();
  await t.press("Escape", "q");
  await t.running;
});

Deno.test("a file or folder that is a link is never written through: LinkRefused, naming it", async () => {
  const elsewhere = await target();
  const dir = await Deno.makeTempDir();
  await Deno.symlink(elsewhere.path, `${dir}/file`);
  await Deno.symlink(elsewhere.path.replace(/\/[^/]*$/, ""), `${dir}/folder`);
  const data = new TextEncoder().encode("new");
  for (const [path, what] of [[`${dir}/file`, "file"], [`${dir}/folder/precious.txt`, "folder"]]) {
    const failed = await writeFileAtomic(path, data).then(() => undefined, (e) => e);
    ok(failed instanceof LinkRefused, String(failed));
    match(failed.message, new RegExp(`^the ${what} ${dir}/${what} is a symbolic link`));
  }
  await elsewhere.unchanged();
  deepEqual(
    [...Deno.readDirSync(dir)].map((e) => e.name).sort(),
    ["file", "folder"],
    "no temporary file left",
  );
});

Deno.test("a lock is held by one at a time: the next try finds it busy and names the holder; let go, it is free", async () => {
  const dir = await Deno.makeTempDir();
  const first = await tryLock(`${dir}/save.lock`);
  ok(first.kind === "held");
  // flock locks belong to each opening of the file, so a second one in this process is a second holder.
  deepEqual(await tryLock(`${dir}/save.lock`), { kind: "busy", pid: Deno.pid });
  first.lock.release();
  const again = await tryLock(`${dir}/save.lock`);
  ok(again.kind === "held", "free once let go");
  again.lock.release();
});

Deno.test("a lock whose process was killed (-9) is free: the kernel let go of it with the process", async () => {
  const dir = await Deno.makeTempDir();
  const lock = `${dir}/save.lock`;
  const holder = new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      `--config=${CONFIG}`,
      `const { tryLock } = await import(${
        JSON.stringify(new URL("../src/store/file_lock.ts", import.meta.url).href)
      });
       const held = await tryLock(${JSON.stringify(lock)});
       console.log(held.kind);
       await new Promise(() => setInterval(() => {}, 1000));`,
    ],
    stdout: "piped",
  }).spawn();
  const reader = holder.stdout.pipeThrough(new TextDecoderStream()).getReader();
  equal((await reader.read()).value?.trim(), "held");
  deepEqual(await tryLock(lock), { kind: "busy", pid: holder.pid });
  holder.kill("SIGKILL");
  await holder.status;
  await reader.cancel();
  const stale = await tryLock(lock);
  ok(stale.kind === "held", "the stale lock is free");
  equal((await Deno.readTextFile(lock)).trim(), String(Deno.pid), "and names its new holder");
  stale.lock.release();
});

Deno.test("a link or a folder at a lock file's name is refused, never opened or removed: the target untouched", async () => {
  const elsewhere = await target();
  const dir = await Deno.makeTempDir();
  await Deno.symlink(elsewhere.path, `${dir}/save.lock`);
  await Deno.mkdir(`${dir}/other.lock`);
  for (const [name, kind] of [["save.lock", "a symbolic link"], ["other.lock", "a folder"]]) {
    const failed = await tryLock(`${dir}/${name}`).then(() => undefined, (e) => e);
    ok(failed instanceof LockRefused, String(failed));
    equal(failed.message, `the lock file ${dir}/${name} is ${kind}, not a file of Delve's`);
  }
  ok(await isLink(`${dir}/save.lock`), "the link is left as it was");
  ok((await Deno.lstat(`${dir}/other.lock`)).isDirectory);
  await elsewhere.unchanged();
});

Deno.test("the save's lock cannot be skipped: a folder or a link at savegame.json.gz.lock refuses the game at start", async () => {
  const elsewhere = await target();
  for (const plant of [(at: string) => Deno.mkdir(at), (at: string) => Deno.symlink(elsewhere.path, at)]) {
    const dir = await Deno.makeTempDir();
    const save = `${dir}/savegame.json.gz`;
    await plant(`${save}${LOCK_SUFFIX}`);
    const failed = await lockSave(save).then((held) => held, (e) => e);
    ok(failed instanceof PlaceRefused, `refused, not played unlocked: ${JSON.stringify(failed)}`);
    match(
      failed.message,
      new RegExp(
        `^cannot lock the save: the lock file ${save}\.lock is a (folder|symbolic link), not a file of ` +
          "Delve's; remove it, or give --save another path$",
      ),
    );
  }
  await elsewhere.unchanged();
});

Deno.test("the save's lock: held, a second Delve is told who holds it; only a read-only folder goes on without one", async () => {
  const dir = await Deno.makeTempDir();
  const save = `${dir}/savegame.json.gz`;
  const first = await lockSave(save);
  ok(first.lock && !first.inUse, "held");
  deepEqual(await lockSave(save), { inUse: { pid: Deno.pid } });
  first.lock.release();
  const folder = await Deno.makeTempDir();
  const undo = await readOnly(folder);
  try {
    deepEqual(
      await lockSave(`${folder}/savegame.json.gz`),
      {},
      "no lock, no refusal: its saves fail, saying so",
    );
  } finally {
    await undo();
  }
});

Deno.test("the replay is written holding its own lock: two Delves on saves in one folder take turns with it", async () => {
  const t = await titleSession();
  const replay = `${t.dir}/last-game.replay.json.gz`;
  const other = await tryLock(`${replay}${LOCK_SUFFIX}`);
  ok(other.kind === "held");
  await t.tick();
  await t.press("n", "l");
  let released = false;
  setTimeout(() => {
    released = true;
    other.lock.release();
  }, 300);
  // Esc saves, then writes the replay: that waits for the other holder to let go.
  await t.press("Escape");
  ok(released, "the replay was not written while another held its lock");
  ok((await Deno.stat(replay)).isFile);
  await t.press("q");
  await t.running;
});

Deno.test("programs ending games at once: every score reaches the table (its lock), none lost to another's write", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/scores.json`;
  const programs = 10;
  const scores = new URL("../src/store/high_scores.ts", import.meta.url).href;
  // Each says it is ready, waits for the same signal (a file), then adds its score: all ten read and
  // write the table together.
  const children = Array.from({ length: programs }, (_, k) =>
    new Deno.Command(Deno.execPath(), {
      args: [
        "eval",
        `--config=${CONFIG}`,
        `const { addHighScore } = await import(${JSON.stringify(scores)});
         await Deno.writeTextFile(${JSON.stringify(`${dir}/ready-${k}`)}, "");
         while (!(await Deno.stat(${JSON.stringify(`${dir}/go`)}).then(() => true, () => false))) {
           await new Promise((r) => setTimeout(r, 1));
         }
         await addHighScore(${JSON.stringify(path)}, {
           score: ${100 + k}, depth: 1, level: 1, xp: 0, turns: 1, seed: ${k},
           date: "2026-01-02T03:04:05.000Z", cause: "killed by an Orc", version: "test",
         }, new Date());`,
      ],
    }).spawn());
  while ([...Deno.readDirSync(dir)].length < programs) await new Promise((r) => setTimeout(r, 10));
  await Deno.writeTextFile(`${dir}/go`, "");
  for (const child of children) equal((await child.status).code, 0);
  const table = await readScores(path);
  ok(table.kind === "read");
  deepEqual(table.scores.map((s) => s.seed).sort((a, b) => a - b), [...Array(programs).keys()]);
});

Deno.test("with the save in use elsewhere: the title says by whom, C declines, N plays unsaved; the save, replay and backup are untouched", async () => {
  // The other program's files, as it left them.
  const first = await titleSession();
  await first.tick();
  await first.press("n", "l", "Escape", "c", "j", "Escape", "q");
  await first.running;
  const files = [first.savePath, `${first.savePath}.bak`, `${first.dir}/last-game.replay.json.gz`];
  const before = await Promise.all(files.map((path) => Deno.readFile(path)));
  const t = await titleSession(undefined, {
    savePath: first.savePath,
    recordPath: `${first.dir}/last-game.replay.json.gz`,
    morgueDir: `${first.dir}/morgue`,
    scoresPath: `${first.dir}/scores.json`,
    saveInUse: { pid: 4242 },
  });
  await t.tick();
  ok(t.text().includes("The save is in use (by process 4242): N plays a game that is not saved."), t.text());
  await t.press("c");
  ok(t.text().includes("The save is in use by process 4242."), t.text());
  await t.press("Escape", "n", "l", "l", "Escape");
  const turn = t.text().match(/Unsaved game: seed 31, dungeon level 1, turn (\d+)/)?.[1];
  ok(turn !== undefined, t.text());
  // C continues the unsaved game where Esc left it.
  await t.press("c");
  equal(String(t.app.game!.state.turn), turn);
  // Its death writes a morgue file and a score beside the other program's, and deletes no save.
  doomPlayer(t.app.game!.state, rules);
  await t.press(".");
  ok(isGameOver(t.app.game!.state));
  await t.press("Escape", "q");
  await t.running;
  const after = await Promise.all(files.map((path) => Deno.readFile(path)));
  deepEqual(after, before, "the other program's save, backup and replay are as it left them");
  equal([...Deno.readDirSync(`${first.dir}/morgue`)].length, 1, "the morgue file");
  const table = await readScores(`${first.dir}/scores.json`);
  equal(table.kind === "read" && table.scores.length, 1, "the score");
});
