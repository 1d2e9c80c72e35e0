/**
 * The worker's side: its copy of the game (the mirror), and what it does
 * with each message, as a plain function so tests can run it without a
 * worker. A command is played on the copy as the app plays it on the game:
 * the player's action, then the monsters' turn, whose moves are the answer.
 *
 * @module
 */
import { stateChecksum } from "../../engine/checksum.ts";
import type { Ai } from "../../engine/entity.ts";
import { runMonsterPhase } from "../../engine/monster_phase.ts";
import type { Rules } from "../../engine/rules.ts";
import type { GameState } from "../../engine/state.ts";
import { applyCommand, playerActEvents, report } from "../../engine/turn.ts";
import { encodeMoves } from "../moves.ts";
import { planWalk } from "../plan.ts";
import type { FromWorker, ToWorker } from "../protocol.ts";

/** The worker's memory between messages: the rules, and its copy of the game once it has one. */
export interface WorkerMemory {
  rules?: Rules;
  state?: GameState;
}

/** Each actor's AI state at its id, as the phase is about to find it. */
function aiById(state: GameState): (Ai | undefined)[] {
  const before: (Ai | undefined)[] = [];
  for (const e of state.entities) if (e.ai) before[e.id] = e.ai;
  return before;
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
    case "load":
      // The log only tells what happened: the copy starts with none and keeps none.
      memory.state = { ...message.state, log: [] };
      return undefined;
    case "plan": {
      if (!memory.state) return { type: "failed", seq: message.seq, error: "no game yet" };
      return { type: "planned", seq: message.seq, answer: planWalk(memory.state.map, message.request) };
    }
    case "play": {
      const { rules, state } = memory;
      if (!rules || !state) return { type: "failed", seq: message.seq, error: "no rules or game yet" };
      const started = now();
      const sum = message.check ? stateChecksum(state) : undefined;
      const { command } = message;
      if (!("act" in command)) {
        applyCommand(state, rules, command);
        state.log.length = 0;
        return undefined;
      }
      const mine = playerActEvents(state, rules, command.act);
      let moves;
      if (mine) {
        const before = aiById(state);
        const phase = runMonsterPhase(state, rules);
        report(state, rules, phase.events);
        moves = encodeMoves(phase.moves, before);
      }
      state.log.length = 0;
      const { rng, turn, entities } = state;
      return {
        type: "played",
        seq: message.seq,
        moves,
        rng,
        turn,
        entities: entities.length,
        sum,
        computeMs: now() - started,
      };
    }
  }
}
