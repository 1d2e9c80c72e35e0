/**
 * Terrain kinds and their physical properties. How each kind looks is
 * content (`data/game.json`), not code.
 *
 * @module
 */

/** Terrain kinds, stored one byte per cell in {@link GameMap.tiles}. */
export const Tile = {
  Wall: 0,
  Floor: 1,
  DownStairs: 2,
  /** Only on floors the rules keep (docs/rules.md, Persistent floors). */
  UpStairs: 3,
  /** Opens when walked into (the move is spent opening it); blocks sight while closed. */
  ClosedDoor: 4,
  OpenDoor: 5,
  /** Only where a floor plan grows it (docs/rules.md, Grass): floor that burns. */
  Grass: 6,
  /** What grass burns to (docs/rules.md, Fire): floor that burns no more. */
  BurntFloor: 7,
  /** Only where a floor plan pools it (docs/rules.md, Deep water): walked and seen through, never burning. */
  DeepWater: 8,
} as const;

/** A terrain kind. */
export type Tile = typeof Tile[keyof typeof Tile];

/** The names content uses for each terrain kind, indexed by {@link Tile}. */
export const TILE_NAMES = [
  "wall",
  "floor",
  "stairs",
  "upstairs",
  "door",
  "open_door",
  "grass",
  "burnt_floor",
  "deep_water",
] as const;

/** A terrain kind's name as content spells it. */
export type TileName = typeof TILE_NAMES[number];

/**
 * 1 where an actor may stand or path through, indexed by {@link Tile}: a
 * closed door counts, since walking into it opens it (docs/rules.md, Doors).
 */
export const WALKABLE: Uint8Array = Uint8Array.of(0, 1, 1, 1, 1, 1, 1, 1, 1);

/** 1 where light passes, indexed by {@link Tile}. */
export const TRANSPARENT: Uint8Array = Uint8Array.of(0, 1, 1, 1, 0, 1, 1, 1, 1);

/** 1 where fire may catch, indexed by {@link Tile}. */
export const FLAMMABLE: Uint8Array = Uint8Array.of(0, 0, 0, 0, 0, 0, 1, 0, 0);
