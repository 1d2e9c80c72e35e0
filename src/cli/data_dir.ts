/**
 * The data folder every command plays by: the bundled one, or `--data DIR`.
 * Problems are printed one per line; the caller exits with status 2.
 *
 * @module
 */
import { type Content, ContentError, loadContent } from "../content/mod.ts";
import { BUNDLED_DATA_DIR, userDir } from "../store/mod.ts";
import { say } from "./say.ts";

/** A loaded data folder and how error lines and reports name it. */
export interface LoadedData {
  readonly content: Content;
  readonly label: string;
}

/** Loads `dir` (the bundled data when undefined); prints every problem and gives undefined if it is bad. */
export async function loadDataOr(dir: string | undefined): Promise<LoadedData | undefined> {
  const label = dir ? dir.replace(/\/?$/, "/") : "data/";
  try {
    return { content: await loadContent(dir ? userDir(dir) : BUNDLED_DATA_DIR, label), label };
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    say(e.problems.join("\n"));
    return undefined;
  }
}

/** An environment variable, or undefined where there is none or no permission to read it. */
export function readEnv(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}
