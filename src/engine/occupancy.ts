/**
 * Who blocks which cell. Actions ask this instead of scanning every entity:
 * a scan is fine for the player's one action, but a monster phase with
 * thousands of monsters needs an index, kept current as they move.
 *
 * @module
 */
import { type Entity, isAlive } from "./entity.ts";

/** Answers "who is on this cell" for actions. */
export interface Occupancy {
  /** The entity blocking movement on (x, y), if any. */
  blockerAt(x: number, y: number): Entity | undefined;
  /** The living actor on (x, y), if any. */
  livingActorAt(x: number, y: number): Entity | undefined;
  /** `entity` moved from (fromX, fromY) to where it now is. */
  moved(entity: Entity, fromX: number, fromY: number): void;
}

/** Looks through the entity list on every question: no upkeep. */
export function scanOccupancy(entities: readonly Entity[]): Occupancy {
  return {
    blockerAt: (x, y) => entities.find((e) => e.blocksMovement && e.x === x && e.y === y),
    livingActorAt: (x, y) => entities.find((e) => e.x === x && e.y === y && isAlive(e)),
    moved: () => {},
  };
}

/**
 * An index of blockers by cell, built once and updated on every move. A
 * blocker that died stays indexed but no longer counts (it stopped blocking).
 */
export class BlockerIndex implements Occupancy {
  readonly #byCell = new Map<number, Entity>();

  constructor(readonly width: number, entities: readonly Entity[]) {
    for (const e of entities) if (e.blocksMovement) this.#byCell.set(e.y * width + e.x, e);
  }

  blockerAt(x: number, y: number): Entity | undefined {
    const e = this.#byCell.get(y * this.width + x);
    return e && e.blocksMovement && e.x === x && e.y === y ? e : undefined;
  }

  livingActorAt(x: number, y: number): Entity | undefined {
    const e = this.blockerAt(x, y);
    return e && isAlive(e) ? e : undefined;
  }

  moved(entity: Entity, fromX: number, fromY: number): void {
    const from = fromY * this.width + fromX;
    if (this.#byCell.get(from) === entity) this.#byCell.delete(from);
    if (entity.blocksMovement) this.#byCell.set(entity.y * this.width + entity.x, entity);
  }
}
