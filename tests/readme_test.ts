/**
 * The examples of the README and of the guides it links to (docs/modding.md
 * and docs/playing.md) run as written: their jsonc blocks, applied to a copy of
 * data/, make a folder that validates and plays as they say (an overlay
 * mod's, written out as its files, loads over data/); their shell
 * lines run (those that take minutes, or are this test run, are checked
 * against their task's --help instead), with FILE and the mod folder's
 * placeholders filled in. The README's two commands after installing Deno
 * are the game and the test run that .ci/run runs.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import config from "../deno.json" with { type: "json" };
import { loadContent } from "../src/content/mod.ts";
import { simulate } from "../src/commands/mod.ts";
import { REPLAY_LIMITS, startRecording, writeSave } from "../src/store/mod.ts";
import { dataChecksum, enterFloor, newGame } from "../src/engine/mod.ts";
import { copyOfData } from "./support/content.ts";
import { runTask } from "./support/run_program.ts";
import { tmpdir } from "node:os";

const ROOT = new URL("..", import.meta.url);
const README = await Deno.readTextFile(new URL("README.md", ROOT));
/** The documents whose examples run: the README and the guides that hold what it used to. */
const EXAMPLE_DOCS = ["README.md", "docs/modding.md", "docs/playing.md"];
const EXAMPLES = await Promise.all(EXAMPLE_DOCS.map((file) => Deno.readTextFile(new URL(file, ROOT))));

/** The fenced blocks in `language` of `texts` (all the example documents unless given), each as its lines. */
function blocks(language: string, texts: readonly string[] = EXAMPLES): string[][] {
  const found: string[][] = [];
  for (const text of texts) {
    const fence = /^```(\S*)\n([\s\S]*?)^```$/gm;
    for (let m = fence.exec(text); m; m = fence.exec(text)) {
      if (m[1] === language) found.push(m[2].split("\n").slice(0, -1));
    }
  }
  return found;
}

/** A shell line without its comment. */
const command = (line: string) => line.replace(/(^|\s+)#.*$/, "").trim();

Deno.test("the README's two commands after installing Deno play and test, and .ci/run runs that test command", async () => {
  const sh = blocks("sh", [README]);
  const install = sh.findIndex((lines) => lines.map(command).includes("npm install -g deno@2"));
  ok(install >= 0, "the README says how to install Deno");
  const next = sh[install + 1].map(command).filter(Boolean);
  deepEqual(next.map((line) => line.split(" ").slice(0, 3).join(" ")), ["deno task play", "deno task test"]);
  const ci = (await Deno.readTextFile(new URL(".ci/run", ROOT))).split("\n").map(command).filter(Boolean);
  equal(ci.at(-1), next[1], ".ci/run ends with the README's test command");
});

Deno.test("the README's dependencies table names every package deno.json imports, and the architecture says why", async () => {
  const architecture = await Deno.readTextFile(new URL("docs/architecture.md", ROOT));
  const table = README.slice(README.indexOf("\n## Dependencies\n"));
  const missing = Object.keys(config.imports).filter((name) => !name.startsWith("@types/")).map((name) =>
    name.replace(/\/$/, "")
  ).filter((name) => !table.includes(`\`${name}\``) || !architecture.includes(`\`${name}\``));
  deepEqual(missing, []);
});

/**
 * A jsonc block's edits: each `// data/FILE` comment starts the members
 * (`"key": value`, as they stand in that file's top object) to put in FILE.
 */
function edits(lines: readonly string[]): { file: string; members: Record<string, unknown> }[] {
  const out: { file: string; text: string[] }[] = [];
  for (const line of lines) {
    const file = /^\/\/ data\/(\S+\.json)\b/.exec(line)?.[1];
    if (file) out.push({ file, text: [] });
    else if (!line.trimStart().startsWith("//")) {
      ok(out.length > 0, `a jsonc block starts by naming its file: ${line}`);
      out.at(-1)!.text.push(line);
    }
  }
  return out.map(({ file, text }) => ({ file, members: JSON.parse(`{${text.join("\n")}}`) }));
}

/** Whether a jsonc block is an overlay mod's files (`// mods/NAME/FILE` comments), not edits of data/. */
const isOverlay = (lines: readonly string[]) => lines[0]?.startsWith("// mods/") ?? false;

/** A copy of data/ with every jsonc example of the documents applied, as a modder would. */
async function readmeMod(): Promise<string> {
  const dir = await copyOfData("delve-readme-mod-");
  const jsonc = blocks("jsonc").filter((lines) => !isOverlay(lines));
  ok(jsonc.length >= 3, "the modding examples");
  for (const { file, members } of jsonc.flatMap(edits)) {
    const path = `${dir}/${file}`;
    const json = JSON.parse(await Deno.readTextFile(path));
    await Deno.writeTextFile(path, JSON.stringify({ ...json, ...members }, null, 2));
  }
  return dir;
}

Deno.test("the documents' modding examples, applied to a copy of data/, validate and play as they say", async () => {
  const dir = await readmeMod();
  const { rules } = await loadContent(new URL(`file://${dir}/`), "readme-mod/");
  ok(rules.templates.goblin?.fighter && rules.templates.frost_scroll?.item?.effect, "both templates");
  // The combat example: rolled combat, kept letters, stacking darts and potions (docs/rules.md, Combat rolls; Stacks).
  deepEqual([rules.combat?.minDamage, rules.keepLetters, rules.templates.dart?.item?.stacks], [
    1,
    true,
    true,
  ]);
  equal(rules.templates.health_potion.item?.plural, "Health Potions");
  const archer = rules.templates.archer?.ai;
  ok(typeof archer === "object" && archer.ranged?.range === 6, "the archer's composed mind");
  // Goblins from floor 2 on, never on floor 1; frost scrolls from floor 3 on, never before.
  const found = (template: string, floor: number) =>
    Array.from({ length: 30 }, (_, seed) => {
      const state = newGame(rules, seed);
      enterFloor(state, rules, floor);
      return state.entities.filter((e) => e.template === template).length;
    }).reduce((a, b) => a + b, 0);
  deepEqual([found("goblin", 1), found("frost_scroll", 2)], [0, 0]);
  ok(found("goblin", 2) > 0 && found("frost_scroll", 3) > 0, "each spawns where its step says");
  const validate = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "validate", "--data", dir],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  deepEqual(
    [validate.code, new TextDecoder().decode(validate.stdout), new TextDecoder().decode(validate.stderr)],
    [0, `${dir}/: OK (17 templates)\n`, ""],
  );
});

/** Tasks not run here: the test run itself, and those that take minutes (their flags are checked against --help). */
const NOT_RUN: Record<string, string> = {
  test: "this very run",
  compile: "downloads Deno's runtime; tests/e2e_tasks_test.ts runs its entry with its grants",
  bench: "takes minutes",
  "bench:micro": "takes minutes",
  soak: "takes minutes; tests/soak_test.ts plays a short one",
  fuzz: "takes minutes; tests/fuzz_test.ts and tests/fuzz_files_test.ts run slices",
  serve: "runs until stopped; tests/e2e_serve_task_test.ts starts it, plays and stops it",
};

/** Lines of the documents' shell blocks that are not `deno task`, and why they are not run. */
const NOT_DELVE: Record<string, string> = {
  "npm install -g deno@2": "installs Deno itself",
};

/** `deno task -q NAME args` from the repository, saving under `home` (HOME stays: Deno keeps its cache there). */
function task(name: string, args: readonly string[], home: string) {
  return runTask(name, args, { env: { XDG_DATA_HOME: `${home}/data`, NO_COLOR: "1" } });
}

Deno.test("the documents' shell lines run as written (a TTY aside), or name only flags their task lists", async () => {
  const home = await Deno.makeTempDir({ prefix: "delve-readme-home-", dir: tmpdir() });
  const mod = await readmeMod();
  // A replay to play back: a bot game of the default data (the documents' lines give no --data), recorded as
  // the game records one.
  const content = await loadContent(new URL("../data/", import.meta.url), "data/");
  const recording = startRecording(7, "readme", { checksum: dataChecksum(content.rules), folder: "data/" });
  simulate(content, 7, 300, recording);
  const replay = `${home}/last-game.replay.json.gz`;
  await writeSave(replay, JSON.stringify(recording), {
    backup: false,
    noun: "replay",
    limits: REPLAY_LIMITS,
  });
  const fill: Record<string, string> = {
    "FILE": replay,
    "~/.local/share/delve/last-game.replay.json.gz": replay,
    "mods/mine": mod,
    "win.replay.json.gz": `${home}/win.replay.json.gz`,
    "path/to/copy": mod,
  };
  const lines = blocks("sh").flat().map(command).filter(Boolean);
  ok(lines.length >= 15, lines.join("\n"));
  const helps = new Map<string, string>();
  let ran = 0;
  for (const line of lines) {
    if (!line.startsWith("deno task ")) {
      ok(NOT_DELVE[line], `a shell line that is neither deno task nor known: ${line}`);
      continue;
    }
    const [name, ...words] = line.slice("deno task ".length).split(/\s+/);
    ok(name in config.tasks, `${line}: no task ${name} in deno.json`);
    // Every flag the line names is one its task lists (optional ones in brackets too).
    const flags = words.join(" ").match(/--[a-z-]+/g) ?? [];
    if (flags.length > 0 && !helps.has(name)) helps.set(name, (await task(name, ["--help"], home)).stdout);
    for (const flag of flags) {
      // A line of its own: `  --flag …`, or `  -x, --flag …`.
      const listed = new RegExp(`^\\s+(-\\w, )?${flag}\\b`, "m").test(helps.get(name)!);
      ok(listed, `${line}: ${name} --help lists ${flag}`);
    }
    if (name in NOT_RUN) continue;
    const args = words.join(" ").replace(/\[[^\]]*\]/g, "").split(/\s+/).filter(Boolean).map((w) =>
      fill[w] ?? w
    );
    const { code, stdout, stderr } = await task(name, args, home);
    const what = `${line} (as: ${[name, ...args].join(" ")}): exit ${code}\n${stdout}${stderr}`;
    ran++;
    if (name === "play" && !args.includes("--help")) {
      // Flags read, data loaded, places checked: only the terminal is missing.
      deepEqual([code, stderr], [
        1,
        "delve: needs an interactive terminal (stdin and stdout must be a TTY)\n",
      ], what);
    } else {
      deepEqual([code, stderr], [0, ""], what);
      ok(stdout.length > 0, what);
    }
  }
  ok(ran >= 10, `ran ${ran}`);
  equal(Object.keys(NOT_RUN).every((name) => name in config.tasks), true, "every task kept out is a task");
});

Deno.test("the documents' overlay mods, written out as their comments name the files, load over Delve's data", async () => {
  const root = await Deno.makeTempDir({ prefix: "delve-readme-overlay-" });
  const folders = new Set<string>();
  for (const lines of blocks("jsonc").filter(isOverlay)) {
    let file: string | undefined, text: string[] = [];
    const flush = async () => {
      if (file === undefined) return;
      await Deno.mkdir(`${root}/${file.slice(0, file.lastIndexOf("/"))}`, { recursive: true });
      await Deno.writeTextFile(`${root}/${file}`, JSON.stringify(JSON.parse(text.join("\n"))));
    };
    for (const line of lines) {
      const named = /^\/\/ (mods\/[\w-]+\/[\w.]+\.json)\b/.exec(line)?.[1];
      if (named) {
        await flush();
        file = named, text = [];
        folders.add(named.slice(0, named.lastIndexOf("/") + 1));
      } else text.push(line);
    }
    await flush();
  }
  ok(folders.size >= 1, "an overlay example");
  const content = await loadContent(new URL("data/", ROOT), "data/", {
    mods: [...folders].map((label) => ({ dir: new URL(`file://${root}/${label}`), label })),
    delveVersion: config.version,
  });
  ok(content.rules.templates.cave_bear?.fighter, "the example's monster");
  ok(content.rules.spawn.monsters.some((step) => step.weights.cave_bear), "and where it appears");
});
