/**
 * The TCOD tutorial's rules (data/rulesets/tcod/), loaded once for tests:
 * what most tests pin (numbers, texts, colours), kept apart from data/,
 * Delve's own game, which a modder may change.
 */
import { type Content, loadContent } from "../../src/content/mod.ts";
import type { Rules } from "../../src/engine/mod.ts";

export const DATA_DIR = new URL("../../data/rulesets/tcod/", import.meta.url);

/** The label the tutorial's files go by in messages. */
export const DATA_LABEL = "data/rulesets/tcod/";

let cached: Content | undefined;

/** The tutorial's content. */
export async function bundledContent(): Promise<Content> {
  cached ??= await loadContent(DATA_DIR, DATA_LABEL);
  return cached;
}

/** The tutorial's rules with nothing spawned: movement and view alone. */
export async function emptyDungeonRules(): Promise<Rules> {
  const { rules } = await bundledContent();
  return { ...rules, spawn: { ...rules.spawn, maxMonstersPerRoom: [], maxItemsPerRoom: [] } };
}

/** A fresh copy of the tutorial's data folder to mod in a test; returns its path. */
export async function copyOfData(prefix: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix });
  for (const name of ["game.json", "entities.json", "spawn_tables.json"]) {
    await Deno.copyFile(new URL(name, DATA_DIR), `${dir}/${name}`);
  }
  return dir;
}

let delve: Content | undefined;

/** Delve's own game (data/), for tests of what `deno task play` without `--data` plays and saves. */
export async function delveContent(): Promise<Content> {
  delve ??= await loadContent(new URL("../../data/", import.meta.url), "data/");
  return delve;
}
