/**
 * Turns with every monster hunting the player, played in-process and through
 * the AI worker side by side: the same game twice from the same start, a
 * turn of one then the same turn of the other, so that whatever else the
 * machine does falls on both alike; and the two games must end the same.
 *
 * @module
 */
import {
  cloneState,
  type Command,
  type GameState,
  playerOf,
  playPlayerAction,
  type Rules,
  runMonsterPhase,
  settleAndNarrate,
  stateChecksum,
} from "../../src/engine/mod.ts";
import { WorkerRunner } from "../../src/worker/mod.ts";
import { huntingState, type MonsterScale } from "./app_cases.ts";
import { median } from "./timing.ts";

/** The player's command each turn. */
const WAIT = { act: { type: "wait" } } as const satisfies Command;

/**
 * The hunting state made to last: its walls let light through and the
 * player sees without limit, so every monster is in view turn after turn
 * (as `huntingState` marks every cell in view for one phase), and the
 * player cannot die.
 */
export function huntingGame(
  rules: Rules,
  scale: MonsterScale,
  templateOf?: (id: number) => string,
): { state: GameState; label: string } {
  const { state, label } = huntingState(rules, scale, templateOf);
  state.map.transparent.fill(1);
  const player = playerOf(state);
  player.sight = 0;
  player.fighter = { ...player.fighter!, hp: 1e9, maxHp: 1e9 };
  return { state, label };
}

/** The minds of the mixed bench, in turn (tests/fixtures/mods/minds): every option at work. */
const MIXED_MINDS = ["orc", "archer", "goblin", "troll", "fungus", "bat"] as const;

/**
 * {@link huntingGame} with monsters of mixed minds (`rules` must be the
 * minds mod's): orcs, archers, goblins (every other one hurt, so it flees),
 * sleeping trolls, fungi and bats, in turn.
 */
export function mixedMindsGame(rules: Rules, scale: MonsterScale): { state: GameState; label: string } {
  const game = huntingGame(rules, scale, (id) => MIXED_MINDS[id % MIXED_MINDS.length]);
  for (const e of game.state.entities) {
    if (e.template === "goblin" && e.id % 12 === 2) e.fighter!.hp = 1;
  }
  return { state: game.state, label: `${game.label}, mixed minds` };
}

/** Median times of a turn, ms, and what the worker did. */
export interface MonsterTurns {
  readonly label: string;
  /** The monsters' phase alone, in-process. */
  readonly phase: number;
  /** The whole turn in-process: the player's wait, then the phase. */
  readonly turn: number;
  /** The whole turn asked of the worker: the command posted, its changes made here. */
  readonly trip: number;
  /** The same, over the untimed turns before: while V8 is still compiling the code both threads run. */
  readonly tripWarmingUp: number;
  /** How many untimed turns came first. */
  readonly warmup: number;
  /** The worker's own clock on its side of the turn. */
  readonly inWorker: number;
  /** The same clock on the monsters' phase alone, the figure to set beside `phase`. */
  readonly phaseInWorker: number;
  readonly turns: number;
  readonly faults: readonly string[];
  /** Copies of the game sent to the worker (1: only the first). */
  readonly loads: number;
  /** Whether the two games ended the same. */
  readonly same: boolean;
}

/** How {@link monsterTurns} plays. */
export interface MonsterTurnsOptions {
  /** Monsters of mixed minds ({@link mixedMindsGame}) instead of hunters alone. */
  readonly mixed?: boolean;
  /**
   * ms the thread idles before each timed turn, in-process and through the
   * worker alike, as between a player's keys (0: turns back to back).
   */
  readonly idleMs?: number;
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Plays `warmup` untimed turns and then `turns` timed ones of `scale`, in-process and through the worker. */
export async function monsterTurns(
  rules: Rules,
  scale: MonsterScale,
  turns: number,
  warmup: number,
  { mixed = false, idleMs = 0 }: MonsterTurnsOptions = {},
): Promise<MonsterTurns> {
  const { state: local, label } = mixed ? mixedMindsGame(rules, scale) : huntingGame(rules, scale);
  const remote = cloneState(local);
  const runner = new WorkerRunner(rules, { timeoutMs: 10_000 });
  if (!(await runner.ready)) throw new Error("the AI worker did not load");
  const phase: number[] = [], turn: number[] = [], trip: number[] = [], inWorker: number[] = [];
  const phaseInWorker: number[] = [], tripWarmingUp: number[] = [];
  try {
    for (let k = 0; k < warmup + turns; k++) {
      if (idleMs > 0 && k >= warmup) await idle(idleMs);
      const started = performance.now();
      playPlayerAction(local, rules, WAIT.act);
      const phaseStarted = performance.now();
      const { events } = runMonsterPhase(local, rules);
      const phaseEnded = performance.now();
      settleAndNarrate(local, rules, events);
      const ended = performance.now();
      if (idleMs > 0 && k >= warmup) await idle(idleMs);
      const [workerMs, workerPhaseMs] = [runner.stats.workerMs, runner.stats.workerPhaseMs];
      const posted = performance.now();
      await runner.play(remote, WAIT);
      const answered = performance.now();
      if (k < warmup) {
        tripWarmingUp.push(answered - posted);
        continue;
      }
      phase.push(phaseEnded - phaseStarted);
      turn.push(ended - started);
      trip.push(answered - posted);
      inWorker.push(runner.stats.workerMs - workerMs);
      phaseInWorker.push(runner.stats.workerPhaseMs - workerPhaseMs);
    }
  } finally {
    runner.close();
  }
  return {
    label,
    phase: median(phase),
    turn: median(turn),
    trip: median(trip),
    tripWarmingUp: median(tripWarmingUp),
    warmup,
    inWorker: median(inWorker),
    phaseInWorker: median(phaseInWorker),
    turns,
    faults: runner.faults,
    loads: runner.stats.loads,
    same: stateChecksum(local) === stateChecksum(remote),
  };
}
