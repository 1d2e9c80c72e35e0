/**
 * The data folder every command plays by: the bundled one, or `--data DIR`.
 * Problems are printed one per line; the caller exits with status 2.
 *
 * @module
 */
import { type Content, ContentError, loadContent } from "../content/mod.ts";
import { BUNDLED_DATA_DIR, userDir } from "../store/mod.ts";
import { say } from "./say.ts";
import { VERSION } from "./version.ts";

/** A loaded data folder and how error lines and reports name it. */
export interface LoadedData {
  readonly content: Content;
  readonly label: string;
}

/** A folder as lines name it: the path as given, ending in "/". */
function folderLabel(path: string): string {
  return path.replace(/\/?$/, "/");
}

/**
 * Loads `dir` (the bundled data when undefined) with the mod folders `mods`
 * laid over it in order; prints every problem and gives undefined if any.
 */
export async function loadDataOr(
  dir: string | undefined,
  mods: readonly string[] = [],
): Promise<LoadedData | undefined> {
  const label = dir ? folderLabel(dir) : "data/";
  try {
    const content = await loadContent(dir ? userDir(dir) : BUNDLED_DATA_DIR, label, {
      mods: mods.map((mod) => ({ dir: userDir(mod), label: folderLabel(mod) })),
      delveVersion: VERSION,
    });
    return { content, label: content.label };
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
