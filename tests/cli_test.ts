import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { askedFor, parseFlags, UsageError } from "../src/cli/mod.ts";
import { parseCli } from "../src/app/mod.ts";
import config from "../deno.json" with { type: "json" };
import { MAIN, type Ran, runMain, runScript, runTask } from "./support/run_program.ts";

/** The repository's root. */
const ROOT_URL = new URL("../", import.meta.url);

Deno.test("flags parse into a play command; defaults stay unset", () => {
  deepEqual(parseCli([]), {
    kind: "play",
    seed: undefined,
    dataDir: undefined,
    savePath: undefined,
    walkDelayMs: undefined,
    recordPath: undefined,
    optionsPath: undefined,
  });
  deepEqual(
    parseCli([
      "--seed",
      "42",
      "--data",
      "mods/x",
      "--save=/tmp/s",
      "--walk-delay",
      "0",
      "--options",
      "o.json",
    ]),
    {
      kind: "play",
      seed: 42,
      dataDir: "mods/x",
      savePath: "/tmp/s",
      walkDelayMs: 0,
      recordPath: undefined,
      optionsPath: "o.json",
    },
  );
  deepEqual(parseCli(["--seed=4294967295"]).kind, "play");
  deepEqual(parseCli(["--help", "--seed", "1"]), { kind: "help" });
  deepEqual(parseCli(["--version"]), { kind: "version" });
});

Deno.test("each bad flag or value is named in one line", () => {
  const cases: [string[], string][] = [
    [["--bogus"], "unknown flag --bogus"],
    [["-x"], "unknown flag -x"],
    [["extra"], 'unexpected argument "extra"'],
    [["--seed"], "--seed: expected a value, found nothing"],
    [["--seed", "abc"], '--seed: expected an integer from 0 to 4294967295, found "abc"'],
    [["--seed", "-1"], '--seed: expected an integer from 0 to 4294967295, found "-1"'],
    [["--seed=-1"], '--seed: expected an integer from 0 to 4294967295, found "-1"'],
    [["--seed", "4294967296"], '--seed: expected an integer from 0 to 4294967295, found "4294967296"'],
    [["--seed", "1.5"], '--seed: expected an integer from 0 to 4294967295, found "1.5"'],
    [["--data", ""], "--data: expected a path, found an empty value"],
    [["--help=yes"], "--help: takes no value"],
    [["--walk-delay", "fast"], '--walk-delay: expected milliseconds from 0 to 1000, found "fast"'],
    [["--walk-delay", "5000"], '--walk-delay: expected milliseconds from 0 to 1000, found "5000"'],
  ];
  for (const [args, message] of cases) {
    throws(
      () => parseCli(args),
      (e: unknown) => e instanceof UsageError && e.message === message,
      args.join(" "),
    );
  }
});

Deno.test("a value too long to be a path is refused by its length, and a long one is quoted cut, never whole", () => {
  const long = "9".repeat(100_000), digits = "9".repeat(3000);
  const cases: [string[], string][] = [
    [["--save", long], "--save: expected at most 4,096 characters, found 100,000"],
    [["--seed", long], "--seed: expected at most 4,096 characters, found 100,000"],
    [
      ["--seed", digits],
      `--seed: expected an integer from 0 to 4294967295, found "${"9".repeat(39)}…${"9".repeat(39)}" ` +
      "(3,000 characters)",
    ],
    [[`--${"x".repeat(100_000)}`], `unknown flag --${"x".repeat(37)}…${"x".repeat(39)} (100,002 characters)`],
    [["--seed", "1", digits], `unexpected argument "${"9".repeat(39)}…${"9".repeat(39)}" (3,000 characters)`],
  ];
  for (const [args, message] of cases) {
    throws(
      () => parseCli(args),
      (e: unknown) => e instanceof UsageError && e.message === message,
      message,
    );
  }
  throws(
    () => parseFlags([long], {}, true),
    (e: unknown) =>
      e instanceof UsageError &&
      e.message === "an argument: expected at most 4,096 characters, found 100,000",
  );
});

/** Every line of `text` short enough for a terminal's line or two, and none holding a run of `c` 100 long. */
function noEcho(text: string, c: string): boolean {
  return text.split("\n").every((line) => line.length <= 200 && !line.includes(c.repeat(100)));
}

Deno.test("every task: a flag 100,000 characters long, or its value, is never echoed whole (exit 2)", async () => {
  const value = "7".repeat(100_000), digits = "7".repeat(3000);
  const runs: string[][] = [];
  for (const [name, flags] of Object.entries({ ...TASK_FLAGS, bench: ["--only SECTIONS"] })) {
    runs.push([name, `--${"7".repeat(100_000)}`]);
    const valued = flags.find((f) => / [A-Z]+$/.test(f));
    if (valued) runs.push([name, valued.split(" ")[0], value]);
    const counted = flags.find((f) => / (N|S|T|MS)$/.test(f));
    if (counted) runs.push([name, counted.split(" ")[0], digits]);
  }
  runs.push(["replay", value], ["replay", digits]);
  for (let k = 0; k < runs.length; k += 4) {
    await Promise.all(
      runs.slice(k, k + 4).map(async ([name, ...args]) => {
        const { code, stdout, stderr } = await runTask(name, args, { env: { NO_COLOR: "1" } });
        const what = `deno task ${name} ${args.map((a) => a.slice(0, 12)).join(" ")}: ${
          stderr.slice(0, 300)
        }`;
        ok(code === 2 || code === 1, what);
        ok(/^delve[ :]/.test(stderr), what);
        ok(noEcho(stdout, "7") && noEcho(stderr, "7"), what);
      }),
    );
  }
});

Deno.test("--save /dev/full (and --record, a replay, a data folder there) is refused in Delve's own line, not Deno's", async () => {
  // Run as the task runs it: Deno opens /dev only for a program granted everything, which Delve never is.
  const home = await Deno.makeTempDir({ prefix: "delve-cli-" });
  const line = "found a device or system path, which Delve may not open";
  for (const flag of ["--save", "--record"]) {
    const run = await runTask("play", [flag, "/dev/full"], { clearEnv: true, env: { HOME: home } });
    deepEqual(
      [run.code, run.stderr],
      [2, `delve: ${flag} /dev/full cannot be used: expected a file in a folder of yours, ${line}\n`],
    );
  }
  const replay = await runTask("replay", ["/dev/full", "--check"]);
  deepEqual([replay.code, replay.stderr], [1, `delve replay: /dev/full: expected a file, ${line}\n`]);
  const data = await runTask("validate", ["--data", "/dev"]);
  deepEqual([data.code, data.stderr], [2, `/dev/: expected a data folder, ${line}\n`]);
  // Granted everything (as the tests are), the device is still no file.
  const all = await runScript(MAIN, ["--save", "/dev/full"], ["--allow-all"]);
  deepEqual([all.code, all.stderr], [
    2,
    "delve: --save /dev/full cannot be used: expected a file, found a character device\n",
  ]);
  for (const ran of [replay, data, all]) ok(!ran.stderr.includes("--allow-all"), ran.stderr);
});

Deno.test("the program: a bad flag exits 2 with the line and the usage, and no stack trace", async () => {
  const { code, stderr } = await runMain(["--sed", "3"]);
  equal(code, 2);
  equal(stderr.split("\n")[0], "delve: unknown flag --sed");
  ok(stderr.includes("--seed N") && stderr.includes("--data DIR") && stderr.includes("--save PATH"));
  ok(!/\bat .*:\d+:\d+/.test(stderr), stderr);
});

Deno.test("the program: --help lists every flag with its default; --version prints it and the Deno it runs on", async () => {
  const help = await runMain(["--help"]);
  equal(help.code, 0);
  for (const flag of ["--seed N", "--data DIR", "--save PATH", "--help", "--version"]) {
    ok(help.stdout.includes(flag));
  }
  ok(help.stdout.includes("default: random") && help.stdout.includes("default: the bundled data/"));
  const version = await runMain(["--version"]);
  deepEqual([version.code, version.stdout], [0, `delve ${config.version} (deno ${Deno.version.deno})\n`]);
});

Deno.test("the program: bad data stops before the screen opens, exit 2, one line per problem", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-cli-" });
  await Deno.writeTextFile(`${dir}/game.json`, "{}");
  const { code, stderr, stdout } = await runMain(["--data", dir]);
  equal(code, 2);
  equal(stdout, "", "nothing drawn");
  const lines = stderr.trim().split("\n");
  ok(lines.length >= 6, stderr);
  ok(
    lines.every((l) =>
      /^(game|entities|spawn_tables)\.json: /.test(l.slice(dir.length + 1)) && l.startsWith(dir)
    ),
    stderr,
  );
});

Deno.test("the program: without a terminal it says so and exits 1", async () => {
  const { code, stderr } = await runMain(["--seed", "1"]);
  equal(code, 1);
  equal(stderr, "delve: needs an interactive terminal (stdin and stdout must be a TTY)\n");
});

Deno.test("deno task validate: OK and exit 0 for good data, every problem and exit 2 for bad", async () => {
  const validate = new URL("../src/commands/validate.ts", import.meta.url).pathname;
  const run = (args: string[]) => runScript(validate, args, ["--allow-read"]);
  const good = await run([]);
  const bundled = JSON.parse(await Deno.readTextFile(new URL("../data/entities.json", import.meta.url)));
  const templates = Object.keys(bundled).filter((k) => k !== "$schema").length;
  deepEqual([good.code, good.stdout], [0, `data/: OK (${templates} templates)\n`]);
  const dir = await Deno.makeTempDir({ prefix: "delve-validate-" });
  const missing = await run(["--data", `${dir}/nope`]);
  deepEqual([missing.code, missing.stderr], [
    2,
    `${dir}/nope/: cannot read the data folder: no such folder\n`,
  ]);
  await Deno.writeTextFile(`${dir}/game.json`, "{}");
  const bad = await run(["--data", dir]);
  equal(bad.code, 2);
  ok(bad.stderr.split("\n").filter(Boolean).length >= 8, "every problem, one per line");
  const flag = await run(["--bogus"]);
  equal(flag.code, 2);
  ok(flag.stderr.startsWith("delve validate: unknown flag --bogus"), flag.stderr);
});

/** Each user-facing task and the flags its help must list (those taking a value with their defaults). */
const TASK_FLAGS: Record<string, string[]> = {
  play: ["--seed N", "--data DIR", "--save PATH", "--record PATH", "--walk-delay MS", "--options PATH"],
  replay: ["--speed N", "--check", "--floors", "--data DIR"],
  sim: ["--games N", "--seed S", "--data DIR", "--turns T"],
  fuzz: ["--events N", "--seed S", "--worker", "--files", "--rounds N"],
  validate: ["--data DIR"],
  palettes: ["--data DIR", "--all"],
  serve: [
    "--port N",
    "--host ADDR",
    "--data DIR",
    "--state DIR",
    "--max-games N",
    "--max-watchers N",
    "--input-rate N",
    "--idle-minutes N",
    "--login-rate N",
    "--public-origin URL",
    "--max-sockets-per-address N",
    "--max-sockets N",
    "--max-replays N",
  ],
  schema: [],
  versions: [],
  keys: [],
  catalogue: ["--check", "--data DIR", "--out DIR"],
  bench: [],
  soak: ["--turns N", "--seed S", "--every K", "--game-turns G", "--json"],
};

Deno.test("every user-facing task answers --help/-h with its flags and defaults, and --version/-v, as play does", async () => {
  // Every task but the test run, the compiler and the bench files' runner is one a user runs.
  deepEqual(
    Object.keys(config.tasks).filter((t) => !["test", "compile", "bench:micro"].includes(t)).sort(),
    Object.keys(TASK_FLAGS).sort(),
  );
  const runs = Object.keys(TASK_FLAGS).flatMap((name) =>
    ["--help", "-h", "--version", "-v"].map((flag) => ({ name, flag }))
  );
  const results: Ran[] = [];
  // A few at a time: each is a deno of its own.
  for (let k = 0; k < runs.length; k += 4) {
    results.push(
      ...await Promise.all(
        runs.slice(k, k + 4).map(({ name, flag }) => runTask(name, [flag], { env: { NO_COLOR: "1" } })),
      ),
    );
  }
  runs.forEach(({ name, flag }, k) => {
    const { code, stdout, stderr } = results[k];
    const what = `deno task ${name} ${flag}: ${stdout}${stderr}`;
    deepEqual([code, stderr], [0, ""], what);
    if (flag === "--version" || flag === "-v") {
      equal(stdout, `delve ${config.version} (deno ${Deno.version.deno})\n`, what);
      return;
    }
    ok(stdout.includes(`Usage: deno task ${name}`), what);
    ok(stdout.includes("-h, --help") && stdout.includes("-v, --version"), what);
    // Read in the narrowest terminal Delve plays in: no line wraps there.
    const wide = stdout.split("\n").filter((line) => line.length > 80);
    deepEqual(wide, [], `${name} ${flag}: lines wider than 80 columns`);
    for (const flagName of TASK_FLAGS[name]) {
      const at = stdout.indexOf(`  ${flagName}`);
      ok(at >= 0, `${name} lists ${flagName}`);
      // A flag that takes a value says its default, on its own line or the one under it.
      const [first, ...rest] = stdout.slice(at).split("\n");
      const entry = [first, ...rest.slice(0, rest.findIndex((l) => !/^ {4}/.test(l)))].join(" ");
      if (/ [A-Z]+$/.test(flagName)) ok(entry.includes("default"), `${name} ${flagName}: ${entry}`);
    }
  });
});

/** Every module in the repository that runs as a program (`if (import.meta.main)`), from the root. */
async function programFiles(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of Deno.readDir(new URL(dir, ROOT_URL))) {
      const path = `${dir}${entry.name}`;
      if (entry.isDirectory) await walk(`${path}/`);
      else if (path.endsWith(".ts")) {
        const text = await Deno.readTextFile(new URL(path, ROOT_URL));
        if (/^if \(import\.meta\.main\)/m.test(text)) found.push(path);
      }
    }
  };
  for (const dir of ["src/", "tools/"]) await walk(dir);
  return found.sort();
}

Deno.test("every program file, the bench's quick looks too, answers --help with its usage in 80 columns", async () => {
  const files = await programFiles();
  // The tasks' entry points and the bench's own programs, at least: a new one is found by itself.
  for (const known of ["src/commands/sim.ts", "tools/bench/pty_latency.ts", "tools/bench/refuse_file.ts"]) {
    ok(files.includes(known), `${known} runs as a program`);
  }
  const results: Ran[] = [];
  for (let k = 0; k < files.length; k += 4) {
    results.push(
      ...await Promise.all(
        files.slice(k, k + 4).map((f) => runScript(new URL(f, ROOT_URL), ["--help"], ["--allow-all"])),
      ),
    );
  }
  files.forEach((file, k) => {
    const { code, stdout, stderr } = results[k];
    deepEqual([code, stderr], [0, ""], `${file} --help: ${stdout}${stderr}`);
    ok(stdout.includes("Usage:") && stdout.includes("-h, --help"), `${file} --help: ${stdout}`);
    deepEqual(
      stdout.split("\n").filter((line) => line.length > 80),
      [],
      `${file}: lines wider than 80 columns`,
    );
  });
});

Deno.test("help and version are asked the same way everywhere, whatever else the line holds", () => {
  equal(askedFor(["--data", "x", "-h"]), "help");
  equal(askedFor(["FILE", "--speed", "zero", "--help"]), "help");
  equal(askedFor(["-v", "-h"]), "help");
  equal(askedFor(["--version"]), "version");
  equal(askedFor(["-v"]), "version");
  equal(askedFor(["--seed", "1"]), undefined);
  // A value given to them is a mistake the command's parser names.
  equal(askedFor(["--help=yes"]), undefined);
  throws(
    () => parseFlags(["--help=yes"], {}),
    (e: unknown) => e instanceof UsageError && e.message === "--help: takes no value",
  );
  deepEqual(parseCli(["-h"]), { kind: "help" });
  deepEqual(parseCli(["-v"]), { kind: "version" });
});
