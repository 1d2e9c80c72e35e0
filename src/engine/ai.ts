/**
 * What a monster decides to do. A decision is the monster's next AI state
 * and one action; performing the action is separate, so a worker can decide
 * and the main thread can replay the same actions.
 *
 * @module
 */
import type { Action } from "./actions.ts";
import { distanceMap, downhillStep, type SettleOrder, settleOrderFor } from "./distance_map.ts";
import { type Ai, type Entity, isAlive } from "./entity.ts";
import { wornBonus } from "./equipment.ts";
import { chebyshev, DIRECTIONS } from "./geometry.ts";
import type { GameMap } from "./game_map.ts";
import { findPath } from "./pathfinding.ts";
import type { Rng } from "./rng.ts";
import { WALKABLE } from "./tiles.ts";
import type { EntityTemplate } from "./rules.ts";
import { decideMind } from "./minds/decide_mind.ts";
import type { Mind } from "./minds/mind.ts";
import { safetyMap } from "./minds/safety_map.ts";

/** Path cost of a cell held by a blocking actor, on top of the floor's 1. */
export const BLOCKER_SURCHARGE = 10;

/** Arrays a phase fills whole before it reads them, which may be reused from phase to phase. */
export interface PhaseGrids {
  readonly cost: Uint8Array;
  readonly dist: Int32Array;
}

/**
 * The last phase's safety map and the order its distance map settled the
 * cells in, kept for the next on a map of the same size (as
 * monster_phase.ts keeps its grids).
 */
let safetyGrid: Int32Array | undefined;
let settleOrder: SettleOrder | undefined;

/**
 * What every monster of one phase shares: the path costs as the phase began
 * and, once someone needs it, the distance map to the player and the safety
 * map fleeing monsters walk down (minds/safety_map.ts).
 */
export class PhaseContext {
  readonly cost: Uint8Array;
  #dist: Int32Array | undefined;
  readonly #distOut: Int32Array | undefined;
  #safety: Int32Array | undefined;

  /**
   * `grids`, if given, are filled instead of new arrays (of the map's size).
   * `templates` tell each monster's composed mind, if its template has one.
   */
  constructor(
    readonly map: GameMap,
    entities: readonly Entity[],
    readonly player: Entity,
    grids?: PhaseGrids,
    readonly templates?: Readonly<Record<string, EntityTemplate>>,
  ) {
    const { width, height, tiles } = map;
    this.cost = grids?.cost ?? new Uint8Array(width * height);
    this.#distOut = grids?.dist;
    for (let i = 0; i < this.cost.length; i++) this.cost[i] = WALKABLE[tiles[i]];
    for (const e of entities) {
      if (e.blocksMovement && isAlive(e)) this.cost[e.y * width + e.x] += BLOCKER_SURCHARGE;
    }
  }

  /** The cheapest cost from every cell to the player's. */
  get distances(): Int32Array {
    if (this.#dist) return this.#dist;
    const size = this.map.width * this.map.height;
    if (settleOrder?.cells.length !== size) settleOrder = settleOrderFor(size);
    this.#dist = distanceMap(
      this.cost,
      this.map.width,
      this.map.height,
      [this.player.y * this.map.width + this.player.x],
      {},
      this.#distOut,
      settleOrder,
    );
    return this.#dist;
  }

  /** The safety map from the player: computed once a phase, for the first monster that flees. */
  get safety(): Int32Array {
    if (!this.#safety) {
      const size = this.map.width * this.map.height;
      if (safetyGrid?.length !== size) safetyGrid = new Int32Array(size);
      // The distance map's search fills the order the safety map starts from.
      void this.distances;
      this.#safety = safetyMap(settleOrder!, this.cost, this.map.width, this.map.height, safetyGrid);
    }
    return this.#safety;
  }

  /** The composed mind of `monster`'s template; undefined for `"hostile"` (today's). */
  mindOf(monster: Entity): Mind | undefined {
    const ai = this.templates?.[monster.template]?.ai;
    return typeof ai === "object" ? ai : undefined;
  }

  /** The player's stealth against sleeping monsters (its template's; 0 when it has none). */
  get stealth(): number {
    return Math.min(
      100,
      (this.templates?.[this.player.template]?.stealth ?? 0) + wornBonus(this.player, "stealth"),
    );
  }
}

/** A monster's choice: its AI state from now on, and what it does. */
export interface Decision {
  readonly ai: Ai;
  readonly action: Action;
}

function stepTo(monster: Entity, cell: number, width: number): Action {
  const x = cell % width, y = (cell - x) / width;
  return { type: "move", dx: x - monster.x, dy: y - monster.y };
}

function adjacent(a: number, b: number, width: number): boolean {
  const ax = a % width, bx = b % width;
  return Math.abs(ax - bx) <= 1 && Math.abs((a - ax) / width - (b - bx) / width) <= 1 && a !== b;
}

const WAIT: Action = { type: "wait" };

/** Today's hostile mind: pursues the player it sees, or where it saw it last. */
export function decideHostile(
  monster: Entity,
  ai: Extract<Ai, { type: "hostile" }>,
  ctx: PhaseContext,
): Decision {
  const { map, player } = ctx;
  const width = map.width;
  const here = monster.y * width + monster.x;
  // Symmetric FOV: the monster sees the player exactly when the player sees it.
  if (isAlive(player) && map.visible[here] === 1) {
    const seen: Ai = { type: "hostile", lastSeen: player.y * width + player.x, path: [] };
    const dx = player.x - monster.x, dy = player.y - monster.y;
    if (chebyshev(monster, player) <= 1) return { ai: seen, action: { type: "melee", dx, dy } };
    const next = downhillStep(ctx.distances, ctx.cost, width, map.height, here);
    return { ai: seen, action: next === -1 ? WAIT : stepTo(monster, next, width) };
  }
  if (ai.lastSeen < 0 || ai.lastSeen === here) {
    return { ai: { type: "hostile", lastSeen: -1, path: [] }, action: WAIT };
  }
  // Out of sight: walk on toward where the player was last seen.
  let path = ai.path;
  if (path.length === 0 || !adjacent(path[0], here, width)) {
    const found = findPath(
      ctx.cost,
      width,
      map.height,
      monster.x,
      monster.y,
      ai.lastSeen % width,
      Math.floor(ai.lastSeen / width),
    );
    path = found ? Array.from(found) : [];
  }
  if (path.length === 0) return { ai: { type: "hostile", lastSeen: -1, path: [] }, action: WAIT };
  // The step is used up even if the move then fails.
  return {
    ai: { type: "hostile", lastSeen: ai.lastSeen, path: path.slice(1) },
    action: stepTo(monster, path[0], width),
  };
}

/**
 * Decides `monster`'s turn. Draws from `rng` only when confused, or as its
 * composed mind needs (minds/decide_mind.ts).
 */
export function decide(monster: Entity, ctx: PhaseContext, rng: Rng): Decision | undefined {
  const ai = monster.ai;
  if (!ai || !isAlive(monster)) return undefined;
  if (ai.type === "hostile") {
    const mind = ctx.mindOf(monster);
    return mind ? decideMind(monster, ai, mind, ctx, rng) : decideHostile(monster, ai, ctx);
  }
  if (ai.turnsRemaining <= 0) return { ai, action: { type: "recover" } };
  const { dx, dy } = DIRECTIONS[rng.int(0, 7)];
  return { ai: { ...ai, turnsRemaining: ai.turnsRemaining - 1 }, action: { type: "bump", dx, dy } };
}
