/**
 * The games the title starts: the saved one continued (by the data it was
 * made with, which a popup may offer), or a new one, which never takes a
 * game's place unasked (the old one is then abandoned, and an unreadable
 * save kept aside); and what the title says of the saved game. While
 * another Delve holds the save, only the unsaved game left with Esc
 * continues.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import { type GameState, newGame } from "../engine/mod.ts";
import type { TitleQuestion } from "../ui/mod.ts";
import {
  abandonQuestion,
  type DailyMark,
  type DataShelf,
  dataStamp,
  examineSave,
  type FoundData,
  keepUnreadable,
  readScores,
  type Recording,
  type SavedGame,
  savedGameLine,
  setAsideQuestion,
  startRecording,
  whyNotLoaded,
} from "../store/mod.ts";
import type { GameFiles } from "./game_files.ts";
import { abandonGame, type Told } from "./game_records.ts";
import type { DelveOptions } from "./delve_options.ts";

/** Which data a save found as `found` was made with, for the popup that offers it. */
function madeWith(found: FoundData): string {
  const { label } = found.content;
  return found.kind === "kept" ? `${label} as it was on ${found.since.slice(0, 10)}` : `the data in ${label}`;
}

/** A popup over the title: its lines, and the yes/no question it asks, if it asks one. */
export interface Popup {
  readonly lines: readonly string[];
  readonly ask?: TitleQuestion;
}

/** The new and continued games of the program run with `options` on `content`, whose files `files` writes. */
export class GameStarts {
  /** The data the title's popup offers to continue the saved game with, while it asks. */
  offered: Content | undefined;
  /** The last save refused, and its file as it was then (see {@link GameStarts.#examine}). */
  #refused: { readonly file: string; readonly saved: SavedGame } | undefined;

  /**
   * The games the title starts for the program run with `options` on
   * `content`, its game's files in `files`, the data of saved games found
   * on `shelf`.
   */
  constructor(
    readonly options: DelveOptions,
    readonly content: Content,
    readonly files: GameFiles,
    readonly shelf: DataShelf,
  ) {}

  /**
   * What the title says about the saved game (and, for one made with a kept
   * version of the data, a note saying which and when), and whether
   * Continue can bring it back (if not, the line says why).
   */
  async describeSave(): Promise<{ line: string; note?: string; loadable: boolean }> {
    if (this.options.saveInUse) {
      const s = this.files.unsaved;
      return s
        ? { line: `Unsaved game: seed ${s.seed}, dungeon level ${s.floor}, turn ${s.turn}`, loadable: true }
        : {
          line: `The save is in use (by ${this.files.holder()}): N plays a game that is not saved.`,
          loadable: false,
        };
    }
    const saved = await this.#examine();
    const note = saved.kind === "loadable" ? saved.note : undefined;
    return { line: savedGameLine(saved), ...(note ? { note } : {}), loadable: saved.kind === "loadable" };
  }

  /**
   * The saved game and the data to play it by, or the lines of the popup
   * that says why there is none. A save made with other data is played by
   * that data or not at all: if it is another folder than the program's (a
   * bundled one, or a kept version of one), a popup offers it (and
   * `offered` is that data, once the player said yes). With the save in use
   * elsewhere, only the unsaved game left with Esc continues.
   */
  async load(offered?: Content): Promise<{ state: GameState; content: Content } | Popup> {
    const { files } = this;
    if (this.options.saveInUse) {
      if (files.unsaved) return { state: files.unsaved, content: this.content };
      return {
        lines: [
          `The save is in use by ${files.holder()}.`,
          "Continue it there, or press N for an unsaved game.",
        ],
      };
    }
    const saved = await this.#examine();
    if (saved.kind !== "loadable") return { lines: whyNotLoaded(saved) };
    const { content } = saved;
    if (saved.asks && offered !== content) {
      this.offered = content;
      const lines = [
        `This save was made with ${madeWith(saved.found)},`,
        `not ${this.content.label}: continue it with that data?`,
        "[Y] Yes   [N] No",
      ];
      return { lines, ask: "offer" };
    }
    files.recording = saved.recording;
    files.daily = saved.summary.daily;
    files.hideSeed = saved.summary.hideSeed === true;
    return { state: saved.state, content };
  }

  /** The game a new one would take the place of: the saved one, or the unsaved one left with Esc. */
  async #oldGame(): Promise<
    { state: GameState; content: Content; recording?: Recording; daily?: DailyMark } | undefined
  > {
    const { files } = this;
    if (this.options.saveInUse) {
      return files.unsaved &&
        { state: files.unsaved, content: this.content, recording: files.recording, daily: files.daily };
    }
    const saved = await this.#examine();
    return saved.kind === "loadable" ? { ...saved, daily: saved.summary.daily } : undefined;
  }

  /**
   * The saved game as {@link examineSave} reads it; but a save it refused,
   * still the same file (its inode, size and times), is not read again. The
   * title, Continue and a new game each ask, one after another: a hostile
   * file within its limits costs the reading once, rather than its memory
   * again before the last reading's is given back.
   */
  async #examine(): Promise<SavedGame> {
    const path = this.options.savePath;
    const file = await Deno.stat(path).then(
      (i) => `${i.dev}:${i.ino}:${i.size}:${i.mtime?.getTime()}:${i.ctime?.getTime()}`,
      () => undefined,
    );
    if (file !== undefined && this.#refused?.file === file) return this.#refused.saved;
    const saved = await examineSave(path, this.shelf);
    const refused = saved.kind === "unreadable" || saved.kind === "other-data";
    this.#refused = refused && file !== undefined ? { file, saved } : undefined;
    return saved;
  }

  /**
   * The background a new game starts with without asking: `--background`'s; undefined when the player is
   * to choose one, or the data has none (docs/rules.md, Backgrounds).
   */
  get givenBackground(): string | undefined {
    return this.content.rules.backgrounds ? this.options.background : undefined;
  }

  /** True when a new game asks which background it starts with: the data has them and none was given. */
  get asksBackground(): boolean {
    return this.content.rules.backgrounds !== undefined && this.options.background === undefined;
  }

  /** Today's daily mark, with `--daily`: scored unless the day's daily game has a score already. */
  async dailyMark(): Promise<DailyMark | undefined> {
    const date = this.options.daily;
    if (date === undefined) return undefined;
    const scores = await readScores(this.options.scoresPath);
    return { date, scored: !(scores.kind === "read" && scores.dailies?.includes(date)) };
  }

  /**
   * The popup asking before a new game takes the old one's place, if there
   * is one to lose: a save that cannot be continued here is asked about as
   * any other, for it is then moved aside.
   */
  async abandonQuestion(): Promise<string[] | undefined> {
    if (!this.options.saveInUse) {
      const saved = await this.#examine();
      if (saved.kind === "unreadable" || saved.kind === "other-data") return setAsideQuestion(saved);
    }
    const old = await this.#oldGame();
    if (!old) return undefined;
    return abandonQuestion(this.options.saveInUse ? "unsaved" : "saved", old);
  }

  /**
   * Ends the old game as abandoned (see {@link abandonGame}), then removes
   * its save; or, when its replay could not be kept, the popup saying so
   * (the save stays as it was).
   */
  async #abandon(): Promise<{ readonly told: Told[] } | { readonly popup: string[] }> {
    const old = await this.#oldGame();
    if (!old) return { told: [] };
    // Its own mark: an abandoned daily game is scored (or not) as the day's.
    const { daily: _, ...places } = this.files.places;
    const abandoned = await abandonGame(old.daily ? { ...places, daily: old.daily } : places, old);
    if ("popup" in abandoned) return abandoned;
    await this.files.discard();
    return abandoned;
  }

  /**
   * A new game, with what the player is to be told as it starts; the old one
   * is abandoned first when the player said so (or, if that cannot be done,
   * the popup saying why). An unreadable old save is moved aside, and the
   * player told. `background` is the id of the background it starts with, if the data has them
   * (docs/rules.md, Backgrounds).
   */
  async newGame(abandon: boolean, background?: string): Promise<{ state: GameState; told: Told[] } | Popup> {
    const { files } = this;
    let told: Told[] = [];
    if (abandon) {
      const abandoned = await this.#abandon();
      if ("popup" in abandoned) return { lines: abandoned.popup };
      told = abandoned.told;
    }
    const seed = this.options.seed ?? this.options.randomSeed();
    const state = newGame(this.content.rules, seed, background);
    files.daily = await this.dailyMark();
    files.hideSeed = this.options.hideSeed === true;
    files.recording = startRecording(state.seed, this.options.version, dataStamp(this.content), background);
    if (this.options.saveInUse) {
      files.unsaved = state;
      return { state, told };
    }
    // A game made with data kept nowhere here cannot be read here either: it is kept too (the player said so).
    const saved = await this.#examine();
    if (saved.kind === "unreadable" || saved.kind === "other-data") {
      const kept = await keepUnreadable(this.options.savePath, files.now());
      // It may name a kept version yet (mended by hand, it would play): kept for as long as it is there.
      await this.shelf.copyName(this.options.savePath, kept, true).catch(() => {});
      told = [...told, ["save_kept", { file: kept }]];
    }
    return { state, told };
  }
}
