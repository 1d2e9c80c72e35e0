/**
 * `deno task play`'s launcher grants writing in exactly the folders the
 * game writes in, for any path: spaces kept whole, a comma or no place for
 * saves refused in one line, a link used as the save folder granted as the
 * link (so the game then refuses where it leads). Help, version and
 * mistakes answer as the game always has, and the launcher leaves with the
 * game's status. (Played in a real terminal: e2e_writes_test.ts.)
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { type Launch, launchPlan } from "../src/app/launch.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const MAIN = `${ROOT}main.ts`;

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
  deepEqual(grantsOf(plan), { write: [`${home}/.local/share/delve`], after: ["--seed", "7"] });
  const xdg = await launchPlan([], envOf({ HOME: home, XDG_DATA_HOME: `${home}/data` }));
  deepEqual(grantsOf(xdg).write, [`${home}/data/delve`]);
});

Deno.test("--save and --record elsewhere are granted their own folders and nothing more; relative ones from here", async () => {
  const dir = await Deno.makeTempDir();
  const plan = await launchPlan(
    ["--save", `${dir}/games/mine.json.gz`, "--record", `${dir}/replays/last.json.gz`],
    envOf({ HOME: "/nonexistent-home" }),
  );
  deepEqual(grantsOf(plan).write, [`${dir}/games`, `${dir}/replays`]);
  const relative = await launchPlan(["--save", "saves/s.gz"], envOf({}));
  deepEqual(grantsOf(relative).write, [`${Deno.cwd()}/saves`]);
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
    line: "delve: cannot grant writing in /home/a,b/.local/share/delve exactly: Deno splits its grants at " +
      "commas; set XDG_DATA_HOME to a folder without one, or give --save PATH",
  });
  const flag = await launchPlan(["--record", "/tmp/x,y/r.gz"], envOf({ HOME: "/home/a" }));
  equal(flag.kind === "refuse" && flag.line.split(";")[1], " give --save and --record paths without one");
  deepEqual(await launchPlan(["--seed", "1"], envOf({})), {
    kind: "refuse",
    line: "delve: no place for saves: set HOME or XDG_DATA_HOME, or give --save PATH",
  });
});

Deno.test("help, version and a mistaken command line go to the game with no write access, unchanged", async () => {
  for (const args of [["--help"], ["--version"], ["--sed", "3"], ["--seed", "-1"], ["--save", ""]]) {
    deepEqual(grantsOf(await launchPlan(args, envOf({}))), { write: undefined, after: args });
  }
});

/** `deno task play` itself, without a terminal, in an environment of just `env` (and where Deno keeps its cache). */
async function task(args: string[], env: Record<string, string>) {
  const info = JSON.parse(
    new TextDecoder().decode(
      (await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output()).stdout,
    ),
  );
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "play", ...args],
    cwd: ROOT,
    clearEnv: true,
    env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", DENO_DIR: info.denoDir, ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test("deno task play refuses a comma path and a missing HOME and XDG_DATA_HOME in one line, exit 2, nothing started", async () => {
  const dir = await Deno.makeTempDir();
  const comma = await task(["--save", `${dir}/a,b/s.gz`], { HOME: dir });
  deepEqual([comma.code, comma.stdout], [2, ""]);
  equal(comma.stderr.split("\n").length, 2, comma.stderr);
  ok(comma.stderr.startsWith(`delve: cannot grant writing in ${dir}/a,b exactly`), comma.stderr);
  const nowhere = await task(["--seed", "1"], {});
  deepEqual(nowhere, {
    code: 2,
    stdout: "",
    stderr: "delve: no place for saves: set HOME or XDG_DATA_HOME, or give --save PATH\n",
  });
  deepEqual([...Deno.readDirSync(dir)], [], "no folder made");
});

Deno.test("deno task play answers --help, --version and a bad flag as the game does, and exits with the game's status", async () => {
  const game = async (args: string[]) => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", "--allow-read", MAIN, ...args],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const dec = new TextDecoder();
    return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
  };
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
