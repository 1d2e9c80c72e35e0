/**
 * The tasks a user runs: `play` starts the launcher, which grants the game
 * only what it needs (its grants for each path: launch_test.ts), `compile`
 * bundles what the binary loads at run time, and the data folder is found
 * from the code's own location (as inside a compiled binary).
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import config from "../deno.json" with { type: "json" };
import { BUNDLED_DATA_DIR } from "../src/store/mod.ts";
import { GAME_FLAGS, launchPlan } from "../src/app/mod.ts";
import { loadContent } from "../src/content/mod.ts";

const words = (task: string) => task.split(/\s+/);
const PLAY_ENV =
  "--allow-env=COLORTERM,TERM,NO_COLOR,FORCE_COLOR,HOME,XDG_DATA_HOME,XDG_CONFIG_HOME,DELVE_DEBUG";

Deno.test("play runs the launcher with read, the three variables that place saves and options, and deno: no write, net, ffi, sys", () => {
  const flags = words(config.tasks.play).filter((w) => w.startsWith("-"));
  deepEqual(
    flags.sort(),
    ["--allow-env=HOME,XDG_DATA_HOME,XDG_CONFIG_HOME", "--allow-read", "--allow-run=deno", "--no-prompt"]
      .sort(),
  );
  equal(words(config.tasks.play).at(-1), "src/app/launch.ts");
});

Deno.test("the launcher runs main.ts with read, named variables and write in the save folder only: no -A, net, run, ffi, sys", async () => {
  const plan = await launchPlan(
    ["--seed", "1"],
    (name) => name === "XDG_DATA_HOME" ? "/srv/saves" : undefined,
  );
  if (plan.kind !== "run") throw new Error(plan.line);
  const main = new URL("../main.ts", import.meta.url).pathname;
  const flags = plan.args.slice(1, plan.args.indexOf(main)).filter((w) => !w.startsWith("--config="));
  deepEqual(
    flags.sort(),
    [
      "--allow-read",
      "--allow-write=/srv/saves/delve",
      PLAY_ENV,
      "--no-prompt",
      "--quiet",
      "--unstable-worker-options",
    ].sort(),
  );
  deepEqual([plan.args[0], ...plan.args.slice(-3)], ["run", main, "--seed", "1"]);
});

Deno.test("compile bundles data/ and the worker module, leaves node_modules out, grants what play grants", () => {
  const args = words(config.tasks.compile);
  const after = (flag: string) => args.flatMap((w, i) => (w === flag ? [args[i + 1]] : []));
  // A worker's entry is included as a module so its imports are compiled in too.
  deepEqual(after("--include").sort(), ["data", "workers/ai_worker.ts"]);
  deepEqual(after("--exclude"), ["node_modules"]);
  // A binary cannot know its user's home when it is built: write is not scoped there.
  // --quiet aside: a compiled binary fetches nothing, so Deno draws no status line over the game.
  ok(
    GAME_FLAGS.every((flag) => flag === "--quiet" || args.includes(flag)),
    "what the launcher grants the game",
  );
  ok(args.includes("--allow-write") && !args.includes("-A"));
  equal(args.at(-1), "main.ts");
  ok(args.includes("--unstable-worker-options"), "the worker is started with no permissions");
});

Deno.test("the AI worker module is found from import.meta, where compile puts it", async () => {
  const { AI_WORKER_URL } = await import("../src/worker/mod.ts");
  ok((await Deno.stat(AI_WORKER_URL)).isFile);
  ok(AI_WORKER_URL.href.endsWith("/workers/ai_worker.ts"));
});

Deno.test("the bundled data folder is found from import.meta and loads", async () => {
  ok(BUNDLED_DATA_DIR.href.endsWith("/data/"));
  const { rules } = await loadContent(BUNDLED_DATA_DIR, "data/");
  equal(rules.dungeon.width, 80);
});
