/**
 * One action played through the worker: the command posted, the game here
 * summed (when asked) and the player's half played while the worker plays
 * it on its copy, then the answer's parts replayed as they come
 * (`answer_replay.ts`), and what came of it.
 *
 * @module
 */
import {
  type Action,
  finishTurn,
  type GameEvent,
  type GameState,
  playPlayerAction,
  type Rules,
  runMonsterPhase,
  stateDigest,
} from "../engine/mod.ts";
import { AnswerReplay } from "./answer_replay.ts";
import type { WorkerConnection } from "./connection.ts";
import type { Played } from "./protocol.ts";
import type { LostTurn, WorkerFault } from "./runner.ts";

/** What came of a turn through the worker. */
export type WorkerTurnOutcome =
  /** The player's action was impossible (told, and no time passed). */
  | { readonly kind: "impossible" }
  /** The worker's moves replayed: the turn's events, settled, and its answer. */
  | { readonly kind: "answered"; readonly events: GameEvent[]; readonly answer: Played }
  /**
   * The worker failed before any of its moves were made (`fault`, if it is
   * one to note; none when its answer was of no use for a reason already
   * noted): the monsters played here.
   */
  | { readonly kind: "here"; readonly events: GameEvent[]; readonly fault: WorkerFault | undefined }
  /** The worker stopped half way: the game is half played. */
  | { readonly kind: "lost"; readonly lost: LostTurn; readonly fault: WorkerFault | undefined };

/** Plays `act` on `state` through the worker, as the command numbered `seq`; `check`: with a checksum. */
export async function playThroughWorker(
  connection: WorkerConnection,
  state: GameState,
  rules: Rules,
  seq: number,
  act: Action,
  check: boolean,
): Promise<WorkerTurnOutcome> {
  connection.post({ type: "play", seq, command: { act }, check });
  // While the worker plays the command on its copy, the game here sums itself (when asked) and plays
  // the player's half; the parts of the answer wait for that: they are read once this function waits.
  const replay = new AnswerReplay(state, rules, check ? stateDigest(state) : undefined);
  const answer = connection.answer(seq, (part) => replay.part(part.moves, part.checks));
  const mine = playPlayerAction(state, rules, act);
  if (!mine) {
    connection.forget(seq);
    return { kind: "impossible" };
  }
  replay.prepare();
  connection.expectAnswer();
  const reply = await answer;
  if (typeof reply !== "string" && reply.type === "played") {
    if (reply.moves) {
      replay.part(reply.moves, reply.checks);
      replay.finish();
    } else replay.fault ??= "diverged";
  } else if (typeof reply !== "string") {
    replay.fault ??= "failed";
  }
  if (replay.broken) return { kind: "lost", lost: { lost: replay.broken.message }, fault: undefined };
  if (typeof reply !== "string" && reply.type === "played" && !replay.fault) {
    return { kind: "answered", events: [...mine, ...finishTurn(state, rules, replay.events)], answer: reply };
  }
  // The worker failed (a fault the connection noted itself), or its copy is not the game: the monsters
  // play here, unless some of its moves were made already (the game is then half played).
  if (replay.started) {
    const why = typeof reply === "string" ? reply : replay.fault ?? reply.type;
    return {
      kind: "lost",
      lost: { lost: `the AI worker stopped half way through the monsters' turn (${why})` },
      fault: replay.fault,
    };
  }
  return {
    kind: "here",
    events: [...mine, ...finishTurn(state, rules, runMonsterPhase(state, rules).events)],
    fault: replay.fault,
  };
}
