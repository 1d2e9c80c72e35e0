/**
 * Which data a saved game was made with. The data folders that come with
 * Delve (`data/` and each folder of `data/rulesets/`) are found by the
 * checksum of their rules: a game saved with one of them can be continued
 * with it, whatever `--data` says.
 *
 * @module
 */
import { type Content, loadContent } from "../content/mod.ts";
import { dataChecksum } from "../engine/mod.ts";
import { BUNDLED_DATA_DIR } from "./paths.ts";
import type { DataStamp } from "./save_format.ts";

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

/** Which data a saved game was made with, against the data the program was started with. */
export type SaveData =
  | { readonly kind: "ours" }
  | { readonly kind: "bundled"; readonly content: Content }
  | { readonly kind: "other"; readonly folder: string };

/**
 * The data a save stamped `stamp` was made with, against `ours`. A save
 * from before saves said (no stamp) is taken as made with `ours`.
 */
export async function saveData(stamp: DataStamp | undefined, ours: Content): Promise<SaveData> {
  if (!stamp || stamp.checksum === dataChecksum(ours.rules)) return { kind: "ours" };
  const content = await bundledDataWith(stamp.checksum);
  return content ? { kind: "bundled", content } : { kind: "other", folder: stamp.folder };
}

/** What the title adds to its line about the saved game: the data it was made with, if not ours. */
export function madeWith(data: SaveData): string {
  if (data.kind === "bundled") return ` (made with ${data.content.label})`;
  return data.kind === "other" ? ` (made with other data: ${JSON.stringify(data.folder)})` : "";
}
