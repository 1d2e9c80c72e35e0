/**
 * `deno run --allow-all bench/refuse_file.ts KIND PATH`: reads one file as
 * the game reads it (KIND: save, scores, replay, or data for a data folder)
 * and prints one JSON line: how long the read took (ms, the modules already
 * loaded), what it said, and the process's peak RSS (KB). The bench runs it
 * once per hostile file, each in a fresh process, so the peak is that
 * file's alone.
 *
 * The peak is the kernel's VmHWM, which Deno lets a program read only with
 * every permission. getrusage's maxRSS would need none, but a process
 * spawned by another carries its parent's peak over the exec (Linux keeps it
 * in the signal struct), so it would show the bench's own size instead.
 *
 * @module
 */
import process from "node:process";
import { HELP_USAGE, parseFlags, readCommandLine, shownValue, UsageError } from "../../src/cli/mod.ts";
import { readSave, readScores, type SaveRead } from "../../src/store/mod.ts";
import { readRecording } from "../../src/commands/mod.ts";
import { ContentError, loadContent } from "../../src/content/mod.ts";

/** What the child prints. */
export interface Refusal {
  readonly ms: number;
  /** The reader's word: its reason or problem lines, or "read" when it took the file. */
  readonly outcome: string;
  readonly refused: boolean;
  readonly maxRssKb: number;
}

const described = (read: SaveRead | { kind: "read" }) =>
  read.kind === "unreadable"
    ? { refused: true, outcome: read.reason }
    : { refused: false, outcome: read.kind };

/** This process's peak RSS in KB: VmHWM where there is /proc, getrusage's elsewhere. */
function peakRssKb(): number {
  try {
    const hwm = /^VmHWM:\s*(\d+) kB/m.exec(Deno.readTextFileSync("/proc/self/status"));
    if (hwm) return Number(hwm[1]);
  } catch {
    // No /proc: the platform's own figure.
  }
  return process.resourceUsage().maxRSS;
}

const READERS: Record<string, (path: string) => Promise<{ refused: boolean; outcome: string }>> = {
  save: async (path) => described(await readSave(path)),
  scores: async (path) => described(await readScores(path)),
  replay: (path) =>
    readRecording(path).then(
      () => ({ refused: false, outcome: "read" }),
      (e: Error) => ({ refused: true, outcome: e.message }),
    ),
  data: (dir) =>
    loadContent(new URL(`file://${dir}/`), "data/").then(
      () => ({ refused: false, outcome: "read" }),
      (e: Error) => {
        if (!(e instanceof ContentError)) throw e;
        return { refused: true, outcome: e.problems.join("\n") };
      },
    ),
};

/** `deno run -A tools/bench/refuse_file.ts --help`. */
export const REFUSE_FILE_HELP = {
  name: "refuse_file.ts",
  about: "Reads one file as the game reads it and prints one JSON line: the read's time (ms), what the " +
    "reader said, whether it refused, and this process's peak RSS (KB). The bench runs it once per " +
    "hostile file, each in a fresh process.",
  usage: `Usage: deno run -A tools/bench/refuse_file.ts KIND PATH

Arguments:
      KIND          how to read PATH: ${Object.keys(READERS).join(", ")} (a data folder)
      PATH          the file (or folder) to read
${HELP_USAGE}`,
};

if (import.meta.main) {
  const line = readCommandLine(REFUSE_FILE_HELP, Deno.args, () => {
    const [kind, path, ...extra] = parseFlags(Deno.args, {}, true).positionals;
    if (kind === undefined || path === undefined || extra.length > 0) {
      throw new UsageError(`expected KIND and PATH, found ${Deno.args.length} arguments`);
    }
    if (!Object.hasOwn(READERS, kind)) {
      throw new UsageError(
        `KIND: expected one of ${Object.keys(READERS).join(", ")}, found ${
          shownValue(kind, { quoted: true })
        }`,
      );
    }
    return { read: READERS[kind], path };
  });
  if ("exit" in line) Deno.exit(line.exit);
  const { read, path } = line.run;
  const start = performance.now();
  const { refused, outcome } = await read(path);
  const ms = performance.now() - start;
  const refusal: Refusal = { ms, outcome, refused, maxRssKb: peakRssKb() };
  console.log(JSON.stringify(refusal));
}
