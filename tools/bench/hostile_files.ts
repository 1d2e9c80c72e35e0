/**
 * The report's hostile-file figures: each hostile file built in a
 * temporary folder, then read as the game reads it by `refuse_file.ts` in a
 * fresh process of its own: how long the refusal took and the process's
 * peak RSS. A child that takes too long is
 * killed, so a regression shows as a row not met, never a hung bench.
 *
 * @module
 */
import { gzip } from "../../src/store/mod.ts";
import type { Rules } from "../../src/engine/mod.ts";
import { confusedSave, deepReplay, deepScores, gzipBomb, HOSTILE_DEPTH, makeFifo } from "../hostile_files.ts";
import type { Refusal } from "./refuse_file.ts";
import { median } from "./timing.ts";

const CHILD = new URL("./refuse_file.ts", import.meta.url).pathname;
const DATA = new URL("../../data/", import.meta.url).pathname;
const GB = 1024 * 1024 * 1024;
/** A child still reading after this long is killed. */
const LIMIT_MS = 10_000;

/** One hostile file: what the figure calls it, which reader reads it, and how to make it in `dir`. */
interface HostileCase {
  readonly figure: string;
  readonly kind: "save" | "scores" | "replay" | "data";
  /** Makes the file in the empty folder `dir`; gives the path to read. */
  readonly make: (dir: string, rules: Rules) => Promise<string>;
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

/** What refusing one hostile file took, over its runs. */
export interface HostileFigure {
  readonly figure: string;
  /** Median ms to refuse, or undefined when a run did not refuse it (see `failure`). */
  readonly ms?: number;
  /** The highest peak RSS of the runs, MB. */
  readonly peakMb?: number;
  /** What went wrong in a run that did not refuse the file in time. */
  readonly failure?: string;
}

/** Reads `path` with the `kind` reader in a fresh process; killed after {@link LIMIT_MS}. */
async function refuseOnce(kind: string, path: string): Promise<Refusal | string> {
  const child = new Deno.Command(Deno.execPath(), {
    // Every permission only so that the child can read its own peak in /proc (see refuse_file.ts).
    args: ["run", "--no-prompt", "--allow-all", CHILD, kind, path],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const killer = setTimeout(() => child.kill("SIGKILL"), LIMIT_MS);
  try {
    const out = await child.output();
    if (!out.success) {
      const error = new TextDecoder().decode(out.stderr).trim().split("\n")[0]?.slice(0, 120);
      return out.signal === "SIGKILL" ? `not refused in ${LIMIT_MS / 1000} s` : `exit ${out.code}: ${error}`;
    }
    const refusal: Refusal = JSON.parse(new TextDecoder().decode(out.stdout));
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
      const results: Refusal[] = [];
      for (let k = 0; k <= runs; k++) {
        const result = await refuseOnce(hostile.kind, path);
        if (typeof result === "string") {
          figures.push({ figure: hostile.figure, failure: result });
          break;
        }
        if (k > 0) results.push(result);
      }
      if (results.length === runs) {
        figures.push({
          figure: hostile.figure,
          ms: median(results.map((r) => r.ms)),
          peakMb: Math.max(...results.map((r) => r.maxRssKb)) / 1024,
        });
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  }
  return figures;
}
