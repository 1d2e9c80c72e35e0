/**
 * The low-HP warning (docs/rules.md, Low HP): HP under a share of max HP
 * that the data name is low; the turn that brings it there is told once
 * (a command of its own, so replays tell it too) and stops a walk.
 *
 * @module
 */
import { type GameState, isGameOver, playerOf } from "../engine/mod.ts";

/** The data's low-HP line (`game.json`'s `lowHp`). */
export interface LowHp {
  readonly below: number;
}

/** True when `hp` is low for a fighter of `maxHp` by `low`. */
export function isLow(hp: number, maxHp: number, low: LowHp): boolean {
  return hp < low.below * maxHp;
}

/** True when the player, who had `hpBefore`, is now alive and low, and was not before. */
export function fellLow(state: GameState, low: LowHp | undefined, hpBefore: number): boolean {
  const fighter = playerOf(state).fighter;
  if (!low || !fighter || isGameOver(state)) return false;
  return isLow(fighter.hp, fighter.maxHp, low) && !isLow(hpBefore, fighter.maxHp, low);
}
