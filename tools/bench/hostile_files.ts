/**
 * The report's hostile-file figures: each hostile file built in a
 * temporary folder, then read as the game reads it by `refuse_file.ts` in a
 * fresh process of its own: how long the refusal took, the process's peak
 * RSS, and its own before the read (modules and data loaded), against the
 * most its reader takes of such a file. A child that takes too long is
 * killed, so a regression shows as a row not met, never a hung bench.
 *
 * @module
 */
import {
  bytesInWords,
  type Content,
  DATA_FILE_MAX_BYTES,
  type JsonLimits,
  loadContent,
} from "../../src/content/mod.ts";
import {
  dataStamp,
  encodeSave,
  gzip,
  type Recording,
  REPLAY_LIMITS,
  SAVE_LIMITS,
  SCORES_LIMITS,
  startRecording,
} from "../../src/store/mod.ts";
import { dataChecksum, type GameState, type Rules } from "../../src/engine/mod.ts";
import {
  botGame,
  confusedSave,
  deepReplay,
  deepScores,
  denseSave,
  gzipBomb,
  HOSTILE_DEPTH,
  lateReplay,
  makeFifo,
  manyKeys,
  newGameSave,
  paddedTo,
  valuesIn,
  withCopies,
} from "../hostile_files.ts";
import type { Refusal } from "./refuse_file.ts";
import { median } from "./timing.ts";

const CHILD = new URL("./refuse_file.ts", import.meta.url).pathname;
const DATA = new URL("../../data/", import.meta.url).pathname;
/** The data the hostile saves and replays are made by, and the children play them by (the bench's). */
const RULESET = new URL("../../data/rulesets/tcod/", import.meta.url).pathname;
const MB = 1024 * 1024, GB = 1024 * MB;
/** A child still reading after this long is killed. */
const LIMIT_MS = 10_000;

/**
 * One hostile file: what the figure calls it, which reader reads it (`continue`
 * a save as the title's Continue loads it, `check` a replay as `replay --check`
 * plays it), and how to make it in `dir`.
 */
interface HostileCase {
  readonly figure: string;
  readonly kind: "save" | "scores" | "replay" | "data" | "continue" | "check";
  /** The data folder the child plays by (continue, check): the bench's rule set unless given. */
  readonly data?: string;
  /** A real file, to be read whole: its row is what taking it costs, not a refusal. */
  readonly taken?: true;
  /** Makes the file in the empty folder `dir`; gives the path to read. */
  readonly make: (dir: string, rules: Rules) => Promise<string>;
}

/**
 * The most of a file its reader takes, in bytes: what it may inflate to
 * (gzip), else what it may hold on disk (a data folder: its four files). A
 * reader's peak stays within its own and four times this.
 */
export function readerLimit(kind: HostileCase["kind"]): number {
  switch (kind) {
    case "save":
    case "continue":
      return SAVE_LIMITS.maxInflatedBytes ?? SAVE_LIMITS.maxBytes;
    case "replay":
    case "check":
      return REPLAY_LIMITS.maxInflatedBytes ?? REPLAY_LIMITS.maxBytes;
    case "scores":
      return SCORES_LIMITS.maxBytes;
    case "data":
      // A data folder is read whole: its game, entities, spawn tables and palettes, each within the limit.
      return 4 * DATA_FILE_MAX_BYTES;
  }
}

const write = async (path: string, data: string | Uint8Array) => {
  await Deno.writeFile(
    path,
    typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data),
  );
  return path;
};

/** A copy of the bundled data folder in `dir` with `name` made by `make`; gives the folder. */
async function dataWith(
  dir: string,
  name: string,
  make: (path: string) => Promise<unknown>,
): Promise<string> {
  for (const file of ["game.json", "entities.json", "spawn_tables.json"]) {
    if (file !== name) await Deno.copyFile(`${DATA}${file}`, `${dir}/${file}`);
  }
  await make(`${dir}/${name}`);
  return dir;
}

const deep = HOSTILE_DEPTH.toLocaleString("en-US");

/** A reader's limits in words: its values and its inflated size. */
const words = (limits: JsonLimits) =>
  `${limits.maxValues.toLocaleString("en-US")} values, ${
    bytesInWords(limits.maxInflatedBytes ?? limits.maxBytes)
  }`;

/**
 * `json` (a new game's save, or a replay) at both its reader's limits at
 * once: as many empty objects as it may hold values, first in its log (a
 * save) or commands (a replay), then spaces until its text is as large as
 * it may be (a kilobyte short of each limit).
 */
function atLimits(json: string, limits: JsonLimits): string {
  const where = json.includes('"log":[') ? "log" : "commands";
  const filled = withCopies(json, where, "{}", limits.maxValues - valuesIn(json) - 1000);
  return paddedTo(filled, (limits.maxInflatedBytes ?? limits.maxBytes) - 1024);
}

/** The turns of the bot's game the real save and replay hold: seed 11 of Delve's data goes on past them. */
const REAL_TURNS = 19_000;

let real: Promise<{ content: Content; state: GameState; recording: Recording }> | undefined;

/** A long bot game of Delve's own data, played once for the two rows that read it. */
function realGame(): Promise<{ content: Content; state: GameState; recording: Recording }> {
  real ??= loadContent(new URL(`file://${DATA}`), "data/").then((content) => ({
    content,
    ...botGame(content.rules, 11, REAL_TURNS),
  }));
  return real;
}

const CASES: readonly HostileCase[] = [
  {
    figure: `save nested ${deep} deep`,
    kind: "save",
    make: async (dir, rules) => write(`${dir}/save.json.gz`, await gzip(confusedSave(rules, HOSTILE_DEPTH))),
  },
  {
    figure: `score table nested ${deep} deep`,
    kind: "scores",
    make: (dir) => write(`${dir}/scores.json`, deepScores(HOSTILE_DEPTH)),
  },
  {
    figure: `replay nested ${deep} deep`,
    kind: "replay",
    make: async (dir) => write(`${dir}/last.replay.json.gz`, await gzip(deepReplay(HOSTILE_DEPTH))),
  },
  {
    figure: `data file of ${deep} unclosed [`,
    kind: "data",
    make: (dir) => dataWith(dir, "game.json", (path) => write(path, "[".repeat(HOSTILE_DEPTH))),
  },
  {
    figure: "gzip save inflating to 4 GB",
    kind: "save",
    make: (dir, rules) => write(`${dir}/save.json.gz`, gzipBomb(confusedSave(rules, 0), 4 * GB)),
  },
  {
    figure: "gzip replay inflating to 4 GB",
    kind: "replay",
    make: (dir) => write(`${dir}/last.replay.json.gz`, gzipBomb(deepReplay(0), 4 * GB)),
  },
  {
    figure: "gzip save of 1 GB inflated, on Continue",
    kind: "continue",
    make: (dir, rules) => write(`${dir}/save.json.gz`, gzipBomb(confusedSave(rules, 0), GB)),
  },
  {
    figure: "save inflating to 58 MB of empty objects (its replay's commands), on Continue",
    kind: "continue",
    make: async (dir, rules) =>
      write(`${dir}/save.json.gz`, await gzip(denseSave(rules, 58 * MB, "commands", "{}"))),
  },
  {
    figure: "save inflating to 58 MB of message lines, on Continue",
    kind: "continue",
    make: async (dir, rules) =>
      write(
        `${dir}/save.json.gz`,
        await gzip(denseSave(rules, 58 * MB, "log", '{"text":"a","color":"b","count":1}')),
      ),
  },
  {
    figure: "replay of 1,300,000 commands, its game over within 200 turns, checked",
    kind: "check",
    make: async (dir, rules) =>
      write(`${dir}/late.replay.json.gz`, await gzip(JSON.stringify(lateReplay(rules, 1_300_000)))),
  },
  {
    figure: `save at its limits (${words(SAVE_LIMITS)}: empty objects in its log, then spaces), on Continue`,
    kind: "continue",
    make: async (dir, rules) =>
      write(`${dir}/save.json.gz`, await gzip(atLimits(newGameSave(rules), SAVE_LIMITS))),
  },
  {
    figure: `save at its limits as above, one character of it past Latin-1, on Continue`,
    kind: "continue",
    make: async (dir, rules) =>
      write(
        `${dir}/save.json.gz`,
        await gzip(atLimits(newGameSave(rules).replace("hostile", "hostil…"), SAVE_LIMITS)),
      ),
  },
  {
    figure: `save of objects of ${
      (SAVE_LIMITS.maxKeys - 1).toLocaleString("en-US")
    } keys in its log, to its ${SAVE_LIMITS.maxValues.toLocaleString("en-US")} values, on Continue`,
    kind: "continue",
    make: async (dir, rules) => {
      const save = newGameSave(rules), keys = SAVE_LIMITS.maxKeys - 1;
      const copies = Math.floor((SAVE_LIMITS.maxValues - valuesIn(save)) / (keys + 1));
      return write(`${dir}/save.json.gz`, await gzip(withCopies(save, "log", manyKeys(keys), copies)));
    },
  },
  {
    figure: `replay at its limits (${words(REPLAY_LIMITS)}: empty commands, then spaces), checked`,
    kind: "check",
    make: async (dir, rules) => {
      const recording = JSON.stringify(
        startRecording(1, "hostile", { checksum: dataChecksum(rules), folder: "data/" }),
      );
      return write(`${dir}/limits.replay.json.gz`, await gzip(atLimits(recording, REPLAY_LIMITS)));
    },
  },
  {
    figure: `save of a bot's game of ${REAL_TURNS.toLocaleString("en-US")} turns (Delve's data), on Continue`,
    kind: "continue",
    data: DATA,
    taken: true,
    make: async (dir) => {
      const { content, state, recording } = await realGame();
      return write(
        `${dir}/save.json.gz`,
        await gzip(encodeSave(state, dataStamp(content), "bench", new Date(0), recording)),
      );
    },
  },
  {
    figure: `replay of that game, checked`,
    kind: "check",
    data: DATA,
    taken: true,
    make: async (dir) =>
      write(`${dir}/real.replay.json.gz`, await gzip(JSON.stringify((await realGame()).recording))),
  },
  {
    figure: "data file that is a FIFO",
    kind: "data",
    make: (dir) => dataWith(dir, "game.json", makeFifo),
  },
  {
    figure: "data file linked to /dev/zero",
    kind: "data",
    make: (dir) => dataWith(dir, "entities.json", (path) => Deno.symlink("/dev/zero", path)),
  },
  {
    figure: "data file that is a folder",
    kind: "data",
    make: (dir) => dataWith(dir, "spawn_tables.json", (path) => Deno.mkdir(path)),
  },
  {
    figure: "200 MB game.json (sparse)",
    kind: "data",
    make: (dir) =>
      dataWith(dir, "game.json", async (path) => {
        await Deno.copyFile(`${DATA}game.json`, path);
        await Deno.truncate(path, 200 * 1024 * 1024);
      }),
  },
];

/** What refusing one hostile file (or reading a real one) took, over its runs. */
export interface HostileFigure {
  readonly figure: string;
  /** A real file, read whole (not refused). */
  readonly taken: boolean;
  /** The most of such a file its reader takes, MB ({@link readerLimit}). */
  readonly limitMb: number;
  /** Median ms to refuse, or undefined when a run did not refuse it (see `failure`). */
  readonly ms?: number;
  /** The highest peak RSS of the runs, MB. */
  readonly peakMb?: number;
  /** The process's own peak before the read, in that run, MB. */
  readonly ownMb?: number;
  /** What went wrong in a run that did not refuse the file in time (or, for a real one, read it). */
  readonly failure?: string;
}

/** Reads `path` as `hostile` says in a fresh process; killed after {@link LIMIT_MS}. */
async function refuseOnce(hostile: HostileCase, path: string): Promise<Refusal | string> {
  const child = new Deno.Command(Deno.execPath(), {
    // Every permission only so that the child can read its own peak in /proc (see refuse_file.ts).
    args: ["run", "--no-prompt", "--allow-all", CHILD, hostile.kind, path, hostile.data ?? RULESET],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const killer = setTimeout(() => child.kill("SIGKILL"), LIMIT_MS);
  try {
    const out = await child.output();
    if (!out.success) {
      // V8 out of memory says so on its last lines; anything else on its first.
      const said = new TextDecoder().decode(out.stderr).trim().split("\n");
      const error = (said.find((l) => l.includes("out of memory")) ?? said[0])?.slice(0, 120);
      return out.signal === "SIGKILL"
        ? `not ${hostile.taken ? "read" : "refused"} in ${LIMIT_MS / 1000} s`
        : `exit ${out.code}: ${error}`;
    }
    const refusal: Refusal = JSON.parse(new TextDecoder().decode(out.stdout));
    if (hostile.taken) return refusal.refused ? `refused: ${refusal.outcome.slice(0, 120)}` : refusal;
    return refusal.refused ? refusal : `taken: ${refusal.outcome}`;
  } finally {
    clearTimeout(killer);
  }
}

/** Every hostile file, refused `runs` times each (after one untimed run that warms Deno's caches). */
export async function refuseHostileFiles(rules: Rules, runs = 3): Promise<HostileFigure[]> {
  const figures: HostileFigure[] = [];
  for (const hostile of CASES) {
    const dir = await Deno.makeTempDir({ prefix: "delve-bench-hostile-" });
    try {
      const path = await hostile.make(dir, rules);
      const limitMb = readerLimit(hostile.kind) / MB;
      const results: Refusal[] = [];
      for (let k = 0; k <= runs; k++) {
        const result = await refuseOnce(hostile, path);
        if (typeof result === "string") {
          figures.push({ figure: hostile.figure, taken: hostile.taken ?? false, limitMb, failure: result });
          break;
        }
        if (k > 0) results.push(result);
      }
      if (results.length === runs) {
        const highest = results.reduce((a, b) => (b.maxRssKb > a.maxRssKb ? b : a));
        figures.push({
          figure: hostile.figure,
          taken: hostile.taken ?? false,
          limitMb,
          ms: median(results.map((r) => r.ms)),
          peakMb: highest.maxRssKb / 1024,
          ownMb: highest.ownRssKb / 1024,
        });
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  }
  return figures;
}
