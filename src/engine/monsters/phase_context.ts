/**
 * What every monster of one phase shares and decides with: the path costs,
 * the distance and safety maps, and the decision a monster's turn comes to.
 *
 * @module
 */
import type { Action } from "../actions.ts";
import { distanceMap, type SettleOrder, settleOrderFor } from "../../algorithms/mod.ts";
import { type Ai, type Entity, isAlive } from "../entity.ts";
import { wornBonus } from "../items/equipment.ts";
import type { GameMap } from "../game_map.ts";
import { WALKABLE } from "../tiles.ts";
import { burningCells } from "../field_cells.ts";
import type { EntityTemplate } from "../rules.ts";
import type { Mind } from "./minds/mind.ts";
import { safetyMap } from "./minds/safety_map.ts";
import { phaseCounts } from "./phase_counts.ts";

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
  /** The burning cells, when fire costs monsters a detour. */
  readonly #burning: readonly number[];
  /** The costs and distances without fire's detour, for the monsters fire does not hurt (once one asks). */
  #fearless: { readonly cost: Uint8Array; dist?: Int32Array } | undefined;

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
    detour = 0,
  ) {
    const { width, height, tiles } = map;
    this.cost = grids?.cost ?? new Uint8Array(width * height);
    this.#distOut = grids?.dist;
    for (let i = 0; i < this.cost.length; i++) this.cost[i] = WALKABLE[tiles[i]];
    for (const e of entities) {
      if (e.blocksMovement && isAlive(e)) this.cost[e.y * width + e.x] += BLOCKER_SURCHARGE;
    }
    // Fire costs a detour (kept below a blocker's surcharge: a burning cell is still a way, not a wall).
    this.#burning = detour > 0 ? [...burningCells(map)] : [];
    for (const i of this.#burning) if (this.cost[i] > 0) this.cost[i] += detour;
  }

  /** True when `monster` paths as if there were no fire (its template's `fireImmune`, and fire burns). */
  #fearlessOf(monster: Entity): boolean {
    return this.#burning.length > 0 && this.templates?.[monster.template]?.fireImmune === true;
  }

  /** The path costs `monster` goes by: the phase's, or, fire not hurting it, those without fire's detour. */
  costFor(monster: Entity): Uint8Array {
    if (!this.#fearlessOf(monster)) return this.cost;
    if (!this.#fearless) {
      const cost = this.cost.slice();
      for (const i of this.#burning) {
        if (cost[i] > 0) {
          cost[i] = WALKABLE[this.map.tiles[i]] + (cost[i] >= BLOCKER_SURCHARGE ? BLOCKER_SURCHARGE : 0);
        }
      }
      this.#fearless = { cost };
    }
    return this.#fearless.cost;
  }

  /** The distances to the player `monster` goes by (see {@link costFor}). */
  distancesFor(monster: Entity): Int32Array {
    if (!this.#fearlessOf(monster)) return this.distances;
    const fearless = this.#fearless ?? (this.costFor(monster), this.#fearless!);
    fearless.dist ??= distanceMap(
      fearless.cost,
      this.map.width,
      this.map.height,
      [this.player.y * this.map.width + this.player.x],
    );
    return fearless.dist;
  }

  /** The cheapest cost from every cell to the player's. */
  get distances(): Int32Array {
    if (this.#dist) return this.#dist;
    const size = this.map.width * this.map.height;
    if (settleOrder?.cells.length !== size) settleOrder = settleOrderFor(size);
    phaseCounts.distanceMaps++;
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
      phaseCounts.safetyMaps++;
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

/** The move that takes `monster` to `cell`, a cell beside it. */
export function stepTo(monster: Entity, cell: number, width: number): Action {
  const x = cell % width, y = (cell - x) / width;
  return { type: "move", dx: x - monster.x, dy: y - monster.y };
}
