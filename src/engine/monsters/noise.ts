/**
 * Noise (docs/rules.md, Noise and sneaking): blows the player gives or
 * takes, doors opened and closed, and the player's steps where the rules
 * give them a radius. A sleeping monster within a noise's radius rolls to
 * wake as if the player were within its perception.
 *
 * The radius is Chebyshev, through walls: the monster phase's maps run from
 * the player alone, and one more search a noise would cost a phase more
 * than the rest of a sleeper's turn; sound through rock is a fair
 * simplification over the few cells a radius spans. Noises are read from
 * the turn's events, so nothing new is kept in the game: the player's half
 * of the turn is heard by every monster, and a blow in the monsters' half by
 * those who act after it.
 *
 * @module
 */
import type { Point } from "../../algorithms/mod.ts";
import type { Entity } from "../entity.ts";
import type { GameEvent } from "../events.ts";
import type { NoiseRules } from "../rules.ts";

/** A noise: where it is made, and how far it carries (cells, Chebyshev). */
export interface Noise extends Point {
  readonly radius: number;
}

/**
 * The noises `events` make, by `noise`'s radii, pushed on `out`: `player`
 * is where blows are heard from (the player, where it stood as they were
 * dealt: the events do not move it), and whether it sneaks (its own steps
 * and doors are then silent).
 */
export function noisesOf(
  noise: NoiseRules,
  events: readonly GameEvent[],
  player: Entity,
  out: Noise[],
): void {
  const quiet = player.sneaking === true;
  for (const e of events) {
    switch (e.type) {
      case "attacked":
      case "missed":
        if (noise.blow && (e.attackerId === player.id || e.targetId === player.id)) {
          out.push({ x: player.x, y: player.y, radius: noise.blow });
        }
        break;
      case "shot":
        if (noise.blow && e.targetId === player.id) {
          out.push({ x: player.x, y: player.y, radius: noise.blow });
        }
        break;
      case "door_opened":
      case "door_closed":
        if (noise.door && !(quiet && e.entityId === player.id)) {
          out.push({ x: e.x, y: e.y, radius: noise.door });
        }
        break;
      case "moved":
        if (noise.step && !quiet && e.entityId === player.id) {
          out.push({ x: e.x, y: e.y, radius: noise.step });
        }
        break;
    }
  }
}

/** Whether `at` is within a radius of any of `noises`. */
export function hears(noises: readonly Noise[], at: Point): boolean {
  for (const n of noises) {
    if (Math.max(Math.abs(n.x - at.x), Math.abs(n.y - at.y)) <= n.radius) return true;
  }
  return false;
}
