/**
 * `deno run --allow-all bench/refuse_file.ts KIND PATH [DATA]`: reads one
 * file as the game reads it (KIND: save, scores, replay, or data for a data
 * folder; continue, a save as the title's Continue loads it whole, and
 * check, a replay as `replay --check` plays it, both by the data folder
 * DATA) and prints one JSON line: how long the read took (ms, the modules
 * and data already loaded), what it said, the process's peak RSS before
 * the read (its own) and after (KB). The bench runs it once per hostile
 * file, each in a fresh process, so the peak is that file's alone.
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
import {
  BUNDLED_DATA_DIR,
  DataShelf,
  examineSave,
  playRecording,
  readSave,
  readScores,
  recordedData,
  ReplayError,
  type SaveRead,
  userDir,
} from "../../src/store/mod.ts";
import { readRecording } from "../../src/commands/mod.ts";
import { type Content, ContentError, loadContent } from "../../src/content/mod.ts";
import { dataChecksum } from "../../src/engine/mod.ts";

/** What the child prints. */
export interface Refusal {
  readonly ms: number;
  /** The reader's word: its reason or problem lines, or "read" when it took the file. */
  readonly outcome: string;
  readonly refused: boolean;
  /** The peak RSS before the read: the process with its modules and data loaded, its own (KB). */
  readonly ownRssKb: number;
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

type Reader = (path: string, content: Content) => Promise<{ refused: boolean; outcome: string }>;

const READERS: Record<string, Reader> = {
  save: async (path) => described(await readSave(path)),
  continue: async (path, content) => {
    const saved = await examineSave(path, new DataShelf(content));
    return saved.kind === "loadable"
      ? { refused: false, outcome: "loadable" }
      : { refused: true, outcome: "reason" in saved ? saved.reason : saved.kind };
  },
  check: async (path, content) => {
    try {
      const recording = await readRecording(path);
      if (recordedData(recording).checksum !== dataChecksum(content.rules)) {
        throw new ReplayError("other data");
      }
      return { refused: false, outcome: `turn ${playRecording(recording, content.rules).turn}` };
    } catch (e) {
      if (!(e instanceof ReplayError)) throw e;
      return { refused: true, outcome: e.message };
    }
  },
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
    "reader said, whether it refused, and this process's peak RSS before and after the read (KB). The " +
    "bench runs it once per " +
    "hostile file, each in a fresh process.",
  usage: `Usage: deno run -A tools/bench/refuse_file.ts KIND PATH [DATA]

Arguments:
      KIND          how to read PATH: ${Object.keys(READERS).slice(0, 3).join(", ")},
                    ${Object.keys(READERS).slice(3).join(", ")}
      PATH          the file (or, for data, the folder) to read
      DATA          the data folder continue and check play by
                    (default: the bundled data/)
${HELP_USAGE}`,
};

if (import.meta.main) {
  const line = readCommandLine(REFUSE_FILE_HELP, Deno.args, () => {
    const [kind, path, data, ...extra] = parseFlags(Deno.args, {}, true).positionals;
    if (kind === undefined || path === undefined || extra.length > 0) {
      throw new UsageError(`expected KIND, PATH and perhaps DATA, found ${Deno.args.length} arguments`);
    }
    if (!Object.hasOwn(READERS, kind)) {
      throw new UsageError(
        `KIND: expected one of ${Object.keys(READERS).join(", ")}, found ${
          shownValue(kind, { quoted: true })
        }`,
      );
    }
    return { read: READERS[kind], path, data };
  });
  if ("exit" in line) Deno.exit(line.exit);
  const { read, path, data } = line.run;
  // The data is loaded before the peak is first read: the file's share is what comes after.
  const content = await loadContent(data === undefined ? BUNDLED_DATA_DIR : userDir(data), "data/");
  const ownRssKb = peakRssKb();
  const start = performance.now();
  const { refused, outcome } = await read(path, content);
  const ms = performance.now() - start;
  const refusal: Refusal = { ms, outcome, refused, ownRssKb, maxRssKb: peakRssKb() };
  console.log(JSON.stringify(refusal));
}
