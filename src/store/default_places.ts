/**
 * Where Delve keeps its files unless told otherwise, and the names it gives
 * the files it writes beside them. Kept apart from the files' readers and
 * writers (which load the schemas) because the launcher works the grants
 * out from these alone, and loads nothing it does not use (write_paths.ts).
 *
 * @module
 */
import { xdgBase } from "./paths.ts";

/** The folder saves go in: `$XDG_DATA_HOME/delve` (an absolute one), else `~/.local/share/delve`. */
export function defaultSaveDir(env: (name: string) => string | undefined): string | undefined {
  const base = xdgBase(env, "XDG_DATA_HOME", ".local/share");
  return base === undefined ? undefined : `${base}/delve`;
}

/** The save file's name in that folder. */
export const SAVE_FILE_NAME = "savegame.json.gz";

/**
 * `$XDG_CONFIG_HOME/delve/options.json` (an absolute one), else
 * `~/.config/delve/options.json`; undefined with neither.
 */
export function defaultOptionsPath(env: (name: string) => string | undefined): string | undefined {
  const base = xdgBase(env, "XDG_CONFIG_HOME", ".config");
  return base === undefined ? undefined : `${base}/delve/options.json`;
}

/** The temporary file's suffix: the new `path` is written as `path.tmp`, then renamed over `path`. */
export const TEMP_SUFFIX = ".tmp";

/** The folder beside a file where an unreadable one is moved (save_file.ts, `keepUnreadable`): Delve's own. */
export const KEPT_FOLDER_NAME = "kept";
