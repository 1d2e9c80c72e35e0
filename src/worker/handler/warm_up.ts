/**
 * The worker's warm-up: a game it plays by itself, as the program's title
 * shows, through the same thinking it does for the player's game (the
 * bot's commands, each node's branches thought ahead and the mirror taken
 * along the one played), so that V8 has compiled that code for speed
 * before the player's first keys. Nothing of it is kept or sent.
 *
 * @module
 */
import { Bot, forkState, isGameOver, newGame, playCommand, type Rules } from "../../engine/mod.ts";
import { Thinker } from "./thinker.ts";

/** The warm-up game's seed. */
const SEED = 1;

/** See the module's comment. */
export class WarmUp {
  readonly #thinker: Thinker;
  /** The game as the app would play it, beside the thinker's mirror. */
  #game;
  #bot = new Bot();
  #node = 0;

  constructor(readonly rules: Rules, readonly now: () => number) {
    this.#thinker = new Thinker({ post: () => {}, now, urgent: () => false });
    this.#thinker.receive({ type: "start", rules, ahead: true });
    this.#game = newGame(rules, SEED);
    this.#load();
  }

  #load(): void {
    const { log: _log, ...state } = forkState(this.#game);
    this.#thinker.receive({ type: "load", node: this.#node, state });
  }

  /** Plays for about `ms`. */
  play(ms: number): void {
    const until = this.now() + ms;
    while (this.now() < until) {
      if (this.#thinker.think()) continue;
      const command = this.#bot.decide(this.#game, this.rules);
      if (playCommand(this.#game, this.rules, command) === undefined && "act" in command) continue;
      this.#thinker.receive({ type: "took", node: ++this.#node, command });
      if (!isGameOver(this.#game)) continue;
      this.#game = newGame(this.rules, SEED + this.#node);
      this.#bot = new Bot();
      this.#load();
    }
  }
}
