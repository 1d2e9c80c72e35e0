/**
 * The loop: input → screen → engine → AI worker → engine → render, one
 * event at a time, in the order the events came. Screens form a stack: the
 * top one gets the input, all of them draw, bottom first.
 *
 * @module
 */
import type { Content } from "../content/load_content.ts";
import type { Action } from "../engine/actions.ts";
import type { Point } from "../engine/geometry.ts";
import { cloneState, playerOf } from "../engine/state.ts";
import { inCorridor, knownItemCells, runStep, sides } from "../engine/travel.ts";
import {
  itemsUnderfoot,
  monsterCells,
  startWalk,
  stopAfterStep,
  stopBeforeStep,
  tellStop,
  type Walk,
  type WalkStart,
  type WalkStop,
} from "../engine/walk_stop.ts";
import { tell } from "../engine/narration.ts";
import { levelUpPending } from "../engine/progression.ts";
import type { GameState } from "../engine/state.ts";
import { isGameOver } from "../engine/turn.ts";
import type { CellBuffer } from "../terminal/cell_buffer.ts";
import type { ColorDepth } from "../terminal/color.ts";
import type { InputEvent } from "../terminal/input_events.ts";
import { INPUT_QUEUE_LIMIT } from "../terminal/input_queue.ts";
import type { Terminal } from "../terminal/terminal.ts";
import { type GameOverReport, GameOverScreen, type MorgueWritten } from "../ui/game_over_screen.ts";
import { LevelUpScreen } from "../ui/level_up_screen.ts";
import { Frame } from "../ui/frame.ts";
import { computeLayout } from "../ui/layout.ts";
import { PlayScreen } from "../ui/play_screen.ts";
import type { Screen, ScreenResult, UiContext } from "../ui/screen.ts";
import type { MonsterRunner } from "../worker/mod.ts";
import type { Command } from "./replay_format.ts";
import { themeFromContent } from "./theme_from_content.ts";

/** Why the loop ended. */
export type ExitReason = "quit" | "interrupt" | "input-closed";

/** Options for a session. */
export interface GameAppOptions {
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
  /** Told every command that happened (a turn, a level-up choice), for the replay. */
  readonly record?: (command: Command, turnBefore: number) => void;
}

/** One play session on one terminal. */
export class GameApp {
  readonly #frame: Frame;
  readonly ui: UiContext;
  /** The screens, bottom first; the play screen is always at the bottom. */
  readonly stack: Screen[] = [new PlayScreen()];

  constructor(
    readonly terminal: Terminal,
    readonly content: Content,
    readonly state: GameState,
    readonly runner: MonsterRunner,
    readonly options: GameAppOptions,
  ) {
    this.#frame = new Frame(terminal, options.colorDepth);
    this.ui = {
      state,
      rules: content.rules,
      theme: themeFromContent(content),
      layout: this.#layout(),
      plainGlyphs: options.colorDepth === "16" || options.colorDepth === "none",
      pointer: undefined,
      focus: undefined,
    };
    if (isGameOver(state)) this.stack.push(new GameOverScreen());
    // A game saved with a level still to choose (Ctrl-C in the window) asks for it again at once.
    else if (levelUpPending(state, content.rules)) this.stack.push(new LevelUpScreen(content.rules));
  }

  /** The buffer of the last frame drawn. */
  get screen(): CellBuffer {
    return this.#frame.buffer;
  }

  /** The screen that gets input. */
  get top(): Screen {
    return this.stack[this.stack.length - 1];
  }

  #layout() {
    const { columns, rows } = this.terminal;
    return computeLayout(columns, rows, this.state.map.width, this.state.map.height);
  }

  /** Draws every screen and writes what changed. */
  render(): void {
    this.ui.layout = this.#layout();
    this.ui.prompt = this.top.prompt?.(this.ui);
    this.#frame.paint((buf) => {
      for (const screen of this.stack) screen.draw(buf, this.ui);
    });
  }

  /**
   * The game as the command in progress found it, while one is played: an
   * internal error half way through leaves the game as it was before the
   * command (and the recording without it), never half a turn.
   */
  #before: GameState | undefined;

  /** The game whole: as it is between commands, or as the command in progress found it. */
  wholeState(): GameState {
    return this.#before ?? this.state;
  }

  /** Plays the player's action and, if it took time, the monsters'; true if it did. */
  async #act(action: Action): Promise<boolean> {
    const { rules } = this.content;
    const floor = this.state.floor, turnBefore = this.state.turn;
    this.#before = cloneState(this.state);
    const faults = this.runner.faults.length;
    if (!(await this.runner.play(this.state, { act: action }))) {
      this.#before = undefined;
      return false;
    }
    this.options.record?.({ act: action }, turnBefore);
    this.#before = undefined;
    // A dying worker may have written to the terminal: paint everything again.
    if (this.runner.faults.length !== faults) this.#frame.invalidate();
    if (isGameOver(this.state)) {
      const over = new GameOverScreen();
      this.stack.splice(1, this.stack.length, over);
      over.report = await this.options.onGameOver?.();
      // The log keeps the whole path, however narrow the screen.
      if (over.report) this.#tellMorgue(over.report.morgue);
      return true;
    }
    if (this.state.floor !== floor) await this.options.onNewFloor?.();
    // The level-up window opens after the turn that earned it, once per level.
    if (levelUpPending(this.state, rules)) this.stack.push(new LevelUpScreen(rules));
    return true;
  }

  /** Items a walk has stopped on (or started from): exploring does not go back to them, nor stop on them again. */
  readonly #visitedItems = new Set<number>();

  /** Cells of the items seen and not yet visited: exploring goes to them. */
  #itemsToVisit(): number[] {
    return knownItemCells(this.state, (e) => this.#visitedItems.has(e.id));
  }

  /** The next cell of `walk`, or why it ends here (undefined: a run's natural end). */
  async #nextStep(walk: Walk, first: boolean, corridor: boolean): Promise<Point | WalkStop | undefined> {
    const { state } = this;
    const { map } = state;
    const from = playerOf(state);
    if (walk.kind === "run") {
      const d = runStep(map, from, { x: walk.dx, y: walk.dy }, corridor, first);
      return d && { x: from.x + d.x, y: from.y + d.y };
    }
    const avoid = monsterCells(state);
    const request = walk.kind === "explore"
      ? { kind: walk.kind, from, items: this.#itemsToVisit(), avoid }
      : { kind: walk.kind, from, to: walk.to, avoid };
    const answer = await this.runner.plan(state, request);
    if (answer.step >= 0) return { x: answer.step % map.width, y: Math.floor(answer.step / map.width) };
    return answer.end ? { reason: answer.end } : undefined;
  }

  /**
   * Walks a step a turn (monsters act after each, like any move) until it
   * has a reason to stop (see `walk_stop.ts`), and tells that reason. This
   * part only paces the steps: the key that interrupts, the planner, the
   * pause between frames.
   */
  async #walk(walk: Walk): Promise<void> {
    const { state } = this;
    // What lies underfoot as a walk begins has been seen: it does not stop this walk or the next.
    for (const item of itemsUnderfoot(state)) this.#visitedItems.add(item.id);
    const stop = await this.#walkSteps(walk, startWalk(state, walk));
    if (stop) tellStop(state.log, this.content.rules, stop);
    if (stop?.reason === "item") itemsUnderfoot(state).forEach((e) => this.#visitedItems.add(e.id));
  }

  /** The steps of `walk`; why it stopped, or undefined when there is nothing to say. */
  async #walkSteps(walk: Walk, start: WalkStart): Promise<WalkStop | undefined> {
    const { state } = this;
    const player = playerOf(state);
    let corridor = inCorridor(state.map, player);
    let heading = walk;
    let beside = walk.kind === "run" ? sides(state.map, player, { x: walk.dx, y: walk.dy }) : "";
    for (let steps = 0; steps < 10_000; steps++) {
      if (this.#halted) return undefined;
      if (this.terminal.hasPendingInput()) {
        this.terminal.discardPendingInput();
        return { reason: "interrupted" };
      }
      const next = await this.#nextStep(heading, steps === 0, corridor);
      if (!next || "reason" in next) return next;
      const blocked = stopBeforeStep(state, next);
      if (blocked) return blocked;
      const step = { dx: next.x - player.x, dy: next.y - player.y };
      if (!(await this.#act({ type: "move", ...step }))) return undefined; // told why already
      if (this.top !== this.stack[0]) return undefined; // a level-up window or game over says it
      this.render();
      if (this.options.walkDelayMs) await new Promise((r) => setTimeout(r, this.options.walkDelayMs));
      const stop = stopAfterStep(state, start, this.#visitedItems);
      if (stop) return stop;
      if (heading.kind === "run") {
        // A run also ends where the corridor branches or, in the open, where the cells beside it change.
        const around = sides(state.map, player, { x: step.dx, y: step.dy });
        if (!corridor && steps > 0 && around !== beside) return undefined;
        beside = around;
        corridor = inCorridor(state.map, player);
        heading = { ...heading, ...step };
      }
    }
    return undefined;
  }

  async #levelUp(choice: number): Promise<void> {
    this.#before = cloneState(this.state);
    await this.runner.play(this.state, { level: choice });
    this.options.record?.({ level: choice }, this.state.turn);
    this.#before = undefined;
  }

  /**
   * Plays `command` as if its keys were pressed, through the same path
   * (worker, hooks, windows): for the soak test and other drivers without
   * keys. True when it happened.
   */
  async perform(command: Command): Promise<boolean> {
    if ("act" in command) return await this.#act(command.act);
    if (!levelUpPending(this.state, this.content.rules)) return false;
    await this.#levelUp(command.level);
    if (!levelUpPending(this.state, this.content.rules) && this.top instanceof LevelUpScreen) {
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
        if ((await this.#act(result.action)) && result.closeOnSuccess && this.top === asker) this.stack.pop();
        return undefined;
      }
      case "say":
        tell(this.state.log, this.content.rules, result.message);
        return undefined;
      case "levelUp":
        await this.#levelUp(result.choice);
        if (!levelUpPending(this.state, this.content.rules)) this.stack.pop();
        return undefined;
      case "walk":
        await this.#walk(result.walk);
        return undefined;
      case "morgue":
        if (this.options.onMorgue) this.#tellMorgue(await this.options.onMorgue());
        return undefined;
      case "quit":
        return "quit";
    }
  }

  /** Says where the morgue file was written, or why it was not. */
  #tellMorgue(morgue: MorgueWritten): void {
    const { rules } = this.content;
    if ("path" in morgue) tell(this.state.log, rules, "morgue_written", { file: morgue.path });
    else tell(this.state.log, rules, "morgue_failed", { reason: morgue.error });
  }

  /**
   * Handles one key or mouse event; returns a reason to stop, or undefined
   * to go on. Events that arrive meanwhile wait in the terminal's queue.
   */
  async handleInput(event: InputEvent): Promise<ExitReason | undefined> {
    // Leaving: keys typed ahead must not start a turn the save on the way out would cut in half.
    if (this.#halted) return undefined;
    if (event.type === "key" && event.ctrl && event.key === "c") return "interrupt";
    if (this.#frame.tooSmall) return undefined;
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

  #handling: Promise<unknown> | undefined;
  #halted = false;

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
  }

  /** The terminal's count of dropped input when the player was last told of it. */
  #droppedTold = 0;

  /** Says how many keys were dropped since the last time, if any were. */
  #tellDroppedInput(): void {
    const dropped = this.terminal.droppedInput;
    if (dropped === this.#droppedTold) return;
    tell(this.state.log, this.content.rules, "input_dropped", {
      count: dropped - this.#droppedTold,
      limit: INPUT_QUEUE_LIMIT,
    });
    this.#droppedTold = dropped;
  }

  /** Runs until the player quits or the input ends. */
  async run(): Promise<ExitReason> {
    this.#droppedTold = this.terminal.droppedInput;
    this.render();
    for await (const event of this.terminal.events) {
      if (event.type === "resize") {
        // A resize may leave stale cells anywhere: draw everything again.
        this.#frame.invalidate();
      } else {
        const reason = await this.handleInput(event);
        // The game is over for the program to close (saving it): that is the program's event.
        if (reason) return reason;
      }
      this.#tellDroppedInput();
      this.render();
      this.eventsDone++;
    }
    return "input-closed";
  }

  /**
   * Events handled to the end (drawn, written to disk), but for the one that
   * leaves the game, which the program finishes: drivers and tests wait on it.
   */
  eventsDone = 0;
}
