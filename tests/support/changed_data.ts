/**
 * Delve's own data (data/) copied to a folder of a test's, to change as an
 * update of the game would: a monster's HP, a new item, a template removed,
 * a rule of the engine turned on by its data word.
 */
import { type Content, loadContent } from "../../src/content/mod.ts";
import { userDir } from "../../src/store/mod.ts";

const DATA = new URL("../../data/", import.meta.url);
const FILES = { game: "game.json", entities: "entities.json", spawn: "spawn_tables.json" } as const;

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** A data folder's files as JSON, to change. */
export type DataFilesJson = { game: Json; entities: Json; spawn: Json };

/** A copy of data/ (its palettes too) in a new folder; its path. */
export async function copyOfDelveData(prefix: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix });
  for (const name of [...Object.values(FILES), "palettes.json"]) {
    await Deno.copyFile(new URL(name, DATA), `${dir}/${name}`);
  }
  return dir;
}

/** Makes `change` to the data folder at `dir`, in place. */
export async function changeData(dir: string, change: (files: DataFilesJson) => void): Promise<void> {
  const files = Object.fromEntries(
    await Promise.all(
      Object.entries(FILES).map(async (
        [key, name],
      ) => [key, JSON.parse(await Deno.readTextFile(`${dir}/${name}`))]),
    ),
  ) as DataFilesJson;
  change(files);
  for (const [key, name] of Object.entries(FILES)) {
    await Deno.writeTextFile(`${dir}/${name}`, JSON.stringify(files[key as keyof DataFilesJson], null, 2));
  }
}

/** The data folder at `dir`, loaded as the player named it (`label`). */
export function loadedData(dir: string, label: string): Promise<Content> {
  return loadContent(userDir(dir), label);
}

/** Every weight table of the spawn tables, monsters' and items'. */
function weightTables(spawn: Json): Json[] {
  return [...spawn.monsters, ...spawn.items].map((step: Json) => step.weights);
}

/** The updates a game's data goes through, each as it changes the files. */
export const UPDATES: Readonly<Record<string, (files: DataFilesJson) => void>> = {
  "an orc's HP": ({ entities }) => {
    entities.orc.fighter.hp += 7;
  },
  "a new item": ({ entities, spawn }) => {
    entities.tonic = { ...entities.health_potion, name: "Tonic", description: "A bitter brew." };
    for (const weights of spawn.items.map((step: Json) => step.weights)) weights.tonic = 20;
  },
  "a template removed": ({ entities, spawn }) => {
    delete entities.kobold;
    for (const weights of weightTables(spawn)) delete weights.kobold;
  },
  // Delve's own data names no death rule: the dead then leave their corpses.
  "a rule turned on by its data word (the dead leave nothing)": ({ game }) => {
    game.death = { leaves: "nothing" };
  },
};
