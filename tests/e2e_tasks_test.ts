/**
 * The real program under the grants its tasks give, in a real terminal:
 * the grants `play`'s launcher gives the game, with net, run, ffi and sys
 * explicitly denied; and the
 * compiled binary's entry and grants, with its data and worker found from
 * the code's own location and a mod read from a writable folder elsewhere.
 */
import { equal, ok } from "node:assert/strict";
import config from "../deno.json" with { type: "json" };
import { launchPlan } from "../src/app/mod.ts";
import { assertRestored, DENO, quit, saveFile, startGame } from "./support/e2e_game.ts";
import { TmuxPane } from "./support/tmux.ts";

/** The permission flags of a task, and its entry (`deno run`'s own flags dropped). */
function grants(task: string): string[] {
  const words = task.split(/\s+/);
  const skip = new Set(["--include", "--exclude", "--output"]);
  return words.filter((w, i) => w.startsWith("--") && !skip.has(w) && !skip.has(words[i - 1] ?? ""));
}

Deno.test("e2e: the game plays under the launcher's grants with net, run, ffi and sys denied outright", async () => {
  await using pane = await TmuxPane.open(80, 24);
  // What the launcher runs for the test's own data folder (startGame adds the seed again). The big-floors
  // mod: its turns go to the AI worker, which the bundled game's never need.
  const bigFloors = new URL("../data/mods/big_floors", import.meta.url).pathname;
  const plan = await launchPlan(
    ["--data", bigFloors, "--seed", "4601"],
    (name) => name === "XDG_DATA_HOME" ? `${pane.dir}/data` : undefined,
  );
  if (plan.kind !== "run") throw new Error(plan.line);
  const [run, ...flags] = plan.args.slice(0, -5);
  const denied = ["--deny-net", "--deny-run", "--deny-ffi", "--deny-sys"];
  const words = [run, ...flags, ...denied, ...plan.args.slice(-5, -2)].map((w) => `'${w}'`);
  await startGame(pane, 4601, `"${DENO}" ${words.join(" ")}`);
  // A few turns, each through the worker (a process of its own would need run; it is a thread).
  await pane.keys("l", "j", "h", "k", ".", ".");
  await new Promise((r) => setTimeout(r, 300));
  await quit(pane);
  await assertRestored(pane, 0);
  equal(await Deno.readTextFile(`${pane.dir}/stderr`), "");
});

Deno.test("e2e: the compiled binary's entry and grants: bundled data and worker from import.meta, a mod from a writable folder", async () => {
  const args = config.tasks.compile.split(/\s+/);
  equal(args.at(-1), "main.ts", "the binary's entry");
  const flags = grants(config.tasks.compile);
  ok(flags.includes("--unstable-worker-options"));
  await using pane = await TmuxPane.open(80, 24);
  // A mod in a writable folder outside the code: a new welcome, read at start.
  const mod = `${pane.dir}/mods/welcome`;
  await Deno.mkdir(mod, { recursive: true });
  for (const name of ["entities.json", "spawn_tables.json"]) {
    await Deno.copyFile(new URL(`../data/${name}`, import.meta.url), `${mod}/${name}`);
  }
  const game = JSON.parse(await Deno.readTextFile(new URL("../data/game.json", import.meta.url)));
  game.messages.welcome.text = "Welcome to the modded depths!";
  await Deno.writeTextFile(`${mod}/game.json`, JSON.stringify(game));
  // Run from elsewhere, so nothing is found relative to the working folder.
  const entry = new URL("../main.ts", import.meta.url).pathname;
  // The save folder is set after the cd: set before it, it would be the cd's alone, and the real home's used.
  const run = `cd ${pane.dir} && XDG_DATA_HOME=${pane.dir}/data "${DENO}" run ${flags.join(" ")} ${entry}`;
  await startGame(pane, 4602, run);
  // The map and the log may come in separate reads of one frame: wait for the log's line, not one capture.
  await pane.waitFor((s) => s.includes("Welcome to Delve."), "the bundled data's welcome");
  await quit(pane);
  await assertRestored(pane, 0);
  await pane.run("clear");
  // A fresh start: the first game's save would be offered, and a new game asked to abandon it.
  await Deno.remove(saveFile(pane));
  await startGame(pane, 4603, `${run} --data ${mod}`);
  await pane.waitFor((s) => s.includes("Welcome to the modded depths!"), "the mod's welcome");
  await pane.keys("l", "j", "h", "k");
  await quit(pane);
  await assertRestored(pane, 0);
});
