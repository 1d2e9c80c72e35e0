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
import { burningCells } from "../field_cells.ts";
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

/** A way of pathing some monsters have: closed doors as walls ({@link SHUT}), fire as no detour ({@link FEARLESS}). */
type Variant = number;
/** A monster that cannot open doors, with a closed door on the floor (docs/rules.md, Doors). */
const SHUT = 1;
/** A monster fire does not hurt, with fire burning (docs/rules.md, Fire). */
const FEARLESS = 2;

/**
 * The grids of each variant's paths, kept as the others are, each with its
 * own settle order (the shared one is the safety map's).
 */
const variantGrids = new Map<Variant, { grids: PhaseGrids; order: SettleOrder }>();

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
  /** Whether a closed door is on the floor: without one, every monster paths alike through doors. */
  readonly #doors: boolean;
  /** The burning cells, when fire costs monsters a detour. */
  readonly #burning: readonly number[];
  /** Each variant's costs and distances this phase, made once a monster of it asks. */
  readonly #variants = new Map<Variant, { readonly cost: Uint8Array; dist?: Int32Array }>();

  /**
   * `grids`, if given, are filled instead of new arrays (of the map's size).
   * `templates` tell each monster's composed mind, if its template has one;
   * `rules`, sneaking's stealth and fire's detour.
   */
  constructor(
    readonly map: GameMap,
    entities: readonly Entity[],
    readonly player: Entity,
    grids?: PhaseGrids,
    readonly templates?: Readonly<Record<string, EntityTemplate>>,
    readonly rules?: Pick<Rules, "sneak" | "fire">,
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
    // Fire costs a detour (kept below a blocker's surcharge: a burning cell is still a way, not a wall).
    const detour = rules?.fire?.detour ?? 0;
    this.#burning = detour > 0 ? [...burningCells(map)] : [];
    for (const i of this.#burning) if (this.cost[i] > 0) this.cost[i] += detour;
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

  /** How `monster` paths this phase: as every monster does (0), or by its {@link Variant}. */
  #variantOf(monster: Entity): Variant {
    const template = this.templates?.[monster.template];
    return (this.#doors && template?.opensDoors === false ? SHUT : 0) |
      (this.#burning.length > 0 && template?.fireImmune === true ? FEARLESS : 0);
  }

  /** The costs of `variant`: closed doors as walls, or burning cells without fire's detour, or both. */
  #variant(variant: Variant): { readonly cost: Uint8Array; dist?: Int32Array } {
    let made = this.#variants.get(variant);
    if (made) return made;
    const size = this.cost.length, { tiles } = this.map;
    let kept = variantGrids.get(variant);
    if (kept?.grids.cost.length !== size) {
      kept = {
        grids: { cost: new Uint8Array(size), dist: new Int32Array(size) },
        order: settleOrderFor(size),
      };
      variantGrids.set(variant, kept);
    }
    const cost = kept.grids.cost;
    cost.set(this.cost);
    if (variant & FEARLESS) {
      for (const i of this.#burning) {
        if (cost[i] > 0) {
          cost[i] = WALKABLE[tiles[i]] + (cost[i] >= BLOCKER_SURCHARGE ? BLOCKER_SURCHARGE : 0);
        }
      }
    }
    if (variant & SHUT) { for (let i = 0; i < size; i++) if (tiles[i] === Tile.ClosedDoor) cost[i] = 0; }
    made = { cost };
    this.#variants.set(variant, made);
    return made;
  }

  /**
   * The path costs `monster` goes by: the shared ones, or its variant's, for
   * one that cannot open doors (closed doors as walls) or that fire does not
   * hurt (no detour round it).
   */
  costFor(monster: Entity): Uint8Array {
    const variant = this.#variantOf(monster);
    return variant === 0 ? this.cost : this.#variant(variant).cost;
  }

  /**
   * The distance map `monster` walks down: the shared one, or one on
   * {@link costFor}'s costs, made once a phase and only when a monster of
   * that variant needs it.
   */
  distancesFor(monster: Entity): Int32Array {
    const variant = this.#variantOf(monster);
    if (variant === 0) return this.distances;
    const made = this.#variant(variant);
    if (!made.dist) {
      phaseCounts.distanceMaps++;
      made.dist = distanceMap(
        made.cost,
        this.map.width,
        this.map.height,
        [this.player.y * this.map.width + this.player.x],
        {},
        variantGrids.get(variant)!.grids.dist,
        variantGrids.get(variant)!.order,
      );
    }
    return made.dist;
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
