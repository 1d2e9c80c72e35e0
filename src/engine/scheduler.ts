/**
 * Who acts next in the monsters' half of a turn (docs/rules.md, Speed and
 * energy). Without the energy scheduler, every living monster acts once, in
 * ascending id, then the turn ends. With it, the monsters with enough
 * energy act in ascending id, round after round while any has enough left;
 * then, unless the player can act again already (a fast player), the turn
 * ends, every actor gains its speed, and so on until the player can act.
 * With every speed and cost 100 that is one action each, in the same
 * order, and one end of turn per player action.
 *
 * The game and the AI worker's copy each run one: the worker to decide,
 * the game to check that each move it replays is the one due.
 *
 * @module
 */
import { type Entity, isAlive } from "./entity.ts";
import type { GameEvent } from "./events.ts";
import type { Rules } from "./rules.ts";
import { type GameState, playerOf } from "./state.ts";
import { endOfTurn, ENERGY_TO_ACT, energyOf, usesEnergy } from "./time.ts";
import { MAX_STEPS_A_PHASE } from "./limits.ts";

/** Names the monsters in the order they act; runs the ends of turns between. */
export class PhaseScheduler {
  readonly #actors: Entity[];
  readonly #energy: boolean;
  #at = 0;
  /** Whether anyone acted in this round (with energy: another round follows). */
  #acted = false;
  #steps = 0;
  #done = false;

  /** `most`: the steps the phase may take (the tests' small cap; {@link MAX_STEPS_A_PHASE} in play). */
  constructor(
    readonly state: GameState,
    readonly rules: Rules,
    readonly events: GameEvent[],
    readonly most: number = MAX_STEPS_A_PHASE,
  ) {
    this.#actors = state.entities.filter((e) => e.ai !== undefined).sort((a, b) => a.id - b.id);
    this.#energy = usesEnergy(rules);
  }

  /** The monster to act now, or undefined once the phase is over (its last turn ended). */
  next(): Entity | undefined {
    while (!this.#done) {
      const actors = this.#actors;
      while (this.#at < actors.length) {
        const e = actors[this.#at++];
        if (!e.ai || !isAlive(e)) continue;
        if (!this.#energy) return e;
        if (energyOf(e, this.rules) >= ENERGY_TO_ACT) {
          this.#acted = true;
          if (++this.#steps >= this.most) this.#done = true;
          return e;
        }
      }
      this.#at = 0;
      if (this.#acted) {
        this.#acted = false;
        continue;
      }
      // The player may still act in this turn of game time: the monsters wait for them.
      if (this.#energy && this.#playerReady()) this.#done = true;
      else this.#endTurn();
    }
    return undefined;
  }

  /** Ends the phase where the moves left it (the game replaying a phase without the scheduler). */
  finish(): void {
    if (!this.#done) this.#endTurn();
  }

  /** True when the player can act (or never will again: dead). */
  #playerReady(): boolean {
    const player = playerOf(this.state);
    return !isAlive(player) || energyOf(player, this.rules) >= ENERGY_TO_ACT;
  }

  #endTurn(): void {
    endOfTurn(this.state, this.rules, this.events);
    this.#done = !this.#energy || this.#playerReady() || ++this.#steps >= this.most;
  }
}
