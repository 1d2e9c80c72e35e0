/**
 * A monster's mind as its template composes it (docs/rules.md, Monster
 * minds): today's hostile pursuit, with options that change how it fights,
 * flees, sleeps and moves. A template whose `ai` is the word `"hostile"` has
 * no {@link Mind} and plays exactly as before.
 *
 * @module
 */
import type { Ai, Entity } from "../../entity.ts";

/** Attacks from afar: how far, how close it lets the player come, and how the shot looks and reads. */
export interface RangedMind {
  /** The farthest cell it shoots at (Chebyshev distance). */
  readonly range: number;
  /** It steps back while the player is this close or closer (and it has somewhere to go). */
  readonly keepAway: number;
  /** Fills `{verb}` in the `shot` messages ("shoots an arrow at"). */
  readonly verb: string;
  /** How the projectile is drawn on its way. */
  readonly glyph: string;
  /** 0xRRGGBB. */
  readonly color: number;
  /** The cell where the shot stops catches fire if it burns (docs/rules.md, Fire). */
  readonly ignites?: boolean;
}

/** The composable options of a monster's mind; each absent one keeps the hostile default. */
export interface Mind {
  readonly ranged?: RangedMind;
  /** Below this share of its max HP it flees (0: never). */
  readonly fleeBelow: number;
  /** Out of the player's sight and under this share of its max HP, it stays to heal rather than hunt. */
  readonly fleeUntil?: number;
  /** How it starts: awake, or asleep until hurt or it notices the player. */
  readonly starts: "awake" | "asleep";
  /** A sleeping monster may notice the player within this many cells (Chebyshev). */
  readonly perception: number;
  /** Not having seen the player, it walks toward random cells instead of standing still. */
  readonly wanders: boolean;
  /** Never moves (a turret, a fungus): it only attacks what it can reach. */
  readonly stationary: boolean;
  /** The share of its turns spent on a random step (a bat), 0–1. */
  readonly erratic: number;
  /** Never strikes: it only moves, if it moves at all (the Caves of Zircon tutorial's fungus). */
  readonly harmless?: boolean;
}

/** A new monster's AI state for `mind` (`"hostile"`: today's). */
export function initialAi(mind: "hostile" | Mind): Ai {
  const ai: Ai = { type: "hostile", lastSeen: -1, path: [] };
  if (mind !== "hostile" && mind.starts === "asleep") ai.asleep = true;
  return ai;
}

/**
 * `ai` woken: the same state without `asleep` (and under a confusion, its
 * remembered state woken too). The same object when it was not asleep.
 */
export function awake(ai: Ai): Ai {
  if (ai.type === "confused") {
    const previous = awake(ai.previous);
    return previous === ai.previous ? ai : { ...ai, previous };
  }
  if (!ai.asleep) return ai;
  const { asleep: _, ...rest } = ai;
  return rest;
}

/**
 * Wakes `target` when it is hurt (docs/rules.md, Monster minds): part of
 * resolving the blow, so it draws nothing and happens alike on both sides
 * of the worker.
 */
export function wakeOnHurt(target: Entity): void {
  if (target.ai) target.ai = awake(target.ai);
}
