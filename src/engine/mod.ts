/**
 * The engine: the rules of the game, pure and seeded. State is plain data; actions are
 * values; a turn returns events, which narration turns into the game log. Its folders
 * hold the floors, the monsters, the items, the player's walks and the bot; the grid
 * algorithms it uses are a layer of their own (src/algorithms), the only one it imports.
 * It uses no Deno API (docs/architecture.md, Layout).
 *
 * @module
 */
export { type Action, stepRefused } from "./actions.ts";
export {
  type Behavior,
  behaviorOf,
  type BehaviorStep,
  isTold,
  itemsUnderfoot,
  knownCost,
  type KnownMonsters,
  MAX_WALK_STEPS,
  monstersInView,
  planWalk,
  reachOf,
  type Rest,
  restBehavior,
  startWalk,
  stillMonsterReach,
  type StillReach,
  stopAfterStep,
  stopBeforeStep,
  tellStop,
  threatsToPlayer,
  type Walk,
  walkBehavior,
  type WalkOrders,
  type WalkStop,
  type WalkWords,
} from "./walks/mod.ts";
export { Bot, type BotIntent, knownEscape } from "./bot/mod.ts";
export {
  dataChecksum,
  sortedKeys,
  stateChecksum,
  stateChecksumWithoutLog,
  textChecksum,
} from "./checksum.ts";
export { stateDigest, turnDigest, valueDigest } from "./state_digest.ts";
export {
  applyPatch,
  type FloorChange,
  patchOf,
  replacedDigest,
  samePlain,
  type TurnPatch,
} from "./state_patch.ts";
export { type Chronicle, emptyChronicle, type KillCount, totalKills } from "./chronicle.ts";
export { DEATH_CAUSE_KINDS, type DeathCause } from "./death_cause.ts";
export {
  cellularCave,
  center,
  computeFov,
  countOpen,
  DICE_LIMITS,
  diceRange,
  distanceMap,
  downhillStep,
  findPath,
  isConnected,
  isRandomDice,
  lineCells,
  markLit,
  MAX_SEED,
  parseDice,
  type Point,
  rayCells,
  Rng,
  rollDice,
  settleOrderFor,
  stepsFrom,
  UNREACHABLE,
} from "../algorithms/mod.ts";
export {
  buildFloor,
  type BuiltFloor,
  carriesGoal,
  changeFloor,
  drawItems,
  drawWeighted,
  type DungeonParams,
  enterFloor,
  type FloorPlan,
  floorSeed,
  generateDungeon,
  isBottom,
  keepsFloors,
  placeVaults,
  planFor,
  populateAreas,
  populateRooms,
  repeatedWeight,
  type SpawnTarget,
  valueForFloor,
  type Vault,
  type VaultCell,
  type VaultThing,
  weightsForFloor,
} from "./floors/mod.ts";
export { type Ai, type Entity, type Fighter, isAlive, type RenderLayer } from "./entity.ts";
export {
  carry,
  confusionDepth,
  countedName,
  countOf,
  damageDiceOf,
  DEFAULT_SLOTS,
  equip,
  flight,
  inBlast,
  isKnown,
  isWorn,
  itemName,
  labelOf,
  letterAt,
  slotOfLetter,
  slotsByLetter,
  type Targeting,
  targetingOf,
  unequip,
  unknownSlots,
  wallInLine,
  wornBonus,
  wornIn,
} from "./items/mod.ts";
export { accuracyOf, attackOf, defenseOf, evasionOf, sightOf } from "./stats.ts";
export type { GameEvent } from "./events.ts";
export { attackersWhoHurt } from "./events.ts";
export {
  createMap,
  flipView,
  type GameMap,
  isWalkable,
  setTile,
  tileAt,
  updateVisibility,
} from "./game_map.ts";
export { type ItemLedger, itemLedger, ledgerProblems, stateProblems } from "./invariants.ts";
export {
  MAX_CAPACITY,
  MAX_CONFUSIONS,
  MAX_FLOOR,
  MAX_LEVEL,
  MAX_MONSTERS_ON_FLOOR,
  MAX_STEPS_A_PHASE,
  MAX_TICKS,
  MAX_TURNS,
} from "./limits.ts";
export { addMessage, displayText, type LogEntry } from "./message_log.ts";
export { formatTemplate } from "./text_template.ts";
export {
  applyMonsterMoves,
  BLOCKER_SURCHARGE,
  clearLine,
  decide,
  type Mind,
  type MonsterMove,
  MoveReplay,
  PhaseContext,
  type PhaseCounts,
  phaseCounts,
  type RangedMind,
  runMonsterPhase,
  safetyMap,
} from "./monsters/mod.ts";
export { message, withArticle } from "./narration.ts";
export {
  cheapLevel,
  chooseLevelUp,
  levelsEarned,
  levelUpPending,
  threshold,
  xpForNextLevel,
} from "./progression.ts";
export type {
  ActionCosts,
  Background,
  CombatRules,
  EntityTemplate,
  FireRules,
  GasDef,
  Goal,
  MessageId,
  MessageTemplate,
  Regeneration,
  Rules,
  SpawnTables,
  StatusDef,
  TimeRules,
  WordedMessageId,
} from "./rules.ts";
export { deepestFloor, HIGH_SCORES_KEPT, type HighScore, placeScore, scoreOf } from "./score.ts";
export {
  cloneState,
  copyMap,
  copyPlain,
  forkState,
  type GameState,
  type KeptFloor,
  playerOf,
} from "./state.ts";
export { backgroundOf, newGame } from "./new_game.ts";
export { applyStatus, MAX_STATUSES, speedOf } from "./statuses.ts";
export { instantiate } from "./templates.ts";
export { FLAMMABLE, Tile, TILE_NAMES, TRANSPARENT, WALKABLE } from "./tiles.ts";
export {
  type Command,
  finishTurn,
  isGameOver,
  playCommand,
  playPlayerAction,
  settleAndNarrate,
} from "./turn.ts";
export { blowDamage, die, melee, takeDamage } from "./combat.ts";
export { PhaseScheduler } from "./scheduler.ts";
export { endOfTurn, regenerationOf } from "./time.ts";
export { fireInView, ignite, isBurning, isFireImmune } from "./fire.ts";
export { CLOUD_THICKNESS, hasGas, releaseGas } from "./gas.ts";
export { burningCells, gasCells } from "./field_cells.ts";
