/**
 * One game, played: the loop input → screen → engine → AI worker → engine →
 * render, one event at a time, in the order the events came. Screens form a
 * stack: the top one gets the input, all of them draw, bottom first.
 * Walks are paced in walk_pacing.ts, through the session's `perform` as a
 * driver plays; drawing is session_view.ts's; the commands an internal error
 * rolls back are kept in command_journal.ts.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import {
  type Action,
  attackersWhoHurt,
  type Command,
  type GameEvent,
  type GameState,
  isGameOver,
  isTold,
  levelUpPending,
  type MessageId,
  playCommand,
  playerOf,
  type WalkStop,
} from "../engine/mod.ts";
import {
  type CellBuffer,
  type ColorDepth,
  INPUT_QUEUE_LIMIT,
  type InputEvent,
  type Terminal,
} from "../terminal/mod.ts";
import {
  type GameOverReport,
  GameOverScreen,
  keyMapOf,
  LevelUpOnKeyScreen,
  LevelUpScreen,
  type MorgueWritten,
  Notices,
  type OptionsChoice,
  OptionsScreen,
  pickupKinds,
  PlayScreen,
  type Screen,
  type ScreenResult,
  type UiContext,
} from "../ui/mod.ts";
import { isLostTurn, type MonsterRunner, type WorkerFault } from "../worker/mod.ts";
import { paletteChoices } from "./theme_from_content.ts";
import { CommandJournal } from "./command_journal.ts";
import { type PacedSession, WalkPacer } from "./walk_pacing.ts";
import { SessionView } from "./session_view.ts";
import { fellLow } from "./low_hp.ts";

export { REST_TURNS_PER_FRAME } from "./walk_pacing.ts";

/** Why the loop ended. */
export type ExitReason = "quit" | "interrupt" | "input-closed";

/** The program's notice of the AI worker's first fault in a game (the rules' messages say nothing of it). */
export function workerFaultNotice(fault: WorkerFault): string {
  const why = {
    error: "it failed",
    timeout: "it stopped answering",
    failed: "it failed",
    diverged: "its copy of the game was wrong",
  }[fault];
  return `The monsters' thinking thread was restarted (${why}); the game goes on the same.`;
}

/** Options for a session. */
export interface GameSessionOptions {
  readonly colorDepth: ColorDepth;
  /**
   * Called once when the player dies: the save is deleted there, the morgue
   * file and the score written, and what became of them told.
   */
  readonly onGameOver?: () => Promise<GameOverReport>;
  /** Writes the morgue file of the game so far (the character window's `m`). */
  readonly onMorgue?: () => Promise<MorgueWritten>;
  /** Called after a turn that reached a new floor (the game is saved there). */
  readonly onNewFloor?: () => Promise<void>;
  /** Pause between the steps of a walk, so the player sees it (0: none). */
  readonly walkDelayMs?: number;
  /** The options as they stand (the file's, or as changed this run); absent: the defaults. */
  readonly choice?: OptionsChoice;
  /** `--hide-seed`: no screen shows the seed until the game ends. */
  readonly hideSeed?: boolean;
  /** Played from a browser's page: help lists no key the page keeps (Ctrl-C). */
  readonly inBrowser?: boolean;
  /** Told each change the options screen makes; with `save`, writes them and returns what to say of it. */
  readonly onOptions?: (choice: OptionsChoice, save: boolean) => Promise<string | undefined>;
  /** Told every command that happened (a turn, a level-up choice), for the replay. */
  readonly record?: (command: Command, turnBefore: number) => void;
}

/** One game, played on one terminal until the player leaves it. */
export class GameSession implements PacedSession {
  // The game's screens and what they see of it.
  readonly ui: UiContext;
  /** The screens, bottom first; the play screen is always at the bottom. */
  readonly stack: Screen[];
  /** What the program tells the player during this game, apart from the game's own log. */
  readonly notices: Notices = new Notices();
  /** The frame, theme and layout the screens are drawn with. */
  readonly #view: SessionView;

  // The options as they stand (the options screen changes them mid-game).
  #choice: OptionsChoice;
  /** The pause between a walk's steps: `--walk-delay` until the options screen sets one. */
  #walkDelayMs: number | undefined;

  // Playing commands.
  /** The commands played since the game's last start, to roll an internal error back to. */
  readonly #journal: CommandJournal;
  /** Walks, shots and pickups, played and shown at the options' pace. */
  readonly #pacer: WalkPacer;

  // The input loop.
  /** The input being handled, which a save on the way out waits for. */
  #handling: Promise<unknown> | undefined;
  /**
   * The game's end being written (its morgue file, score and replay, each
   * synced to disk): the game-over window answers keys meanwhile, and the
   * session does not end before it is done.
   */
  #writingEnd: Promise<void> | undefined;
  /** Set when the program is leaving: no more input, and a walk stops after its step. */
  #halted = false;
  /** The terminal's count of dropped input when the player was last told of it. */
  #droppedTold = 0;
  /** Whether the player was told the AI worker failed. */
  #faultTold = false;
  /**
   * Events handled to the end (drawn, written to disk), but for the one that
   * leaves the game, which the program finishes: drivers and tests wait on it.
   */
  eventsDone = 0;

  constructor(
    readonly terminal: Terminal,
    readonly content: Content,
    readonly state: GameState,
    readonly runner: MonsterRunner,
    readonly options: GameSessionOptions,
  ) {
    this.#view = new SessionView(terminal, options.colorDepth, content, options.choice?.palette);
    this.#journal = new CommandJournal(state, content.rules, options.record);
    this.ui = {
      state,
      rules: content.rules,
      theme: this.#view.theme,
      layout: this.#view.layout(state),
      plainGlyphs: options.colorDepth === "16" || options.colorDepth === "none",
      pointer: undefined,
      focus: undefined,
      notices: this.notices,
      ...(content.game.stairsAway === "refuse" ? { stairsAway: "refuse" as const } : {}),
      ...(content.game.upKeyDescends ? { upKeyDescends: true } : {}),
      ...(content.game.historyPage ? { historyPage: content.game.historyPage } : {}),
      ...(content.game.lowHp ? { lowHp: content.game.lowHp } : {}),
      ...(content.game.quitAsks ? { quitAsks: true } : {}),
      ...(content.game.inventory?.pickupMenu ? { pickupMenu: true } : {}),
      ...(content.game.inventory?.throwWornAsks ? { throwWornAsks: true } : {}),
      ...(content.game.aimStart === "targets" ? { aimAtTargets: true } : {}),
      ...(content.game.aimOrder ? { aimOrder: content.game.aimOrder } : {}),
      ...(options.choice ? { keys: keyMapOf(options.choice), logLines: options.choice.logLines } : {}),
      ...(options.hideSeed ? { hideSeed: true } : {}),
      ...(options.inBrowser ? { inBrowser: true } : {}),
    };
    this.#walkDelayMs = options.walkDelayMs;
    this.#choice = options.choice ?? { preset: "default", bind: {}, walkDelayMs: options.walkDelayMs ?? 25 };
    this.stack = [
      new PlayScreen(
        this.ui.stairsAway,
        this.ui.aimAtTargets,
        this.ui.upKeyDescends,
        content.rules.closeDoors,
        content.rules.sneak !== undefined,
      ),
    ];
    this.#pacer = new WalkPacer(this);
    if (isGameOver(state)) this.stack.push(new GameOverScreen());
    // A game saved with a level still to choose (Ctrl-C in the window) asks for it again at once.
    else if (levelUpPending(state, content.rules)) this.stack.push(new LevelUpScreen(content.rules));
  }

  /** The buffer of the last frame drawn. */
  get screen(): CellBuffer {
    return this.#view.buffer;
  }

  /** The screen that gets input. */
  get top(): Screen {
    return this.stack[this.stack.length - 1];
  }

  /** The options as they stand, for the options screen and the walks. */
  get choice(): OptionsChoice {
    return this.#choice;
  }

  /** The pause between a walk's steps, as the options now set it. */
  get walkDelayMs(): number | undefined {
    return this.#walkDelayMs;
  }

  /** True once the program is leaving (`halt`). */
  get halted(): boolean {
    return this.#halted;
  }

  /**
   * Draws every screen and writes what changed; then, while the player
   * reads it, the runner may think ahead.
   */
  render(): void {
    this.#view.render(this.stack, this.ui);
    this.runner.afterFrame?.(this.state);
  }

  /** The game whole: as it is between commands, or as the command in progress found it. */
  wholeState(): GameState {
    return this.#journal.wholeState();
  }

  /** Plays the player's action and, if it took time, the monsters'; true if it did. */
  async #act(action: Action): Promise<boolean> {
    const { rules } = this.content;
    const floor = this.state.floor, turnBefore = this.state.turn;
    const hpBefore = playerOf(this.state).fighter?.hp ?? 0;
    this.#journal.begin();
    const played = await this.#playAction(action);
    // Recorded even when impossible: the replay tells the log why it could not be done.
    this.#journal.played({ act: action }, turnBefore);
    if (!played) return false;
    this.ui.hurtBy = attackersWhoHurt(played, this.state.playerId);
    if (fellLow(this.state, this.content.game.lowHp, hpBefore)) await this.#endWalk({ reason: "low_hp" });
    await this.#pacer.showShots(played);
    if (action.type === "move" || action.type === "bump") await this.#pacer.autoPickup();
    // A dying worker may have written to the terminal (in this turn or, shadowing small ones, between keys).
    this.#view.noteFaults(this.runner.faults.length);
    this.#tellFault();
    if (isGameOver(this.state)) {
      const over = new GameOverScreen();
      this.stack.splice(1, this.stack.length, over);
      if (this.options.onGameOver) {
        // The end is shown at once, and its window answers keys while the files are written (each synced to
        // disk, which a busy disk makes slow); they are told, and the log keeps the whole path, when written.
        over.writing = true;
        const writing = this.options.onGameOver().then((report) => {
          over.report = report;
          over.writing = false;
          this.#tellMorgue(report.morgue);
          this.render();
        });
        // A failure is the session's end's to throw (see #endWritten), not an unhandled rejection meanwhile.
        writing.catch(() => {});
        this.#writingEnd = writing;
      }
      return true;
    }
    if (this.state.floor !== floor) {
      this.#journal.restart();
      await this.options.onNewFloor?.();
    }
    // The level-up window opens after the turn that earned it, once per level (or on the next key).
    if (levelUpPending(this.state, rules)) {
      const onKey = rules.progression.levelUpOpens === "next_key";
      // Keys typed while the turn was played (the blow that killed, held down) were meant for the map, not
      // for a window not yet drawn: taken as its answer, they said "Invalid entry." or chose blindly.
      if (!onKey) this.terminal.discardPendingInput();
      this.stack.push(onKey ? new LevelUpOnKeyScreen(rules) : new LevelUpScreen(rules));
    }
    return true;
  }

  /**
   * Plays `action` by the runner. A turn the AI worker gave up on half way
   * (some of its moves made) is played again here from its start, the game
   * put back as the command found it: the same game as in-process.
   */
  async #playAction(action: Action): Promise<GameEvent[] | undefined> {
    const command = { act: action };
    const outcome = await this.runner.play(this.state, command);
    if (!isLostTurn(outcome)) return outcome;
    this.#journal.restore();
    return playCommand(this.state, this.content.rules, command);
  }

  /** Ends a walk, telling why: a command of its own (recorded), when there is something to tell. */
  async #endWalk(stop: WalkStop): Promise<void> {
    // Through the runner: the worker's copy of the game tells its log the same line.
    if (isTold(stop)) await this.#playOutOfTurn({ stop });
  }

  /** Sneaking turned on or off (no turn passes); true if it changed. Recorded either way, as an action is. */
  async #sneak(on: boolean): Promise<boolean> {
    this.#journal.begin();
    const events = await this.runner.play(this.state, { sneak: on });
    this.#journal.played({ sneak: on }, this.state.turn);
    return events !== undefined;
  }

  /** Plays a command that is no action of the player's (a walk's end, a level-up choice), and records it. */
  async #playOutOfTurn(command: Command): Promise<void> {
    this.#journal.begin();
    await this.runner.play(this.state, command);
    this.#journal.played(command, this.state.turn);
  }

  /**
   * Plays `command` as if its keys were pressed, through the same path
   * (worker, hooks, windows): for the soak test and other drivers without
   * keys. True when it happened.
   */
  async perform(command: Command): Promise<boolean> {
    if ("act" in command) return await this.#act(command.act);
    if ("stop" in command) {
      await this.#endWalk(command.stop);
      return true;
    }
    if ("sneak" in command) return await this.#sneak(command.sneak);
    if (!levelUpPending(this.state, this.content.rules)) return false;
    await this.#playOutOfTurn({ level: command.level });
    if (
      !levelUpPending(this.state, this.content.rules) &&
      (this.top instanceof LevelUpScreen || this.top instanceof LevelUpOnKeyScreen)
    ) {
      this.stack.pop();
    }
    return true;
  }

  /** Carries out what a screen asked for; returns a reason to stop, if any. */
  async #apply(result: ScreenResult): Promise<ExitReason | undefined> {
    switch (result.type) {
      case "stay":
        return undefined;
      case "close":
        if (this.stack.length > 1) this.stack.pop();
        return undefined;
      case "open":
        if (result.replace && this.stack.length > 1) this.stack.pop();
        this.stack.push(result.screen);
        return undefined;
      case "act": {
        const asker = this.top;
        if (!(await this.#act(result.action)) || !result.closeOnSuccess) return undefined;
        // Under a window the turn opened (a level earned by the throw's kill) too: the aim is done, and must not
        // come back asking for a target once that window closes.
        const at = this.stack.indexOf(asker);
        if (at > 0) this.stack.splice(at, 1);
        return undefined;
      }
      case "say":
        this.notify(result.message);
        return undefined;
      case "sneak":
        await this.#sneak(playerOf(this.state).sneaking !== true);
        return undefined;
      case "levelUp":
        await this.#playOutOfTurn({ level: result.choice });
        if (!levelUpPending(this.state, this.content.rules)) this.stack.pop();
        return undefined;
      case "actAll": {
        if (this.stack.length > 1) this.stack.pop();
        const base = this.top;
        for (const action of result.actions) if (!(await this.#act(action)) || this.top !== base) break;
        return undefined;
      }
      case "walk":
        if (result.close) this.stack.pop();
        await this.#pacer.walk(result.walk);
        return undefined;
      case "morgue":
        if (this.options.onMorgue) this.#tellMorgue(await this.options.onMorgue());
        return undefined;
      case "openOptions":
        this.stack.push(
          new OptionsScreen(this.#choice, pickupKinds(this.content.rules), paletteChoices(this.content)),
        );
        return undefined;
      case "options":
        await this.#takeOptions(result.choice, result.save === true);
        return undefined;
      case "quit":
        return "quit";
    }
  }

  /** Puts the options screen's `choice` in force at once: the keys every screen looks up, the look, the walks' pace. */
  async #takeOptions(choice: OptionsChoice, save: boolean): Promise<void> {
    const palette = this.#choice.palette;
    this.#choice = choice;
    this.ui.keys = keyMapOf(choice);
    this.ui.logLines = choice.logLines;
    if (choice.palette !== palette) this.ui.theme = this.#view.retheme(this.content, choice.palette);
    this.#walkDelayMs = choice.walkDelayMs;
    const said = await this.options.onOptions?.(choice, save);
    const top = this.top;
    if (said !== undefined && top instanceof OptionsScreen) top.status = said;
  }

  /** Tells the player the rules' message `id` as a notice of the program, shown among the game's messages. */
  notify(id: MessageId, params?: Readonly<Record<string, string | number>>): void {
    this.notices.tell(this.state.log, this.content.rules, id, params);
  }

  /**
   * Tells the player, once a game, that the AI worker failed: the game goes
   * on the same, its monsters deciding in this thread until a new worker
   * has the game.
   */
  #tellFault(): void {
    const fault = this.runner.faults[0];
    if (fault === undefined || this.#faultTold) return;
    this.#faultTold = true;
    this.notices.add(this.state.log, workerFaultNotice(fault), "impossible");
  }

  /** Says where the morgue file was written, or why it was not. */
  #tellMorgue(morgue: MorgueWritten): void {
    if ("path" in morgue) this.notify("morgue_written", { file: morgue.path });
    else this.notify("morgue_failed", { reason: morgue.error });
  }

  /**
   * Handles one key or mouse event; returns a reason to stop, or undefined
   * to go on. Events that arrive meanwhile wait in the terminal's queue.
   */
  async handleInput(event: InputEvent): Promise<ExitReason | undefined> {
    // Leaving: keys typed ahead must not start a turn the save on the way out would cut in half.
    if (this.#halted) return undefined;
    if (event.type === "key" && event.ctrl && event.key === "c") return "interrupt";
    if (this.#view.tooSmall) return undefined;
    const result = event.type === "key"
      ? this.top.handleKey(event, this.ui)
      : this.top.handleMouse(event, this.ui);
    const handling = this.#apply(result);
    this.#handling = handling;
    try {
      return await handling;
    } finally {
      this.#handling = undefined;
    }
  }

  /**
   * For leaving the program: stops any walk after its current step (a walk
   * can last thousands of turns, and the save on the way out waits for it)
   * and takes no more input.
   */
  halt(): void {
    this.#halted = true;
  }

  /**
   * Resolves when no input is being handled: a state saved then is whole
   * (never between the player's half of a turn and the monsters').
   */
  async idle(): Promise<void> {
    while (this.#handling) await this.#handling.catch(() => {});
    await this.#writingEnd?.catch(() => {});
  }

  /** Waits for the game's end to be written, if it is being written; a failure to write it is thrown here. */
  async #endWritten(): Promise<void> {
    await this.#writingEnd;
  }

  /** Says how many keys were dropped since the last time, if any were. */
  #tellDroppedInput(): void {
    const dropped = this.terminal.droppedInput;
    if (dropped === this.#droppedTold) return;
    this.notify("input_dropped", { count: dropped - this.#droppedTold, limit: INPUT_QUEUE_LIMIT });
    this.#droppedTold = dropped;
  }

  /** Runs until the player quits or the input ends. */
  async run(): Promise<ExitReason> {
    this.#droppedTold = this.terminal.droppedInput;
    this.render();
    for await (const event of this.terminal.events) {
      if (event.type === "resize") {
        // A resize may leave stale cells anywhere: draw everything again.
        this.#view.invalidate();
      } else {
        const reason = await this.handleInput(event);
        // The game is over for the program to close (saving it): that is the program's event.
        if (reason) {
          await this.#endWritten();
          return reason;
        }
      }
      this.#tellDroppedInput();
      this.render();
      this.eventsDone++;
    }
    await this.#endWritten();
    return "input-closed";
  }
}
