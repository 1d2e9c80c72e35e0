/**
 * Where files are. Everything bundled is found from `import.meta.url`, so the
 * same code works from a checkout and inside a compiled binary.
 *
 * @module
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The bundled data folder. */
export const BUNDLED_DATA_DIR: URL = new URL("../../data/", import.meta.url);

/** A folder given on the command line, as a URL ending in `/`. */
export function userDir(path: string): URL {
  const url = pathToFileURL(resolve(path));
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url;
}
