/**
 * `deno task fuzz [--events N] [--seed S] [--worker]` and
 * `deno task fuzz --files` and `deno task fuzz --saves`: the command line,
 * its help and its summaries; the runs are fuzz_run.ts's, fuzz_files.ts's
 * and save_sweep.ts's.
 *
 * @module
 */
import type { Content } from "../../src/content/mod.ts";
import { MAX_SEED } from "../../src/engine/mod.ts";
import {
  type CommandOutput,
  HELP_USAGE,
  intFlag,
  loadDataOr,
  parseFlags,
  readCommandLine,
  say,
  sayOut,
  UsageError,
} from "../../src/cli/mod.ts";
import {
  FILE_KINDS,
  type FileFuzzOptions,
  type FileFuzzResult,
  type FileKind,
  runFileFuzz,
} from "./fuzz_files.ts";
import { type FuzzOptions, type FuzzResult, runFuzz } from "./fuzz_run.ts";
import { HOSTILE_VALUES, runSaveSweep, TURNS_ON } from "./save_sweep.ts";

export { type FuzzOptions, runFuzz };

/** Rounds of a default `--files` run: well under a minute. */
const FILE_ROUNDS = 10_000;

/** `deno task fuzz --help`. */
export const FUZZ_HELP = {
  name: "fuzz",
  about: "Sends random keys, mouse events and resizes to the game (or, with --files, damaged files to\n" +
    "every reader) and stops at the first crash, hang or broken rule, with the line that reproduces it.",
  usage: `Usage: deno task fuzz [--events N] [--seed S] [--worker]
       deno task fuzz --files [--rounds N] [--seed S] [--round R]
       deno task fuzz --saves [--seed S] [--whole]

Options:
  --events N    events to send to the app (default: 1000000)
  --seed S      the run's seed, 0 to ${MAX_SEED} (default: 1)
  --worker      monsters think in the AI worker, which answers every
                turn, as on large floors and in the server (default:
                in-process)
  --files       damage saves, replays, score tables and data files instead,
                and read each as the game does
  --rounds N    with --files: files to damage and read (default: ${FILE_ROUNDS})
  --round R     with --files: play only round R (counted from 0), as a
                failure's reproduce line says
  --saves       sweep a rich save (a bot game of seed S on several
                floors): every JSON path set to each of ${HOSTILE_VALUES.length} hostile
                values, and deleted; each must be refused in one line or
                play ${TURNS_ON} turns (arrays: one element of each shape)
  --whole       with --saves: every element of every array (far longer)
${HELP_USAGE}`,
};

function summary(result: FuzzResult, seconds: number, worker = false): string {
  const rate = Math.round(result.events / Math.max(seconds, 1e-3));
  const faults = result.workerFaults.length;
  return `fuzz: ${result.events} events in ${seconds.toFixed(1)} s (${rate} events/s), ` +
    `${result.turns} turns, ${result.games} games` +
    (worker ? `, ${result.workerTurns} monster phases in the AI worker, ${faults} worker faults` : "");
}

/**
 * Runs the fuzzer with `args`; resolves to the exit status: 0 clean, 1 a
 * failure (with the line that reproduces it), 2 a bad flag.
 */
export async function fuzzCommand(
  args: readonly string[],
  output: CommandOutput = { out: sayOut, err: say },
  hooks: Pick<FuzzOptions, "afterEvent"> & Pick<FileFuzzOptions, "afterRead"> = {},
): Promise<number> {
  const line = readCommandLine(FUZZ_HELP, args, () => {
    const { values } = parseFlags(args, {
      events: { type: "string" },
      seed: { type: "string" },
      worker: { type: "boolean" },
      files: { type: "boolean" },
      rounds: { type: "string" },
      round: { type: "string" },
      saves: { type: "boolean" },
      whole: { type: "boolean" },
    });
    if (values.whole && !values.saves) throw new UsageError("--whole goes with --saves");
    if (values.saves && (values.files || values.events !== undefined || values.worker)) {
      throw new UsageError("--saves goes with --seed and --whole only");
    }
    if (!values.files && (values.rounds !== undefined || values.round !== undefined)) {
      throw new UsageError("--rounds and --round go with --files");
    }
    if (values.files && (values.events !== undefined || values.worker)) {
      throw new UsageError("--events and --worker do not go with --files");
    }
    return {
      events: intFlag("--events", values.events, 1, 1_000_000_000) ?? 1_000_000,
      seed: intFlag("--seed", values.seed, 0, MAX_SEED) ?? 1,
      worker: values.worker ?? false,
      files: values.files ?? false,
      rounds: intFlag("--rounds", values.rounds, 1, 100_000_000) ?? FILE_ROUNDS,
      round: intFlag("--round", values.round, 0, 100_000_000),
      saves: values.saves ?? false,
      whole: values.whole ?? false,
    };
  }, output);
  if ("exit" in line) return line.exit;
  const flags = line.run;
  if (flags.files) return await fileFuzzCommand(flags, output, hooks.afterRead);
  const { events, seed, worker } = flags;
  const loaded = await loadDataOr(undefined);
  if (!loaded) return 2;
  if (flags.saves) return await saveSweepCommand(loaded.content, seed, flags.whole, output);
  const start = performance.now();
  const seconds = () => (performance.now() - start) / 1000;
  output.out(`fuzz: ${events} events, seed ${seed}${worker ? ", monsters in the AI worker" : ""}`);
  const result = await runFuzz({
    seed,
    events,
    worker,
    content: loaded.content,
    // The task may write only under /tmp (see deno.json), wherever TMPDIR points.
    tempRoot: "/tmp",
    onProgress: (soFar) => output.out(summary(soFar, seconds(), worker)),
    afterEvent: hooks.afterEvent,
  });
  output.out(summary(result, seconds(), worker));
  for (const fault of result.workerFaults.slice(0, 3)) output.out(`fuzz: worker fault: ${fault}`);
  const screens = Object.entries(result.screens).sort((a, b) => b[1] - a[1]);
  output.out(`fuzz: screens visited: ${screens.map(([name, n]) => `${name} ${n}`).join(", ")}`);
  const { failure } = result;
  if (!failure) return 0;
  if (failure.stack) output.err(failure.stack);
  output.err(
    `fuzz: ${failure.problem} at event ${failure.index} (seed ${seed}); ` +
      `reproduce with: deno task fuzz --seed ${seed} --events ${failure.index + 1}${
        worker ? " --worker" : ""
      }`,
  );
  return 1;
}

function fileSummary(result: FileFuzzResult, seconds: number): string {
  const by = (counts: Record<FileKind, number>) => FILE_KINDS.map((k) => `${k} ${counts[k]}`).join(", ");
  return `fuzz --files: ${result.rounds} files in ${seconds.toFixed(1)} s; refused: ${by(result.refused)}; ` +
    `taken and played: ${by(result.taken)}; slowest ${
      Math.round(result.slowest.ms)
    } ms (${result.slowest.what})`;
}

/** The \`--files\` run: damaged files through every reader. */
async function fileFuzzCommand(
  flags: { seed: number; rounds: number; round?: number },
  output: CommandOutput,
  afterRead?: FileFuzzOptions["afterRead"],
): Promise<number> {
  const { seed, rounds, round } = flags;
  const start = performance.now();
  const seconds = () => (performance.now() - start) / 1000;
  output.out(`fuzz --files: ${round === undefined ? `${rounds} rounds` : `round ${round}`}, seed ${seed}`);
  const result = await runFileFuzz({
    seed,
    rounds,
    only: round,
    afterRead,
    tempRoot: "/tmp",
    onProgress: (soFar) => output.out(fileSummary(soFar, seconds())),
  });
  output.out(fileSummary(result, seconds()));
  const { failure } = result;
  if (!failure) return 0;
  if (failure.stack) output.err(failure.stack);
  output.err(
    `fuzz --files: ${failure.problem} reading ${failure.what}, round ${failure.round} (seed ${seed}); ` +
      `reproduce with: deno task fuzz --files --seed ${seed} --round ${failure.round}`,
  );
  return 1;
}

/** The \`--saves\` run: a rich save with each path damaged in turn. */
async function saveSweepCommand(
  content: Content,
  seed: number,
  whole: boolean,
  output: CommandOutput,
): Promise<number> {
  const start = performance.now();
  const seconds = () => ((performance.now() - start) / 1000).toFixed(1);
  output.out(`fuzz --saves: seed ${seed}${whole ? ", every array element" : ""}`);
  const result = await runSaveSweep({
    content,
    seed,
    sample: !whole,
    tempRoot: "/tmp",
    onProgress: (done, of) => {
      if (done % 500 === 0) output.out(`fuzz --saves: ${done} of ${of} damaged saves in ${seconds()} s`);
    },
  });
  output.out(
    `fuzz --saves: ${result.cases} damaged saves in ${seconds()} s; ` +
      `refused in one line: ${result.refused}; taken and played: ${result.taken}`,
  );
  const { failure } = result;
  if (!failure) return 0;
  if (failure.stack) output.err(failure.stack);
  output.err(`fuzz --saves: ${failure.problem} with ${failure.what} (seed ${seed})`);
  return 1;
}

if (import.meta.main) Deno.exit(await fuzzCommand(Deno.args));
