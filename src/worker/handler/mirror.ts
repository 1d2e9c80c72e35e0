/**
 * The worker's side of the protocol as a plain function, so tests can run
 * it without a worker.
 *
 * @module
 */
import { emptyChronicle } from "../../engine/chronicle.ts";
import type { GameMap } from "../../engine/game_map.ts";
import { runMonsterPhase } from "../../engine/monster_phase.ts";
import type { Rules } from "../../engine/rules.ts";
import type { GameState } from "../../engine/state.ts";
import { planWalk } from "../plan.ts";
import type { FromWorker, ToWorker, TurnPayload } from "../protocol.ts";

/** The worker's memory between messages. */
export interface WorkerMemory {
  rules?: Rules;
  mapId?: number;
  map?: GameMap;
}

/**
 * Handles one message; returns the answer, if the message asks for one.
 * `now` is a clock in milliseconds (the engine reads none of its own).
 */
export function handleToWorker(
  memory: WorkerMemory,
  message: ToWorker,
  now: () => number = () => 0,
): FromWorker | undefined {
  switch (message.type) {
    case "rules":
      memory.rules = message.rules;
      return undefined;
    case "map":
      memory.mapId = message.mapId;
      memory.map = message.map;
      return undefined;
    case "plan": {
      if (!memory.map || memory.mapId !== message.mapId) {
        return { type: "failed", seq: message.seq, error: `no map ${message.mapId} yet` };
      }
      return { type: "planned", seq: message.seq, answer: planWalk(memory.map, message.request) };
    }
    case "turn": {
      const { rules, map } = memory;
      if (!rules || !map || memory.mapId !== message.mapId) {
        return { type: "failed", seq: message.seq, error: `no rules or map ${message.mapId} yet` };
      }
      const started = now();
      const state: GameState = {
        ...(JSON.parse(message.state) as TurnPayload),
        map,
        log: [],
        chronicle: emptyChronicle(),
      };
      const moves = JSON.stringify(runMonsterPhase(state, rules).moves);
      return { type: "moves", seq: message.seq, moves, rng: state.rng, computeMs: now() - started };
    }
  }
}
