/**
 * The versions of the data a server's games name, kept in its database
 * (docs/server.md, The database): one row a version, holding the version's
 * file as the terminal keeps it (gzipped JSON, src/store/data_versions.ts),
 * and one row a file that names one (a player's save, last replay and
 * morgue files' replays, a finished game's replay). A row read back is a
 * stranger's file, checked as one; the store is pruned as the server starts.
 * The server's programs share it, one change at a time.
 *
 * @module
 */
import { describeJsonProblem, untrustedJsonOf } from "../content/mod.ts";
import type { Content } from "../content/mod.ts";
import { dataChecksum } from "../engine/mod.ts";
import {
  gzip,
  type KeptVersion,
  namedNow,
  VERSION_LIMITS,
  versionFile,
  versionFromJson,
  VersionRefused,
  type VersionStore,
} from "../store/mod.ts";
import type { ServerStore } from "./store.ts";

/** The versions of the data kept in a server's database; `where` names the database in refusals. */
export class TableVersions implements VersionStore {
  /** Versions read back whole in this run: one is not read again before it is kept again. */
  readonly #sound = new Set<number>();
  /** The changes in flight, one after another (a prune must not see half a keep). */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly store: ServerStore,
    readonly where: string,
    readonly stamp: { readonly gameVersion: string; readonly now?: () => Date },
  ) {}

  /** Runs `change` after every change before it. */
  #serial<T>(change: () => Promise<T>): Promise<T> {
    const done = this.#queue.then(change);
    this.#queue = done.catch(() => {});
    return done;
  }

  async read(checksum: number): Promise<KeptVersion | undefined> {
    const bytes = this.store.dataVersion(checksum);
    if (!bytes) return undefined;
    const where = `${this.where}, data version ${checksum}`;
    const read = await untrustedJsonOf(bytes, VERSION_LIMITS);
    if (read.kind === "refused") {
      throw new VersionRefused(`${where}: ${describeJsonProblem(read.problem, "data version")}`);
    }
    const [first] = read.keyProblems;
    if (first) {
      throw new VersionRefused(`${where}: the data version is damaged at ${first.path}: ${first.message}`);
    }
    return versionFromJson(read.json, checksum, where);
  }

  has(checksum: number): Promise<boolean> {
    return Promise.resolve(this.store.hasDataVersion(checksum));
  }

  keep(content: Content, paths: readonly string[], fixed = false): Promise<void> {
    const checksum = dataChecksum(content.rules);
    return this.#serial(async () => {
      if (!this.#sound.has(checksum) || !this.store.hasDataVersion(checksum)) {
        // Missing, or damaged: the version in hand has the same checksum, and replaces a damaged one whole.
        if (!(await this.read(checksum).catch(() => undefined))) {
          const now = this.stamp.now?.() ?? new Date();
          const { json } = versionFile(content, now, this.stamp.gameVersion);
          this.store.putDataVersion(checksum, content.label, now.toISOString(), await gzip(json));
        }
        this.#sound.add(checksum);
      }
      for (const path of paths) this.store.nameDataVersion(path, checksum, fixed);
    });
  }

  copyName(from: string, to: string, fixed: boolean): Promise<void> {
    return this.#serial(() => {
      const name = this.store.dataVersionNames().find((n) => n.path === from);
      if (name) this.store.nameDataVersion(to, name.checksum, fixed);
      return Promise.resolve();
    });
  }

  prune(): Promise<number[]> {
    return this.#serial(async () => {
      const named = new Set<number>();
      for (const { path, checksum, fixed } of this.store.dataVersionNames()) {
        const now = await namedNow(path, checksum, fixed);
        if (now === undefined) this.store.forgetDataVersionName(path);
        else {
          if (now !== checksum) this.store.nameDataVersion(path, now, fixed);
          named.add(now);
        }
      }
      const removed = this.store.dataVersionChecksums().filter((checksum) => !named.has(checksum));
      for (const checksum of removed) {
        this.store.forgetDataVersion(checksum);
        this.#sound.delete(checksum);
      }
      return removed;
    });
  }
}
