/**
 * `deno task play`'s launcher grants writing to exactly the paths the game
 * writes, for any path: in a folder with other files, only those (the
 * save, its backup, lock and temporary file, the high-score table's, the
 * replay's, and the morgue and kept-aside folders); Delve's own save folder
 * and a folder not there yet whole, the options file's too. Spaces are kept whole, a comma or no
 * place for saves refused in one line, a link used as the save folder
 * granted as the link (so the game then refuses where it leads). Deno holds
 * the grants as planned, paths not there yet too. Help, version and
 * mistakes answer as the game always has, on the same Deno, and the
 * launcher leaves with the game's status. (Played in a real terminal:
 * e2e_writes_test.ts.)
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { type Launch, launchPlan } from "../src/app/mod.ts";
import { parseServeArgs } from "../src/commands/mod.ts";
import { defaultOptionsPath, NO_SAVE_PLACE, playFiles } from "../src/store/mod.ts";
import { VERSION } from "../src/cli/mod.ts";
import { MAIN, READ_AND_ENV, runScript, runTask } from "./support/run_program.ts";
import { probeGrants } from "./support/write_probe.ts";

/** An environment of just these variables. */
const envOf = (vars: Record<string, string>) => (name: string) => vars[name];

/** The `--allow-write` folders of a plan (none: undefined), and its arguments after main.ts. */
function grantsOf(plan: Launch): { write: string[] | undefined; after: readonly string[] } {
  if (plan.kind !== "run") throw new Error(`refused: ${plan.line}`);
  const write = plan.args.filter((a) => a.startsWith("--allow-write"));
  ok(write.length <= 1);
  ok(!plan.args.includes("--allow-write") && !plan.args.includes("-A"), "never unscoped");
  return {
    write: write[0]?.slice("--allow-write=".length).split(","),
    after: plan.args.slice(plan.args.indexOf(MAIN) + 1),
  };
}

Deno.test("a home folder with spaces is granted exactly, as one word; XDG_DATA_HOME comes first when set", async () => {
  const home = await Deno.makeTempDir({ prefix: "delve home with spaces " });
  const plan = await launchPlan(["--seed", "7"], envOf({ HOME: home }));
  // The options folder, not there yet, whole too (the game makes it when the options are saved).
  deepEqual(grantsOf(plan), {
    write: [`${home}/.local/share/delve`, `${home}/.config/delve`],
    after: ["--seed", "7"],
  });
  const xdg = await launchPlan([], envOf({ HOME: home, XDG_DATA_HOME: `${home}/data` }));
  deepEqual(grantsOf(xdg).write, [`${home}/data/delve`, `${home}/.config/delve`]);
});

Deno.test("a relative XDG_DATA_HOME or XDG_CONFIG_HOME is ignored, as the XDG spec says: launcher and game agree", async () => {
  const home = await Deno.makeTempDir({ prefix: "delve-xdg-" });
  for (const relative of ["data", "./data", "../elsewhere", "~/data"]) {
    const env = envOf({ HOME: home, XDG_DATA_HOME: relative, XDG_CONFIG_HOME: relative });
    // The launcher's grants, and where the game itself saves and reads its options: HOME's folders.
    deepEqual(grantsOf(await launchPlan([], env)).write, [
      `${home}/.local/share/delve`,
      `${home}/.config/delve`,
    ]);
    equal(playFiles({}, env)?.save, `${home}/.local/share/delve/savegame.json.gz`);
    equal(defaultOptionsPath(env), `${home}/.config/delve/options.json`);
    equal(parseServeArgs([], env).stateDir, `${home}/.local/share/delve-server`);
    // Without HOME, nothing is left to save in: refused, saying what would do.
    deepEqual(await launchPlan([], envOf({ XDG_DATA_HOME: relative })), {
      kind: "refuse",
      line: `delve: ${NO_SAVE_PLACE}`,
    });
  }
  // An absolute one is taken as ever.
  const env = envOf({ HOME: home, XDG_DATA_HOME: `${home}/d`, XDG_CONFIG_HOME: `${home}/c` });
  deepEqual(grantsOf(await launchPlan([], env)).write, [`${home}/d/delve`, `${home}/c/delve`]);
  equal(parseServeArgs([], env).stateDir, `${home}/d/delve-server`);
});

Deno.test("--save and --record in folders not there yet are granted those folders whole (the game makes them); relative ones from here", async () => {
  const dir = await Deno.makeTempDir();
  const plan = await launchPlan(
    ["--save", `${dir}/games/mine.json.gz`, "--record", `${dir}/replays/last.json.gz`],
    envOf({ HOME: "/nonexistent-home" }),
  );
  deepEqual(grantsOf(plan).write, [`${dir}/games`, `${dir}/replays`, "/nonexistent-home/.config/delve"]);
  const relative = await launchPlan(["--save", "no-such-folder/s.gz"], envOf({}));
  deepEqual(grantsOf(relative).write, [`${Deno.cwd()}/no-such-folder`]);
});

/** What Delve writes for the save `save` (its folder's files) and the replay `replay`, as granted. */
function exactGrants(save: string, replay: string): string[] {
  const folder = save.replace(/\/[^/]*$/, "");
  return [
    save,
    `${save}.bak`,
    `${save}.lock`,
    `${save}.tmp`,
    `${folder}/scores.json`,
    `${folder}/scores.json.lock`,
    `${folder}/scores.json.tmp`,
    `${folder}/morgue`,
    `${folder}/kept`,
    `${folder}/data-versions`,
    replay,
    `${replay}.lock`,
    `${replay}.tmp`,
  ];
}

Deno.test("--save in a folder with other files grants exactly the paths Delve writes there, never the folder", async () => {
  const home = await Deno.makeTempDir();
  await Deno.writeTextFile(`${home}/notes.txt`, "the player's own\n");
  const plan = await launchPlan(["--save", `${home}/delve.json.gz`], envOf({ HOME: home }));
  const options = `${home}/.config/delve`;
  deepEqual(grantsOf(plan).write, [
    ...exactGrants(`${home}/delve.json.gz`, `${home}/last-game.replay.json.gz`),
    options,
  ]);
  // The replay in another folder that is there: its own three paths there, nothing more.
  const other = await Deno.makeTempDir();
  const both = await launchPlan(
    ["--save", `${home}/delve.json.gz`, "--record", `${other}/r.gz`],
    envOf({ HOME: home }),
  );
  deepEqual(grantsOf(both).write, [...exactGrants(`${home}/delve.json.gz`, `${other}/r.gz`), options]);
  // A save named into Delve's own folder: that folder is Delve's, granted whole.
  const own = `${home}/.local/share/delve`;
  await Deno.mkdir(own, { recursive: true });
  const inOwn = await launchPlan(["--save", `${own}/second.json.gz`], envOf({ HOME: home }));
  deepEqual(grantsOf(inOwn).write, [own, options]);
});

Deno.test("the options file is granted exactly where its folder holds other files, or not at all with a comma in it", async () => {
  const config = await Deno.makeTempDir();
  await Deno.mkdir(`${config}/delve`);
  await Deno.writeTextFile(`${config}/delve/notes.txt`, "the player's own\n");
  const plan = await launchPlan([], envOf({ XDG_DATA_HOME: `${config}/data`, XDG_CONFIG_HOME: config }));
  deepEqual(grantsOf(plan).write, [
    `${config}/data/delve`,
    `${config}/delve/options.json`,
    `${config}/delve/options.json.bak`,
    `${config}/delve/options.json.tmp`,
  ]);
  const named = await launchPlan(
    ["--options", `${config}/mine.json`],
    envOf({ XDG_DATA_HOME: `${config}/data` }),
  );
  deepEqual(grantsOf(named).write, [
    `${config}/data/delve`,
    `${config}/mine.json`,
    `${config}/mine.json.bak`,
    `${config}/mine.json.tmp`,
  ]);
  // A comma would split the grant: the game then runs without it, and saving options says why.
  const comma = await launchPlan(
    ["--options", `${config}/a,b.json`],
    envOf({ XDG_DATA_HOME: `${config}/data` }),
  );
  deepEqual(grantsOf(comma).write, [`${config}/data/delve`]);
});

Deno.test("Deno holds the launcher's grants as planned: every listed path, there or not yet, and nothing else in the folder", async () => {
  const home = await Deno.makeTempDir();
  await Deno.writeTextFile(`${home}/notes.txt`, "the player's own\n");
  const plan = await launchPlan(["--save", `${home}/delve.json.gz`], envOf({ HOME: home }));
  const listed = exactGrants(`${home}/delve.json.gz`, `${home}/last-game.replay.json.gz`);
  const probe = await probeGrants(plan, {
    query: [...listed, `${home}/kept/a.unreadable-1`, `${home}/morgue/m.txt`, home, `${home}/notes.txt`],
    make: [`${home}/delve.json.gz.tmp`, `${home}/scores.json.lock`],
    forbidden: [`${home}/notes.txt`, `${home}/delve.json.gz.tmp2`, `${home}/.bashrc`],
  });
  deepEqual(probe, {
    states: {
      ...Object.fromEntries(listed.map((path) => [path, "granted"])),
      [`${home}/kept/a.unreadable-1`]: "granted",
      [`${home}/morgue/m.txt`]: "granted",
      [home]: "prompt",
      [`${home}/notes.txt`]: "prompt",
    },
    made: [`${home}/delve.json.gz.tmp`, `${home}/scores.json.lock`],
    refused: {
      [`${home}/notes.txt`]: "NotCapable",
      [`${home}/delve.json.gz.tmp2`]: "NotCapable",
      [`${home}/.bashrc`]: "NotCapable",
    },
  });
  equal(await Deno.readTextFile(`${home}/notes.txt`), "the player's own\n");
});

Deno.test("a save folder that is a link is granted as the link, not where it leads; a link above it is followed", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/real/data`, { recursive: true });
  await Deno.mkdir(`${dir}/outside`);
  await Deno.symlink(`${dir}/real`, `${dir}/home`);
  await Deno.symlink(`${dir}/outside`, `${dir}/real/data/delve`);
  const plan = await launchPlan([], envOf({ XDG_DATA_HOME: `${dir}/home/data` }));
  deepEqual(grantsOf(plan).write, [`${dir}/real/data/delve`]);
});

Deno.test("a comma in the save's or the replay's folder, or no place for saves, is refused in one line saying what to do", async () => {
  const comma = await launchPlan([], envOf({ HOME: "/home/a,b" }));
  deepEqual(comma, {
    kind: "refuse",
    line: "delve: cannot grant writing to /home/a,b/.local/share/delve exactly: Deno splits its grants at " +
      "commas; set XDG_DATA_HOME to a folder without one, or give --save PATH",
  });
  const flag = await launchPlan(["--record", "/tmp/x,y/r.gz"], envOf({ HOME: "/home/a" }));
  equal(flag.kind === "refuse" && flag.line.split(";")[1], " give --save and --record paths without one");
  deepEqual(await launchPlan(["--seed", "1"], envOf({})), {
    kind: "refuse",
    line: "delve: no place for saves: set HOME, or XDG_DATA_HOME to an absolute path, or give --save PATH",
  });
});

Deno.test("help, version and a mistaken command line go to the game with no write access, unchanged", async () => {
  for (const args of [["--help"], ["--version"], ["--sed", "3"], ["--seed", "-1"], ["--save", ""]]) {
    deepEqual(grantsOf(await launchPlan(args, envOf({}))), { write: undefined, after: args });
  }
});

/** `deno task play` itself, without a terminal, in an environment of just `env` (and where Deno keeps its cache). */
const task = (args: string[], env: Record<string, string>) => runTask("play", args, { clearEnv: true, env });

Deno.test("deno task play refuses a comma path and a missing HOME and XDG_DATA_HOME in one line, exit 2, nothing started", async () => {
  const dir = await Deno.makeTempDir();
  const comma = await task(["--save", `${dir}/a,b/s.gz`], { HOME: dir });
  deepEqual([comma.code, comma.stdout], [2, ""]);
  equal(comma.stderr.split("\n").length, 2, comma.stderr);
  ok(comma.stderr.startsWith(`delve: cannot grant writing to ${dir}/a,b exactly`), comma.stderr);
  const nowhere = await task(["--seed", "1"], {});
  deepEqual(nowhere, {
    code: 2,
    stdout: "",
    stderr:
      "delve: no place for saves: set HOME, or XDG_DATA_HOME to an absolute path, or give --save PATH\n",
  });
  deepEqual([...Deno.readDirSync(dir)], [], "no folder made");
});

Deno.test("deno task play answers --help, --version and a bad flag as the game does, and exits with the game's status", async () => {
  const game = (args: string[]) => runScript(MAIN, args, ["--allow-read"]);
  for (const args of [["--help"], ["--version"], ["--sed", "3"]]) {
    deepEqual(await task(args, { HOME: "/nonexistent" }), await game(args), args.join(" "));
  }
  // Without a terminal the game says so and exits 1; so does the launcher.
  const home = await Deno.makeTempDir();
  deepEqual(await task(["--seed", "1"], { HOME: home }), {
    code: 1,
    stdout: "",
    stderr: "delve: needs an interactive terminal (stdin and stdout must be a TTY)\n",
  });
});

Deno.test("deno task play runs the game on the Deno that runs the task: --version names it", async () => {
  deepEqual(await task(["--version"], { HOME: "/nonexistent" }), {
    code: 0,
    stdout: `delve ${VERSION} (deno ${Deno.version.deno})\n`,
    stderr: "",
  });
  deepEqual(await runScript(MAIN, ["--version"], READ_AND_ENV), await task(["--version"], {}));
});
