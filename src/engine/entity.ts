/**
 * Things on the map. Entities are plain records with an `id`; optional
 * components (fighter, ai, item, …) arrive as fields in later layers.
 *
 * @module
 */

/** Draw order: corpses under items under actors. */
export type RenderLayer = "corpse" | "item" | "actor";

/** Anything that occupies a cell: the player, monsters, items, corpses. */
export interface Entity {
  readonly id: number;
  name: string;
  glyph: string;
  /** 0xRRGGBB. */
  color: number;
  x: number;
  y: number;
  blocksMovement: boolean;
  layer: RenderLayer;
}

/** The first entity that blocks movement at (x, y), if any. */
export function blockerAt(entities: readonly Entity[], x: number, y: number): Entity | undefined {
  return entities.find((e) => e.blocksMovement && e.x === x && e.y === y);
}
