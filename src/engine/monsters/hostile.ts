/**
 * Today's hostile mind, the tutorials': a monster pursues the player it
 * sees, or walks to where it saw the player last.
 *
 * @module
 */
import type { Action } from "../actions.ts";
import { chebyshev, downhillStep, findPath, isNeighbour } from "../../algorithms/mod.ts";
import { type Ai, type Entity, isAlive } from "../entity.ts";
import { type Decision, type PhaseContext, stepTo } from "./phase_context.ts";

const WAIT: Action = { type: "wait" };

/** Today's hostile mind: pursues the player it sees, or where it saw it last. */
export function decideHostile(
  monster: Entity,
  ai: Extract<Ai, { type: "hostile" }>,
  ctx: PhaseContext,
): Decision {
  const { map, player } = ctx;
  const width = map.width;
  const here = monster.y * width + monster.x;
  // Symmetric FOV: the monster sees the player exactly when the player sees it.
  if (isAlive(player) && map.visible[here] === 1) {
    const seen: Ai = { type: "hostile", lastSeen: player.y * width + player.x, path: [] };
    const dx = player.x - monster.x, dy = player.y - monster.y;
    if (chebyshev(monster, player) <= 1) return { ai: seen, action: { type: "melee", dx, dy } };
    const next = downhillStep(ctx.distancesFor(monster), ctx.costFor(monster), width, map.height, here);
    return { ai: seen, action: next === -1 ? WAIT : stepTo(monster, next, width) };
  }
  if (ai.lastSeen < 0 || ai.lastSeen === here) {
    return { ai: { type: "hostile", lastSeen: -1, path: [] }, action: WAIT };
  }
  // Out of sight: walk on toward where the player was last seen.
  let path = ai.path;
  if (path.length === 0 || !isNeighbour(path[0], here, width)) {
    const found = findPath(
      ctx.costFor(monster),
      width,
      map.height,
      monster.x,
      monster.y,
      ai.lastSeen % width,
      Math.floor(ai.lastSeen / width),
    );
    path = found ? Array.from(found) : [];
  }
  if (path.length === 0) return { ai: { type: "hostile", lastSeen: -1, path: [] }, action: WAIT };
  // The step is used up even if the move then fails.
  return {
    ai: { type: "hostile", lastSeen: ai.lastSeen, path: path.slice(1) },
    action: stepTo(monster, path[0], width),
  };
}
