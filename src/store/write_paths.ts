/**
 * Where the game writes, worked out once at start by the game and by its
 * launcher alike: the save with its backup, lock and temporary file, the
 * high-score table with its lock and temporary file, the morgue folder, the
 * folder of files kept aside, the folder of the versions of the data the
 * games name, and the replay with its lock and temporary file. Every one of them has a name known before the game starts, so the
 * launcher grants writing to exactly those ({@link grantsFor}). A place
 * that cannot work (a folder named as the save, a link, a file where a
 * folder must be, two of them the same file, a path the grants do not
 * cover) is refused here in one line, before the screen opens, rather than
 * at the first write.
 *
 * @module
 */
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { defaultSaveDir, KEPT_FOLDER_NAME, SAVE_FILE_NAME, TEMP_SUFFIX } from "./default_places.ts";
import { isSystemPathRefusal, SYSTEM_PATH } from "../content/bounded_file.ts";
import { shownValue } from "../text/shown_value.ts";
import { briefly } from "./os_error.ts";

/** The high-score table's name in the save folder. */
export const SCORES_FILE_NAME = "scores.json";

/** The morgue folder's name in the save folder. */
export const MORGUE_FOLDER_NAME = "morgue";

/** The folder beside the save where the versions of the data its games name are kept (version_folder.ts). */
export const VERSIONS_FOLDER_NAME = "data-versions";

/** The lock file beside a file, held while it is written (or, for the save, while the game runs). */
export const LOCK_SUFFIX = ".lock";

/** The replay's name beside the save when `--record` does not name one. */
export const REPLAY_FILE_NAME = "last-game.replay.json.gz";

/** Said when neither the environment nor the command line gives saves a place. */
export const NO_SAVE_PLACE =
  "no place for saves: set HOME, or XDG_DATA_HOME to an absolute path, or give --save PATH";

/** The paths the command line names, if it names them. */
export interface NamedPaths {
  readonly savePath?: string;
  readonly recordPath?: string;
}

/** The save and the replay as named (the defaults filled in), not yet resolved. */
export interface PlayFiles {
  readonly save: string;
  readonly record: string;
  /** Whether each came from its flag (and so is named by it in a refusal). */
  readonly saveFlag: boolean;
  readonly recordFlag: boolean;
}

/** The save and the replay the program plays with, or undefined when there is no place for saves. */
export function playFiles(
  named: NamedPaths,
  env: (name: string) => string | undefined,
): PlayFiles | undefined {
  const dir = defaultSaveDir(env);
  const save = named.savePath ?? (dir ? join(dir, SAVE_FILE_NAME) : undefined);
  if (save === undefined) return undefined;
  return {
    save,
    record: named.recordPath ?? join(dirname(save), REPLAY_FILE_NAME),
    saveFlag: named.savePath !== undefined,
    recordFlag: named.recordPath !== undefined,
  };
}

/**
 * `path` made absolute with every link on the way followed: the real path
 * of the longest part that exists, then the rest as named (nothing there
 * yet, so nothing to follow).
 */
export async function realPlace(path: string): Promise<string> {
  const absolute = isAbsolute(path) ? path : join(Deno.cwd(), path);
  const rest: string[] = [];
  for (let at = absolute;;) {
    try {
      return resolve(await Deno.realPath(at), ...rest);
    } catch (e) {
      const up = dirname(at);
      if (!(e instanceof Deno.errors.NotFound) || up === at) throw e;
      rest.unshift(basename(at));
      at = up;
    }
  }
}

/**
 * The folder the grants for the file at `file` are in: its folder's own
 * real place, following links above it but not the folder itself. A
 * folder that is a link then leads outside the grants, and the game refuses
 * it at start ({@link checkGrants}).
 */
export async function grantFolder(file: string): Promise<string> {
  const folder = resolve(file, "..");
  return join(await realPlace(dirname(folder)), basename(folder));
}

/** Every file the game writes, absolute and in real folders. */
export interface WritePaths {
  readonly savePath: string;
  readonly recordPath: string;
  readonly scoresPath: string;
  readonly morgueDir: string;
}

/** One path the game writes: what it is (for a refusal), whether it is a folder of Delve's own, whose it is. */
export interface WrittenPath {
  readonly what: string;
  readonly path: string;
  /** A folder Delve owns and writes anything in (the morgue, files kept aside, versions of the data). */
  readonly folder: boolean;
  /** The save's (in the save folder) or the replay's. */
  readonly side: "save" | "replay";
}

/**
 * Every path the game writes, the save folder's first: what save_file.ts,
 * file_lock.ts, high_scores.ts and morgue_file.ts make of `paths`.
 */
export function writtenPaths(paths: WritePaths): WrittenPath[] {
  const one = (side: "save" | "replay", folder: boolean) => (what: string, path: string): WrittenPath => ({
    what,
    path,
    folder,
    side,
  });
  const [file, folder, replay] = [one("save", false), one("save", true), one("replay", false)];
  const { savePath: save, scoresPath: scores, recordPath: record } = paths;
  return [
    file("the save file", save),
    file("the save's backup", `${save}.bak`),
    file("the save's lock", `${save}${LOCK_SUFFIX}`),
    file("the save's temporary file", `${save}${TEMP_SUFFIX}`),
    file("the high-score table", scores),
    file("the high-score table's lock", `${scores}${LOCK_SUFFIX}`),
    file("the high-score table's temporary file", `${scores}${TEMP_SUFFIX}`),
    folder("the morgue folder", paths.morgueDir),
    folder("the folder of files kept aside", join(dirname(save), KEPT_FOLDER_NAME)),
    folder("the folder of data versions", join(dirname(save), VERSIONS_FOLDER_NAME)),
    replay("the replay", record),
    replay("the replay's lock", `${record}${LOCK_SUFFIX}`),
    replay("the replay's temporary file", `${record}${TEMP_SUFFIX}`),
  ];
}

/** The paths written with the save in `saveDir` and the replay in `recordDir`, named as `files` names them. */
function pathsIn(files: PlayFiles, saveDir: string, recordDir: string): WritePaths {
  return {
    savePath: join(saveDir, basename(files.save)),
    recordPath: join(recordDir, basename(files.record)),
    scoresPath: join(saveDir, SCORES_FILE_NAME),
    morgueDir: join(saveDir, MORGUE_FOLDER_NAME),
  };
}

/** Whether something (a link too) is at `path`. */
async function isThere(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (e) {
    if (nothingThere(e)) return false;
    throw e;
  }
}

/**
 * What to grant writing to, for the game `files` names: each path it writes
 * ({@link writtenPaths}), exactly, in folders as {@link grantFolder} finds
 * them. A folder is granted whole only where everything in it is Delve's:
 * Delve's own save folder (`$XDG_DATA_HOME/delve` or `~/.local/share/delve`,
 * `env`'s), a folder that is not there yet (the game makes it), and the
 * morgue, kept-aside and data-versions folders. A path whose folder cannot be worked out
 * is granted as named: the game then refuses it, saying why.
 */
export async function grantsFor(
  files: PlayFiles,
  env: (name: string) => string | undefined,
): Promise<string[]> {
  const folderOf = (file: string) => grantFolder(file).catch(() => resolve(file, ".."));
  const [saveDir, recordDir] = [await folderOf(files.save), await folderOf(files.record)];
  const own = defaultSaveDir(env);
  const ownDir = own === undefined ? undefined : await folderOf(join(own, SAVE_FILE_NAME));
  const whole: string[] = [];
  for (const folder of [saveDir, recordDir]) {
    if (folder === ownDir || !(await isThere(folder).catch(() => true))) whole.push(folder);
  }
  const grants = new Set<string>();
  for (const { path } of writtenPaths(pathsIn(files, saveDir, recordDir))) {
    grants.add(whole.find((folder) => path.startsWith(`${folder}/`)) ?? path);
  }
  return [...grants];
}

/** A place refused at start: the line that says why. */
export class PlaceRefused extends Error {
  override name = "PlaceRefused";
}

/** Whether `e` says there is nothing at a path (or a file where a folder is needed on the way). */
const nothingThere = (e: unknown) =>
  e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory;

/** The nearest part of `path` that exists, and what is there (links followed). */
async function nearestThere(path: string): Promise<{ at: string; info: Deno.FileInfo | undefined }> {
  for (let at = path;;) {
    try {
      return { at, info: await Deno.stat(at) };
    } catch (e) {
      if (!nothingThere(e) || dirname(at) === at) throw e;
      // A link to nothing: there is something, but not a folder.
      const link = await Deno.lstat(at).catch(() => undefined);
      if (link) return { at, info: undefined };
      at = dirname(at);
    }
  }
}

/** Refuses `file` (said as `label`) if it cannot be a file the game writes: `example` names one that can. */
async function checkFile(file: string, label: string, example: string): Promise<void> {
  const absolute = resolve(file);
  let there: Deno.FileInfo | undefined, nearest: { at: string; info: Deno.FileInfo | undefined };
  try {
    there = await Deno.lstat(absolute).catch((e) => {
      if (nothingThere(e)) return undefined;
      throw e;
    });
    nearest = await nearestThere(dirname(absolute));
  } catch (e) {
    throw new PlaceRefused(
      isSystemPathRefusal(e)
        ? `${label} cannot be used: expected a file in a folder of yours, found ${SYSTEM_PATH}`
        : `${label} cannot be used: ${briefly(e as Error)}`,
    );
  }
  if (there?.isSymlink) {
    throw new PlaceRefused(
      `${label} is a symbolic link: Delve does not write through links; name a real file`,
    );
  }
  if (there && !there.isFile && !there.isDirectory) {
    // A device, a named pipe or a socket: no save survives being written there (/dev/full, /dev/null).
    throw new PlaceRefused(`${label} cannot be used: expected a file, found ${specialKind(there)}`);
  }
  if (there?.isDirectory) {
    throw new PlaceRefused(
      `${label} is a folder: name a file in it, such as ${shownValue(join(absolute, example))}`,
    );
  }
  if (!nearest.info?.isDirectory) {
    throw new PlaceRefused(`${label} cannot be made: ${shownValue(nearest.at)} is not a folder`);
  }
}

/** What a path that is neither a file nor a folder nor a link is, in words. */
function specialKind(info: Deno.FileInfo): string {
  if (info.isCharDevice) return "a character device";
  if (info.isBlockDevice) return "a block device";
  if (info.isFifo) return "a named pipe (FIFO)";
  if (info.isSocket) return "a socket";
  return "something other than a file";
}

/** How `files` names the save and the replay in a refusal. */
function labels(files: PlayFiles): { save: string; replay: string } {
  return {
    save: files.saveFlag
      ? `--save ${shownValue(files.save)}`
      : `the save file ${shownValue(resolve(files.save))}`,
    replay: files.recordFlag
      ? `--record ${shownValue(files.record)}`
      : `the replay ${shownValue(resolve(files.record))}`,
  };
}

/**
 * Checks where the game will write and resolves each place to its real
 * folder; throws {@link PlaceRefused} with the line to print. Whether this
 * program may write there is {@link checkGrants}' part.
 */
export async function checkPlaces(files: PlayFiles): Promise<WritePaths> {
  const label = labels(files);
  await checkFile(files.save, label.save, SAVE_FILE_NAME);
  await checkFile(files.record, label.replay, REPLAY_FILE_NAME);
  const saveDir = await realPlace(dirname(resolve(files.save)));
  const recordDir = await realPlace(dirname(resolve(files.record)));
  const paths = pathsIn(files, saveDir, recordDir);
  // Two of them one file, and one write would undo another's.
  const written = writtenPaths(paths);
  for (let j = 1; j < written.length; j++) {
    const i = written.findIndex(({ path }) => path === written[j].path);
    if (i === j) continue;
    const [first, second] = [written[i], written[j]];
    if (second.side === "save") {
      throw new PlaceRefused(
        `${label.save} would make ${first.what} and ${second.what} one file: give the save another name`,
      );
    }
    throw new PlaceRefused(
      second.what === "the replay"
        ? `${label.replay} would also be ${first.what}: give each its own path`
        : `${label.replay} would make ${first.what} and ${second.what} one file: give each its own path`,
    );
  }
  return paths;
}

/**
 * Refuses (with {@link PlaceRefused}) any path of `paths` that this program
 * may not write, naming it as `files` named it: a save folder that is a
 * link to somewhere the grants do not cover is refused here.
 */
export async function checkGrants(files: PlayFiles, paths: WritePaths): Promise<void> {
  for (const { what, path, side } of writtenPaths(paths)) {
    const { state } = await Deno.permissions.query({ name: "write", path });
    if (state === "granted") continue;
    const [file, flag, folder] = side === "save"
      ? [paths.savePath, "--save", "save folder"]
      : [paths.recordPath, "--record", "replay's folder"];
    const [real, named] = [dirname(file), dirname(resolve(side === "save" ? files.save : files.record))];
    throw new PlaceRefused(
      named === real
        ? `Delve may not write ${what} ${
          shownValue(path)
        }: run it with deno task play, or give ${flag} a path it may write`
        : `the ${folder} ${shownValue(named)} leads to ${
          shownValue(real)
        }, where Delve may not write: make it a real folder, or give ${flag} a path elsewhere`,
    );
  }
}
