/**
 * The worker's side: its copy of the game (the mirror), and what it does
 * with each message, as a plain function so tests can run it without a
 * worker. A command is played on the copy as the app plays it on the game:
 * the player's action, then the monsters' turn, whose moves are the answer.
 *
 * @module
 */
import {
  type Ai,
  type Command,
  finishTurn,
  type GameState,
  playCommand,
  playPlayerAction,
  type Rules,
  runMonsterPhase,
  stateDigest,
} from "../../engine/mod.ts";
import { MoveEncoder } from "../moves.ts";
import type { Checks, FromWorker, MovesPart, Played, ToWorker } from "../protocol.ts";

/** The worker's memory between messages: the rules, and its copy of the game once it has one. */
export interface WorkerMemory {
  rules?: Rules;
  state?: GameState;
}

/** The fewest moves a part is cut at (the last part may have fewer). */
const TAIL_PART = 64;

/**
 * When the moves so far make a part, sent while the phase goes on: a turn
 * of up to 256 monsters is sent whole (a message costs about what
 * replaying a few dozen moves costs the app); a larger one in parts of at
 * most a sixteenth of its monsters or 256 moves, whichever is more, and
 * smaller as the phase nears its end, half the moves still to come but
 * never under `TAIL_PART`: the app replays each part while the worker
 * decides the next, and what it has left to replay once the last part
 * comes is little.
 */
function partCutter(state: GameState): (moves: number, moved: number) => boolean {
  let actors = 0;
  for (const e of state.entities) if (e.ai) actors++;
  const full = Math.max(256, Math.ceil(actors / 16));
  if (actors <= full) return () => false;
  return (moves, moved) => moves >= Math.max(TAIL_PART, Math.min(full, Math.ceil((actors - moved) / 2)));
}

/**
 * Plays `command` on the copy; for an action, the answer (its last part)
 * and, through `send`, the parts before it.
 */
function play(
  state: GameState,
  rules: Rules,
  seq: number,
  command: Command,
  check: boolean,
  send: ((part: MovesPart) => void) | undefined,
  now: () => number,
): Played | undefined {
  const sum = check ? stateDigest(state) : undefined;
  if (!("act" in command)) {
    playCommand(state, rules, command);
    return undefined;
  }
  const mine = playPlayerAction(state, rules, command.act);
  const checks: Checks = { turn: state.turn, entities: state.entities.length, sum };
  if (!mine) return { type: "played", seq, checks, rng: state.rng, computeMs: 0, phaseMs: 0 };
  // Each monster's AI as the phase begins: a move whose AI another's move changed is told whole.
  const start: (Ai | undefined)[] = [];
  for (const e of state.entities) if (e.ai) start[e.id] = e.ai;
  const encoder = new MoveEncoder(start), cut = send ? partCutter(state) : () => false;
  let moved = 0;
  const phaseStarted = now();
  const { events } = runMonsterPhase(state, rules, (move, before) => {
    encoder.add(move, before);
    if (cut(encoder.count, ++moved)) send!({ type: "moves", seq, moves: encoder.take(), checks });
  });
  const phaseMs = now() - phaseStarted;
  finishTurn(state, rules, events);
  return { type: "played", seq, moves: encoder.take(), checks, rng: state.rng, computeMs: 0, phaseMs };
}

/**
 * Handles one message; returns the answer, if the message asks for one.
 * `send` posts the parts of a long answer before it (without it, an answer
 * comes whole); `now` is a clock in milliseconds (the engine reads none).
 */
export function handleToWorker(
  memory: WorkerMemory,
  message: ToWorker,
  send?: (part: MovesPart) => void,
  now: () => number = () => 0,
): FromWorker | undefined {
  switch (message.type) {
    case "bell":
    case "wake":
      // The thread's own business (workers/ai_worker.ts): the copy has nothing to do with it.
      return undefined;
    case "rules":
      memory.rules = message.rules;
      return undefined;
    case "load":
      // The log only tells what happened: the copy starts with none and keeps none.
      memory.state = { ...message.state, log: [] };
      return undefined;
    case "play": {
      const { rules, state } = memory;
      if (!rules || !state) return { type: "failed", seq: message.seq, error: "no rules or game yet" };
      const started = now();
      const { seq, command, check } = message;
      if (message.quiet) {
        // The app played it already: the copy follows, with nothing to encode.
        playCommand(state, rules, command);
        state.log.length = 0;
        return undefined;
      }
      const answer = play(state, rules, seq, command, check, send, now);
      state.log.length = 0;
      return answer && { ...answer, computeMs: now() - started };
    }
  }
}
