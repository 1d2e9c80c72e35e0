/**
 * The whole program on one terminal: the title screen, and games started
 * or continued from it. Esc in a game saves it and comes back here; death
 * deletes the save; a save that cannot be read is kept, never overwritten.
 * While another Delve holds the save, games here are played unsaved.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import {
  dataChecksum,
  type GameState,
  type HighScore,
  isGameOver,
  newGame,
  type Rules,
} from "../engine/mod.ts";
import type { CellBuffer, ColorDepth, Terminal } from "../terminal/mod.ts";
import { Frame, type OptionsChoice, type TitleContext, type TitleQuestion, TitleScreen } from "../ui/mod.ts";
import { PlayerOptions } from "./player_options.ts";
import { dailyLine, type DailyMark } from "./daily.ts";
import { type ExitReason, GameSession } from "./game_session.ts";
import { abandonGame, recordDeath, type RecordPlaces, type Told, writeMorgueOf } from "./game_records.ts";
import { readScores } from "./high_scores.ts";
import type { MonsterRunner } from "../worker/mod.ts";
import { deleteSave, keepUnreadable, type SaveWriting, writeSave } from "./save_file.ts";
import { dataStamp, encodeSave } from "./save_format.ts";
import { record, type Recording, REPLAY_LIMITS, startRecording } from "./replay_format.ts";
import { abandonQuestion, examineSave, savedGameLine, whyNotLoaded } from "./saved_game.ts";
import { withLock } from "./file_lock.ts";
import { LOCK_SUFFIX } from "./write_paths.ts";

/** What the program needs besides the terminal and the data. */
export interface DelveOptions {
  readonly savePath: string;
  /** The seed for new games (random when undefined). */
  readonly seed?: number;
  readonly colorDepth: ColorDepth;
  /** This program's version, written into saves. */
  readonly version: string;
  /** A runner for a game played by `rules` (a continued game's may be another rule set's). */
  readonly makeRunner: (rules: Rules) => MonsterRunner;
  readonly randomSeed: () => number;
  readonly now?: () => Date;
  /** Pause between the steps of a walk. */
  readonly walkDelayMs?: number;
  /** The options the file gave (the defaults without one); the options screen changes them for this run. */
  readonly choice?: OptionsChoice;
  /** What was wrong in the options file, a line each: shown on the first title and told in each game. */
  readonly optionsProblems?: readonly string[];
  /** The options file's path, which begins each problem (the log tells them without it). */
  readonly optionsPath?: string;
  /** `--daily`: the UTC date whose daily game new games are (their seed is `seed`). */
  readonly daily?: string;
  /** `--hide-seed`: new games keep their seed off every screen and file but the save until they end. */
  readonly hideSeed?: boolean;
  /** Goes straight on with the saved game, if there is one, before the title (a server's player coming back). */
  readonly resume?: boolean;
  /** Told each game's score as it goes into the table, after its replay and morgue file are written. */
  readonly onScore?: (entry: HighScore, morguePath: string | undefined) => void;
  /** Where the last game's replay is written. */
  readonly recordPath: string;
  /** The folder morgue files go in. */
  readonly morgueDir: string;
  /** The high-score table's file. */
  readonly scoresPath: string;
  /**
   * Set when another Delve holds the save (`pid` names it, when known): games
   * here are played unsaved. Their morgue files and scores are written as any
   * game's (new names, a locked table); the save, its backup and the replay
   * are never touched, so the other program's are kept whole.
   */
  readonly saveInUse?: { readonly pid: number | undefined };
}

/** A popup over the title: its lines, and the yes/no question it asks, if it asks one. */
interface Popup {
  readonly lines: readonly string[];
  readonly ask?: TitleQuestion;
}

/** The save made on leaving the program (Ctrl-C, the input gone) failed: the reason, for one line. */
export class SaveOnLeavingFailed extends Error {
  override name = "SaveOnLeavingFailed";
}

/** The program the player runs: its title screen, and the games started or continued from it. */
export class DelveProgram {
  readonly #title = new TitleScreen();
  /** Whether the title is drawn without colours. */
  readonly #monochrome: boolean;
  readonly #frame: Frame;
  /** The game being played, if any. */
  game: GameSession | undefined;
  /** The game's daily mark, for a daily game (its save keeps it). */
  #daily: DailyMark | undefined;
  /** Whether the game's seed is hidden until it ends (its save keeps that too). */
  #hideSeed = false;
  /** The player's options as they stand: the file's, then as the options screen changed them this run. */
  readonly #options: PlayerOptions;
  /** The recording of that game (none for a save from before recordings). */
  #recording: Recording | undefined;
  /** With the save in use elsewhere: the game left with Esc, kept here for C to continue. */
  #unsaved: GameState | undefined;
  /** The data the title's popup offers to continue the saved game with, while it asks. */
  #offered: Content | undefined;
  /** What became of the game in progress when the program was left (Ctrl-C, the input gone), said on the way out. */
  #farewell: string | undefined;

  constructor(readonly terminal: Terminal, readonly content: Content, readonly options: DelveOptions) {
    this.#monochrome = options.colorDepth === "none";
    this.#frame = new Frame(terminal, options.colorDepth);
    this.#options = new PlayerOptions(
      options.choice ?? { preset: "default", bind: {}, walkDelayMs: options.walkDelayMs ?? 25 },
      options.optionsPath,
      options.optionsProblems ?? [],
      content,
    );
  }

  /** The title screen as last drawn. */
  get screen(): CellBuffer {
    return this.#frame.buffer;
  }

  #now(): Date {
    return this.options.now?.() ?? new Date();
  }

  #render(): void {
    this.#frame.paint((buf) => {
      const context: TitleContext = { theme: this.#options.theme(), monochrome: this.#monochrome };
      this.#title.draw(buf, context);
      this.#options.drawOverTitle(buf, context.theme);
    });
  }

  /** Who holds the save, for the title and its popups. */
  #holder(): string {
    const pid = this.options.saveInUse?.pid;
    return pid === undefined ? "another Delve" : `process ${pid}`;
  }

  /**
   * What the title says about the saved game, and whether Continue can
   * bring it back (if not, the line says why).
   */
  async #describeSave(): Promise<{ line: string; loadable: boolean }> {
    if (this.options.saveInUse) {
      const s = this.#unsaved;
      return s
        ? { line: `Unsaved game: seed ${s.seed}, dungeon level ${s.floor}, turn ${s.turn}`, loadable: true }
        : {
          line: `The save is in use (by ${this.#holder()}): N plays a game that is not saved.`,
          loadable: false,
        };
    }
    const saved = await examineSave(this.options.savePath, this.content);
    return { line: savedGameLine(saved), loadable: saved.kind === "loadable" };
  }

  async #showTitle(popup?: Popup): Promise<void> {
    const scores = await readScores(this.options.scoresPath);
    const saved = await this.#describeSave();
    this.#title.view = {
      saved: saved.line,
      canContinue: saved.loadable,
      scores: scores.kind === "read" ? scores.scores : [],
      ...(this.options.daily
        ? {
          daily: dailyLine((await this.#dailyMark())!, this.options.hideSeed ? undefined : this.options.seed),
        }
        : {}),
      scoresNote: scores.kind === "unreadable"
        ? `The high scores in ${this.options.scoresPath} cannot be read (${scores.reason}); ` +
          "the next game to end keeps that file aside and starts a new table."
        : undefined,
    };
    if (popup) this.#title.showPopup(popup.lines, popup.ask);
    this.#frame.invalidate();
    this.#render();
  }

  /**
   * The saved game and the data to play it by, or the lines of the popup
   * that says why there is none. A save made with other data is played by
   * that data or not at all: if it is a bundled folder, a popup offers it
   * (and `offered` is that data, once the player said yes). With the save
   * in use elsewhere, only the unsaved game left with Esc continues.
   */
  async #load(offered?: Content): Promise<{ state: GameState; content: Content } | Popup> {
    if (this.options.saveInUse) {
      if (this.#unsaved) return { state: this.#unsaved, content: this.content };
      return {
        lines: [
          `The save is in use by ${this.#holder()}.`,
          "Continue it there, or press N for an unsaved game.",
        ],
      };
    }
    const saved = await examineSave(this.options.savePath, this.content);
    if (saved.kind !== "loadable") return { lines: whyNotLoaded(saved) };
    const { content } = saved;
    if (saved.bundled && offered !== content) {
      this.#offered = content;
      const lines = [
        `This save was made with the data in ${content.label},`,
        `not ${this.content.label}: continue it with that data?`,
        "[Y] Yes   [N] No",
      ];
      return { lines, ask: "offer" };
    }
    this.#recording = saved.recording;
    this.#daily = saved.summary.daily;
    this.#hideSeed = saved.summary.hideSeed === true;
    return { state: saved.state, content };
  }

  /** The game a new one would take the place of: the saved one, or the unsaved one left with Esc. */
  async #oldGame(): Promise<
    { state: GameState; content: Content; recording?: Recording; daily?: DailyMark } | undefined
  > {
    if (this.options.saveInUse) {
      return this.#unsaved &&
        { state: this.#unsaved, content: this.content, recording: this.#recording, daily: this.#daily };
    }
    const saved = await examineSave(this.options.savePath, this.content);
    return saved.kind === "loadable" ? { ...saved, daily: saved.summary.daily } : undefined;
  }

  /** Today's daily mark, with `--daily`: scored unless the day's daily game has a score already. */
  async #dailyMark(): Promise<DailyMark | undefined> {
    const date = this.options.daily;
    if (date === undefined) return undefined;
    const scores = await readScores(this.options.scoresPath);
    return { date, scored: !(scores.kind === "read" && scores.dailies?.includes(date)) };
  }

  /** The popup asking before a new game takes the old one's place, if there is one to lose. */
  async #abandonQuestion(): Promise<string[] | undefined> {
    const old = await this.#oldGame();
    if (!old) return undefined;
    return abandonQuestion(this.options.saveInUse ? "unsaved" : "saved", old);
  }

  /** Where this program's games leave their records. */
  get #places(): RecordPlaces {
    const { morgueDir, scoresPath, version } = this.options;
    return {
      morgueDir,
      scoresPath,
      version,
      now: () => this.#now(),
      ...(this.#daily ? { daily: this.#daily } : {}),
      ...(this.#hideSeed ? { hideSeed: true } : {}),
      ...(this.options.onScore ? { onScore: this.options.onScore } : {}),
    };
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
    const { daily: _, ...places } = this.#places;
    const abandoned = await abandonGame(old.daily ? { ...places, daily: old.daily } : places, old);
    if ("popup" in abandoned) return abandoned;
    if (this.options.saveInUse) this.#unsaved = undefined;
    else await this.#queued(() => deleteSave(this.options.savePath)).catch(() => {});
    return abandoned;
  }

  /**
   * A new game, with what the player is to be told as it starts; the old one
   * is abandoned first when the player said so (or, if that cannot be done,
   * the popup saying why). An unreadable old save is moved aside, and the
   * player told.
   */
  async #newGame(abandon: boolean): Promise<{ state: GameState; told: Told[] } | Popup> {
    let told: Told[] = [];
    if (abandon) {
      const abandoned = await this.#abandon();
      if ("popup" in abandoned) return { lines: abandoned.popup };
      told = abandoned.told;
    }
    const state = newGame(this.content.rules, this.options.seed ?? this.options.randomSeed());
    this.#daily = await this.#dailyMark();
    this.#hideSeed = this.options.hideSeed === true;
    this.#recording = startRecording(state.seed, this.options.version, dataChecksum(this.content.rules));
    if (this.options.saveInUse) {
      this.#unsaved = state;
      return { state, told };
    }
    // A game made with other data that is not at hand cannot be read here either: it is kept too.
    const saved = await examineSave(this.options.savePath, this.content);
    if (saved.kind === "unreadable" || saved.kind === "other-data") {
      const kept = await keepUnreadable(this.options.savePath, this.#now());
      told = [...told, ["save_kept", { file: kept }]];
    }
    return { state, told };
  }

  /** Writes the game's save; tells the player if it cannot. An unsaved game has nothing to write. */
  async #save(game: GameSession): Promise<boolean> {
    if (this.options.saveInUse) return true;
    try {
      await this.#write(this.options.savePath, this.#encode(game));
      return true;
    } catch (e) {
      game.notify("save_failed", { reason: (e as Error).message });
      return false;
    }
  }

  /** The save of `game` as it stands whole, stamped with the data it is played by. */
  #encode(game: GameSession): string {
    return encodeSave(
      game.wholeState(),
      dataStamp(game.content),
      this.options.version,
      this.#now(),
      this.#recording,
      this.#daily,
      this.#hideSeed,
    );
  }

  /**
   * Writes the game's replay (where the player said, or beside the save); an unsaved game has none.
   * Delves on two saves in one folder share its replay: they take turns with its lock.
   */
  async #writeReplay(ended: boolean): Promise<void> {
    // A replay names its seed: with the seed hidden, none is written before the game ends.
    if (this.#hideSeed && !ended) return;
    if (this.#recording && !this.options.saveInUse) {
      const [path, json] = [this.options.recordPath, JSON.stringify(this.#recording)];
      const options = { backup: false, noun: "replay", limits: REPLAY_LIMITS };
      await this.#queued(() => withLock(`${path}${LOCK_SUFFIX}`, () => writeSave(path, json, options)));
    }
  }

  /**
   * Plays `state` by `content` (the data it was made with) until the player
   * leaves, first telling the player `told`; the game is saved unless it is
   * over. After an internal error the game stays {@link game}, for the way
   * out to save it whole.
   */
  async #play(state: GameState, content: Content, told: readonly Told[] = []): Promise<ExitReason> {
    const runner = this.options.makeRunner(content.rules);
    const game = new GameSession(this.terminal, content, state, runner, {
      colorDepth: this.options.colorDepth,
      record: (command, turnBefore) => this.#recording && record(this.#recording, command, state, turnBefore),
      onGameOver: async () => {
        if (this.options.saveInUse) this.#unsaved = undefined;
        else await this.#queued(() => deleteSave(this.options.savePath)).catch(() => {});
        await this.#writeReplay(true).catch(() => {});
        return await recordDeath(this.#places, state, content);
      },
      onMorgue: () => writeMorgueOf(this.#places, state, content),
      onNewFloor: async () => void (await this.#save(game)),
      walkDelayMs: this.#options.choice.walkDelayMs,
      choice: this.#options.choice,
      onOptions: (choice, save) => this.#options.change(choice, save),
      ...(this.#hideSeed ? { hideSeed: true } : {}),
    });
    // The program's own notice, not the game's: no rule set's messages (nor its checksum) change for it.
    for (const line of this.#options.logLines) game.notices.add(state.log, line, "impossible");
    for (const [id, values] of told) game.notify(id, values);
    this.game = game;
    let crashed = false;
    try {
      for (;;) {
        const reason = await game.run();
        if (isGameOver(state)) return reason;
        if (reason !== "quit") {
          // An unsaved game leaves with the program, as its title said.
          if (this.options.saveInUse) {
            this.#farewell = `delve: the game was not saved: the save is in use by ${this.#holder()}`;
            return reason;
          }
          // Leaving the program (Ctrl-C, the input gone): a save that fails must be told on the way out.
          await this.#write(this.options.savePath, this.#encode(game)).catch((e: Error) => {
            throw new SaveOnLeavingFailed(e.message);
          });
          this.#farewell = `delve: the game was saved in ${this.options.savePath}`;
          return reason;
        }
        // Esc: save and back to the title; if the save fails, say so and play on.
        if (await this.#save(game)) return reason;
        this.eventsDone++; // that Esc is done with: the game goes on
      }
    } catch (e) {
      crashed = !(e instanceof SaveOnLeavingFailed);
      throw e;
    } finally {
      runner.close();
      if (!crashed) {
        this.game = undefined;
        await this.#writeReplay(isGameOver(state)).catch(() => {});
      }
    }
  }

  /**
   * For the exit paths (signals, internal errors): saves the game in
   * progress once its current turn is over, whole (a turn an internal error
   * cut short is saved as it began). Nothing to do on the title or after death.
   */
  async saveInProgress(): Promise<void> {
    const game = this.game;
    if (game) {
      game.halt();
      // A turn in progress ends first; a death's morgue file and score are written in it.
      await game.idle();
      if (!isGameOver(game.wholeState()) && !this.options.saveInUse) {
        await this.#write(this.options.savePath, this.#encode(game));
        await this.#writeReplay(false).catch(() => {});
      }
    }
    // And whatever was queued before (a replay written as a game closed) is on disk before the exit.
    await this.#writes;
  }

  /**
   * Saves the game in progress as it stands once its current turn is over,
   * and plays on: a browser that went away (docs/server.md, Games).
   */
  async saveNow(): Promise<void> {
    const game = this.game;
    if (!game || this.options.saveInUse) return;
    await game.idle();
    if (this.game === game && !isGameOver(game.wholeState())) {
      await this.#write(this.options.savePath, this.#encode(game));
    }
  }

  /** The writes in flight, one after another. */
  #writes: Promise<unknown> = Promise.resolve();

  /**
   * Writes a file after any write still in flight: a signal can ask for a
   * save while the game loop is saving, and two writers must never share
   * a temporary file.
   */
  #write(path: string, json: string, options?: SaveWriting): Promise<void> {
    return this.#queued(() => writeSave(path, json, options));
  }

  /** Runs `change` to the save folder after every change queued before it. */
  #queued(change: () => Promise<void>): Promise<void> {
    const done = this.#writes.then(change);
    this.#writes = done.catch(() => {});
    return done;
  }

  /**
   * Events the program itself finished: title keys (a game they began played
   * out, the title drawn again), and an Esc whose save failed, handed back to
   * the game. Tests wait on it, and on the game's own count.
   */
  eventsDone = 0;

  /**
   * One line for the terminal once it is restored, after the program was
   * left from a game (Ctrl-C, the input gone): where the game was saved, or
   * why it was not. Undefined when no game was in progress.
   */
  get farewell(): string | undefined {
    return this.#farewell;
  }

  /** Runs the title until the player quits or the input ends. */
  async run(): Promise<ExitReason> {
    if (this.options.resume) {
      // No save (or none that loads) is no matter here: the title says what there is.
      const loaded = await this.#load();
      if (!("lines" in loaded)) {
        const reason = await this.#play(loaded.state, loaded.content);
        if (reason !== "quit") return reason;
      }
    }
    const popup = this.#options.titlePopup;
    await this.#showTitle(popup ? { lines: popup } : undefined);
    for await (const event of this.terminal.events) {
      try {
        if (event.type === "resize") {
          this.#frame.invalidate();
          this.#render();
          continue;
        }
        if (event.type !== "key") continue;
        if (event.ctrl && event.key === "c") return "interrupt";
        // The title is hidden behind the too-small notice: its keys must not act unseen.
        if (this.#frame.tooSmall) continue;
        if (this.#options.overTitle) {
          await this.#options.titleKey(event);
          this.#render();
          continue;
        }
        const choice = this.#title.handleKey(event);
        const offered = this.#offered;
        this.#offered = undefined;
        if (choice.type === "stay") {
          this.#render();
          continue;
        }
        if (choice.type === "quit") return "quit";
        if (choice.type === "options") {
          this.#options.openOverTitle();
          this.#render();
          continue;
        }
        let popup: Popup | undefined;
        let reason: ExitReason = "quit";
        if (choice.type === "new") {
          // A new game never takes a game's place unasked.
          const ask = choice.abandon ? undefined : await this.#abandonQuestion();
          const started = ask ? { lines: ask, ask: "abandon" as const } : await this.#newGame(choice.abandon);
          if ("lines" in started) popup = started;
          else reason = await this.#play(started.state, this.content, started.told);
        } else {
          const loaded = await this.#load(choice.offered ? offered : undefined);
          if ("lines" in loaded) popup = loaded;
          else reason = await this.#play(loaded.state, loaded.content);
        }
        if (reason !== "quit") return reason;
        await this.#showTitle(popup);
      } finally {
        this.eventsDone++;
      }
    }
    return "input-closed";
  }
}
