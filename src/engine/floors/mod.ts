/**
 * Floors: making one (rooms and corridors or caves, the plan, vaults, what
 * spawns where) and going from floor to floor, kept or made anew.
 *
 * @module
 */
export { type DungeonParams, generateDungeon } from "./dungeon.ts";
export { buildFloor, type BuiltFloor, type FloorPlan, planFor } from "./floor_plan.ts";
export { carriesGoal, changeFloor, enterFloor, floorSeed, isBottom, keepsFloors } from "./floors.ts";
export {
  drawItems,
  drawWeighted,
  populateAreas,
  populateRooms,
  repeatedWeight,
  type SpawnTarget,
  valueForFloor,
  weightsForFloor,
} from "./spawning.ts";
export { placeVaults, type Vault, type VaultCell, type VaultThing } from "./vaults.ts";
