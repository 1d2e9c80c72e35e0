/**
 * Places that cannot work are refused at start, in one line and exit
 * status 2, before anything is drawn: a replay that would overwrite the
 * save or a file written beside it (its backup, lock or temporary file,
 * the high-score table's), a save named as a folder or as a folder Delve
 * owns, a save or replay that is a link or lies in a folder that cannot
 * exist, and an empty `--data` for `validate`.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { checkPlaces, playFiles } from "../src/store/mod.ts";
import { runMain, runScript } from "./support/run_program.ts";

/** Asserts `args` are refused in exactly one line matching `line`, exit 2, nothing drawn. */
async function refused(args: string[], line: RegExp, env?: Record<string, string>): Promise<void> {
  const { code, stdout, stderr } = await runMain(args, { env });
  equal(code, 2, stderr);
  equal(stdout, "");
  equal(stderr.split("\n").length, 2, `one line: ${stderr}`);
  match(stderr, line);
}

Deno.test("--record naming the save or any file written beside it (backup, lock, temporary file, table) is refused at start, in one line", async () => {
  const dir = await Deno.makeTempDir();
  const save = `${dir}/game.json.gz`;
  await Deno.writeTextFile(save, "the save, which must stay");
  for (
    const [record, what] of [
      [save, "the save file"],
      [`${save}.bak`, "the save's backup"],
      [`${save}.lock`, "the save's lock"],
      [`${save}.tmp`, "the save's temporary file"],
      [`${dir}/scores.json`, "the high-score table"],
      [`${dir}/scores.json.tmp`, "the high-score table's temporary file"],
      [`${dir}/./sub/../game.json.gz`, "the save file"],
    ]
  ) {
    await refused(
      ["--save", save, "--record", record],
      new RegExp(
        `^delve: --record ${record.replaceAll(".", "\\.")} would also be ${what}: give each its own path\n$`,
      ),
    );
  }
  equal(await Deno.readTextFile(save), "the save, which must stay");
});

Deno.test("--save naming the high-score table, the morgue or kept-aside folder's place, or the replay's temporary file is refused at start", async () => {
  const dir = await Deno.makeTempDir();
  await refused(
    ["--save", `${dir}/scores.json`],
    /^delve: --save .*\/scores\.json would make the save file and the high-score table one file: give the save another name\n$/,
  );
  await refused(
    ["--save", `${dir}/morgue`],
    /^delve: --save .*\/morgue would make the save file and the morgue folder one file/,
  );
  await refused(
    ["--save", `${dir}/kept`],
    /^delve: --save .*\/kept would make the save file and the folder of files kept aside one file/,
  );
  // The replay's own lock or temporary file on the save's: each would undo the other.
  await refused(
    ["--save", `${dir}/r.tmp`, "--record", `${dir}/r`],
    /^delve: --record .*\/r would make the save file and the replay's temporary file one file: give each its own path\n$/,
  );
});

Deno.test("--save or --record naming a folder is refused at start, with a file to name instead", async () => {
  const dir = await Deno.makeTempDir();
  await refused(
    ["--save", dir],
    new RegExp(
      `^delve: --save ${dir} is a folder: name a file in it, such as ${dir}/savegame\\.json\\.gz\n$`,
    ),
  );
  await refused(
    ["--save", `${dir}/s.gz`, "--record", dir],
    new RegExp(
      `^delve: --record ${dir} is a folder: name a file in it, such as ${dir}/last-game\\.replay\\.json\\.gz`,
    ),
  );
});

Deno.test("--save or --record that is a symbolic link, even one to nothing, is refused at start; its target untouched", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/precious`, "not a save");
  await Deno.symlink(`${dir}/precious`, `${dir}/link`);
  await Deno.symlink(`${dir}/nothing`, `${dir}/dangling`);
  const line = (flag: string, path: string) =>
    new RegExp(
      `^delve: ${flag} ${path} is a symbolic link: Delve does not write through links; name a real file\n$`,
    );
  await refused(["--save", `${dir}/link`], line("--save", `${dir}/link`));
  await refused(["--save", `${dir}/dangling`], line("--save", `${dir}/dangling`));
  await refused(["--save", `${dir}/s.gz`, "--record", `${dir}/link`], line("--record", `${dir}/link`));
  equal(await Deno.readTextFile(`${dir}/precious`), "not a save");
});

Deno.test("the default save file being a link is refused the same way, naming it", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/delve`);
  await Deno.symlink("/etc/hostname", `${dir}/delve/savegame.json.gz`);
  await refused([], /^delve: the save file .*\/delve\/savegame\.json\.gz is a symbolic link/, {
    XDG_DATA_HOME: dir,
  });
});

Deno.test("--save or --record in a folder that cannot exist (a file on the way, a link to nothing) is refused at start", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/file`, "");
  await Deno.symlink(`${dir}/nothing`, `${dir}/dangling`);
  await refused(
    ["--save", `${dir}/file/deeper/s.gz`],
    new RegExp(`^delve: --save ${dir}/file/deeper/s\\.gz cannot be made: ${dir}/file is not a folder\n$`),
  );
  await refused(
    ["--save", `${dir}/s.gz`, "--record", `${dir}/dangling/r.gz`],
    new RegExp(`^delve: --record ${dir}/dangling/r\\.gz cannot be made: ${dir}/dangling is not a folder\n$`),
  );
});

Deno.test("places that can work are resolved to real folders: a link above the save folder is followed once, at start", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/real`);
  await Deno.symlink(`${dir}/real`, `${dir}/home`);
  const paths = await checkPlaces(playFiles({}, (name) => name === "HOME" ? `${dir}/home` : undefined)!);
  deepEqual(paths, {
    savePath: `${dir}/real/.local/share/delve/savegame.json.gz`,
    recordPath: `${dir}/real/.local/share/delve/last-game.replay.json.gz`,
    scoresPath: `${dir}/real/.local/share/delve/scores.json`,
    morgueDir: `${dir}/real/.local/share/delve/morgue`,
  });
});

Deno.test("deno task validate --data with an empty value is refused, not taken as the bundled data", async () => {
  const validate = new URL("../src/commands/validate.ts", import.meta.url).pathname;
  const { code, stdout, stderr: err } = await runScript(validate, ["--data", ""], ["--allow-read"]);
  equal(code, 2);
  equal(stdout, "", "no OK for data it was not asked to check");
  ok(err.startsWith("delve validate: --data: expected a path, found an empty value\n"), err);
});
