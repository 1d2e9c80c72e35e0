/**
 * In-process play with a pause between the halves of each turn that takes
 * time: after the player's action, where the AI worker would be thinking,
 * before the monsters' turn. Tests put a delay, a fault or a change there.
 */
import {
  type Command,
  type GameEvent,
  type GameState,
  playCommand,
  playPlayerAction,
  type Rules,
  runMonsterPhase,
  settleAndNarrate,
} from "../../src/engine/mod.ts";
import type { MonsterRunner } from "../../src/worker/mod.ts";

/** What runs between the halves: told the state and the turn's number (1 for the first that took time). */
export type Between = (state: GameState, turn: number) => void | Promise<void>;

/** A runner that plays as InProcessRunner does, `between` awaited between each turn's halves. */
export class HookedRunner implements MonsterRunner {
  readonly faults = [];
  /** Turns that took time so far. */
  turns = 0;

  constructor(readonly rules: Rules, readonly between: Between) {}

  async play(state: GameState, command: Command): Promise<GameEvent[] | undefined> {
    if (!("act" in command)) return playCommand(state, this.rules, command);
    const mine = playPlayerAction(state, this.rules, command.act);
    if (!mine) return undefined;
    await this.between(state, ++this.turns);
    return [...mine, ...settleAndNarrate(state, this.rules, runMonsterPhase(state, this.rules).events)];
  }

  close(): void {}
}
