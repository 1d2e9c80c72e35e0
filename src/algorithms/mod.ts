/**
 * Algorithms on grids that know no game: field of view, paths and distance
 * maps, lines, regions and cave maps, nearest cells, and the seeded random
 * numbers and dice they draw from (as rot.js groups its algorithms). They
 * import nothing of the engine: the layers test holds them to it.
 *
 * @module
 */
export { emptyRing, push, ringFor } from "./bucket_ring.ts";
export { cellularCave } from "./cave_map.ts";
export { DICE_LIMITS, diceRange, isRandomDice, parseDice, rollDice } from "./dice.ts";
export { distanceMap, downhillStep, type SettleOrder, settleOrderFor, UNREACHABLE } from "./distance_map.ts";
export { computeFov, forgetLit, markLit } from "./fov.ts";
export {
  center,
  chebyshev,
  DIRECTIONS,
  intersects,
  isNeighbour,
  type Point,
  type Rect,
  rectAt,
} from "./geometry.ts";
export { lineCells, rayCells } from "./line.ts";
export { mixedMap } from "./mixed_map.ts";
export { nearestCells } from "./nearest_cells.ts";
export { findPath } from "./pathfinding.ts";
export { countOpen, isConnected, stepsFrom } from "./regions.ts";
export { Rng } from "./rng.ts";
export { MAX_SEED } from "./seed.ts";
