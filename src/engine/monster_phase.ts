/**
 * The monsters' half of a turn. Each living monster, in ascending id,
 * decides and acts. The same phase runs in the AI worker on a copy of the
 * state, which returns the moves; the main thread then replays them with
 * {@link applyMonsterMoves}, reaching the same state by construction.
 *
 * @module
 */
import { type Action, resolve } from "./actions.ts";
import { decide, PhaseContext, type PhaseGrids } from "./ai.ts";
import type { Ai, Entity } from "./entity.ts";
import type { GameEvent } from "./events.ts";
import { BlockerIndex } from "./occupancy.ts";
import { Rng } from "./rng.ts";
import type { Rules } from "./rules.ts";
import { type GameState, playerOf } from "./state.ts";

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
  const result = resolve(state, rules, monster, move.action, occupancy);
  // A monster's impossible move is simply its lost turn.
  if (result.kind === "done") events.push(...result.events);
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
  const rng = Rng.fromState(state.rng);
  const { map } = state;
  const ctx = new PhaseContext(
    map,
    state.entities,
    playerOf(state),
    gridsFor(map.width * map.height),
    rules.templates,
  );
  const occupancy = new BlockerIndex(state.map.width, state.entities);
  const moves: MonsterMove[] = [];
  const events: GameEvent[] = [];
  const actors = state.entities.filter((e) => e.ai !== undefined).sort((a, b) => a.id - b.id);
  for (const monster of actors) {
    const decision = decide(monster, ctx, rng);
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

  constructor(readonly state: GameState, readonly rules: Rules) {
    for (const e of state.entities) this.byId[e.id] = e;
    this.#occupancy = new BlockerIndex(state.map.width, state.entities);
  }

  /** Carries out `moves`, after those before them. */
  apply(moves: readonly MonsterMove[]): void {
    for (const move of moves) {
      const monster = this.byId[move.id];
      if (!monster) throw new Error(`monster ${move.id} is not in the state`);
      applyMove(this.state, this.rules, monster, move, this.#occupancy, this.events);
    }
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
  return replay.events;
}
