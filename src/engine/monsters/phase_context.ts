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
import { Tile, WALKABLE } from "../tiles.ts";
import type { EntityTemplate, Rules } from "../rules.ts";
import type { Noise } from "./noise.ts";
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
 * The grids of the paths of monsters that cannot open doors, kept as the
 * others are. Their own settle order: the shared one is the safety map's.
 */
let shutGrids: PhaseGrids | undefined;
let shutOrder: SettleOrder | undefined;

/**
 * What every monster of one phase shares: the path costs as the phase began
 * and, once someone needs it, the distance map to the player and the safety
 * map fleeing monsters walk down (minds/safety_map.ts).
 */
export class PhaseContext {
  readonly cost: Uint8Array;
  /** The noises made so far this turn (monsters/noise.ts), which sleepers within them hear. */
  readonly noises: Noise[] = [];
  #dist: Int32Array | undefined;
  readonly #distOut: Int32Array | undefined;
  #safety: Int32Array | undefined;
  /** Whether a closed door is on the floor: without one, every monster paths alike. */
  readonly #doors: boolean;
  #shutCost: Uint8Array | undefined;
  #shutDist: Int32Array | undefined;

  /**
   * `grids`, if given, are filled instead of new arrays (of the map's size).
   * `templates` tell each monster's composed mind, if its template has one;
   * `rules`, sneaking's stealth.
   */
  constructor(
    readonly map: GameMap,
    entities: readonly Entity[],
    readonly player: Entity,
    grids?: PhaseGrids,
    readonly templates?: Readonly<Record<string, EntityTemplate>>,
    readonly rules?: Pick<Rules, "sneak">,
  ) {
    const { width, height, tiles } = map;
    this.cost = grids?.cost ?? new Uint8Array(width * height);
    this.#distOut = grids?.dist;
    let doors = false;
    for (let i = 0; i < this.cost.length; i++) {
      this.cost[i] = WALKABLE[tiles[i]];
      if (tiles[i] === Tile.ClosedDoor) doors = true;
    }
    this.#doors = doors;
    for (const e of entities) {
      if (e.blocksMovement && isAlive(e)) this.cost[e.y * width + e.x] += BLOCKER_SURCHARGE;
    }
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

  /**
   * Whether `monster`'s paths go by closed doors as by walls (docs/rules.md,
   * Doors): its template cannot open them and one is on the floor.
   */
  #shut(monster: Entity): boolean {
    return this.#doors && this.templates?.[monster.template]?.opensDoors === false;
  }

  /** The path costs `monster` goes by: the shared ones, or with closed doors as walls for one that cannot open them. */
  costFor(monster: Entity): Uint8Array {
    if (!this.#shut(monster)) return this.cost;
    if (!this.#shutCost) {
      const size = this.cost.length, { tiles } = this.map;
      if (shutGrids?.cost.length !== size) {
        shutGrids = { cost: new Uint8Array(size), dist: new Int32Array(size) };
      }
      const cost = shutGrids.cost;
      for (let i = 0; i < size; i++) cost[i] = tiles[i] === Tile.ClosedDoor ? 0 : this.cost[i];
      this.#shutCost = cost;
    }
    return this.#shutCost;
  }

  /**
   * The distance map `monster` walks down: the shared one, or, for one that
   * cannot open doors, one on {@link costFor}'s costs, made once a phase and
   * only when such a monster needs it.
   */
  distancesFor(monster: Entity): Int32Array {
    if (!this.#shut(monster)) return this.distances;
    if (!this.#shutDist) {
      const cost = this.costFor(monster), size = cost.length;
      if (shutOrder?.cells.length !== size) shutOrder = settleOrderFor(size);
      phaseCounts.distanceMaps++;
      this.#shutDist = distanceMap(
        cost,
        this.map.width,
        this.map.height,
        [this.player.y * this.map.width + this.player.x],
        {},
        shutGrids!.dist,
        shutOrder,
      );
    }
    return this.#shutDist;
  }

  /** The composed mind of `monster`'s template; undefined for `"hostile"` (today's). */
  mindOf(monster: Entity): Mind | undefined {
    const ai = this.templates?.[monster.template]?.ai;
    return typeof ai === "object" ? ai : undefined;
  }

  /**
   * The player's stealth against sleeping monsters: its own, else its template's (0 when it has none), with
   * what it wears and sneaking's.
   */
  get stealth(): number {
    const sneaking = this.player.sneaking && this.rules?.sneak ? this.rules.sneak.stealth : 0;
    return Math.min(
      100,
      (this.player.stealth ?? this.templates?.[this.player.template]?.stealth ?? 0) +
        wornBonus(this.player, "stealth") + sneaking,
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
