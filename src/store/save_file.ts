/**
 * Save files on disk. Writing never leaves a half-written save: the new
 * save goes to a temporary file in the same folder, is flushed to disk, and
 * is renamed over the old one, which is first kept as `.bak` by a hard link
 * (so there is no moment without a whole save). A save that cannot be read
 * is reported, never deleted or changed; every file is read through the
 * bounded reader (src/content/untrusted_json.ts) within its kind's limits.
 *
 * Every name written beside the save is known in advance (the file, its
 * `.bak` and its `.tmp`, and the folder `kept/`), so `deno task play` can
 * grant writing to exactly those (write_paths.ts).
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import {
  bytesInWords,
  describeJsonProblem,
  heldBytes,
  type JsonLimits,
  readUntrustedJson,
  scanJson,
} from "../content/mod.ts";
import { KEPT_FOLDER_NAME, TEMP_SUFFIX } from "./default_places.ts";

/**
 * What a save may hold. A save is the game's state and its replay so far,
 * and reading one costs its text and its values (each JavaScript objects,
 * then zod's copies: untrusted_json.ts), which these bound: the process's
 * peak stays within its own and four times the inflated limit
 * (docs/performance.md, How each figure is measured). The bundled data's 80x43
 * floors save in tens of kilobytes, the largest floor the data allows
 * (1000x1000, fullest) in under 15 MB and 900,000 values, and the replay is
 * bounded by `REPLAY_LIMITS` (replay_format.ts), which a save must take
 * whole besides. Gzip shrinks the JSON the game writes ten times and more,
 * so a quarter of the inflated limit on disk is room enough.
 */
export const SAVE_LIMITS: JsonLimits = {
  maxBytes: 8 * 1024 * 1024,
  maxInflatedBytes: 64 * 1024 * 1024,
  maxValues: 640_000,
  /** An entity has some thirty fields, a record of what is worn one a slot. */
  maxKeys: 1000,
  /**
   * A save nests 8 deep, or 6 plus one level for each confusion a monster is
   * under at once (a confused monster's AI keeps the one it had before: see
   * src/engine/items/items.ts). The bundled data spawns at most 60 items a floor
   * and the player carries 26, so no bundled game reaches 100. Zod's check
   * of a confused AI overflows the stack at about 1,000 levels (measured,
   * Deno 2.9): 500 is half of that.
   */
  maxDepth: 500,
};

/** What reading a save found. */
export type SaveRead =
  | { readonly kind: "missing" }
  | { readonly kind: "read"; readonly json: unknown }
  | { readonly kind: "unreadable"; readonly reason: string };

/** `data` as gzip bytes. */
async function gzipBytes(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const response = new Response(new Blob([data]).stream().pipeThrough(new CompressionStream("gzip")));
  return new Uint8Array(await response.arrayBuffer());
}

/** `text` as gzip bytes. */
export function gzip(text: string): Promise<Uint8Array> {
  return gzipBytes(new TextEncoder().encode(text));
}

/** How {@link writeSave} writes: the kind of file, and so its limits. */
export interface SaveWriting {
  /** Keep the previous file as `path.bak` (the default). */
  readonly backup?: boolean;
  /** What the file is, for the reason it could not be kept ("save" by default). */
  readonly noun?: string;
  /** What its reader takes ({@link SAVE_LIMITS} by default). */
  readonly limits?: JsonLimits;
  /** The file must be new: an existing one is never replaced (see {@link writeFileAtomic}). */
  readonly fresh?: boolean;
}

/**
 * Writes `json` gzipped as the file at `path`. A file its own reader would
 * refuse for its size is not written at all (the old one stays), and the
 * error says so: a game never leaves a save it cannot load.
 */
export async function writeSave(
  path: string,
  json: string,
  { backup = true, noun = "save", limits = SAVE_LIMITS, fresh = false }: SaveWriting = {},
): Promise<void> {
  const tooLarge = (size: number, most: number) =>
    new Error(
      `the game is too large to keep as a ${noun} (${bytesInWords(size)}; a ${noun} holds at most ${
        bytesInWords(most)
      })`,
    );
  const plain = new TextEncoder().encode(json);
  const most = limits.maxInflatedBytes;
  // As its reader counts it: the text as held (heldBytes), which is more than its bytes only past Latin-1.
  const held = Math.max(plain.length, heldBytes(json));
  if (most !== undefined && held > most) throw tooLarge(held, most);
  // Its values too: a game as long as its reader refuses is not kept (the nesting is bounded by the rules).
  if (scanJson(json, Infinity, limits.maxValues).kind === "too_many") {
    throw new Error(
      `the game is too large to keep as a ${noun} (more than ${
        limits.maxValues.toLocaleString("en-US")
      } values; a ${noun} holds at most that)`,
    );
  }
  const packed = await gzipBytes(plain);
  if (packed.length > limits.maxBytes) throw tooLarge(packed.length, limits.maxBytes);
  await writeFileAtomic(path, packed, { backup, fresh });
}

/**
 * Writes `data` as the file at `path` so that a reader only ever finds the
 * old file or the new one, whole: a synced temporary file renamed over it.
 * The old one is kept as `path.bak` unless `backup` is false.
 *
 * The temporary file is `path.tmp`, a name known in advance: whoever writes
 * `path` must be its only writer, holding its lock (the save's for the save,
 * their own for the high-score table and the replay). A file already there
 * is then a crash's leftover, or planted: it is removed (a link, not what it
 * leads to) and made anew.
 *
 * With `fresh`, `path` must not exist yet (a morgue file, in a folder of
 * Delve's own that any Delve writes in): the temporary file is this
 * process's own (`path.<pid>.tmp`), and the file is linked into place, which
 * fails with `Deno.errors.AlreadyExists` rather than replace another.
 *
 * Nothing is written through a symbolic link: the temporary file is created
 * new (which fails on a link, even a dangling one), a rename or a hard link
 * replaces or makes a name and never follows one, and a folder or file that
 * is a link is refused with {@link LinkRefused}.
 */
export async function writeFileAtomic(
  path: string,
  data: Uint8Array,
  { backup = false, fresh = false } = {},
): Promise<void> {
  const dir = dirname(path);
  await makeOwnFolder(dir);
  // Renamed over, a link would only be replaced; but the player named a file, not a link to one.
  if (!fresh) await refuseLink(path, "file");
  const { temp, file } = fresh ? await createOwnTemp(path) : await createTemp(`${path}${TEMP_SUFFIX}`);
  try {
    try {
      for (let offset = 0; offset < data.length;) offset += await file.write(data.subarray(offset));
      await file.syncData();
    } finally {
      file.close();
    }
    if (backup) await keepBackup(path);
    if (fresh) {
      await Deno.link(temp, path);
      await Deno.remove(temp);
    } else {
      await Deno.rename(temp, path);
    }
  } catch (e) {
    // A full disk: drop the partial copy; the file it was to replace is untouched.
    await Deno.remove(temp).catch(() => {});
    throw e;
  }
  await syncFolder(dir);
}

/**
 * Makes the folder `dir` (and those above it) when it is missing; a folder
 * that is a link would take what is written in it wherever it points, and
 * is refused with {@link LinkRefused}.
 */
export async function makeOwnFolder(dir: string): Promise<void> {
  if (!(await refuseLink(dir, "folder"))) await Deno.mkdir(dir, { recursive: true });
}

/** A write refused because a symbolic link stands where a file or folder of Delve's should be. */
export class LinkRefused extends Error {
  override name = "LinkRefused";
}

/**
 * Throws {@link LinkRefused} when `path` is a symbolic link; resolves to
 * whether something (not a link) is there. `what` names it in the message.
 */
async function refuseLink(path: string, what: string): Promise<boolean> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
  if (info.isSymlink) {
    throw new LinkRefused(`the ${what} ${path} is a symbolic link: Delve does not write through links`);
  }
  return true;
}

/**
 * The new, empty temporary file `temp`. Its writer holds the lock on what it
 * replaces, so anything already at the name is left by a crash or planted:
 * it is removed (a link is removed, never followed; a folder with files in
 * it is not, and the write fails saying so) and the file created new, so
 * nothing at the name is ever opened or changed.
 */
async function createTemp(temp: string): Promise<{ temp: string; file: Deno.FsFile }> {
  for (let attempt = 1;; attempt++) {
    try {
      return { temp, file: await Deno.open(temp, { write: true, createNew: true }) };
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists) || attempt >= 5) throw e;
    }
    try {
      await Deno.remove(temp);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
}

/**
 * A new, empty temporary file beside `path` of this process's own:
 * `path.<pid>.tmp`, or `path.<pid>-2.tmp`… when that name is taken (left by
 * a crash of an earlier process with the same id, or planted as a link). It
 * is created new, so nothing at the name is ever opened, followed or changed.
 */
async function createOwnTemp(path: string): Promise<{ temp: string; file: Deno.FsFile }> {
  let file: Deno.FsFile | undefined;
  const temp = await claimName(`${path}.${Deno.pid}`, TEMP_SUFFIX, async (name) => {
    file = await Deno.open(name, { write: true, createNew: true });
  });
  return { temp, file: file! };
}

/** Hard-links the current file as `.bak`: the old save stays whole while the new one is renamed in. */
async function keepBackup(path: string): Promise<void> {
  try {
    await Deno.remove(`${path}.bak`);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  try {
    await Deno.link(path, `${path}.bak`);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
}

/** Makes the rename itself durable; not every platform can open a folder. */
async function syncFolder(dir: string): Promise<void> {
  try {
    const folder = await Deno.open(dir, { read: true });
    try {
      await folder.sync();
    } finally {
      folder.close();
    }
  } catch {
    // Best effort: the data itself is already on disk.
  }
}

/** Reads the save at `path` (gzip): missing, its JSON, or why it cannot be read. */
export function readSave(path: string): Promise<SaveRead> {
  return readJsonFile(path, "save", SAVE_LIMITS);
}

/**
 * Reads the JSON file at `path` (a save, a replay, the high scores: what
 * `noun` says) within `limits`: missing, its JSON, or why it cannot be
 * read, in a sentence for the player. Never throws for what the file holds.
 */
export async function readJsonFile(path: string, noun: string, limits: JsonLimits): Promise<SaveRead> {
  const read = await readUntrustedJson(path, limits);
  if (read.kind === "missing") return read;
  if (read.kind === "refused") {
    return { kind: "unreadable", reason: describeJsonProblem(read.problem, noun) };
  }
  const [first] = read.keyProblems;
  if (first) {
    return { kind: "unreadable", reason: `the ${noun} is damaged at ${first.path}: ${first.message}` };
  }
  return { kind: "read", json: read.json };
}

/** Removes the save (and its backup): the game it held is over. */
export async function deleteSave(path: string): Promise<void> {
  for (const file of [path, `${path}.bak`]) {
    try {
      await Deno.remove(file);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
}

/**
 * Moves an unreadable file (a save, the high-score table) aside before a
 * new one takes its place, so it is kept for the player to recover: into
 * the folder `kept/` beside it, as `<name>.unreadable-<time>`. The folder
 * is Delve's own, so the names in it need not be known in advance. Returns
 * the file's new path.
 */
export async function keepUnreadable(path: string, now: Date): Promise<string> {
  const folder = join(dirname(path), KEPT_FOLDER_NAME);
  // A folder that is a link would take the file wherever it points; a missing one is made.
  if (!(await refuseLink(folder, "folder"))) await Deno.mkdir(folder, { recursive: true });
  const base = join(folder, `${basename(path)}.unreadable-${now.toISOString().replace(/[:.]/g, "-")}`);
  // Linked, not renamed: an earlier file kept in the same millisecond is never replaced.
  const aside = await claimName(base, "", (name) => Deno.link(path, name));
  await Deno.remove(path);
  return aside;
}

/**
 * Makes a file named `base` + `ext` with `make`, or `base-2` + `ext`,
 * `base-3` + `ext`… when the name is taken (`make` throws AlreadyExists);
 * resolves to the name used.
 */
export async function claimName(
  base: string,
  ext: string,
  make: (name: string) => Promise<void>,
): Promise<string> {
  for (let n = 1;; n++) {
    const name = n === 1 ? `${base}${ext}` : `${base}-${n}${ext}`;
    try {
      await make(name);
      return name;
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists) || n >= 1000) throw e;
    }
  }
}
