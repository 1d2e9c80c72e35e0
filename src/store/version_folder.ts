/**
 * Versions of the data kept in a folder: one file a version,
 * `<checksum>.json.gz`, and, where Delve keeps them for a player's games
 * (`data-versions/` beside the save), `names.json`, the files that name
 * each: a version is kept while one of them is there and names it
 * (data_versions.ts). The bundled archive (`data/versions/`) is such a
 * folder without names, never pruned: {@link VersionArchive}.
 *
 * Every write is atomic and under the folder's lock (`names.json.lock`), so
 * Delves sharing the folder (two saves in one folder) never undo each
 * other's; the folder is Delve's own, granted whole (write_paths.ts).
 *
 * @module
 */
import { join } from "node:path";
import { z } from "zod";
import type { Content } from "../content/mod.ts";
import { dataChecksum } from "../engine/mod.ts";
import { withLock } from "./file_lock.ts";
import { makeOwnFolder, readJsonFile, writeFileAtomic, writeSave } from "./save_file.ts";
import { whole } from "./save_schema.ts";
import {
  type KeptVersion,
  namedNow,
  VERSION_LIMITS,
  versionFile,
  versionFromJson,
  type VersionReader,
  VersionRefused,
  type VersionStore,
} from "./data_versions.ts";
import { LOCK_SUFFIX } from "./write_paths.ts";

export { VERSIONS_FOLDER_NAME } from "./write_paths.ts";

/** The list of the files that name the versions, in that folder. */
export const NAMES_FILE_NAME = "names.json";

/**
 * What the list of names may hold: a path and a checksum a file Delve
 * wrote, some hundreds of thousands of them (a morgue file's replay for
 * every game a player ever ended is kept, and each names its version).
 */
const NAMES_LIMITS = { maxBytes: 64 * 1024 * 1024, maxDepth: 8, maxValues: 2_000_000, maxKeys: 1_000_000 };

/** The file a version kept under `checksum` is, in `dir`. */
function versionPath(dir: string, checksum: number): string {
  return join(dir, `${checksum}.json.gz`);
}

/** Whether something is at `path` (a link too); unsure (no permission), it is taken as there. */
async function isThere(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (e) {
    return !(e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory);
  }
}

/** Reads the version kept under `checksum` in `dir`: undefined when there is no such file. */
async function readVersionIn(dir: string, checksum: number): Promise<KeptVersion | undefined> {
  const path = versionPath(dir, checksum);
  const read = await readJsonFile(path, "data version", VERSION_LIMITS);
  if (read.kind === "missing") return undefined;
  if (read.kind === "unreadable") throw new VersionRefused(`${path}: ${read.reason}`);
  return versionFromJson(read.json, checksum, path);
}

/**
 * A folder of versions read, never written: those Delve comes with
 * (`data/versions/`), or another's kept versions a replay is played by.
 */
export class VersionArchive implements VersionReader {
  /** The versions in the folder `dir`. */
  constructor(readonly dir: string) {}

  read(checksum: number): Promise<KeptVersion | undefined> {
    return readVersionIn(this.dir, checksum);
  }

  has(checksum: number): Promise<boolean> {
    return isThere(versionPath(this.dir, checksum));
  }
}

/** One file that names a version: its checksum when last written, and whether it is ever written again. */
interface Name {
  checksum: number;
  fixed: boolean;
}

const namesSchema = z.strictObject({
  format: z.literal("delve-data-names"),
  version: z.literal(1),
  names: z.record(
    z.string().min(1).max(4096),
    z.strictObject({ checksum: whole(0, 0xffff_ffff), fixed: z.boolean() }),
  ),
});

/**
 * The names as read, and whether the list was there at all; undefined when
 * it cannot be read. A list missing where versions are kept (deleted by
 * hand) or unreadable cannot say what is named: then nothing is pruned.
 */
type NamesRead = { readonly names: Map<string, Name>; readonly missing: boolean } | undefined;

/**
 * A folder keeping the versions a player's games name, beside their save
 * (see the module doc). `now` and `gameVersion` stamp a version kept.
 */
export class FolderVersions implements VersionStore {
  /** Versions read back whole in this run: one is not read again before it is kept again. */
  readonly #sound = new Set<number>();

  constructor(
    readonly dir: string,
    readonly stamp: { readonly gameVersion: string; readonly now?: () => Date },
  ) {}

  get #namesPath(): string {
    return join(this.dir, NAMES_FILE_NAME);
  }

  read(checksum: number): Promise<KeptVersion | undefined> {
    return readVersionIn(this.dir, checksum);
  }

  has(checksum: number): Promise<boolean> {
    return isThere(versionPath(this.dir, checksum));
  }

  /** Runs `change` on the names under the folder's lock, and writes them back if it says they changed. */
  #withNames<T>(change: (read: NamesRead) => Promise<{ result: T; changed: boolean }>): Promise<T> {
    return withLock(`${this.#namesPath}${LOCK_SUFFIX}`, async () => {
      const read = await this.#readNames();
      const { result, changed } = await change(read);
      if (changed && read) await this.#writeNames(read.names);
      return result;
    });
  }

  async #readNames(): Promise<NamesRead> {
    const read = await readJsonFile(this.#namesPath, "list of names", NAMES_LIMITS);
    if (read.kind === "missing") return { names: new Map(), missing: true };
    if (read.kind === "unreadable") return undefined;
    const parsed = namesSchema.safeParse(read.json);
    return parsed.success ? { names: new Map(Object.entries(parsed.data.names)), missing: false } : undefined;
  }

  async #writeNames(names: Map<string, Name>): Promise<void> {
    const json = JSON.stringify({ format: "delve-data-names", version: 1, names: Object.fromEntries(names) });
    await writeFileAtomic(this.#namesPath, new TextEncoder().encode(json));
  }

  /** Writes `content`'s version unless one that reads back whole is kept under its checksum already. */
  async #store(content: Content, checksum: number): Promise<void> {
    if (this.#sound.has(checksum) && await this.has(checksum)) return;
    const kept = await this.read(checksum).catch(() => undefined);
    if (!kept) {
      // Missing, or damaged: the version in hand has the same checksum, and replaces a damaged one whole.
      const { json } = versionFile(content, this.stamp.now?.() ?? new Date(), this.stamp.gameVersion);
      await writeSave(versionPath(this.dir, checksum), json, {
        backup: false,
        noun: "data version",
        limits: VERSION_LIMITS,
      });
    }
    this.#sound.add(checksum);
  }

  keep(content: Content, paths: readonly string[], fixed = false): Promise<void> {
    const checksum = dataChecksum(content.rules);
    return makeOwnFolder(this.dir).then(() =>
      this.#withNames(async (read) => {
        await this.#store(content, checksum);
        // Written only when it changes: a game saved again and again names the same version.
        let changed = false;
        for (const path of paths) {
          const name = read?.names.get(path);
          if (name?.checksum === checksum && name.fixed === fixed) continue;
          read?.names.set(path, { checksum, fixed });
          changed = true;
        }
        return { result: undefined, changed };
      })
    );
  }

  async copyName(from: string, to: string, fixed: boolean): Promise<void> {
    // Nothing named yet: nothing to copy, and no folder to make for it.
    if (!(await isThere(this.#namesPath))) return;
    return this.#withNames((read) => {
      const name = read?.names.get(from);
      if (name) read!.names.set(to, { checksum: name.checksum, fixed });
      return Promise.resolve({ result: undefined, changed: name !== undefined });
    });
  }

  async prune(): Promise<number[]> {
    // No list yet: nothing was kept here, nothing to prune (and no folder to make).
    if (!(await isThere(this.#namesPath))) return [];
    return this.#withNames(async (read) => {
      // A list that cannot be read cannot say what is named: nothing is removed.
      if (!read || read.missing) return { result: [], changed: false };
      const named = await namedChecksums(read.names);
      const removed: number[] = [];
      for await (const entry of Deno.readDir(this.dir)) {
        const checksum = /^(\d{1,10})\.json\.gz$/.exec(entry.name)?.[1];
        if (!entry.isFile || checksum === undefined || named.has(Number(checksum))) continue;
        await Deno.remove(join(this.dir, entry.name));
        this.#sound.delete(Number(checksum));
        removed.push(Number(checksum));
      }
      return { result: removed.sort((a, b) => a - b), changed: true };
    });
  }
}

/** The checksums `names` hold (each read again: see {@link namedNow}), their files gone dropped from it. */
async function namedChecksums(names: Map<string, Name>): Promise<Set<number>> {
  const named = new Set<number>();
  for (const [path, name] of names) {
    const now = await namedNow(path, name.checksum, name.fixed);
    if (now === undefined) names.delete(path);
    else named.add(name.checksum = now);
  }
  return named;
}
