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

/** A fresh copy of the bundled data folder to mod in a test; returns its path. */
export async function copyOfData(prefix: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix });
  for (const name of ["game.json", "entities.json", "spawn_tables.json"]) {
    await Deno.copyFile(new URL(name, DATA_DIR), `${dir}/${name}`);
  }
  return dir;
}
