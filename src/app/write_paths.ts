/**
 * Where the game writes, worked out once at start by the game and by its
 * launcher alike: the save, its backup and lock, the high-score table, the
 * morgue folder and the replay. A place that cannot work (a folder named as
 * the save, a link, a file where a folder must be, two of them the same
 * file, a folder the grants do not cover) is refused here in one line,
 * before the screen opens, rather than at the first write.
 *
 * @module
 */
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { defaultSaveDir, SAVE_FILE_NAME } from "./save_file.ts";

/** The high-score table's name in the save folder. */
export const SCORES_FILE_NAME = "scores.json";

/** The replay's name beside the save when `--record` does not name one. */
export const REPLAY_FILE_NAME = "last-game.replay.json.gz";

/** Said when neither the environment nor the command line gives saves a place. */
export const NO_SAVE_PLACE = "no place for saves: set HOME or XDG_DATA_HOME, or give --save PATH";

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
 * The folder to grant writing in for the file at `file`: its folder's own
 * real place, following links above it but not the folder itself. A
 * folder that is a link then leads outside the grant, and the game refuses
 * it at start ({@link checkPlaces}).
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
    throw new PlaceRefused(`${label} cannot be used: ${(e as Error).message}`);
  }
  if (there?.isSymlink) {
    throw new PlaceRefused(
      `${label} is a symbolic link: Delve does not write through links; name a real file`,
    );
  }
  if (there?.isDirectory) {
    throw new PlaceRefused(`${label} is a folder: name a file in it, such as ${join(absolute, example)}`);
  }
  if (!nearest.info?.isDirectory) {
    throw new PlaceRefused(`${label} cannot be made: ${nearest.at} is not a folder`);
  }
}

/** Refuses `folder` (real) unless this program may write there; `named` is the folder as named. */
async function checkGranted(folder: string, named: string, what: string, flag: string): Promise<void> {
  const { state } = await Deno.permissions.query({ name: "write", path: folder });
  if (state === "granted") return;
  throw new PlaceRefused(
    named === folder
      ? `Delve may not write in the ${what} ${folder}: run it with deno task play, or give ${flag} a path in a folder it may write`
      : `the ${what} ${named} leads to ${folder}, where Delve may not write: make it a real folder, or give ${flag} a path elsewhere`,
  );
}

/**
 * Checks where the game will write and resolves each place to its real
 * folder; throws {@link PlaceRefused} with the line to print. Whether this
 * program may write there is {@link checkGrants}' part.
 */
export async function checkPlaces(files: PlayFiles): Promise<WritePaths> {
  const saveLabel = files.saveFlag ? `--save ${files.save}` : `the save file ${resolve(files.save)}`;
  const recordLabel = files.recordFlag ? `--record ${files.record}` : `the replay ${resolve(files.record)}`;
  await checkFile(files.save, saveLabel, SAVE_FILE_NAME);
  await checkFile(files.record, recordLabel, REPLAY_FILE_NAME);
  const saveDir = await realPlace(dirname(resolve(files.save)));
  const recordDir = await realPlace(dirname(resolve(files.record)));
  const paths: WritePaths = {
    savePath: join(saveDir, basename(files.save)),
    recordPath: join(recordDir, basename(files.record)),
    scoresPath: join(saveDir, SCORES_FILE_NAME),
    morgueDir: join(saveDir, "morgue"),
  };
  // Two of them one file, and one write would undo another's.
  const written: [string, string][] = [
    ["the save file", paths.savePath],
    ["the save's backup", `${paths.savePath}.bak`],
    ["the save's lock", `${paths.savePath}.lock`],
    ["the high-score table", paths.scoresPath],
    ["the high-score table's lock", `${paths.scoresPath}.lock`],
    ["the morgue folder", paths.morgueDir],
    ["the replay", paths.recordPath],
  ];
  for (let j = 1; j < written.length; j++) {
    const i = written.findIndex(([, path]) => path === written[j][1]);
    if (i === j) continue;
    const [first, second] = [written[i][0], written[j][0]];
    throw new PlaceRefused(
      second === "the replay"
        ? `${recordLabel} would also be ${first}: give each its own path`
        : `${saveLabel} would make ${first} and ${second} one file: give the save another name`,
    );
  }
  return paths;
}

/**
 * Refuses (with {@link PlaceRefused}) the real folders of `paths` that this
 * program may not write in, naming each as `files` named it: a save folder
 * that is a link to somewhere the grants do not cover is refused here.
 */
export async function checkGrants(files: PlayFiles, paths: WritePaths): Promise<void> {
  await checkGranted(dirname(paths.savePath), dirname(resolve(files.save)), "save folder", "--save");
  await checkGranted(
    dirname(paths.recordPath),
    dirname(resolve(files.record)),
    "replay's folder",
    "--record",
  );
}
