/**
 * The whole program on one terminal: the title screen, and games started
 * or continued from it. Esc in a game saves it and comes back here; death
 * deletes the save; a save that cannot be read is kept, never overwritten.
 * While another Delve holds the save, games here are played unsaved.
 * Which game the title starts is game_starts.ts's; what a game writes
 * (save, replay, records), game_files.ts's.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import { type GameState, isGameOver } from "../engine/mod.ts";
import type { CellBuffer, Terminal } from "../terminal/mod.ts";
import { BackgroundScreen, Frame, type GameOverReport, type TitleContext, TitleScreen } from "../ui/mod.ts";
import { shownValue } from "../text/mod.ts";
import type { DelveOptions } from "./delve_options.ts";
import { PlayerOptions } from "./player_options.ts";
import { dailyLine } from "./daily.ts";
import { type ExitReason, GameSession } from "./game_session.ts";
import { recordDeath, type Told, writeMorgueOf } from "./game_records.ts";
import { dirname, join } from "node:path";
import {
  bundledArchive,
  DataShelf,
  FolderVersions,
  readScores,
  record,
  VERSIONS_FOLDER_NAME,
} from "../store/mod.ts";
import { GameFiles } from "./game_files.ts";
import { GameStarts, type Popup } from "./game_starts.ts";

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
  /** The player's options as they stand: the file's, then as the options screen changed them this run. */
  readonly #options: PlayerOptions;
  /** The save, replay and records of the game in hand, and what its save carries besides the state. */
  readonly #files: GameFiles;
  /** The games the title starts: new ones, and the saved one continued. */
  readonly #starts: GameStarts;
  /**
   * The choice of a background, while it is open over the title (docs/rules.md, Backgrounds), and whether
   * the new game it starts abandons the old one (the player said so).
   */
  #choosing: { readonly screen: BackgroundScreen; readonly abandon: boolean } | undefined;
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
    // The versions of the data the player's games name: the server's table, or a folder beside the save.
    const store = options.versions ??
      new FolderVersions(join(dirname(options.savePath), VERSIONS_FOLDER_NAME), {
        gameVersion: options.version,
        ...(options.now ? { now: options.now } : {}),
      });
    const shelf = new DataShelf(content, { archive: bundledArchive(), store });
    this.#files = new GameFiles(options, shelf);
    this.#starts = new GameStarts(options, content, this.#files, shelf);
  }

  /** The title screen as last drawn. */
  get screen(): CellBuffer {
    return this.#frame.buffer;
  }

  #render(): void {
    this.#frame.paint((buf) => {
      const context: TitleContext = { theme: this.#options.theme(), monochrome: this.#monochrome };
      this.#title.draw(buf, context);
      this.#options.drawOverTitle(buf, context.theme);
      this.#choosing?.screen.draw(buf, context.theme);
    });
  }

  async #showTitle(popup?: Popup): Promise<void> {
    const scores = await readScores(this.options.scoresPath);
    const saved = await this.#starts.describeSave();
    this.#title.view = {
      saved: saved.line,
      ...(saved.note ? { savedNote: saved.note } : {}),
      canContinue: saved.loadable,
      scores: scores.kind === "read" ? scores.scores : [],
      ...(this.options.daily
        ? {
          daily: dailyLine(
            (await this.#starts.dailyMark())!,
            this.options.hideSeed ? undefined : this.options.seed,
          ),
        }
        : {}),
      ...(this.content.mods?.length ? { mods: this.content.mods.map((m) => `${m.name} ${m.version}`) } : {}),
      scoresNote: scores.kind === "unreadable"
        ? `The high scores in ${this.options.scoresPath} cannot be read (${scores.reason}); ` +
          "the next game to end keeps that file aside and starts a new table."
        : undefined,
    };
    if (popup) this.#title.showPopup(popup.lines, popup.ask);
    this.#frame.invalidate();
    this.#render();
  }

  /** `report` with its files' paths as {@link DelveOptions.shownPath} shows them. */
  #shown<T extends Pick<GameOverReport, "morgue" | "replay">>(report: T): T {
    const shown = this.options.shownPath;
    if (!shown) return report;
    return {
      ...report,
      morgue: "path" in report.morgue ? { path: shown(report.morgue.path) } : report.morgue,
      ...(report.replay === undefined ? {} : { replay: shown(report.replay) }),
    };
  }

  /**
   * Plays `state` by `content` (the data it was made with) until the player
   * leaves, first telling the player `told`; the game is saved unless it is
   * over. After an internal error the game stays {@link game}, for the way
   * out to save it whole.
   */
  async #play(state: GameState, content: Content, told: readonly Told[] = []): Promise<ExitReason> {
    const runner = this.options.makeRunner(content.rules);
    this.#files.content = content;
    const game = new GameSession(this.terminal, content, state, runner, {
      colorDepth: this.options.colorDepth,
      record: (command, turnBefore) => {
        const recording = this.#files.recording;
        return recording && record(recording, command, state, turnBefore);
      },
      onGameOver: async () => {
        await this.#files.discard();
        await this.#files.writeReplay(true).catch(() => {});
        // An unsaved game (the save in use elsewhere) keeps no replay, beside its morgue file or anywhere.
        const recording = this.options.saveInUse ? undefined : this.#files.recording;
        return this.#shown(await recordDeath(this.#files.places, state, content, recording));
      },
      onMorgue: async () =>
        this.#shown({ morgue: await writeMorgueOf(this.#files.places, state, content) }).morgue,
      onNewFloor: async () => void (await this.#files.save(game)),
      walkDelayMs: this.#options.choice.walkDelayMs,
      choice: this.#options.choice,
      onOptions: (choice, save) => this.#options.change(choice, save),
      ...(this.#files.hideSeed ? { hideSeed: true } : {}),
      ...(this.options.inBrowser ? { inBrowser: true } : {}),
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
            this.#farewell = `delve: the game was not saved: the save is in use by ${this.#files.holder()}`;
            return reason;
          }
          // Leaving the program (Ctrl-C, the input gone): a save that fails must be told on the way out.
          await this.#files.write(game).catch((e: Error) => {
            throw new SaveOnLeavingFailed(e.message);
          });
          this.#farewell = `delve: the game was saved in ${shownValue(this.options.savePath)}`;
          return reason;
        }
        // Esc: save and back to the title; if the save fails, say so and play on.
        if (await this.#files.save(game)) return reason;
        this.eventsDone++; // that Esc is done with: the game goes on
      }
    } catch (e) {
      crashed = !(e instanceof SaveOnLeavingFailed);
      throw e;
    } finally {
      runner.close();
      if (!crashed) {
        this.game = undefined;
        await this.#files.writeReplay(isGameOver(state)).catch(() => {});
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
        await this.#files.write(game);
        await this.#files.writeReplay(false).catch(() => {});
      }
    }
    // And whatever was queued before (a replay written as a game closed) is on disk before the exit.
    await this.#files.settled();
  }

  /**
   * Saves the game in progress as it stands once its current turn is over,
   * and plays on: a browser that went away (docs/server.md, Games).
   */
  async saveNow(): Promise<void> {
    const game = this.game;
    if (!game || this.options.saveInUse) return;
    await game.idle();
    if (this.game === game && !isGameOver(game.wholeState())) await this.#files.write(game);
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
  /** Whether the choice of a background is open over the title: a key there starts a new game, or goes back. */
  get choosingBackground(): boolean {
    return this.#choosing !== undefined;
  }

  get farewell(): string | undefined {
    return this.#farewell;
  }

  /** Runs the title until the player quits or the input ends. */
  async run(): Promise<ExitReason> {
    if (this.options.resume) {
      // No save (or none that loads) is no matter here: the title says what there is.
      const loaded = await this.#starts.load();
      if (!("lines" in loaded)) {
        const reason = await this.#play(loaded.state, loaded.content);
        if (reason !== "quit") return reason;
      }
    }
    const popup = this.#options.titlePopup;
    await this.#showTitle(popup ? { lines: popup } : undefined);
    try {
      await this.options.warmUp?.();
    } catch {
      // Only a head start: the player's game is its own (an error in the engine would show there, in its turn).
    }
    // The versions of the data no file names any longer are forgotten, while the player reads the title
    // (a store given with the options is its owner's to prune: a server prunes its table as it starts).
    if (!this.options.versions) void this.#files.pruneVersions();
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
        let popup: Popup | undefined;
        let reason: ExitReason = "quit";
        const choosing = this.#choosing;
        if (choosing) {
          const picked = choosing.screen.handleKey(event);
          if (picked.type === "back") this.#choosing = undefined;
          if (picked.type !== "start") {
            this.#render();
            continue;
          }
          this.#choosing = undefined;
          const started = await this.#starts.newGame(choosing.abandon, picked.background);
          if ("lines" in started) popup = started;
          else reason = await this.#play(started.state, this.content, started.told);
          if (reason !== "quit") return reason;
          await this.#showTitle(popup);
          continue;
        }
        const choice = this.#title.handleKey(event);
        const offered = this.#starts.offered;
        this.#starts.offered = undefined;
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
        if (choice.type === "new") {
          // A new game never takes a game's place unasked.
          const ask = choice.abandon ? undefined : await this.#starts.abandonQuestion();
          if (!ask && this.#starts.asksBackground) {
            // Which background it starts with is asked last: Escape there leaves every game as it was.
            this.#choosing = { screen: new BackgroundScreen(this.content.rules), abandon: choice.abandon };
            this.#render();
            continue;
          }
          const started = ask
            ? { lines: ask, ask: "abandon" as const }
            : await this.#starts.newGame(choice.abandon, this.#starts.givenBackground);
          if ("lines" in started) popup = started;
          else reason = await this.#play(started.state, this.content, started.told);
        } else {
          const loaded = await this.#starts.load(choice.offered ? offered : undefined);
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
