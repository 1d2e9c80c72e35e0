/** The bundled data, loaded once for tests. */
import { type Content, loadContent } from "../../src/content/load_content.ts";
import type { Rules } from "../../src/engine/rules.ts";

export const DATA_DIR = new URL("../../data/", import.meta.url);

let cached: Content | undefined;

/** The bundled data folder's content. */
export async function bundledContent(): Promise<Content> {
  cached ??= await loadContent(DATA_DIR, "data/");
  return cached;
}

/** The bundled rules with nothing spawned: movement and view alone. */
export async function emptyDungeonRules(): Promise<Rules> {
  const { rules } = await bundledContent();
  return { ...rules, spawn: { ...rules.spawn, maxMonstersPerRoom: [], maxItemsPerRoom: [] } };
}
