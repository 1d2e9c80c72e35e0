/**
 * What a monster decides to do. A decision is the monster's next AI state
 * and one action; performing the action is separate, so a worker can decide
 * and the main thread can replay the same actions.
 *
 * @module
 */
import { type Entity, isAlive } from "../entity.ts";
import { DIRECTIONS, type Rng } from "../../algorithms/mod.ts";
import { decideHostile } from "./hostile.ts";
import { decideMind } from "./minds/decide_mind.ts";
import type { Decision, PhaseContext } from "./phase_context.ts";

/**
 * Decides `monster`'s turn. Draws from `rng` only when confused, or as its
 * composed mind needs (minds/decide_mind.ts).
 */
export function decide(monster: Entity, ctx: PhaseContext, rng: Rng): Decision | undefined {
  const ai = monster.ai;
  if (!ai || !isAlive(monster)) return undefined;
  if (ai.type === "hostile") {
    const mind = ctx.mindOf(monster);
    return mind ? decideMind(monster, ai, mind, ctx, rng) : decideHostile(monster, ai, ctx);
  }
  if (ai.turnsRemaining <= 0) return { ai, action: { type: "recover" } };
  const { dx, dy } = DIRECTIONS[rng.int(0, 7)];
  return { ai: { ...ai, turnsRemaining: ai.turnsRemaining - 1 }, action: { type: "bump", dx, dy } };
}
