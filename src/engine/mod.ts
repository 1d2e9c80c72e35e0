/**
 * The engine: the rules of the game, pure and seeded. State is plain data; actions are
 * values; a turn returns events, which narration turns into the game log. It imports no
 * other layer and uses no Deno API (README, Layout).
 *
 * @module
 */
export type { Action } from "./actions.ts";
export { MAX_WALK_STEPS, walkBehavior } from "./behavior.ts";
export { restBehavior } from "./rest.ts";
export type { Rest } from "./rest.ts";
export { Bot, type BotIntent } from "./bot.ts";
export { knownEscape } from "./bot_items.ts";
export {
  dataChecksum,
  sortedKeys,
  stateChecksum,
  stateChecksumWithoutLog,
  textChecksum,
} from "./checksum.ts";
export { stateDigest } from "./state_digest.ts";
export { emptyChronicle, totalKills } from "./chronicle.ts";
export type { Chronicle, KillCount } from "./chronicle.ts";
export { DEATH_CAUSE_KINDS, type DeathCause } from "./death_cause.ts";
export { DICE_LIMITS, diceRange, isRandomDice, parseDice, rollDice } from "./dice.ts";
export { distanceMap, downhillStep, settleOrderFor, UNREACHABLE } from "./distance_map.ts";
export { type DungeonParams, generateDungeon } from "./dungeon.ts";
export { buildFloor, type BuiltFloor, type FloorPlan, planFor } from "./floor_plan.ts";
export { placeVaults, type Vault, type VaultCell, type VaultThing } from "./vaults.ts";
export { cellularCave } from "./cave_map.ts";
export { countOpen, isConnected, stepsFrom } from "./regions.ts";
export type { Ai, Entity, Fighter, RenderLayer } from "./entity.ts";
export { isAlive } from "./entity.ts";
export { damageDiceOf, DEFAULT_SLOTS, equip, isWorn, unequip, wornBonus, wornIn } from "./equipment.ts";
export { accuracyOf, attackOf, defenseOf, evasionOf } from "./stats.ts";
export { isKnown, itemName, labelOf } from "./item_names.ts";
export { lineCells, rayCells } from "./line.ts";
export type { GameEvent } from "./events.ts";
export { computeFov, markLit } from "./fov.ts";
export { createMap, isWalkable, setTile, tileAt, updateVisibility } from "./game_map.ts";
export type { GameMap } from "./game_map.ts";
export type { Point } from "./geometry.ts";
export { itemLedger, ledgerProblems, stateProblems } from "./invariants.ts";
export type { ItemLedger } from "./invariants.ts";
export { confusionDepth, inBlast, targetingOf } from "./items.ts";
export type { Targeting } from "./items.ts";
export { MAX_CAPACITY, MAX_CONFUSIONS, MAX_FLOOR, MAX_LEVEL } from "./limits.ts";
export { addMessage, displayText } from "./message_log.ts";
export { formatTemplate } from "./text_template.ts";
export type { LogEntry } from "./message_log.ts";
export { applyMonsterMoves, MoveReplay, runMonsterPhase } from "./monster_phase.ts";
export type { Mind, RangedMind } from "./minds/mind.ts";
export type { MonsterMove } from "./monster_phase.ts";
export { message } from "./narration.ts";
export { findPath } from "./pathfinding.ts";
export {
  cheapLevel,
  chooseLevelUp,
  levelsEarned,
  levelUpPending,
  threshold,
  xpForNextLevel,
} from "./progression.ts";
export { MAX_SEED, Rng } from "./rng.ts";
export type {
  CombatRules,
  EntityTemplate,
  Goal,
  MessageId,
  MessageTemplate,
  Rules,
  SpawnTables,
} from "./rules.ts";
export { deepestFloor, HIGH_SCORES_KEPT, placeScore, scoreOf } from "./score.ts";
export type { HighScore } from "./score.ts";
export { cloneState, copyMap, playerOf } from "./state.ts";
export { enterFloor } from "./floors.ts";
export { newGame } from "./new_game.ts";
export { sightOf } from "./stats.ts";
export { carriesGoal, changeFloor, floorSeed, isBottom, keepsFloors } from "./floors.ts";
export type { KeptFloor } from "./state.ts";
export { applyStatus, MAX_STATUSES, speedOf } from "./statuses.ts";
export type { ActionCosts, Regeneration, StatusDef, TimeRules } from "./rules.ts";
export type { GameState } from "./state.ts";
export { carry, countOf, itemLabel, letterAt, slotOfLetter, slotsByLetter } from "./stacks.ts";
export { instantiate } from "./templates.ts";
export { flight } from "./throwing.ts";
export { Tile, TILE_NAMES, TRANSPARENT, WALKABLE } from "./tiles.ts";
export { finishTurn, isGameOver, playCommand, playPlayerAction, settleAndNarrate } from "./turn.ts";
export type { Command } from "./turn.ts";
export { isTold, startWalk, stopAfterStep, stopBeforeStep, tellStop } from "./walk_stop.ts";
export { withArticle } from "./narration.ts";
export type { KnownMonsters, Walk, WalkStop } from "./walk_stop.ts";
export { itemsUnderfoot } from "./walk_stop.ts";
export { decide } from "./ai.ts";
export { BLOCKER_SURCHARGE, PhaseContext } from "./phase_context.ts";
export { blowDamage, die, melee, takeDamage } from "./combat.ts";
export { center } from "./geometry.ts";
export { clearLine } from "./minds/line_of_fire.ts";
export { safetyMap } from "./minds/safety_map.ts";
export { PhaseScheduler } from "./scheduler.ts";
export {
  populateAreas,
  populateRooms,
  type SpawnTarget,
  valueForFloor,
  weightsForFloor,
} from "./spawning.ts";
export { regenerationOf } from "./time.ts";
export { knownCost, monstersInView } from "./travel.ts";
export { planWalk } from "./walk_plan.ts";
