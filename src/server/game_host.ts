/**
 * One player's Delve on the server (docs/server.md, Games): the same program
 * the terminal runs (title, games, saves, morgue files, replays), its
 * screen sent to the player's page and to everyone watching. The player may
 * leave and come back: the game is saved when the page goes and shown again,
 * whole, when one comes. A page too slow for the frames (the player's or a
 * watcher's) is skipped until it catches up, then sent the whole screen; the
 * game never waits for it, and what waits for it is bounded. A page's
 * resizes are taken at most one per {@link RESIZE_GAP_MS}, the latest kept.
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
import type { VersionStore } from "../store/mod.ts";
import { type ServerMessage, serverMessage } from "./protocol.ts";
import type { ServerHealth } from "./server_health.ts";
import { clampSize, SocketTerminal } from "./socket_terminal.ts";

/** Where messages go: a WebSocket, as the host sees one. */
export interface Sink {
  send(text: string): void;
  /** Bytes queued and not yet sent. */
  readonly bufferedAmount: number;
  /** Ends the connection, saying why (a WebSocket's close). */
  close?(code?: number, reason?: string): void;
}

/**
 * A page with more than this queued is skipped until it drains: a few whole
 * screens at the largest size, so a page that reads at all never misses one.
 */
export const WATCHER_BACKLOG_BYTES = 256 * 1024;

/** The close code of a page whose player left Delve from its title (the play page goes back to the lobby). */
export const LEFT_CODE = 4000;

/**
 * Resizes closer together than this are taken as one, the latest: a window
 * dragged sends dozens a second, each a whole frame drawn, and a hostile page
 * hundreds; a person sees no difference.
 */
export const RESIZE_GAP_MS = 100;

/** Whether a page is skipped until it catches up. */
interface PageState {
  behind: boolean;
}

/** What every game on the server is made with: the data, the version, AI runners, seeds and the clock. */
export interface ProgramParts {
  readonly content: Content;
  readonly version: string;
  readonly makeRunner: (rules: Rules) => MonsterRunner;
  readonly randomSeed: () => number;
  readonly now?: () => Date;
  /** Where the versions of the data the games name are kept (the server's table); its owner prunes it. */
  readonly versions?: VersionStore;
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
  /** Overrides {@link RESIZE_GAP_MS} (tests). */
  readonly resizeGapMs?: number;
  /** Told each key's time to its frame. */
  readonly health?: ServerHealth;
}

/** What the lobby shows of a live game. */
export interface GameInfo {
  readonly player: string;
  /** 0 on the title. */
  readonly depth: number;
  readonly level: number;
  readonly turns: number;
  readonly idleMs: number;
  /** How long the game has had no player's page (0 while it has one). */
  readonly absentMs: number;
  readonly watchers: number;
  readonly columns: number;
  readonly rows: number;
}

/** A player's program on the server, with its player's page and its watchers. */
export class GameHost {
  readonly terminal: SocketTerminal;
  readonly program: DelveProgram;
  #player: Sink | undefined;
  #playerState: PageState = { behind: false };
  /** Each watcher, and whether it is skipped until it catches up. */
  readonly #watchers = new Map<Sink, PageState>();
  /** Watchers let in whose sockets have not opened yet: they count against the limit already. */
  #watchersComing = 0;
  #lastInput: number;
  /** When the player's latest key not yet answered by a frame came, on the health clock. */
  #keyAt: number | undefined;
  /** Since when the game has had no player's page (undefined while it has one). */
  #absentSince: number | undefined;
  /** The size a page last asked for, not yet taken (see {@link RESIZE_GAP_MS}). */
  #nextSize: { columns: number; rows: number } | undefined;
  #resizeTimer: ReturnType<typeof setTimeout> | undefined;
  /** Resolves when the program has ended (the player quit, or the host was closed). */
  readonly done: Promise<void>;
  #ended = false;
  /** Set when the server closes the program (it then says why itself). */
  #closing = false;

  constructor(readonly options: GameHostOptions) {
    this.#lastInput = this.#now();
    this.#absentSince = this.#lastInput;
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
      ...(options.versions ? { versions: options.versions } : {}),
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
    const { health } = this.options;
    if (health && this.#keyAt !== undefined) health.keyAnswered(this.#keyAt);
    this.#keyAt = undefined;
    const message = serverMessage({ type: "output", data: text });
    if (this.#player) this.#deliver(this.#player, this.#playerState, message);
    for (const [sink, state] of this.#watchers) this.#deliver(sink, state, message);
  }

  /** A frame to one page: skipped while it has too much waiting, the whole screen once it has caught up. */
  #deliver(sink: Sink, state: PageState, message: string): void {
    if (sink.bufferedAmount > WATCHER_BACKLOG_BYTES) state.behind = true;
    else if (state.behind) this.#catchUp(sink, state);
    else sink.send(message);
  }

  /** Sends a page that fell behind the whole screen; frames made meanwhile are in it. */
  #catchUp(sink: Sink, state: PageState): void {
    state.behind = false;
    this.#sendScreen(sink);
  }

  /** Sends `sink` the whole screen; the next frame then takes nothing for granted. */
  #sendScreen(sink: Sink): void {
    // A watcher may have missed a change of size while it was behind: the screen comes with its size.
    if (this.#watchers.has(sink)) {
      sink.send(serverMessage({ type: "size", columns: this.terminal.columns, rows: this.terminal.rows }));
    }
    sink.send(serverMessage({ type: "output", data: this.terminal.wholeScreen() }));
    this.terminal.loseTrack();
  }

  /** Bytes from the player's page. */
  input(data: string): void {
    this.#lastInput = this.#now();
    // Timed from the latest key: one that brings no frame (a bump into a wall) is not charged to the next.
    this.#keyAt = this.options.health?.clock();
    this.terminal.input(new TextEncoder().encode(data));
  }

  /**
   * The player's page changed size: the game is drawn again at it, and
   * watchers are told; at most once per {@link RESIZE_GAP_MS}, the latest
   * size kept for the end of the gap. A size the game has already is nothing.
   */
  resize(columns: number, rows: number): void {
    this.#nextSize = clampSize(columns, rows);
    if (this.#resizeTimer !== undefined) return;
    this.#takeNextSize();
  }

  #takeNextSize(): void {
    const size = this.#nextSize;
    this.#nextSize = undefined;
    if (!size || (size.columns === this.terminal.columns && size.rows === this.terminal.rows)) return;
    this.#applySize(size.columns, size.rows);
    this.#resizeTimer = setTimeout(() => {
      this.#resizeTimer = undefined;
      if (!this.#ended) this.#takeNextSize();
    }, this.options.resizeGapMs ?? RESIZE_GAP_MS);
  }

  #applySize(columns: number, rows: number): void {
    this.terminal.resize(columns, rows);
    const size = { columns: this.terminal.columns, rows: this.terminal.rows };
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
    this.#playerState = { behind: false };
    this.#lastInput = this.#now();
    this.#absentSince = undefined;
    sink.send(serverMessage({ type: "output", data: ENTER_SEQUENCE }));
    sink.send(serverMessage({ type: "watchers", count: this.#watchers.size }));
    if (!before) this.#tellWatchers({ type: "notice", text: `${this.options.player} is back.` });
    const size = clampSize(columns, rows);
    this.#nextSize = undefined;
    // At the game's size, the page is sent the screen as it is; at another, a resize draws the whole frame
    // again, as the program does for a terminal that changed size (and watchers are told).
    if (size.columns === this.terminal.columns && size.rows === this.terminal.rows) this.#sendScreen(sink);
    else this.#applySize(size.columns, size.rows);
    return before === sink ? undefined : before;
  }

  /** The player's page went away: the game is saved at once and waits for the next page. */
  async detach(sink: Sink): Promise<void> {
    if (this.#player !== sink) return;
    this.#player = undefined;
    if (!this.#ended) {
      this.#tellWatchers({ type: "notice", text: `${this.options.player} left; the game is saved.` });
    }
    this.#absentSince = this.#now();
    await this.program.saveNow();
  }

  /** Whether `sink` is the player's page now. */
  isPlayer(sink: Sink): boolean {
    return this.#player === sink;
  }

  /**
   * Lets one more watcher in, if fewer than `limit` watch or are coming:
   * counted at once, so many asking together get exactly `limit`. Each
   * let in then either {@link GameHost.watch}es or is {@link GameHost.unwatch}ed.
   */
  letWatcherIn(limit: number): boolean {
    if (this.#watchers.size + this.#watchersComing >= limit) return false;
    this.#watchersComing++;
    return true;
  }

  /** A watcher let in: told the size, sent the whole screen, then each frame. */
  watch(sink: Sink): void {
    const state = { behind: false };
    this.watcherNeverCame();
    this.#watchers.set(sink, state);
    this.#tellCount();
    this.#sendScreen(sink);
  }

  /** A watcher left (or, let in, never came). */
  unwatch(sink: Sink): void {
    if (this.#watchers.delete(sink)) this.#tellCount();
    else this.watcherNeverCame();
  }

  /** The player is told how many watch. */
  #tellCount(): void {
    this.#player?.send(serverMessage({ type: "watchers", count: this.#watchers.size }));
  }

  /** A watcher let in whose socket never opened: its place is free again. */
  watcherNeverCame(): void {
    this.#watchersComing = Math.max(0, this.#watchersComing - 1);
  }

  /** Watchers, and those let in whose sockets are opening. */
  get watchers(): number {
    return this.#watchers.size + this.#watchersComing;
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
      absentMs: this.#absentSince === undefined ? 0 : this.#now() - this.#absentSince,
      watchers: this.#watchers.size,
      columns: this.terminal.columns,
      rows: this.terminal.rows,
    };
  }

  /** Ends the program: the game in progress saved; everyone told `reason`. */
  async close(reason: string): Promise<void> {
    this.#closing = true;
    clearTimeout(this.#resizeTimer);
    this.terminal.end();
    await this.done;
    // Told once the game is on disk: a page that reads the notice may count on the save.
    this.#tellAll({ type: "notice", text: reason });
    // A close reason is at most 123 bytes; the notice above has said it whole.
    const short = reason.length > 100 ? `${reason.slice(0, 99)}…` : reason;
    for (const sink of [this.#player, ...this.#watchers.keys()]) sink?.close?.(1001, short);
    // Nothing of a page outlives the game: the sockets let go, whatever they still hold.
    this.#player = undefined;
    this.#watchers.clear();
  }

  /** Sends `text` to each watcher that has room for it (one behind gets the whole screen later). */
  #tellWatchers(message: ServerMessage): void {
    const text = serverMessage(message);
    for (const sink of this.#watchers.keys()) {
      if (sink.bufferedAmount <= WATCHER_BACKLOG_BYTES) sink.send(text);
    }
  }

  #tellAll(message: ServerMessage): void {
    const player = this.#player;
    if (player && player.bufferedAmount <= WATCHER_BACKLOG_BYTES) player.send(serverMessage(message));
    this.#tellWatchers(message);
  }
}
