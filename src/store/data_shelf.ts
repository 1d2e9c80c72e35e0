/**
 * Where the data a game was made with is found, by the checksum of its
 * rules (docs/playing.md, Saves): the data the program was started with;
 * a data folder that comes with Delve as it is today (`data/`, each rule set
 * of `data/rulesets/`, each mod of `data/mods/`); the versions Delve comes
 * with (`data/versions/`); the versions kept for the player's own games (a
 * folder beside the save, or a server's table). Every one is checked by its
 * checksum as it is read; one found is remembered for the program's run.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { type Content, loadContent } from "../content/mod.ts";
import { dataChecksum } from "../engine/mod.ts";
import { BUNDLED_DATA_DIR } from "./paths.ts";
import { VersionArchive } from "./version_folder.ts";
import { type VersionReader, VersionRefused, type VersionStore } from "./data_versions.ts";

/** The folders of data that come with Delve, each with the label it goes by. */
export async function bundledFolders(): Promise<[URL, string][]> {
  const folders: [URL, string][] = [[BUNDLED_DATA_DIR, "data/"]];
  for (const group of ["rulesets", "mods"]) {
    const names: string[] = [];
    try {
      for await (const entry of Deno.readDir(new URL(`${group}/`, BUNDLED_DATA_DIR))) {
        if (entry.isDirectory) names.push(entry.name);
      }
    } catch {
      // None of this group to offer.
    }
    for (const name of names.sort()) {
      folders.push([new URL(`${group}/${name}/`, BUNDLED_DATA_DIR), `data/${group}/${name}/`]);
    }
  }
  return folders;
}

let loading: Promise<Content[]> | undefined;

/** Every bundled data folder that loads, as it is today, loaded once (each is the same object every time). */
export function bundledData(): Promise<Content[]> {
  loading ??= (async () => {
    const contents: Content[] = [];
    for (const [dir, label] of await bundledFolders()) {
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

/** The versions of the data that come with Delve (written by `deno task versions`). */
export function bundledArchive(): VersionArchive {
  return new VersionArchive(fileURLToPath(new URL("versions/", BUNDLED_DATA_DIR)));
}

/** What was found of the data a game names. */
export type DataFound =
  /** The data the program was started with. */
  | { readonly kind: "ours"; readonly content: Content }
  /** Another data folder that comes with Delve, as it is today. */
  | { readonly kind: "bundled"; readonly content: Content }
  /** A kept version (a folder as it was when `since`, ISO 8601). */
  | { readonly kind: "kept"; readonly content: Content; readonly since: string }
  /** Kept nowhere this program looks. */
  | { readonly kind: "missing" }
  /** Kept, but damaged or not Delve's: `reason` is the line that says so. */
  | { readonly kind: "refused"; readonly reason: string };

/** Data found for a game: what its save plays by. */
export type FoundData = Exclude<DataFound, { kind: "missing" | "refused" }>;

/**
 * The places the data of a game is looked for, in order (see the module
 * doc), and the store that keeps the versions the player's files name.
 */
export class DataShelf {
  readonly #found = new Map<number, DataFound>();

  /**
   * `ours` first, then the bundled folders, the `archive`, the `readers`
   * (other places versions are kept), and `store`, where the versions of
   * the games played here are kept (a folder beside the save, a server's
   * table; none: nothing is kept).
   */
  constructor(
    readonly ours: Content,
    readonly places: {
      readonly archive?: VersionReader;
      readonly readers?: readonly VersionReader[];
      readonly store?: VersionStore;
    } = {},
  ) {}

  /** The data whose rules have `checksum`, wherever it is kept (see {@link DataFound}). */
  async find(checksum: number): Promise<DataFound> {
    const known = this.#found.get(checksum);
    if (known) return known;
    const found = await this.#look(checksum);
    if (found.kind !== "missing" && found.kind !== "refused") this.#found.set(checksum, found);
    return found;
  }

  async #look(checksum: number): Promise<DataFound> {
    if (dataChecksum(this.ours.rules) === checksum) return { kind: "ours", content: this.ours };
    // A bundled folder named as the program's is the program's: its other versions are kept ones.
    const bundled = (await bundledData()).find((content) =>
      content.label !== this.ours.label && dataChecksum(content.rules) === checksum
    );
    if (bundled) return { kind: "bundled", content: bundled };
    const { archive, readers = [], store } = this.places;
    let refused: string | undefined;
    for (const reader of [archive, ...readers, store]) {
      if (!reader) continue;
      try {
        const kept = await reader.read(checksum);
        if (kept) return { kind: "kept", content: kept.content, since: kept.since };
      } catch (e) {
        if (!(e instanceof VersionRefused)) throw e;
        // A damaged copy is told only when no other place keeps the version whole.
        refused ??= e.message;
      }
    }
    return refused === undefined ? { kind: "missing" } : { kind: "refused", reason: refused };
  }

  /**
   * Keeps `content`'s version for the files at `paths`, which name it
   * (`fixed`: never written again): in the store, unless Delve comes with it.
   */
  async keep(content: Content, paths: readonly string[], fixed = false): Promise<void> {
    const { archive, store } = this.places;
    if (!store || await archive?.has(dataChecksum(content.rules))) return;
    await store.keep(content, paths, fixed);
  }

  /** Notes that the file at `to` names what the one at `from` did (see {@link VersionStore.copyName}). */
  async copyName(from: string, to: string, fixed: boolean): Promise<void> {
    await this.places.store?.copyName(from, to, fixed);
  }

  /** Prunes the store (see {@link VersionStore.prune}); the checksums of the versions removed. */
  async prune(): Promise<number[]> {
    const removed = await this.places.store?.prune() ?? [];
    for (const checksum of removed) this.#found.delete(checksum);
    return removed;
  }
}
