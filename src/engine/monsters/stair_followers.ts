/**
 * Monsters that follow the player on the stairs (docs/rules.md, Followers
 * on the stairs): with the rules' `dungeon.followers`, every awake hostile
 * monster beside the player that can move comes along to the new floor and
 * arrives on the free cells nearest the player, so the stairs are no free
 * escape from a fight. Nothing is drawn from any RNG: the worker's copy of
 * the game and the main one move the same monsters to the same cells.
 *
 * @module
 */
import { type Entity, isAlive } from "../entity.ts";
import type { GameEvent } from "../events.ts";
import { isWalkable } from "../game_map.ts";
import { chebyshev, nearestCells } from "../../algorithms/mod.ts";
import type { Rules } from "../rules.ts";
import type { GameState } from "../state.ts";
import { statusAction } from "../statuses.ts";

/** How far from the player a follower beside them may arrive; one that finds no free cell that near stays behind. */
const ARRIVAL_REACH = 3;

/**
 * True when `monster` would follow `player` up or down the stairs: beside
 * them, or, with the rules' `followFrom`, hunting them (it has seen them and
 * goes where it saw them) within that many steps.
 */
function follows(rules: Rules, player: Entity, monster: Entity): boolean {
  if (monster === player || !isAlive(monster) || !monster.blocksMovement) return false;
  const away = chebyshev(monster, player);
  const ai = monster.ai, mind = rules.templates[monster.template]?.ai;
  // A confused monster is not its own master; a sleeping one does not notice; a fungus never moves.
  if (ai?.type !== "hostile" || ai.asleep || statusAction(monster, rules) !== undefined) return false;
  if (typeof mind === "object" && mind.stationary) return false;
  return away === 1 || (away <= (rules.followFrom ?? 1) && ai.lastSeen >= 0);
}

/**
 * Takes the monsters that follow the player off the floor they are on
 * (in the entities' order), each with the steps it was from the player,
 * where the rules say monsters follow; none otherwise.
 */
export function takeFollowers(state: GameState, rules: Rules): Follower[] {
  if (!rules.stairFollowers) return [];
  const player = state.entities.find((e) => e.id === state.playerId)!;
  const followers = state.entities.filter((e) => follows(rules, player, e));
  if (followers.length > 0) state.entities = state.entities.filter((e) => !followers.includes(e));
  return followers.map((monster) => ({ monster, steps: chebyshev(monster, player) }));
}

/** A monster following the player on the stairs, and how many steps behind them it was. */
export interface Follower {
  readonly monster: Entity;
  readonly steps: number;
}

/**
 * Puts `followers` on the floor the player has just reached, on the free
 * walkable cells nearest them, ring by ring in reading order, each told in
 * `events`: one that was beside the player within 3 cells of them, one
 * that was `n` steps behind no nearer than `n` − 1 (it comes up the stairs
 * behind the player, a step for each). One with no such cell is left on
 * the floor it came from, where it stood (`left`: that floor's entities).
 */
export function placeFollowers(
  state: GameState,
  followers: readonly Follower[],
  left: Entity[],
  events: GameEvent[],
): void {
  if (followers.length === 0) return;
  const player = state.entities.find((e) => e.id === state.playerId)!;
  const { map } = state;
  const taken = new Set(state.entities.filter((e) => e.blocksMovement).map((e) => e.y * map.width + e.x));
  const free = (x: number, y: number) => isWalkable(map, x, y) && !taken.has(y * map.width + x);
  // Nearest behind the player first, so that the one beside them keeps the cell beside them.
  const order = [...followers].sort((a, b) => a.steps - b.steps);
  for (const { monster, steps: behind } of order) {
    const nearest = Math.max(1, behind - 1);
    const [cell] = nearestCells(
      player,
      Math.max(ARRIVAL_REACH, behind),
      1,
      (x, y) => free(x, y) && chebyshev({ x, y }, player) >= nearest,
    );
    if (!cell) {
      left.push(monster);
      continue;
    }
    taken.add(cell.y * map.width + cell.x);
    monster.x = cell.x;
    monster.y = cell.y;
    // Its path was cells of the floor it left.
    if (monster.ai?.type === "hostile") monster.ai.path = [];
    state.entities.push(monster);
    events.push({ type: "followed", entityId: monster.id, name: monster.name });
  }
}
