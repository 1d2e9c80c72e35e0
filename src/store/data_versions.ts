/**
 * Kept versions of the data (docs/playing.md, Saves): for every checksum of
 * rules Delve has played, exactly what it was taken of (the compiled rules)
 * and the look the game is shown by, stored once, gzipped, so a save or a
 * replay goes on by its own rules after any change to the data or to the
 * loader. This module is a version's file format and the contract of the
 * places that keep them: a folder beside the save (version_folder.ts), the
 * bundled archive in `data/versions/`, a server's table.
 *
 * A version read back is a stranger's file: read within its limits, its
 * checksum taken again and compared with the one it is kept under, its
 * rules and look checked as a data folder is (content/data_version.ts), and
 * refused in one line naming where it was.
 *
 * @module
 */
import { z } from "zod";
import {
  type Content,
  ContentError,
  contentOfVersion,
  DATA_FILE_MAX_DEPTH,
  DATA_FILE_MAX_KEYS,
  DATA_FILE_MAX_VALUES,
  type JsonLimits,
  lookOf,
  textSchema,
} from "../content/mod.ts";
import { dataChecksum, textChecksum } from "../engine/mod.ts";
import { readJsonFile, SAVE_LIMITS } from "./save_file.ts";
import { firstProblem } from "./save_format.ts";
import { whole } from "./save_schema.ts";

/** What a version's file says it is. */
export const VERSION_FORMAT = "delve-data-version";

/** The version of that format this Delve writes; later ones only add fields. */
export const VERSION_FILE_VERSION = 1;

/**
 * What a kept version may hold: the rules and the look of a data folder,
 * whose three files are each at most `DATA_FILE_MAX_BYTES` (8 MB); the
 * bundled data's version inflates to tens of kilobytes.
 */
export const VERSION_LIMITS: JsonLimits = {
  maxBytes: 16 * 1024 * 1024,
  maxInflatedBytes: 32 * 1024 * 1024,
  // The data files' nesting, under the file's own `rules`/`look` and the look's `game`/`entities`.
  maxDepth: DATA_FILE_MAX_DEPTH + 3,
  // What a data folder may hold, its files' together: a version is one folder's rules and look.
  maxValues: DATA_FILE_MAX_VALUES,
  maxKeys: DATA_FILE_MAX_KEYS,
};

/** A kept version of the data, read and checked. */
export interface KeptVersion {
  readonly checksum: number;
  /** The rules and the look, labelled with the folder the version was kept from (`data/`, `mods/mine/`). */
  readonly content: Content;
  /** When it was first kept (ISO 8601). */
  readonly since: string;
}

/** Why a kept version was not taken: one line, naming where it was kept. */
export class VersionRefused extends Error {
  override name = "VersionRefused";
}

/** A place that gives kept versions back by checksum. */
export interface VersionReader {
  /** The version kept under `checksum`, checked; undefined when none is; throws {@link VersionRefused}. */
  read(checksum: number): Promise<KeptVersion | undefined>;
  /** Whether a version is kept under `checksum` (as a file is there: it is not read). */
  has(checksum: number): Promise<boolean>;
}

/**
 * A place that keeps versions for the files that name them (saves, replays,
 * morgue files' replays, finished games), and forgets those no file names.
 */
export interface VersionStore extends VersionReader {
  /**
   * Keeps `content`'s version, once, and notes that the files at `paths`
   * name it: `fixed` ones are never written again (a morgue file's replay),
   * the others may be (a save, the last game's replay) and are read again
   * when the store is pruned.
   */
  keep(content: Content, paths: readonly string[], fixed?: boolean): Promise<void>;
  /** Notes that the file at `to` names what the file at `from` was last noted to name (a backup, a copy). */
  copyName(from: string, to: string, fixed: boolean): Promise<void>;
  /**
   * Forgets the files that are gone, and then every version no file names;
   * resolves to the checksums of the versions removed. Where it cannot tell
   * what a file names, it keeps what it knew: a version is never lost on a doubt.
   */
  prune(): Promise<number[]>;
}

/** The file's shape; the rules and the look are checked as data (content/data_version.ts). */
const versionSchema = z.strictObject({
  format: z.literal(VERSION_FORMAT),
  version: z.int(),
  checksum: whole(0, 0xffff_ffff),
  folder: textSchema(4096),
  since: z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/, { error: "expected a time, as ISO 8601 in UTC" }),
  game: textSchema(200),
  rules: z.unknown(),
  look: z.unknown(),
});

/** The file of `content`'s version, kept from now on by the Delve `gameVersion`: its checksum and JSON. */
export function versionFile(
  content: Content,
  now: Date,
  gameVersion: string,
): { readonly checksum: number; readonly json: string } {
  const checksum = dataChecksum(content.rules);
  const json = JSON.stringify({
    format: VERSION_FORMAT,
    version: VERSION_FILE_VERSION,
    checksum,
    folder: content.label,
    since: now.toISOString(),
    game: gameVersion,
    rules: content.rules,
    look: lookOf(content),
  });
  return { checksum, json };
}

/**
 * The version in a file's JSON `json`, kept under `checksum` at `where`
 * (a path, a row), checked through: a problem is a {@link VersionRefused}.
 */
export function versionFromJson(json: unknown, checksum: number, where: string): KeptVersion {
  const refuse = (reason: string) => new VersionRefused(`${where}: ${reason}`);
  const { format, version } = (json ?? {}) as { format?: unknown; version?: unknown };
  if (format === VERSION_FORMAT && typeof version === "number" && version > VERSION_FILE_VERSION) {
    throw refuse(
      `the data version was kept by a newer Delve (version ${version}; this one reads up to ${VERSION_FILE_VERSION})`,
    );
  }
  const file = versionSchema.safeParse(json, { reportInput: true });
  if (!file.success) throw refuse(firstProblem(file.error, "not a kept version of the data", "$"));
  if (file.data.version < 1) throw refuse(`data version file version ${file.data.version} was never written`);
  const { rules, look, folder, since } = file.data;
  if (file.data.checksum !== checksum) {
    throw refuse(`the data version is kept under ${checksum} but says it is ${file.data.checksum}`);
  }
  const sum = textChecksum(JSON.stringify(rules));
  if (sum !== checksum) throw refuse(`the data version is damaged: its rules sum to ${sum}, not ${checksum}`);
  try {
    return { checksum, content: contentOfVersion(rules, look, folder), since };
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    throw refuse(`the data version is damaged: ${e.problems[0] ?? "its data does not load"}`);
  }
}

/**
 * The checksum of the data a save or replay file's JSON names (what a
 * version is kept for), or undefined when it names none that can be read.
 */
export function checksumNamedBy(json: unknown): number | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const file = json as { format?: unknown; data?: { checksum?: unknown }; dataChecksum?: unknown };
  const sum = file.format === "delve-replay" && file.dataChecksum !== undefined
    ? file.dataChecksum
    : file.data?.checksum;
  return typeof sum === "number" && Number.isInteger(sum) && sum >= 0 && sum <= 0xffff_ffff ? sum : undefined;
}

/**
 * What the file at `path`, noted as naming the version `last`, names now:
 * undefined when the file is gone; `last` for a `fixed` file (never written
 * again), and for one that cannot be read or names none (a version is never
 * forgotten on a doubt); else what it names, read again.
 */
export async function namedNow(path: string, last: number, fixed: boolean): Promise<number | undefined> {
  try {
    await Deno.lstat(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) return undefined;
    return last;
  }
  if (fixed) return last;
  const read = await readJsonFile(path, "save", SAVE_LIMITS).catch(() => undefined);
  return (read?.kind === "read" ? checksumNamedBy(read.json) : undefined) ?? last;
}
