/**
 * Who plays the monsters' half of a turn: the interface the app holds, and
 * the runner that plays it in this thread.
 *
 * @module
 */
import type { GameEvent } from "../engine/events.ts";
import { runMonsterPhase } from "../engine/monster_phase.ts";
import type { Rules } from "../engine/rules.ts";
import type { GameState } from "../engine/state.ts";
import { planWalk } from "./plan.ts";
import type { PlanAnswer, PlanRequest } from "./protocol.ts";

/** What went wrong with the worker, for whoever wants to know. */
export type WorkerFault = "error" | "timeout" | "failed";

/** Something that plays the monsters' turns on a state (and plans the player's walks). */
export interface MonsterRunner {
  run(state: GameState): Promise<GameEvent[]>;
  /** The next step of a walk on the state's map, by distance maps. */
  plan(state: GameState, request: PlanRequest): Promise<PlanAnswer>;
  /** Faults met so far, oldest first (a crashed worker may have printed). */
  readonly faults: readonly WorkerFault[];
  close(): void;
}

/** The monsters, in this thread. */
export class InProcessRunner implements MonsterRunner {
  readonly faults: readonly WorkerFault[] = [];

  constructor(readonly rules: Rules) {}

  run(state: GameState): Promise<GameEvent[]> {
    return Promise.resolve(runMonsterPhase(state, this.rules).events);
  }

  plan(state: GameState, request: PlanRequest): Promise<PlanAnswer> {
    return Promise.resolve(planWalk(state.map, request));
  }

  close(): void {}
}
