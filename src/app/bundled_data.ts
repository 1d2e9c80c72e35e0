/**
 * The data folders that come with Delve (`data/` and each folder of
 * `data/rulesets/`), found by the checksum of their rules: a game saved
 * with one of them can be continued with it, whatever `--data` says.
 *
 * @module
 */
import { type Content, loadContent } from "../content/load_content.ts";
import { dataChecksum } from "../engine/checksum.ts";
import { BUNDLED_DATA_DIR } from "./paths.ts";

let loading: Promise<Content[]> | undefined;

/** Every bundled data folder that loads, loaded once (each is the same object every time). */
export function bundledData(): Promise<Content[]> {
  loading ??= (async () => {
    const rulesets = new URL("rulesets/", BUNDLED_DATA_DIR);
    const names: string[] = [];
    try {
      for await (const entry of Deno.readDir(rulesets)) if (entry.isDirectory) names.push(entry.name);
    } catch {
      // No rule sets to offer: only data/ itself.
    }
    const folders: [URL, string][] = [
      [BUNDLED_DATA_DIR, "data/"],
      ...names.sort().map((name): [URL, string] => [new URL(`${name}/`, rulesets), `data/rulesets/${name}/`]),
    ];
    const contents: Content[] = [];
    for (const [dir, label] of folders) {
      try {
        contents.push(await loadContent(dir, label));
      } catch {
        // A bundled folder that does not load is not offered; its own tests say why.
      }
    }
    return contents;
  })();
  return loading;
}

/** The bundled data whose rules have `checksum`, if any. */
export async function bundledDataWith(checksum: number): Promise<Content | undefined> {
  return (await bundledData()).find((content) => dataChecksum(content.rules) === checksum);
}
