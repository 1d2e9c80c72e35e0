/**
 * The high-score table on disk: plain JSON beside the save, checked on
 * reading like any file from outside. A table that cannot be read is moved
 * aside, never overwritten.
 *
 * @module
 */
import { z } from "zod";
import { type JsonLimits, parseToFirstProblem, textSchema } from "../content/mod.ts";
import { HIGH_SCORES_KEPT, type HighScore, placeScore } from "../engine/mod.ts";
import { firstProblem } from "./save_format.ts";
import { keepUnreadable, readJsonFile, writeFileAtomic } from "./save_file.ts";
import { withLock } from "./file_lock.ts";

const FORMAT = "delve-scores";
/** A UTC date, `YYYY-MM-DD`. */
const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "expected a date, YYYY-MM-DD" });
/** A daily game a day for three centuries. */
const MAX_DAILIES = 110_000;
const count = z.int().nonnegative();

/** The longest cause kept: a monster's name may be long; the title cuts it to fit anyway. */
const CAUSE_CHARS = 200;

const entrySchema = z.strictObject({
  score: count,
  depth: z.int().positive(),
  level: z.int().positive(),
  xp: z.number().nonnegative(),
  turns: count,
  seed: count,
  date: z.iso.datetime(),
  // Drawn on the title one cell a character, like the data's own text.
  cause: textSchema(CAUSE_CHARS),
  version: textSchema(50),
  /** A game won (docs/rules.md, A goal); absent otherwise. */
  won: z.literal(true).optional(),
  /** A daily game's date (docs/options.md, Daily games); absent otherwise. */
  daily: DATE.optional(),
  /** The background's name (docs/rules.md, Backgrounds); absent when none was chosen. */
  background: textSchema(50).optional(),
});

const fileSchema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(1),
  scores: z.array(entrySchema).max(HIGH_SCORES_KEPT),
  /** The dates whose daily game was scored, whether or not it made the table (one a day). */
  dailies: z.array(DATE).max(MAX_DAILIES).optional(),
});

/**
 * What a high-score file may hold: ten entries take ~3 KB and nest 3 deep;
 * its values are those and the dailies' dates, one each.
 */
export const SCORES_LIMITS: JsonLimits = {
  maxBytes: 1024 * 1024,
  maxDepth: 64,
  maxValues: MAX_DAILIES + 1000,
  maxKeys: 100,
};

/** What reading the table found. */
export type ScoresRead =
  | {
    readonly kind: "read";
    readonly scores: HighScore[];
    /** The dates whose daily game was scored; absent when none was. */
    readonly dailies?: readonly string[];
  }
  | { readonly kind: "unreadable"; readonly reason: string };

/** The table at `path` (empty when there is none yet), or why it cannot be read. */
export async function readScores(path: string): Promise<ScoresRead> {
  const read = await readJsonFile(path, "high-score table", SCORES_LIMITS);
  if (read.kind === "missing") return { kind: "read", scores: [] };
  if (read.kind === "unreadable") return read;
  const file = parseToFirstProblem(fileSchema, read.json);
  if (!file.success) {
    return { kind: "unreadable", reason: firstProblem(file.error, "the high-score file is damaged") };
  }
  const { scores, dailies } = file.data;
  return { kind: "read", scores, ...(dailies && dailies.length > 0 ? { dailies } : {}) };
}

/** What adding a game to the table did. */
export interface ScoreAdded {
  /** The game's place from 1, or undefined when it did not make the top ten. */
  readonly rank: number | undefined;
  /** Where an unreadable old table was moved, if it was. */
  readonly keptAs?: string;
}

/** The table could not be written; `keptAs` says where an unreadable old one was moved first, if it was. */
export class ScoresNotWritten extends Error {
  override name = "ScoresNotWritten";

  constructor(message: string, readonly keptAs: string | undefined) {
    super(message);
  }
}

/**
 * Adds `entry` to the table at `path` and writes it back atomically. Two
 * programs ending games at once take turns (a lock file beside the table),
 * so neither score is lost to the other's write.
 */
export async function addHighScore(path: string, game: HighScore, now: Date): Promise<ScoreAdded> {
  // Written only as it will be read back: a table its own reader refused would be moved aside next time.
  const checked = entrySchema.safeParse({ ...game, cause: [...game.cause].slice(0, CAUSE_CHARS).join("") });
  if (!checked.success) throw new Error(firstProblem(checked.error, "the score cannot be kept"));
  const entry: HighScore = checked.data;
  let keptAs: string | undefined;
  try {
    return await withLock(`${path}.lock`, async () => {
      const read = await readScores(path);
      keptAs = read.kind === "unreadable" ? await keepUnreadable(path, now) : undefined;
      const { table, rank } = placeScore(read.kind === "read" ? read.scores : [], entry);
      const before = read.kind === "read" ? read.dailies ?? [] : [];
      // A daily game's date is kept even when its score does not make the table: one daily game a day.
      const dailies = entry.daily && !before.includes(entry.daily)
        ? [...before, entry.daily].slice(-MAX_DAILIES)
        : before;
      const file = { format: FORMAT, version: 1, scores: table, ...(dailies.length > 0 ? { dailies } : {}) };
      const json = JSON.stringify(file, null, 2) + "\n";
      await writeFileAtomic(path, new TextEncoder().encode(json));
      return { rank, keptAs };
    });
  } catch (e) {
    throw new ScoresNotWritten((e as Error).message, keptAs);
  }
}
