/**
 * What a monster with a composed {@link Mind} decides
 * (docs/rules.md, Monster minds). Every draw is from the phase's generator, here, and only
 * for the options that need one (a sleeper near the player, an erratic
 * flier, a wanderer choosing where to go): a mind without them draws
 * nothing, as `"hostile"` does.
 *
 * @module
 */
import type { Action } from "../../actions.ts";
import { decideHostile } from "../hostile.ts";
import { BLOCKER_SURCHARGE, type Decision, type PhaseContext, stepTo } from "../phase_context.ts";
import { type Ai, type Entity, isAlive } from "../../entity.ts";
import { chebyshev, DIRECTIONS, findPath, isNeighbour, type Rng } from "../../../algorithms/mod.ts";
import { clearLine } from "./line_of_fire.ts";
import { awake, type Mind } from "./mind.ts";
import { saferStep } from "./safety_map.ts";

type HostileAi = Extract<Ai, { type: "hostile" }>;

/** How far (in cells, each way) a wanderer looks for its next goal: a short walk, a cheap path. */
export const WANDER_REACH = 16;
/** Goals a wanderer draws before it gives up for a turn (walls, or cells it cannot reach). */
const WANDER_TRIES = 4;

const WAIT: Action = { type: "wait" };
const WAKE: Action = { type: "wake" };

/** The free neighbour farthest from the player on the distance map, if farther than here; else -1. */
function stepBack(ctx: PhaseContext, here: number): number {
  const { width, height } = ctx.map, dist = ctx.distances, cost = ctx.cost;
  const cx = here % width, cy = (here - cx) / width;
  let best = -1, bestDist = dist[here];
  for (const { dx, dy } of DIRECTIONS) {
    const x = cx + dx, y = cy + dy;
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    const n = y * width + x;
    if (cost[n] === 0 || cost[n] >= BLOCKER_SURCHARGE) continue;
    if (dist[n] > bestDist && dist[n] !== 0x7fff_ffff) {
      bestDist = dist[n];
      best = n;
    }
  }
  return best;
}

/** A shot at the player if it is in range with a clear line of fire. */
function shotAt(monster: Entity, mind: Mind, ctx: PhaseContext): Action | undefined {
  const { player, map, cost } = ctx;
  if (!mind.ranged || chebyshev(monster, player) > mind.ranged.range) return undefined;
  const clear = clearLine(
    map.transparent,
    map.width,
    monster.x,
    monster.y,
    player.x,
    player.y,
    (cell) => cost[cell] >= BLOCKER_SURCHARGE,
  );
  return clear ? { type: "shoot", dx: player.x - monster.x, dy: player.y - monster.y } : undefined;
}

/** Fighting where it stands: melee if the player is next to it, a shot if it can, else nothing. */
function standAndFight(monster: Entity, mind: Mind, ctx: PhaseContext): Action {
  const { player } = ctx;
  if (chebyshev(monster, player) <= 1) {
    return { type: "melee", dx: player.x - monster.x, dy: player.y - monster.y };
  }
  return shotAt(monster, mind, ctx) ?? WAIT;
}

/** Heads for a random cell near it, along a path it keeps until it is there (or stopped). */
function wander(monster: Entity, ai: HostileAi, ctx: PhaseContext, rng: Rng): Decision {
  const { map } = ctx, { width, height } = map;
  const cost = ctx.costFor(monster);
  const here = monster.y * width + monster.x;
  let path = ai.path;
  if (path.length === 0 || !isNeighbour(path[0], here, width)) {
    path = [];
    for (let k = 0; k < WANDER_TRIES && path.length === 0; k++) {
      const x = Math.min(width - 1, Math.max(0, monster.x + rng.int(-WANDER_REACH, WANDER_REACH)));
      const y = Math.min(height - 1, Math.max(0, monster.y + rng.int(-WANDER_REACH, WANDER_REACH)));
      if (cost[y * width + x] === 0 || (x === monster.x && y === monster.y)) continue;
      const found = findPath(cost, width, height, monster.x, monster.y, x, y);
      if (found) path = Array.from(found);
    }
    if (path.length === 0) {
      const rested: Ai = ai.path.length === 0 && ai.lastSeen === -1
        ? ai
        : { type: "hostile", lastSeen: -1, path: [] };
      return { ai: rested, action: WAIT };
    }
  }
  return {
    ai: { type: "hostile", lastSeen: -1, path: path.slice(1) },
    action: stepTo(monster, path[0], width),
  };
}

/** Decides the turn of `monster`, whose template composes `mind`; `ai` is its (hostile) state. */
export function decideMind(
  monster: Entity,
  ai: HostileAi,
  mind: Mind,
  ctx: PhaseContext,
  rng: Rng,
): Decision {
  const { map, player } = ctx, { width, height } = map;
  const here = monster.y * width + monster.x;
  if (ai.asleep) {
    // Each turn the player is near, a roll against the player's stealth (0–100).
    const near = isAlive(player) && chebyshev(monster, player) <= mind.perception;
    if (near && rng.int(0, 99) >= ctx.stealth) return { ai: awake(ai), action: WAKE };
    return { ai, action: WAIT };
  }
  // Symmetric FOV, as for hostile: it sees the player exactly when the player sees it.
  const sees = isAlive(player) && map.visible[here] === 1;
  const seen: Ai = sees ? { type: "hostile", lastSeen: player.y * width + player.x, path: [] } : ai;
  // A harmless thing that never moves has nothing to do.
  if (mind.harmless && mind.stationary) return { ai: seen, action: WAIT };
  if (!mind.stationary && mind.erratic > 0 && rng.int(0, 999) < Math.round(mind.erratic * 1000)) {
    const { dx, dy } = DIRECTIONS[rng.int(0, 7)];
    return { ai: seen, action: { type: "bump", dx, dy } };
  }
  if (sees) {
    const fighter = monster.fighter!;
    if (fighter.hp < mind.fleeBelow * fighter.maxHp) {
      const away = mind.stationary
        ? -1
        : saferStep(ctx.safety, ctx.cost, width, height, here, BLOCKER_SURCHARGE);
      // Cornered (no cell safer than this one): it turns to fight.
      return {
        ai: seen,
        action: away >= 0 ? stepTo(monster, away, width) : standAndFight(monster, mind, ctx),
      };
    }
    if (mind.ranged) {
      if (!mind.stationary && chebyshev(monster, player) <= mind.ranged.keepAway) {
        const back = stepBack(ctx, here);
        if (back >= 0) return { ai: seen, action: stepTo(monster, back, width) };
      }
      const fight = standAndFight(monster, mind, ctx);
      if (fight !== WAIT || mind.stationary) return { ai: seen, action: fight };
      return decideHostile(monster, ai, ctx);
    }
    if (mind.stationary) return { ai: seen, action: standAndFight(monster, mind, ctx) };
    return decideHostile(monster, ai, ctx);
  }
  if (mind.stationary) return { ai, action: WAIT };
  // A coward out of sight licks its wounds where it is, and comes back once healed.
  const fighter = monster.fighter;
  if (mind.fleeUntil !== undefined && fighter && fighter.hp < mind.fleeUntil * fighter.maxHp) {
    return { ai: { type: "hostile", lastSeen: ai.lastSeen, path: [] }, action: WAIT };
  }
  if (mind.wanders && (ai.lastSeen < 0 || ai.lastSeen === here)) return wander(monster, ai, ctx, rng);
  return decideHostile(monster, ai, ctx);
}
