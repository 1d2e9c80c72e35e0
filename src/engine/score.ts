/**
 * A game's score: depth, XP and turns weighed by the rules' formula.
 *
 * @module
 */
import type { Goal, ScoreWeights } from "./rules.ts";
import type { GameState } from "./state.ts";

/**
 * The score of `state` as it stands: each weight times its count, rounded,
 * never below 0, nor above the largest whole number the table keeps exactly;
 * a game won (docs/rules.md, A goal) adds the goal's bonus.
 */
export function scoreOf(state: GameState, weights: ScoreWeights, goal?: Goal): number {
  const won = state.chronicle.escaped === "won" ? goal?.bonus ?? 0 : 0;
  const points = weights.perFloor * deepestFloor(state) + weights.perXp * state.chronicle.xpEarned +
    weights.perTurn * state.turn + won;
  return Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, Math.round(points)));
}

/**
 * The deepest floor the game reached: the one it is on, or a kept one
 * deeper (a player who climbed back up keeps the depth they reached).
 */
export function deepestFloor(state: GameState): number {
  let deepest = state.floor;
  for (const kept of state.keptFloors ?? []) deepest = Math.max(deepest, kept.floor);
  return deepest;
}

/** One line of the high-score table. */
export interface HighScore {
  readonly score: number;
  /** The dungeon level reached. */
  readonly depth: number;
  readonly level: number;
  readonly xp: number;
  readonly turns: number;
  readonly seed: number;
  /** When the game ended, as an ISO 8601 time. */
  readonly date: string;
  /** "killed by an Orc". */
  readonly cause: string;
  /** The Delve version that played it. */
  readonly version: string;
  /** True for a game won: the goal carried out (docs/rules.md, A goal); absent otherwise. */
  readonly won?: boolean;
  /** The UTC date (`YYYY-MM-DD`) of the daily game it was; absent for any other game. */
  readonly daily?: string;
  /** The name of the background it started with (docs/rules.md, Backgrounds); absent: none was chosen. */
  readonly background?: string;
}

/** How many games the table keeps. */
export const HIGH_SCORES_KEPT = 10;

/**
 * `table` with `entry` placed by score (an equal score ranks below the ones
 * already there), cut to the best {@link HIGH_SCORES_KEPT}; and the entry's
 * rank from 1, or undefined when it did not make the table.
 */
export function placeScore(
  table: readonly HighScore[],
  entry: HighScore,
): { table: HighScore[]; rank: number | undefined } {
  let at = table.findIndex((e) => e.score < entry.score);
  if (at < 0) at = table.length;
  const placed = [...table.slice(0, at), entry, ...table.slice(at)].slice(0, HIGH_SCORES_KEPT);
  return { table: placed, rank: at < HIGH_SCORES_KEPT ? at + 1 : undefined };
}
