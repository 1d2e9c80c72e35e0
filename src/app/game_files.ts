/**
 * What the program writes of the game in hand: its save (or, while another
 * Delve holds the save, the game kept in memory instead), its replay, and
 * the places its morgue file and score go; with what a save carries besides
 * the state (the recording, the daily mark, the hidden seed). Writes go one
 * after another: a signal can ask for a save while the game loop is saving,
 * and two writers must never share a temporary file.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import type { GameState } from "../engine/mod.ts";
import {
  type DailyMark,
  type DataShelf,
  dataStamp,
  decodeSave,
  deleteSave,
  encodeSave,
  LOCK_SUFFIX,
  type Recording,
  REPLAY_LIMITS,
  SaveError,
  withLock,
  writeSave,
} from "../store/mod.ts";
import type { GameSession } from "./game_session.ts";
import type { RecordPlaces } from "./game_records.ts";
import type { DelveOptions } from "./delve_options.ts";

/** The save, replay and records of the game in hand, written one after another. */
export class GameFiles {
  /** The recording of the game (none for a save from before recordings). */
  recording: Recording | undefined;
  /** The game's daily mark, for a daily game (its save keeps it). */
  daily: DailyMark | undefined;
  /** Whether the game's seed is hidden until it ends (its save keeps that too). */
  hideSeed = false;
  /** With the save in use elsewhere: the game left with Esc, kept here for C to continue. */
  unsaved: GameState | undefined;
  /** The data of the game in hand (a continued game's may be a kept version's). */
  content: Content | undefined;
  /** The writes in flight, one after another. */
  #writes: Promise<unknown> = Promise.resolve();

  /** The files of the program run with `options`, whose games' data `shelf` finds and keeps. */
  constructor(readonly options: DelveOptions, readonly shelf: DataShelf) {}

  /** The time now, as the program's options tell it. */
  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Who holds the save, for the title and its popups. */
  holder(): string {
    const pid = this.options.saveInUse?.pid;
    return pid === undefined ? "another Delve" : `process ${pid}`;
  }

  /** Where this program's games leave their records. */
  get places(): RecordPlaces {
    const { morgueDir, scoresPath, version } = this.options;
    return {
      morgueDir,
      scoresPath,
      version,
      now: () => this.now(),
      shelf: this.shelf,
      ...(this.daily ? { daily: this.daily } : {}),
      ...(this.hideSeed ? { hideSeed: true } : {}),
      ...(this.options.onScore ? { onScore: this.options.onScore } : {}),
    };
  }

  /** Writes the game's save; tells the player if it cannot. An unsaved game has nothing to write. */
  async save(game: GameSession): Promise<boolean> {
    if (this.options.saveInUse) return true;
    try {
      await this.write(game);
      return true;
    } catch (e) {
      game.notify("save_failed", { reason: (e as Error).message });
      return false;
    }
  }

  /**
   * Writes the save of `game` as it stands whole now, after any write still
   * in flight; throws if it cannot. The version of the data it names is
   * kept first (docs/playing.md, Saves): a save is never written that names
   * data kept nowhere, nor is its backup left naming data that is forgotten.
   */
  write(game: GameSession): Promise<void> {
    const json = this.#encode(game);
    const path = this.options.savePath;
    return this.#queued(async () => {
      await this.shelf.copyName(path, `${path}.bak`, false);
      await this.shelf.keep(game.content, [path]);
      await writeSave(path, json);
    });
  }

  /**
   * The save of `game` as it stands whole, stamped with the data it is played
   * by, read back as a start would read it: a save its own loader refuses is
   * never written (the old one stays, and the player is told why).
   */
  #encode(game: GameSession): string {
    const json = encodeSave(
      game.wholeState(),
      dataStamp(game.content),
      this.options.version,
      this.now(),
      this.recording,
      this.daily,
      this.hideSeed,
    );
    try {
      decodeSave(JSON.parse(json), game.content.rules);
    } catch (e) {
      if (!(e instanceof SaveError)) throw e;
      throw new Error(`the game could not be loaded again (${e.message}), so the save before it is kept`);
    }
    return json;
  }

  /** The game is done with (over, or abandoned): its save is deleted, or the unsaved game forgotten. */
  async discard(): Promise<void> {
    if (this.options.saveInUse) this.unsaved = undefined;
    else await this.#queued(() => deleteSave(this.options.savePath)).catch(() => {});
  }

  /**
   * Writes the game's replay (where the player said, or beside the save); an unsaved game has none.
   * Delves on two saves in one folder share its replay: they take turns with its lock.
   */
  async writeReplay(ended: boolean): Promise<void> {
    // A replay names its seed: with the seed hidden, none is written before the game ends.
    if (this.hideSeed && !ended) return;
    const content = this.content;
    if (this.recording && content && !this.options.saveInUse) {
      const [path, json] = [this.options.recordPath, JSON.stringify(this.recording)];
      const options = { backup: false, noun: "replay", limits: REPLAY_LIMITS };
      await this.#queued(async () => {
        await this.shelf.keep(content, [path]);
        await withLock(`${path}${LOCK_SUFFIX}`, () => writeSave(path, json, options));
      });
    }
  }

  /**
   * Forgets the versions of the data no file names any longer (after every
   * write queued before it); the checksums removed. It never fails the
   * program: a store that cannot be pruned keeps what it has.
   */
  pruneVersions(): Promise<number[]> {
    let removed: number[] = [];
    return this.#queued(async () => {
      removed = await this.shelf.prune().catch(() => []);
    }).then(() => removed);
  }

  /** Resolves once the writes queued so far are done (or failed). */
  settled(): Promise<unknown> {
    return this.#writes;
  }

  /** Runs `change` to the save folder after every change queued before it. */
  #queued(change: () => Promise<void>): Promise<void> {
    const done = this.#writes.then(change);
    this.#writes = done.catch(() => {});
    return done;
  }
}
