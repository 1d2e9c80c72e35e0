/**
 * The monsters' half of a turn. The scheduler (scheduler.ts) names the
 * monsters in turn, each decides and acts; the turn ends with its end
 * (time.ts: statuses, regeneration, energy). The same phase runs in the AI
 * worker on a copy of the state, which returns the moves; the main thread
 * then replays them with {@link applyMonsterMoves}, asking its own
 * scheduler who acts next, reaching the same state by construction.
 *
 * @module
 */
import type { Action } from "../actions.ts";
import { decide } from "./ai.ts";
import { type Decision, PhaseContext, type PhaseGrids } from "./phase_context.ts";
import { phaseCounts } from "./phase_counts.ts";
import type { Ai, Entity } from "../entity.ts";
import type { GameEvent } from "../events.ts";
import { DIRECTIONS, Rng } from "../../algorithms/mod.ts";
import { BlockerIndex } from "../occupancy.ts";
import type { Rules } from "../rules.ts";
import { PhaseScheduler } from "../scheduler.ts";
import { type GameState, playerOf } from "../state.ts";
import { statusAction } from "../statuses.ts";
import { payFor, resolveTimed, usesEnergy } from "../time.ts";

/** One monster's turn: the AI state it chose and the action it took. */
export interface MonsterMove {
  readonly id: number;
  readonly ai: Ai;
  readonly action: Action;
}

/** What a monster phase did. */
export interface MonsterPhaseResult {
  readonly moves: MonsterMove[];
  readonly events: GameEvent[];
}

function applyMove(
  state: GameState,
  rules: Rules,
  monster: Entity,
  move: MonsterMove,
  occupancy: BlockerIndex,
  events: GameEvent[],
): void {
  monster.ai = move.ai;
  const { result, performed } = resolveTimed(state, rules, monster, move.action, occupancy);
  // A monster's impossible move is simply its lost turn (and costs what it would have).
  if (result.kind === "done") events.push(...result.events);
  payFor(monster, rules, performed);
}

const WAIT: Action = { type: "wait" };

/**
 * What `monster` does: what a status makes it do (a random step, or
 * nothing while asleep), else what its mind decides. With the scheduler,
 * a monster named to act always acts: if its mind gives nothing, it waits.
 */
function decideWithStatuses(
  monster: Entity,
  rules: Rules,
  ctx: PhaseContext,
  rng: Rng,
): Decision | undefined {
  const override = monster.statuses ? statusAction(monster, rules) : undefined;
  if (override === "asleep") return { ai: monster.ai!, action: WAIT };
  if (override === "random_steps") {
    const { dx, dy } = DIRECTIONS[rng.int(0, 7)];
    return { ai: monster.ai!, action: { type: "bump", dx, dy } };
  }
  const decision = decide(monster, ctx, rng);
  return decision ?? (usesEnergy(rules) ? { ai: monster.ai!, action: WAIT } : undefined);
}

/**
 * The last phase's cost and distance grids, kept for the next phase on a
 * map of the same size: on a large map, new ones each turn would be
 * megabytes to allocate and collect.
 */
let grids: PhaseGrids | undefined;

function gridsFor(size: number): PhaseGrids {
  if (grids?.cost.length !== size) grids = { cost: new Uint8Array(size), dist: new Int32Array(size) };
  return grids;
}

/**
 * Runs every monster's turn on `state`, drawing from its RNG. `onMove` is
 * told each move as it is decided, with the AI state the monster had (the
 * one it had when the phase began), before the move is carried out.
 */
export function runMonsterPhase(
  state: GameState,
  rules: Rules,
  onMove?: (move: MonsterMove, before: Ai) => void,
): MonsterPhaseResult {
  // The player has left the dungeon: no one is left to act against (docs/rules.md, A goal).
  if (state.chronicle.escaped) return { moves: [], events: [] };
  phaseCounts.decided++;
  const rng = Rng.fromState(state.rng);
  const { map } = state;
  const ctx = new PhaseContext(
    map,
    state.entities,
    playerOf(state),
    gridsFor(map.width * map.height),
    rules.templates,
    rules.fire?.detour,
  );
  const occupancy = new BlockerIndex(state.map.width, state.entities);
  const moves: MonsterMove[] = [];
  const events: GameEvent[] = [];
  const scheduler = new PhaseScheduler(state, rules, events);
  for (let monster = scheduler.next(); monster; monster = scheduler.next()) {
    const decision = decideWithStatuses(monster, rules, ctx, rng);
    if (!decision) continue;
    const move = { id: monster.id, ai: decision.ai, action: decision.action };
    moves.push(move);
    onMove?.(move, monster.ai!);
    applyMove(state, rules, monster, move, occupancy, events);
  }
  state.rng = rng.state();
  return { moves, events };
}

/**
 * Replays moves decided elsewhere (the worker) on `state`, in order, a part
 * at a time if they come in parts: nothing else may change the state
 * between parts.
 */
export class MoveReplay {
  /** What the moves so far did. */
  readonly events: GameEvent[] = [];
  /** Each entity at its id. */
  readonly byId: Entity[] = [];
  readonly #occupancy: BlockerIndex;
  readonly #scheduler: PhaseScheduler;
  /** With the scheduler, each move must be the one of the monster it names next. */
  readonly #strict: boolean;

  constructor(readonly state: GameState, readonly rules: Rules) {
    for (const e of state.entities) this.byId[e.id] = e;
    this.#occupancy = new BlockerIndex(state.map.width, state.entities);
    this.#scheduler = new PhaseScheduler(state, rules, this.events);
    this.#strict = usesEnergy(rules);
  }

  /** Carries out `moves`, after those before them. */
  apply(moves: readonly MonsterMove[]): void {
    for (const move of moves) {
      const monster = this.byId[move.id];
      if (!monster) throw new Error(`monster ${move.id} is not in the state`);
      if (this.#strict) {
        const due = this.#scheduler.next();
        if (due !== monster) {
          throw new Error(`monster ${move.id} moved when ${due?.id ?? "nobody"} was due to`);
        }
      }
      applyMove(this.state, this.rules, monster, move, this.#occupancy, this.events);
    }
  }

  /** Ends the phase once every move is replayed: the end of the turn (or turns) that remain. */
  finish(): void {
    if (!this.#strict) return this.#scheduler.finish();
    const due = this.#scheduler.next();
    if (due) throw new Error(`the moves ended while monster ${due.id} was due to move`);
  }
}

/** Replays moves decided elsewhere (the worker) on `state`, in order. */
export function applyMonsterMoves(
  state: GameState,
  rules: Rules,
  moves: readonly MonsterMove[],
): GameEvent[] {
  const replay = new MoveReplay(state, rules);
  replay.apply(moves);
  replay.finish();
  return replay.events;
}
