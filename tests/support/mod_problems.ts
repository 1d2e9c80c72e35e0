/** Bad-data tests: a mod's files changed in a copy, then loaded, and the problems it was refused with. */
import { ContentError, loadContent } from "../../src/content/mod.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** A mod's three files, parsed, to change before they are loaded. */
export interface ModFiles {
  game: Json;
  entities: Json;
  spawn: Json;
}

/** A new folder holding the data folder `mod` with `change` made to a copy of its parsed files; its path. */
export async function modCopy(mod: URL, change: (files: ModFiles) => void): Promise<string> {
  const read = (name: string) => JSON.parse(Deno.readTextFileSync(new URL(name, mod)));
  const files: ModFiles = {
    game: read("game.json"),
    entities: read("entities.json"),
    spawn: read("spawn_tables.json"),
  };
  change(files);
  const dir = await Deno.makeTempDir({ prefix: "delve-mod-copy-" });
  Deno.writeTextFileSync(`${dir}/game.json`, JSON.stringify(files.game));
  Deno.writeTextFileSync(`${dir}/entities.json`, JSON.stringify(files.entities));
  Deno.writeTextFileSync(`${dir}/spawn_tables.json`, JSON.stringify(files.spawn));
  return dir;
}

/**
 * The problems of the data folder `mod` (named `mod/` in them) with
 * `change` made to a copy of its parsed files; none when it loads.
 */
export async function modProblems(mod: URL, change: (files: ModFiles) => void): Promise<string[]> {
  const dir = await modCopy(mod, change);
  try {
    await loadContent(new URL(`file://${dir}/`), "mod/");
    return [];
  } catch (e) {
    if (e instanceof ContentError) return [...e.problems];
    throw e;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
