/**
 * Files from a stranger that are too deep, too big or never end: each is
 * refused with one line, at once, whatever reads it (data files and
 * `validate`, saves, score tables, replays, the title).
 */
import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import {
  DataShelf,
  decodeSave,
  examineSave,
  gzip,
  readSave,
  readScores,
  REPLAY_LIMITS,
  ReplayError,
  SAVE_LIMITS,
  SCORES_LIMITS,
  startRecording,
} from "../src/store/mod.ts";
import { readRecording } from "../src/commands/mod.ts";
import type { GameState } from "../src/engine/mod.ts";
import {
  bytesInWords,
  ContentError,
  DATA_FILE_MAX_BYTES,
  DATA_FILE_MAX_DEPTH,
  DATA_FILE_MAX_KEYS,
  DATA_FILE_MAX_VALUES,
  heldBytes,
  type JsonLimits,
  loadContent,
  parseToFirstProblem,
  readBoundedFile,
  scanJson,
} from "../src/content/mod.ts";
import { bundledContent, copyOfData } from "./support/content.ts";
import {
  confusedSave,
  deepReplay,
  deepScores,
  denseSave,
  depthOf,
  gzipBomb,
  HOSTILE_DEPTH,
  lateReplay,
  makeFifo,
  manyKeys,
  newGameSave,
  paddedTo,
  withCopies,
} from "../tools/hostile_files.ts";
import { z } from "zod";
import { titleSession } from "./support/title_session.ts";
import { runScript } from "./support/run_program.ts";
import { shownMessages } from "./support/ui_harness.ts";

const { rules } = await bundledContent();
const MB = 1024 * 1024, GB = 1024 * MB;

/**
 * `promise`'s value, or a failure after `ms`: never a hang. `unblock`, if
 * given, frees what the late promise waits on, so it settles before the
 * failure; without it the promise is left to itself.
 */
async function within<T>(promise: Promise<T>, ms: number, unblock?: () => Promise<void>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => timer = setTimeout(() => resolve("late"), ms));
  const first = await Promise.race([promise, late]);
  clearTimeout(timer);
  if (first === "late") {
    if (unblock) {
      await unblock();
      await promise.catch(() => {});
    }
    throw new Error(`still reading after ${ms} ms`);
  }
  return first;
}

/** The problems loading the data folder `dir` gives (none: an empty list). */
async function problemsOf(dir: string): Promise<readonly string[]> {
  try {
    await loadContent(new URL(`file://${dir}/`), "mod/");
  } catch (e) {
    if (e instanceof ContentError) return e.problems;
    throw e;
  }
  return [];
}

/** A file `name` in a new temporary folder holding `data`; returns its path. */
async function fileWith(name: string, data: string | Uint8Array): Promise<string> {
  const path = `${await Deno.makeTempDir({ prefix: "delve-hostile-" })}/${name}`;
  if (typeof data === "string") await Deno.writeTextFile(path, data);
  else await Deno.writeFile(path, new Uint8Array(data));
  return path;
}

/** The reason a save or table is unreadable: one line, and the file left as it was. */
async function unreadable(
  path: string,
  read: (path: string) => Promise<{ kind: string; reason?: string }>,
): Promise<string> {
  const before = await Deno.readFile(path);
  const result = await read(path);
  equal(result.kind, "unreadable");
  const reason = result.reason ?? "";
  ok(!reason.includes("\n"), `one line: ${reason}`);
  deepEqual(await Deno.readFile(path), before, "the file is untouched");
  return reason;
}

Deno.test("a save nested 100,000 deep is refused in one line (not V8 out of memory)", async () => {
  const path = await fileWith("savegame.json.gz", await gzip(confusedSave(rules, HOSTILE_DEPTH)));
  match(
    await unreadable(path, readSave),
    new RegExp(
      `^at line 1, column \\d+: expected lists and objects nested at most ${SAVE_LIMITS.maxDepth} deep, found deeper$`,
    ),
  );
});

Deno.test("a score table nested 100,000 deep is refused in one line (not V8 out of memory)", async () => {
  const path = await fileWith("scores.json", deepScores(HOSTILE_DEPTH));
  match(
    await unreadable(path, readScores),
    new RegExp(
      `^at line 1, column \\d+: expected lists and objects nested at most ${SCORES_LIMITS.maxDepth} deep, found deeper$`,
    ),
  );
});

Deno.test("a replay nested 100,000 deep is refused in one line", async () => {
  const path = await fileWith("last.replay.json.gz", await gzip(deepReplay(HOSTILE_DEPTH)));
  await rejects(
    () => readRecording(path),
    (e: Error) =>
      e instanceof ReplayError && !e.message.includes("\n") &&
      e.message.startsWith(`${path}: at line 1, column `) &&
      e.message.endsWith(
        `: expected lists and objects nested at most ${REPLAY_LIMITS.maxDepth} deep, found deeper`,
      ),
  );
});

Deno.test("validate: a data file of 100,000 unclosed [ is one problem line and exit status 2, no stack", async () => {
  const dir = await copyOfData("delve-hostile-");
  await Deno.writeTextFile(`${dir}/game.json`, "[".repeat(HOSTILE_DEPTH));
  const run = await runScript(new URL("../src/commands/validate.ts", import.meta.url), ["--data", dir], [
    "--allow-read",
  ]);
  const column = DATA_FILE_MAX_DEPTH + 1;
  deepEqual([run.code, run.stderr, run.stdout], [
    2,
    `${dir}/game.json: at line 1, column ${column}: expected lists and objects nested at most ` +
    `${DATA_FILE_MAX_DEPTH} deep, found deeper\n`,
    "",
  ]);
});

Deno.test("a gzip save that inflates to gigabytes is refused once past its inflated limit", async () => {
  const bomb = gzipBomb(confusedSave(rules, 0), 2 * GB);
  ok(bomb.length <= SAVE_LIMITS.maxBytes, "small enough on disk to be read");
  const path = await fileWith("savegame.json.gz", bomb);
  equal(
    await unreadable(path, readSave),
    `expected a save of at most ${bytesInWords(SAVE_LIMITS.maxInflatedBytes!)} once inflated, found more`,
  );
});

Deno.test("a gzip replay that inflates to gigabytes is refused once past its inflated limit", async () => {
  const bomb = gzipBomb(deepReplay(0), 2 * GB);
  const path = await fileWith("last.replay.json.gz", bomb);
  await rejects(
    () => readRecording(path),
    new ReplayError(
      `${path}: expected a replay of at most ${
        bytesInWords(REPLAY_LIMITS.maxInflatedBytes!)
      } once inflated, ` +
        "found more",
    ),
  );
});

Deno.test("a data file that is a FIFO is refused at once, never waited on", async () => {
  const dir = await copyOfData("delve-hostile-");
  await Deno.remove(`${dir}/game.json`);
  await makeFifo(`${dir}/game.json`);
  // Were it waited on, a writer that opens and closes the FIFO frees the read, and the test fails.
  const unblock = async () => (await Deno.open(`${dir}/game.json`, { write: true })).close();
  deepEqual(await within(problemsOf(dir), 10_000, unblock), [
    "mod/game.json: expected a file, found a named pipe (FIFO)",
  ]);
});

Deno.test("a data file linked to /dev/zero is refused, never read", async () => {
  const dir = await copyOfData("delve-hostile-");
  await Deno.remove(`${dir}/entities.json`);
  await Deno.symlink("/dev/zero", `${dir}/entities.json`);
  // An endless read cannot be stopped from here: the timer only turns it into a failure.
  deepEqual(await within(problemsOf(dir), 10_000), [
    "mod/entities.json: expected a file, found a link to a character device",
  ]);
});

Deno.test("a data file that is a folder is refused in one line", async () => {
  const dir = await copyOfData("delve-hostile-");
  await Deno.remove(`${dir}/spawn_tables.json`);
  await Deno.mkdir(`${dir}/spawn_tables.json`);
  deepEqual(await problemsOf(dir), ["mod/spawn_tables.json: expected a file, found a folder"]);
});

Deno.test("a 200 MB game.json (palette) is refused by its size before it is read", async () => {
  const dir = await copyOfData("delve-hostile-");
  // Sparse: the file says 200 MB and takes no room on disk.
  await Deno.truncate(`${dir}/game.json`, 200 * 1024 * 1024);
  deepEqual(await problemsOf(dir), [
    `mod/game.json: expected a file of at most ${DATA_FILE_MAX_BYTES / 1024 / 1024} MB, found 200 MB`,
  ]);
});

Deno.test("a save past its size on disk is refused by its size, never read", async () => {
  const path = await fileWith("savegame.json.gz", await gzip(confusedSave(rules, 0)));
  await Deno.truncate(path, SAVE_LIMITS.maxBytes + 1024 * 1024);
  equal(
    await unreadable(path, readSave),
    `expected a save of at most ${bytesInWords(SAVE_LIMITS.maxBytes)}, found ${
      bytesInWords(SAVE_LIMITS.maxBytes + 1024 * 1024)
    }`,
  );
});

Deno.test("a data file that is not UTF-8 is refused in one line, not read with stand-ins", async () => {
  const dir = await copyOfData("delve-hostile-");
  const text = await Deno.readTextFile(`${dir}/entities.json`);
  // A byte that is never UTF-8 where the orc's name ends: BEL stands in for it, then is replaced.
  const bytes = new TextEncoder().encode(text.replace('"Orc"', '"Orc\u0007"'));
  bytes[bytes.indexOf(7)] = 0xff;
  await Deno.writeFile(`${dir}/entities.json`, bytes);
  deepEqual(await problemsOf(dir), [
    "mod/entities.json: expected UTF-8 text, found bytes that are not UTF-8",
  ]);
});

Deno.test("a file that says it holds nothing but goes on (/proc) is refused once past the limit", async () => {
  const info = await Deno.stat("/proc/self/maps");
  equal(info.size, 0, "/proc says 0 bytes");
  deepEqual(await readBoundedFile("/proc/self/maps", 100), { kind: "too_large", limit: 100 });
});

Deno.test("title: a deep save and a deep score table each get one line, and a new game goes on", async () => {
  const scoresPath = `${await Deno.makeTempDir({ prefix: "delve-hostile-" })}/scores.json`;
  await Deno.writeTextFile(scoresPath, deepScores(HOSTILE_DEPTH));
  const t = await titleSession(
    async (path) => await Deno.writeFile(path, await gzip(confusedSave(rules, HOSTILE_DEPTH))),
    { scoresPath },
  );
  await t.tick();
  const title = t.text().replace(/\s+/g, " ");
  ok(title.includes("The saved game cannot be read: at line 1, column"), title);
  ok(!title.includes("[C] Continue"), title);
  ok(
    title.includes(
      `The high scores in ${scoresPath} cannot be read (at line 1, column `,
    ),
    title,
  );
  await t.press("c");
  const popup = t.text().replace(/\s+/g, " ");
  ok(popup.includes("Failed to load save:"), popup);
  ok(popup.includes("expected lists and objects nested at most"), popup);
  await t.press("x", "n");
  ok(t.text().includes("Abandon the saved game? y/n"), "asked, as for any save");
  await t.press("y");
  ok(t.app.game, "a new game goes on");
  ok(shownMessages(t.app.game).some((e) => e.text.includes("it was kept as")), "the deep save kept aside");
  await t.press("Escape");
  ok(t.text().includes("Saved game: seed 31"), "the new game saved in its place");
  await t.press("q");
  equal(await t.running, "quit");
});

Deno.test("title: a refused save is read once while it stays the same file, and anew once it changes", async () => {
  const text = denseSave(rules, 8 * MB, "log", '{"text":"a","color":"b","count":1}');
  const t = await titleSession(async (path) => await Deno.writeFile(path, await gzip(text)));
  await t.tick();
  ok(t.text().includes("The saved game cannot be read: at line 1"), t.text());
  await t.press("c");
  ok(t.text().includes("Failed to load save:"), t.text());
  await t.press("Escape");
  // Mended in place (as a player might, from its backup): Continue reads it again and plays it.
  await Deno.writeFile(t.savePath, await gzip(newGameSave(rules)));
  await t.press("c");
  ok(t.app.game, "the mended save continues");
  await t.press("Escape", "q");
  equal(await t.running, "quit");
});

/** Confusions on one monster, counted down its AI. */
function confusions(state: GameState): number {
  let ai = state.entities.find((e) => e.ai?.type === "confused")?.ai, levels = 0;
  for (; ai?.type === "confused"; ai = ai.previous) levels++;
  return levels;
}

Deno.test("the deepest save the reader takes is played on and saved again; one level deeper is refused", async () => {
  // Past the first few, each confusion nests the save one level deeper.
  const base = depthOf(confusedSave(rules, 10)) - 10;
  const levels = SAVE_LIMITS.maxDepth - base;
  const deepest = confusedSave(rules, levels);
  equal(depthOf(deepest), SAVE_LIMITS.maxDepth);
  const t = await titleSession(async (path) => await Deno.writeFile(path, await gzip(deepest)));
  await t.tick();
  ok(t.text().includes("Saved game: seed 1"), t.text());
  await t.press("c");
  equal(confusions(t.app.game!.state), levels, "every confusion kept");
  await t.press(".", "Escape");
  const read = await readSave(t.savePath);
  if (read.kind !== "read") throw new Error(`its own save refused: ${JSON.stringify(read)}`);
  ok(confusions(decodeSave(read.json, rules)) >= levels - 1, "saved again, as deep");
  await t.press("q");
  await t.running;
  const deeper = await fileWith("savegame.json.gz", await gzip(confusedSave(rules, levels + 1)));
  match(
    await unreadable(deeper, readSave),
    new RegExp(`nested at most ${SAVE_LIMITS.maxDepth} deep, found deeper$`),
  );
});

Deno.test("a save holds its replay: the save's limits are at least the replay's", () => {
  ok(SAVE_LIMITS.maxBytes >= REPLAY_LIMITS.maxBytes);
  ok(SAVE_LIMITS.maxInflatedBytes! >= REPLAY_LIMITS.maxInflatedBytes!);
  ok(SAVE_LIMITS.maxDepth > REPLAY_LIMITS.maxDepth);
  ok(SAVE_LIMITS.maxValues > REPLAY_LIMITS.maxValues);
  ok(SAVE_LIMITS.maxKeys >= REPLAY_LIMITS.maxKeys);
});

const count = (n: number) => n.toLocaleString("en-US");

Deno.test("a save of 58 MB of message lines, or of empty objects, is refused at its first value past the limit", async () => {
  for (const [where, item] of [["log", '{"text":"a","color":"b","count":1}'], ["commands", "{}"]] as const) {
    const text = denseSave(rules, 58 * MB, where, item);
    ok(text.length < SAVE_LIMITS.maxInflatedBytes!, "under the inflated limit");
    const path = await fileWith("savegame.json.gz", await gzip(text));
    match(
      await unreadable(path, readSave),
      new RegExp(
        `^at line 1, column \\d+: expected a save of at most ${
          count(SAVE_LIMITS.maxValues)
        } values \\(lists, objects, texts, numbers\\), found more$`,
      ),
    );
    // Continue reads it the same, in the same line.
    const saved = await examineSave(path, new DataShelf(await bundledContent()));
    ok(saved.kind === "unreadable" && saved.reason.includes("values"), JSON.stringify(saved).slice(0, 200));
  }
});

Deno.test("a replay of 1,300,000 commands, its game long over, is refused by its values before it is played", async () => {
  const path = await fileWith(
    "late.replay.json.gz",
    await gzip(JSON.stringify(lateReplay(rules, 1_300_000))),
  );
  await rejects(
    () => readRecording(path),
    (e: Error) =>
      e instanceof ReplayError && new RegExp(
        `^${path}: at line 1, column \\d+: expected a replay of at most ${
          count(REPLAY_LIMITS.maxValues)
        } values`,
      ).test(e.message),
  );
});

Deno.test("an object of more keys than its limit is refused at the first key past it", async () => {
  const text = withCopies(newGameSave(rules), "log", manyKeys(SAVE_LIMITS.maxKeys + 1), 1);
  const path = await fileWith("savegame.json.gz", await gzip(text));
  const reason = await unreadable(path, readSave);
  match(
    reason,
    new RegExp(`expected objects of at most ${count(SAVE_LIMITS.maxKeys)} keys, found one with more$`),
  );
  const column = Number(/column (\d+)/.exec(reason)![1]);
  ok(text.slice(column - 1).startsWith(`"k${SAVE_LIMITS.maxKeys}":0`), "at the key past the limit");
});

Deno.test("a gzip file's text is counted as held: past Latin-1, two bytes a character, against its inflated limit", async () => {
  const most = REPLAY_LIMITS.maxInflatedBytes!;
  const recording = JSON.stringify(startRecording(1, "hostile", { checksum: 0, folder: "data/" }));
  // Three fifths of the limit in bytes: within it as ASCII, past it held two bytes a character.
  const ascii = paddedTo(recording, most * 0.6),
    wide = paddedTo(recording.replace("hostile", "hostil…"), most * 1.2);
  ok(new TextEncoder().encode(wide).length < most, "its UTF-8 bytes are within the limit");
  equal(heldBytes(ascii), ascii.length);
  ok(heldBytes(wide) > most);
  const asciiPath = await fileWith("a.replay.json.gz", await gzip(ascii));
  equal((await readRecording(asciiPath)).seed, 1, "the ASCII one is taken");
  const widePath = await fileWith("w.replay.json.gz", await gzip(wide));
  await rejects(
    () => readRecording(widePath),
    new ReplayError(
      `${widePath}: expected a replay of at most ${bytesInWords(most)} once inflated, found more`,
    ),
  );
});

Deno.test("zod is held to stop at a list's first wrong element: one issue, not one for each", () => {
  const schema = z.array(z.strictObject({ a: z.int() }));
  const wrong = new Array(100_000).fill({});
  const all = schema.safeParse(wrong);
  equal(all.success ? 0 : all.error.issues.length, 100_000, "zod's own parse finds each");
  const first = parseToFirstProblem(schema, wrong);
  deepEqual(first.success ? [] : first.error.issues.map((i) => i.path), [[0, "a"]]);
  // An object's unexpected keys are one problem, named by the first few.
  const keys = parseToFirstProblem(z.strictObject({}), JSON.parse(manyKeys(5000)));
  equal(
    keys.success ? "" : keys.error.issues[0].message,
    'Unrecognized keys: "k0", "k1", "k2" and 4,997 more',
  );
});

Deno.test("docs/playing.md's Saves section states every limit the readers use", async () => {
  const readme = (await Deno.readTextFile(new URL("../docs/playing.md", import.meta.url))).replace(
    / +/g,
    " ",
  );
  const count = (n: number) => n.toLocaleString("en-US");
  const row = (file: string, { maxBytes, maxInflatedBytes, maxDepth, maxValues, maxKeys }: JsonLimits) =>
    `| ${file} | ${bytesInWords(maxBytes)} | ${
      maxInflatedBytes === undefined ? "" : bytesInWords(maxInflatedBytes) + " "
    }| ${maxDepth} | ${count(maxValues)} | ${count(maxKeys)} |`;
  for (
    const line of [
      row("save (`savegame.json.gz`)", SAVE_LIMITS),
      row("replay (`*.replay.json.gz`)", REPLAY_LIMITS),
      row("high scores (`scores.json`)", SCORES_LIMITS),
      row("data file (`data/*.json`)", {
        maxBytes: DATA_FILE_MAX_BYTES,
        maxDepth: DATA_FILE_MAX_DEPTH,
        maxValues: DATA_FILE_MAX_VALUES,
        maxKeys: DATA_FILE_MAX_KEYS,
      }),
    ]
  ) ok(readme.includes(line), `docs/playing.md lacks: ${line}`);
});

Deno.test("the scan is iterative and builds a path only to report: 100,000 deep, a repeated key at the bottom", () => {
  const deep = '{"a":'.repeat(HOSTILE_DEPTH) + '{"k":1,"k":2}' + "}".repeat(HOSTILE_DEPTH);
  const scan = scanJson(deep, HOSTILE_DEPTH + 1);
  if (scan.kind !== "ok") throw new Error(`not scanned: ${JSON.stringify(scan)}`);
  deepEqual(scan.keyProblems.map((k) => [k.path.length, k.message]), [
    [
      "$".length + ".a".length * HOSTILE_DEPTH + ".k".length,
      'expected each key once, found "k" again on line 1',
    ],
  ]);
  deepEqual(scanJson(deep, HOSTILE_DEPTH), { kind: "too_deep", offset: HOSTILE_DEPTH * 5 });
});

Deno.test("the scan finds repeated and __proto__ keys in objects of many keys too", () => {
  const keys = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`);
  const text = `{"list":[1,{${keys.join(",")},"k7":0,"__proto__":{}}]}`;
  const scan = scanJson(text, 64);
  deepEqual(scan.kind === "ok" ? scan.keyProblems : scan, [
    { path: "$.list[1].k7", message: 'expected each key once, found "k7" again on line 1' },
    { path: "$.list[1].__proto__", message: "expected a key other than __proto__" },
  ]);
});
