/**
 * Where files are. Everything bundled is found from `import.meta.url`, so the
 * same code works from a checkout and inside a compiled binary.
 *
 * @module
 */
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The bundled data folder. */
export const BUNDLED_DATA_DIR: URL = new URL("../../data/", import.meta.url);

/** A folder given on the command line, as a URL ending in `/`. */
export function userDir(path: string): URL {
  const url = pathToFileURL(resolve(path));
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url;
}

/**
 * A base folder of the XDG Base Directory specification: `$name` (such as
 * `XDG_DATA_HOME`) when it is an absolute path, else `underHome` in the home
 * folder (`~/.local/share`), else undefined. A relative value is ignored, as
 * the specification says: it would put a player's files wherever the game
 * happens to be started.
 */
export function xdgBase(
  env: (name: string) => string | undefined,
  name: string,
  underHome: string,
): string | undefined {
  const xdg = env(name);
  if (xdg && isAbsolute(xdg)) return xdg;
  const home = env("HOME");
  return home ? `${home}/${underHome}` : undefined;
}
