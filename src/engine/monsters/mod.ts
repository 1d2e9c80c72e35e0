/**
 * Monsters: what each decides in a phase (the tutorials' hostile mind and
 * the composed minds), the phase that plays their turns, and the monsters
 * that follow the player by the stairs.
 *
 * @module
 */
export { decide } from "./ai.ts";
export { clearLine } from "./minds/line_of_fire.ts";
export type { Mind, RangedMind } from "./minds/mind.ts";
export { safetyMap } from "./minds/safety_map.ts";
export { applyMonsterMoves, type MonsterMove, MoveReplay, runMonsterPhase } from "./monster_phase.ts";
export { BLOCKER_SURCHARGE, PhaseContext } from "./phase_context.ts";
export { type PhaseCounts, phaseCounts } from "./phase_counts.ts";
