/**
 * One player's Delve on the server (docs/server.md, Games): the same program
 * the terminal runs (title, games, saves, morgue files, replays), its
 * screen sent to the player's page and to everyone watching. The player may
 * leave and come back: the game is saved when the page goes and shown again,
 * whole, when one comes. A watcher too slow for the frames is skipped until
 * it catches up, then sent the whole screen; the game never waits for it.
 *
 * @module
 */
import { join } from "node:path";
import type { Content } from "../content/mod.ts";
import { DelveProgram } from "../app/mod.ts";
import type { OptionsChoice } from "../ui/mod.ts";
import { type HighScore, playerOf, type Rules } from "../engine/mod.ts";
import { ENTER_SEQUENCE } from "../terminal/mod.ts";
import type { MonsterRunner } from "../worker/mod.ts";
import { type ServerMessage, serverMessage } from "./protocol.ts";
import { ScreenMirror } from "./screen_mirror.ts";
import { SocketTerminal } from "./socket_terminal.ts";

/** Where messages go: a WebSocket, as the host sees one. */
export interface Sink {
  send(text: string): void;
  /** Bytes queued and not yet sent. */
  readonly bufferedAmount: number;
  /** Ends the connection, saying why (a WebSocket's close). */
  close?(code?: number, reason?: string): void;
}

/** A watcher with more than this queued is skipped until it drains. */
export const WATCHER_BACKLOG_BYTES = 256 * 1024;

/** The close code of a page whose player left Delve from its title (the play page goes back to the lobby). */
export const LEFT_CODE = 4000;

/** What every game on the server is made with: the data, the version, AI runners, seeds and the clock. */
export interface ProgramParts {
  readonly content: Content;
  readonly version: string;
  readonly makeRunner: (rules: Rules) => MonsterRunner;
  readonly randomSeed: () => number;
  readonly now?: () => Date;
}

/** What a host needs to run a player's games. */
export interface GameHostOptions extends ProgramParts {
  readonly player: string;
  /** The player's folder under the server's state: saves, replays, morgue files, scores. */
  readonly dir: string;
  readonly columns: number;
  readonly rows: number;
  readonly choice?: OptionsChoice;
  /** The player's options file (saved to from the options screen), and what was wrong with it. */
  readonly optionsPath?: string;
  readonly optionsProblems?: readonly string[];
  /** How a file's path is shown to the player: the address of its page, not a path on the server. */
  readonly shownPath?: (path: string) => string;
  /** Told each game's score, with its morgue file, as the game ends. */
  readonly onScore?: (entry: HighScore, morguePath: string | undefined) => void;
}

/** What the lobby shows of a live game. */
export interface GameInfo {
  readonly player: string;
  /** 0 on the title. */
  readonly depth: number;
  readonly level: number;
  readonly turns: number;
  readonly idleMs: number;
  readonly watchers: number;
  readonly columns: number;
  readonly rows: number;
}

/** A player's program on the server, with its player's page and its watchers. */
export class GameHost {
  readonly terminal: SocketTerminal;
  readonly program: DelveProgram;
  readonly mirror: ScreenMirror;
  #player: Sink | undefined;
  /** Each watcher, and whether it is skipped until it catches up. */
  readonly #watchers = new Map<Sink, { behind: boolean }>();
  #lastInput: number;
  /** Resolves when the program has ended (the player quit, or the host was closed). */
  readonly done: Promise<void>;
  #ended = false;
  /** Set when the server closes the program (it then says why itself). */
  #closing = false;

  constructor(readonly options: GameHostOptions) {
    this.#lastInput = this.#now();
    this.mirror = new ScreenMirror(options.columns, options.rows);
    this.terminal = new SocketTerminal(options.columns, options.rows, (text) => this.#output(text));
    const { dir } = options;
    this.program = new DelveProgram(this.terminal, options.content, {
      savePath: join(dir, "savegame.json.gz"),
      recordPath: join(dir, "last-game.replay.json.gz"),
      scoresPath: join(dir, "scores.json"),
      morgueDir: join(dir, "morgue"),
      colorDepth: "truecolor",
      // A player coming back to the server finds their game where it was.
      resume: true,
      inBrowser: true,
      version: options.version,
      makeRunner: options.makeRunner,
      randomSeed: options.randomSeed,
      ...(options.choice ? { choice: options.choice, walkDelayMs: options.choice.walkDelayMs } : {}),
      ...(options.optionsPath ? { optionsPath: options.optionsPath } : {}),
      ...(options.optionsProblems ? { optionsProblems: options.optionsProblems } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.onScore ? { onScore: options.onScore } : {}),
      ...(options.shownPath ? { shownPath: options.shownPath } : {}),
    });
    this.done = this.#run();
  }

  #now(): number {
    return (this.options.now?.() ?? new Date()).getTime();
  }

  async #run(): Promise<void> {
    try {
      await this.program.run();
    } finally {
      // Whatever ended it, the game in progress is saved before anyone is told.
      await this.program.saveInProgress().catch(() => {});
      this.#ended = true;
      if (!this.#closing) {
        // Left from the title: the page goes back to the lobby, and watchers wait for the player's next game.
        this.#tellAll({ type: "notice", text: `${this.options.player} left Delve.` });
        for (const sink of [this.#player, ...this.#watchers.keys()]) {
          sink?.close?.(LEFT_CODE, "Delve was left.");
        }
      }
    }
  }

  /** Whether the program has ended. */
  get ended(): boolean {
    return this.#ended;
  }

  #output(text: string): void {
    this.mirror.write(text);
    const message = serverMessage({ type: "output", data: text });
    this.#player?.send(message);
    for (const [sink, state] of this.#watchers) {
      if (sink.bufferedAmount > WATCHER_BACKLOG_BYTES) state.behind = true;
      else if (state.behind) void this.#catchUp(sink, state);
      else sink.send(message);
    }
  }

  /** Sends a watcher that fell behind the whole screen; frames made meanwhile are in it. */
  async #catchUp(sink: Sink, state: { behind: boolean }): Promise<void> {
    state.behind = false;
    await this.#sendScreen(sink, state);
  }

  /** Sends `sink` the whole screen, if it still watches; the next frame then takes nothing for granted. */
  async #sendScreen(sink: Sink, state: { behind: boolean }): Promise<void> {
    const snapshot = await this.mirror.snapshot();
    if (this.#watchers.get(sink) !== state) return;
    sink.send(serverMessage({ type: "output", data: snapshot }));
    this.terminal.loseTrack();
  }

  /** Bytes from the player's page. */
  input(data: string): void {
    this.#lastInput = this.#now();
    this.terminal.input(new TextEncoder().encode(data));
  }

  /** The player's page changed size: the game is drawn again at it, and watchers are told. */
  resize(columns: number, rows: number): void {
    this.terminal.resize(columns, rows);
    const size = { columns: this.terminal.columns, rows: this.terminal.rows };
    this.mirror.resize(size.columns, size.rows);
    this.#tellWatchers({ type: "size", ...size });
  }

  /**
   * The player's page: it takes the game over from any page before it
   * (returned, for the caller to tell and close), and is drawn the whole
   * screen at its size.
   */
  attach(sink: Sink, columns: number, rows: number): Sink | undefined {
    const before = this.#player;
    this.#player = sink;
    this.#lastInput = this.#now();
    sink.send(serverMessage({ type: "output", data: ENTER_SEQUENCE }));
    sink.send(serverMessage({ type: "watchers", count: this.#watchers.size }));
    if (!before) this.#tellWatchers({ type: "notice", text: `${this.options.player} is back.` });
    // A resize draws the whole frame again, as the program does for a terminal that changed size.
    this.resize(columns, rows);
    return before === sink ? undefined : before;
  }

  /** The player's page went away: the game is saved at once and waits for the next page. */
  async detach(sink: Sink): Promise<void> {
    if (this.#player !== sink) return;
    this.#player = undefined;
    if (!this.#ended) {
      this.#tellWatchers({ type: "notice", text: `${this.options.player} left; the game is saved.` });
    }
    await this.program.saveNow();
  }

  /** Whether `sink` is the player's page now. */
  isPlayer(sink: Sink): boolean {
    return this.#player === sink;
  }

  /** A watcher: told the size, sent the whole screen, then each frame. */
  async watch(sink: Sink): Promise<void> {
    const state = { behind: false };
    this.#watchers.set(sink, state);
    this.#tellCount();
    sink.send(serverMessage({ type: "size", ...this.mirror.size }));
    await this.#sendScreen(sink, state);
  }

  /** A watcher left. */
  unwatch(sink: Sink): void {
    if (this.#watchers.delete(sink)) this.#tellCount();
  }

  /** The player is told how many watch. */
  #tellCount(): void {
    this.#player?.send(serverMessage({ type: "watchers", count: this.#watchers.size }));
  }

  get watchers(): number {
    return this.#watchers.size;
  }

  /** What the lobby shows. */
  info(): GameInfo {
    const state = this.program.game?.state;
    const player = state ? playerOf(state) : undefined;
    return {
      player: this.options.player,
      depth: state?.floor ?? 0,
      level: player?.level?.current ?? 0,
      turns: state?.turn ?? 0,
      idleMs: this.#now() - this.#lastInput,
      watchers: this.#watchers.size,
      columns: this.terminal.columns,
      rows: this.terminal.rows,
    };
  }

  /** Ends the program: the game in progress saved; everyone told `reason`. */
  async close(reason: string): Promise<void> {
    this.#closing = true;
    this.terminal.end();
    await this.done;
    // Told once the game is on disk: a page that reads the notice may count on the save.
    this.#tellAll({ type: "notice", text: reason });
    this.mirror.dispose();
    // A close reason is at most 123 bytes; the notice above has said it whole.
    const short = reason.length > 100 ? `${reason.slice(0, 99)}…` : reason;
    for (const sink of [this.#player, ...this.#watchers.keys()]) sink?.close?.(1001, short);
  }

  #tellWatchers(message: ServerMessage): void {
    const text = serverMessage(message);
    for (const sink of this.#watchers.keys()) sink.send(text);
  }

  #tellAll(message: ServerMessage): void {
    this.#player?.send(serverMessage(message));
    this.#tellWatchers(message);
  }
}
