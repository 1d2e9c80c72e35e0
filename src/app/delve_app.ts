/**
 * The whole program on one terminal: the title screen, and games started
 * or continued from it. Esc in a game saves it and comes back here; death
 * deletes the save; a save that cannot be read is kept, never overwritten.
 * While another Delve holds the save, games here are played unsaved.
 *
 * @module
 */
import type { Content } from "../content/load_content.ts";
import { tell } from "../engine/narration.ts";
import { type HighScore, scoreOf } from "../engine/score.ts";
import { type GameState, newGame, playerOf } from "../engine/state.ts";
import { isGameOver } from "../engine/turn.ts";
import type { CellBuffer } from "../terminal/cell_buffer.ts";
import type { ColorDepth } from "../terminal/color.ts";
import type { Terminal } from "../terminal/terminal.ts";
import { Frame } from "../ui/frame.ts";
import type { Theme } from "../ui/theme.ts";
import { drawTitle, type TitleView } from "../ui/title_screen.ts";
import type { GameOverReport, MorgueWritten } from "../ui/game_over_screen.ts";
import { deathText } from "../ui/death_text.ts";
import { morgueText } from "../ui/morgue_text.ts";
import { type ExitReason, GameApp } from "./game_app.ts";
import { addHighScore, readScores, ScoresNotWritten } from "./high_scores.ts";
import { writeMorgue } from "./morgue_file.ts";
import type { MonsterRunner } from "./monster_runner.ts";
import { deleteSave, keepUnreadable, readSave, writeSave } from "./save_file.ts";
import { decodeSave, encodeSave, savedReplay, SaveError, summarizeSave } from "./save_format.ts";
import { continueRecording, dataChecksum, record, type Recording, startRecording } from "./replay_format.ts";

import { themeFromContent } from "./theme_from_content.ts";

/** What the program needs besides the terminal and the data. */
export interface DelveOptions {
  readonly savePath: string;
  /** The seed for new games (random when undefined). */
  readonly seed?: number;
  readonly colorDepth: ColorDepth;
  /** This program's version, written into saves. */
  readonly version: string;
  readonly makeRunner: () => MonsterRunner;
  readonly randomSeed: () => number;
  readonly now?: () => Date;
  /** Pause between the steps of a walk. */
  readonly walkDelayMs?: number;
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

/** An OS error without the call and path Deno adds ("Permission denied (os error 13)"), for one screen line. */
function briefly(e: Error): string {
  return e.message.replace(/(\(os error \d+\)):.*$/, "$1");
}

/** The save made on leaving the program (Ctrl-C, the input gone) failed: the reason, for one line. */
export class SaveOnLeavingFailed extends Error {
  override name = "SaveOnLeavingFailed";
}

/** The program: title, games, saves. */
export class DelveApp {
  readonly #theme: Theme;
  readonly #frame: Frame;
  #view: TitleView = {};
  /** The game being played, if any. */
  game: GameApp | undefined;
  /** The recording of that game (none for a save from before recordings). */
  #recording: Recording | undefined;
  /** With the save in use elsewhere: the game left with Esc, kept here for C to continue. */
  #unsaved: GameState | undefined;

  constructor(readonly terminal: Terminal, readonly content: Content, readonly options: DelveOptions) {
    this.#theme = themeFromContent(content);
    this.#frame = new Frame(terminal, options.colorDepth);
  }

  /** The title screen as last drawn. */
  get screen(): CellBuffer {
    return this.#frame.buffer;
  }

  #now(): Date {
    return this.options.now?.() ?? new Date();
  }

  #render(): void {
    this.#frame.paint((buf) => drawTitle(buf, this.#theme, this.#view, this.options.colorDepth === "none"));
  }

  /** Who holds the save, for the title and its popups. */
  #holder(): string {
    const pid = this.options.saveInUse?.pid;
    return pid === undefined ? "another Delve" : `process ${pid}`;
  }

  /** What the title says about the saved game. */
  async #describeSave(): Promise<string | undefined> {
    if (this.options.saveInUse) {
      const s = this.#unsaved;
      return s
        ? `Unsaved game: seed ${s.seed}, dungeon level ${s.floor}, turn ${s.turn}`
        : `The save is in use (by ${this.#holder()}): N plays a game that is not saved.`;
    }
    const read = await readSave(this.options.savePath);
    if (read.kind === "missing") return undefined;
    if (read.kind === "unreadable") return "There is a saved game, but it cannot be read.";
    try {
      const s = summarizeSave(read.json);
      return `Saved game: seed ${s.seed}, dungeon level ${s.floor}, turn ${s.turn}`;
    } catch {
      return "There is a saved game, but it cannot be read.";
    }
  }

  async #showTitle(popup?: readonly string[]): Promise<void> {
    const scores = await readScores(this.options.scoresPath);
    this.#view = {
      saved: await this.#describeSave(),
      popup,
      scores: scores.kind === "read" ? scores.scores : [],
      scoresNote: scores.kind === "unreadable"
        ? `The high scores in ${this.options.scoresPath} cannot be read (${scores.reason}); ` +
          "the next game to end keeps that file aside and starts a new table."
        : undefined,
    };
    this.#frame.invalidate();
    this.#render();
  }

  /** The saved game, or the lines of the popup that says why there is none. */
  async #load(): Promise<GameState | string[]> {
    if (this.options.saveInUse) {
      if (this.#unsaved) return this.#unsaved;
      return [
        `The save is in use by ${this.#holder()}.`,
        "Continue it there, or press N for an unsaved game.",
      ];
    }
    const read = await readSave(this.options.savePath);
    if (read.kind === "missing") return ["No saved game to load."];
    if (read.kind === "unreadable") return ["Failed to load save:", read.reason];
    try {
      const state = decodeSave(read.json);
      try {
        this.#recording = continueRecording(savedReplay(read.json));
      } catch {
        this.#recording = undefined; // a save from before recordings: the game goes on unrecorded
      }
      return state;
    } catch (e) {
      if (e instanceof SaveError) return ["Failed to load save:", e.message];
      throw e;
    }
  }

  /** A new game; an unreadable old save is moved aside first, and the player told. */
  async #newGame(): Promise<GameState> {
    const state = newGame(this.content.rules, this.options.seed ?? this.options.randomSeed());
    this.#recording = startRecording(state.seed, this.options.version, dataChecksum(this.content.rules));
    if (this.options.saveInUse) {
      this.#unsaved = state;
      return state;
    }
    const read = await readSave(this.options.savePath);
    let unreadable = read.kind === "unreadable";
    if (read.kind === "read") {
      try {
        decodeSave(read.json);
      } catch {
        unreadable = true;
      }
    }
    if (unreadable) {
      const kept = await keepUnreadable(this.options.savePath, this.#now());
      tell(state.log, this.content.rules, "save_kept", { file: kept });
    }
    return state;
  }

  /** Writes the game's save; says so in the game's log if it cannot. An unsaved game has nothing to write. */
  async #save(game: GameApp): Promise<boolean> {
    if (this.options.saveInUse) return true;
    try {
      await this.#write(this.options.savePath, this.#encode(game.state));
      return true;
    } catch (e) {
      tell(game.state.log, this.content.rules, "save_failed", { reason: (e as Error).message });
      return false;
    }
  }

  #encode(state: GameState): string {
    return encodeSave(state, this.options.version, this.#now(), this.#recording);
  }

  /** Writes the game's replay (where the player said, or beside the save); an unsaved game has none. */
  async #writeReplay(): Promise<void> {
    if (this.#recording && !this.options.saveInUse) {
      await this.#write(this.options.recordPath, JSON.stringify(this.#recording), { backup: false });
    }
  }

  /** Writes the morgue file of `state`; resolves to its path, or why it could not be written. */
  #writeMorgue(state: GameState): Promise<MorgueWritten> {
    const now = this.#now();
    const text = morgueText(state, this.content.rules, this.#theme, { version: this.options.version, now });
    return writeMorgue(this.options.morgueDir, state, text, now).then(
      (path) => ({ path }),
      (e: Error) => ({ error: briefly(e) }),
    );
  }

  /** After a death: the morgue file, and the game in the high scores. */
  async #recordEnd(state: GameState): Promise<GameOverReport> {
    const morgue = await this.#writeMorgue(state);
    const now = this.#now();
    const player = playerOf(state);
    const entry: HighScore = {
      score: scoreOf(state, this.content.rules.score),
      depth: state.floor,
      level: player.level?.current ?? 1,
      xp: state.chronicle.xpEarned,
      turns: state.turn,
      seed: state.seed,
      date: now.toISOString(),
      cause: state.chronicle.death ? deathText(state.chronicle.death) : "died",
      version: this.options.version,
    };
    try {
      const { rank, keptAs } = await addHighScore(this.options.scoresPath, entry, now);
      return { morgue, rank, scoresKeptAs: keptAs };
    } catch (e) {
      const keptAs = e instanceof ScoresNotWritten ? e.keptAs : undefined;
      return { morgue, scoreError: briefly(e as Error), scoresKeptAs: keptAs };
    }
  }

  /** Plays `state` until the player leaves; the game is saved unless it is over. */
  async #play(state: GameState): Promise<ExitReason> {
    const runner = this.options.makeRunner();
    const game = new GameApp(this.terminal, this.content, state, runner, {
      colorDepth: this.options.colorDepth,
      record: (command, turnBefore) => this.#recording && record(this.#recording, command, state, turnBefore),
      onGameOver: async () => {
        if (this.options.saveInUse) this.#unsaved = undefined;
        else await this.#queued(() => deleteSave(this.options.savePath)).catch(() => {});
        await this.#writeReplay().catch(() => {});
        return await this.#recordEnd(state);
      },
      onMorgue: () => this.#writeMorgue(state),
      onNewFloor: async () => void (await this.#save(game)),
      walkDelayMs: this.options.walkDelayMs,
    });
    this.game = game;
    try {
      for (;;) {
        const reason = await game.run();
        if (isGameOver(state)) return reason;
        if (reason !== "quit") {
          // An unsaved game leaves with the program, as its title said.
          if (this.options.saveInUse) return reason;
          // Leaving the program (Ctrl-C, the input gone): a save that fails must be told on the way out.
          await this.#write(this.options.savePath, this.#encode(state)).catch((e: Error) => {
            throw new SaveOnLeavingFailed(e.message);
          });
          return reason;
        }
        // Esc: save and back to the title; if the save fails, say so and play on.
        if (await this.#save(game)) return reason;
        this.eventsDone++; // that Esc is done with: the game goes on
      }
    } finally {
      this.game = undefined;
      runner.close();
      await this.#writeReplay().catch(() => {});
    }
  }

  /**
   * For the exit paths (signals, crashes): saves the game in progress once
   * its current turn is over. Nothing to do on the title or after death.
   */
  async saveInProgress(): Promise<void> {
    const game = this.game;
    if (game) {
      game.halt();
      // A turn in progress ends first; a death's morgue file and score are written in it.
      await game.idle();
      if (!isGameOver(game.state) && !this.options.saveInUse) {
        await this.#write(this.options.savePath, this.#encode(game.state));
        await this.#writeReplay().catch(() => {});
      }
    }
    // And whatever was queued before (a replay written as a game closed) is on disk before the exit.
    await this.#writes;
  }

  /** The writes in flight, one after another. */
  #writes: Promise<unknown> = Promise.resolve();

  /**
   * Writes a file after any write still in flight: a signal can ask for a
   * save while the game loop is saving, and two writers must never share
   * a temporary file.
   */
  #write(path: string, json: string, options?: { backup: boolean }): Promise<void> {
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

  /** Runs the title until the player quits or the input ends. */
  async run(): Promise<ExitReason> {
    await this.#showTitle();
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
        if (this.#view.popup) {
          this.#view = { ...this.#view, popup: undefined };
          this.#render();
          continue;
        }
        const key = event.key.toLowerCase();
        if (key === "q" || event.key === "Escape") return "quit";
        if (key !== "n" && key !== "c") continue;
        let popup: readonly string[] | undefined;
        let reason: ExitReason = "quit";
        if (key === "n") {
          reason = await this.#play(await this.#newGame());
        } else {
          const loaded = await this.#load();
          if (Array.isArray(loaded)) popup = loaded;
          else reason = await this.#play(loaded);
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
