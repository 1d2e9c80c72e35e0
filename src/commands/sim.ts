/**
 * `deno task sim [--games N] [--seed S] [--data DIR] [--mod DIR]... [--turns T] [--jobs J]
 * [--report FILE.html]`: plays games headless with the bot and prints a
 * balance report (depth reached, turns, level, cause of death, kills by
 * floor), what a modder tunes data by; with `--report`, the same in charts
 * on one HTML page. It doubles as a soak test: it must never throw.
 *
 * @module
 */
import {
  HELP_USAGE,
  intFlag,
  loadDataOr,
  parseFlags,
  pathFlag,
  pathFlags,
  readCommandLine,
  say,
  sayOut,
  shownValue,
  UsageError,
  VERSION,
} from "../cli/mod.ts";
import {
  briefly,
  dataStamp,
  REPLAY_LIMITS,
  startRecording,
  writeFileAtomic,
  writeSave,
} from "../store/mod.ts";
import { MAX_SEED } from "../engine/mod.ts";
import { balanceCharts } from "./sim/balance_charts.ts";
import { balanceReport } from "./sim/balance_report.ts";
import { type Progress, type SimPlan, simulateInWorkers, simulateSerially } from "./sim/jobs.ts";
import { simulate } from "./sim/simulate.ts";
import { reportPage } from "./sim/report_page.ts";

export { balanceReport } from "./sim/balance_report.ts";
export { type AttackTally, type GameResult, simulate } from "./sim/simulate.ts";

/** The cores of this machine: `--jobs`'s default. */
const CORES = Math.max(1, navigator.hardwareConcurrency ?? 1);

/** `deno task sim --help`. */
export const SIM_HELP = {
  name: "sim",
  about: "Plays games headless with the bot and prints a balance report: depth reached, turns, level,\n" +
    "wins, cause of death, kills by floor and by monster, and the bot's troubles (games at the turn\n" +
    "limit, deaths with a known escape unused, deaths fleeing); with --report, the same in charts on\n" +
    "one page.",
  usage: `Usage: deno task sim [--games N] [--seed S] [--data DIR] [--mod DIR]...
                     [--turns T] [--jobs J] [--background ID|all]
                     [--report FILE.html] [--record FILE]

Options:
  --games N     games to play, 1 to 100000 (default: 20)
  --seed S      the first game's seed (the others follow it), 0 to ${MAX_SEED}
                (default: 1)
  --data DIR    play with the data files in DIR (default: the bundled data/)
  --mod DIR     a mod folder laid over the data; repeat for several, laid in
                order (default: none)
  --turns T     turns a game may last, 1 to 1000000 (default: 100000)
  --background ID
                the bot starts every game with this background of the data
                (fighter, scout or adept in Delve's); all: the games once with
                each, and the report's figures by background (default: none,
                the player template's own start)
  --jobs J      games played at once, each on a worker of its own, 1 to 64;
                1 plays them in this thread (default: the cores, here ${CORES});
                the report is the same whatever J is
  --report F    also write the report as one HTML page with charts to F
                (it opens offline: no script, nothing fetched)
  --record F    write the game's replay to F, for deno task replay F
                (needs --games 1; play a seed the report lists)
${HELP_USAGE}`,
};

/** Progress on stderr when it is a terminal: a line redrawn in place. */
function progressLine(): Progress | undefined {
  if (!Deno.stderr.isTerminal()) return undefined;
  const encoder = new TextEncoder();
  return (done, total) => {
    const end = done === total ? "\r\x1b[K" : "";
    Deno.stderr.writeSync(encoder.encode(`\rsim: ${done}/${total} games${end}`));
  };
}

/** Runs the simulator with `args`; resolves to the exit status. */
export async function simCommand(args: readonly string[]): Promise<number> {
  const line = readCommandLine(SIM_HELP, args, () => {
    const { values } = parseFlags(args, {
      games: { type: "string" },
      seed: { type: "string" },
      data: { type: "string" },
      mod: { type: "string", multiple: true },
      turns: { type: "string" },
      jobs: { type: "string" },
      report: { type: "string" },
      record: { type: "string" },
      background: { type: "string" },
    });
    const record = pathFlag("--record", values.record);
    if (record !== undefined && values.games !== undefined && values.games !== "1") {
      throw new UsageError("--record keeps one game's replay: give --games 1 (or no --games)");
    }
    return {
      games: intFlag("--games", values.games, 1, 100_000) ?? (record === undefined ? 20 : 1),
      seed: intFlag("--seed", values.seed, 0, MAX_SEED) ?? 1,
      turns: intFlag("--turns", values.turns, 1, 1_000_000) ?? 100_000,
      jobs: intFlag("--jobs", values.jobs, 1, 64) ?? CORES,
      data: pathFlag("--data", values.data),
      mods: pathFlags("--mod", values.mod),
      report: pathFlag("--report", values.report),
      record,
      background: values.background,
    };
  });
  if ("exit" in line) return line.exit;
  const { games, seed, turns, jobs, data, mods, report, record, background } = line.run;
  const loaded = await loadDataOr(data, mods);
  if (!loaded) return 2;
  const { content, label } = loaded;
  const ids = (content.rules.backgrounds ?? []).map((b) => b.id);
  if (background !== undefined && !(ids.includes(background) || (background === "all" && ids.length > 0))) {
    say(
      `delve sim: --background ${background}: ${
        ids.length === 0 ? `${label} has no backgrounds` : `expected one of ${ids.join(", ")} or all`
      }`,
    );
    return 2;
  }
  if (background === "all" && record !== undefined) {
    say("delve sim: --record keeps one game's replay: give one background, not all");
    return 2;
  }
  const plans = (background === "all" ? ids : [background]).map((b) => ({
    content,
    games,
    seed,
    turns,
    ...(b === undefined ? {} : { background: b }),
  }));
  const replayFlags = [...(data === undefined ? [] : ["--data", data]), ...mods.flatMap((m) => ["--mod", m])];
  if (record !== undefined) return await recordOne(plans[0], label, record, replayFlags);
  const progress = progressLine();
  const results = [];
  for (const plan of plans) {
    results.push(
      ...(jobs === 1 ? simulateSerially(plan, progress) : await simulateInWorkers(plan, jobs, progress)),
    );
  }
  const text = balanceReport(results, label);
  sayOut(text);
  if (report === undefined) return 0;
  const title = `Delve balance report: ${games} games, data ${label}`;
  const page = await reportPage(title, balanceCharts(results), text);
  return await written("report", report, () => writeFileAtomic(report, new TextEncoder().encode(page)));
}

/** Writes a file with `write`: 0, or 1 after one line saying why it could not be. */
async function written(what: string, path: string, write: () => Promise<void>): Promise<number> {
  try {
    await write();
    return 0;
  } catch (e) {
    say(
      `delve sim: cannot write the ${what} ${shownValue(path)}: ${
        e instanceof Error ? briefly(e) : String(e)
      }`,
    );
    return 1;
  }
}

/** Plays the plan's one game recording it, prints its report, and writes its replay to `path`. */
async function recordOne(
  plan: SimPlan,
  label: string,
  path: string,
  flags: readonly string[],
): Promise<number> {
  const recording = startRecording(plan.seed, VERSION, dataStamp(plan.content), plan.background);
  const result = simulate(plan.content, plan.seed, plan.turns, recording, plan.background);
  sayOut(balanceReport([result], label));
  const json = JSON.stringify(recording);
  const status = await written(
    "replay",
    path,
    () => writeSave(path, json, { backup: false, noun: "replay", limits: REPLAY_LIMITS }),
  );
  if (status === 0) {
    sayOut(
      `replay written: ${path} (deno task replay ${[path, ...flags].join(" ")})`,
    );
  }
  return status;
}

if (import.meta.main) Deno.exit(await simCommand(Deno.args));
