/**
 * Where monsters can hit the player, as walks see it: the cells within a
 * monster's reach (beside it, or as far as it shoots), for the walks that
 * keep out of it (the Walks of docs/rules.md). Only what the
 * player can know counts: monsters in view, and those the player's walks
 * have seen that never move, where they were seen.
 *
 * @module
 */
import { type Entity, isAlive } from "../entity.ts";
import { chebyshev, type Point } from "../../algorithms/mod.ts";
import type { Rules } from "../rules.ts";
import type { Mind } from "../monsters/minds/mind.ts";
import { type GameState, playerOf } from "../state.ts";
import { monstersInView } from "./travel.ts";

/** The mind `monster`'s template composes, if it composes one (plain "hostile" composes none). */
function mindOf(rules: Rules, monster: Entity): Mind | undefined {
  const mind = rules.templates[monster.template]?.ai;
  return typeof mind === "object" ? mind : undefined;
}

/** How far `monster` hits (Chebyshev): 1 beside it, or as far as it shoots; 0 for one that never strikes. */
export function reachOf(rules: Rules, monster: Entity): number {
  const mind = mindOf(rules, monster);
  return mind?.harmless ? 0 : Math.max(1, mind?.ranged?.range ?? 1);
}

/** True for a monster that never moves (a fungus, a turret), by its template. */
function isStill(rules: Rules, monster: Entity): boolean {
  return mindOf(rules, monster)?.stationary === true;
}

/** True when `monster` strikes at all: awake, and not harmless. */
function strikes(rules: Rules, monster: Entity): boolean {
  const ai = monster.ai;
  return ai !== undefined && !(ai.type === "hostile" && ai.asleep) && reachOf(rules, monster) > 0;
}

/** True when `monster` could hit the player at `at`: it strikes, and `at` is within its reach. */
export function canHit(rules: Rules, monster: Entity, at: Point): boolean {
  return strikes(rules, monster) && chebyshev(monster, at) <= reachOf(rules, monster);
}

/** True for a monster that spends some of its turns on random steps (a bat), by its template. */
function isErratic(rules: Rules, monster: Entity): boolean {
  return (mindOf(rules, monster)?.erratic ?? 0) > 0;
}

/**
 * The monsters in view that could hit the player where they stand; with
 * `at`, those that could hit them there and cannot where they stand (a step
 * into reach), less, with `passErratic`, those that move at random (where a
 * bat will be is not where it is). None asleep, none harmless.
 */
export function threatsToPlayer(state: GameState, rules: Rules, at?: Point, passErratic = false): Entity[] {
  const player = playerOf(state);
  return monstersInView(state).filter((e) =>
    at === undefined
      ? canHit(rules, e, player)
      : canHit(rules, e, at) && !canHit(rules, e, player) && !(passErratic && isErratic(rules, e))
  );
}

/**
 * The monsters in view that could come to hit the player, as a rest heeds
 * them: they strike, and either move or already reach the player (a fungus
 * across the room cannot).
 */
export function monstersThatCanReach(state: GameState, rules: Rules): Entity[] {
  const player = playerOf(state);
  return monstersInView(state).filter((e) =>
    strikes(rules, e) && (!isStill(rules, e) || canHit(rules, e, player))
  );
}

/** A monster that never moves, and the cells a walk keeps out of for it: its own and those within its reach. */
export interface StillReach {
  readonly monster: Entity;
  readonly cells: readonly number[];
}

/**
 * What walks keep out of: each living monster that never moves and that the
 * player sees or `known` holds, its cell and every cell within its reach,
 * less the player's own cell (a walk may always step out of reach).
 */
export function stillMonsterReach(
  state: GameState,
  rules: Rules,
  known: ReadonlyMap<number, unknown>,
): StillReach[] {
  const { map } = state, { width, height } = map;
  const player = playerOf(state);
  const here = player.y * width + player.x;
  const out: StillReach[] = [];
  for (const e of state.entities) {
    if (e === player || !isAlive(e) || !e.blocksMovement || !isStill(rules, e)) continue;
    if (!known.has(e.id) && map.visible[e.y * width + e.x] !== 1) continue;
    const reach = reachOf(rules, e), cells: number[] = [];
    for (let y = Math.max(0, e.y - reach); y <= Math.min(height - 1, e.y + reach); y++) {
      for (let x = Math.max(0, e.x - reach); x <= Math.min(width - 1, e.x + reach); x++) {
        if (y * width + x !== here) cells.push(y * width + x);
      }
    }
    out.push({ monster: e, cells });
  }
  return out;
}
