/**
 * The item powers beyond the tutorial's: teleport, magic mapping, summoning
 * and the wand's bolt
 * (docs/rules.md, Teleport; Magic mapping; Summoning; Wands). Each happens (with events) or says why it cannot, changing
 * nothing. They run only when the player uses an item, on the game and
 * on the worker's copy alike, so their draws from the game's RNG are
 * the same on both.
 *
 * @module
 */
import { computeFov, markLit, nearestCells, type Point, rayCells, Rng } from "../../algorithms/mod.ts";
import { takeDamage } from "../combat.ts";
import { type Entity, isAlive } from "../entity.ts";
import type { GameEvent } from "../events.ts";
import { isWalkable } from "../game_map.ts";
import type { MessageId, Rules } from "../rules.ts";
import { drawWeighted, weightsForFloor } from "../floors/spawning.ts";
import { type GameState } from "../state.ts";
import { sightOf } from "../stats.ts";
import { MAX_MONSTERS_ON_FLOOR } from "../limits.ts";
import { instantiate } from "../templates.ts";
import { Tile, WALKABLE } from "../tiles.ts";

/** Cells an actor could stand on now: walkable, with nothing that blocks on them. */
function freeCells(state: GameState): Uint8Array {
  const { map } = state;
  const free = new Uint8Array(map.width * map.height);
  for (let i = 0; i < free.length; i++) free[i] = WALKABLE[map.tiles[i]];
  for (const e of state.entities) if (e.blocksMovement) free[e.y * map.width + e.x] = 0;
  return free;
}

/**
 * Moves `user` to a free cell that no other living actor sees (with `user`'s
 * sight: the view is symmetric), one drawn uniformly from the game's RNG;
 * when every free cell is seen, to any free cell. Refused when there is
 * no free cell at all.
 */
export function teleport(
  state: GameState,
  rules: Rules,
  user: Entity,
  events: GameEvent[],
): MessageId | undefined {
  const { map } = state;
  const free = freeCells(state);
  const watched = new Uint8Array(free.length), view = new Uint8Array(free.length);
  const radius = sightOf(user, rules);
  for (const e of state.entities) {
    if (e === user || !isAlive(e)) continue;
    computeFov(map.transparent, map.width, map.height, e.x, e.y, radius, view);
    markLit(view, watched);
  }
  const safe: number[] = [], any: number[] = [];
  for (let i = 0; i < free.length; i++) {
    if (!free[i]) continue;
    any.push(i);
    if (!watched[i]) safe.push(i);
  }
  const pool = safe.length > 0 ? safe : any;
  if (pool.length === 0) return "nothing_happens";
  const rng = Rng.fromState(state.rng);
  const cell = pool[rng.int(0, pool.length - 1)];
  state.rng = rng.state();
  user.x = cell % map.width;
  user.y = Math.floor(cell / map.width);
  events.push({ type: "teleported", entityId: user.id, x: user.x, y: user.y });
  return undefined;
}

/**
 * The floor's layout becomes remembered: every cell that is not wall, and
 * every wall next to one (the walls a visitor would have seen), as if
 * explored; what stands there is not shown.
 */
export function revealMap(state: GameState, user: Entity, events: GameEvent[]): undefined {
  const { map } = state;
  const { width, height, tiles, explored } = map;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let open = tiles[y * width + x] !== Tile.Wall;
      for (let dy = -1; dy <= 1 && !open; dy++) {
        for (let dx = -1; dx <= 1 && !open; dx++) {
          const nx = x + dx, ny = y + dy;
          open = nx >= 0 && ny >= 0 && nx < width && ny < height && tiles[ny * width + nx] !== Tile.Wall;
        }
      }
      if (open) explored[y * width + x] = 1;
    }
  }
  events.push({ type: "map_revealed", entityId: user.id });
  return undefined;
}

/** The farthest from the reader a summoned monster may appear (Chebyshev distance). */
const SUMMON_REACH = 3;

/**
 * `count` monsters around `user`, on the free cells nearest it (ring by
 * ring, each ring in reading order): of `template`, or each drawn from the
 * floor's monster table with the game's RNG. Fewer when the cells run out,
 * or the floor would pass {@link MAX_MONSTERS_ON_FLOOR} living monsters;
 * none at all says nothing happens, and the item is used all the same.
 */
export function summon(
  state: GameState,
  rules: Rules,
  user: Entity,
  effect: { readonly template?: string; readonly count: number },
  events: GameEvent[],
): undefined {
  const free = freeCells(state);
  const { width } = state.map;
  const living = state.entities.filter((e) => e.ai && isAlive(e)).length;
  const cells = nearestCells(
    user,
    SUMMON_REACH,
    Math.max(0, Math.min(effect.count, MAX_MONSTERS_ON_FLOOR - living)),
    (x, y) => isWalkable(state.map, x, y) && free[y * width + x] === 1,
  );
  let ids: string[];
  if (effect.template !== undefined) ids = cells.map(() => effect.template!);
  else {
    const rng = Rng.fromState(state.rng);
    ids = drawWeighted(weightsForFloor(rules.spawn.monsters, state.floor), cells.length, rng);
    state.rng = rng.state();
  }
  ids.forEach((id, i) => {
    const monster = instantiate(rules.templates[id], state.nextId++, cells[i].x, cells[i].y);
    state.entities.push(monster);
    events.push({ type: "summoned", entityId: monster.id, name: monster.name });
  });
  if (ids.length === 0) events.push({ type: "nothing_happened", entityId: user.id });
  return undefined;
}

/**
 * A bolt from `user` toward `target` (a cell in view, not the user's own),
 * on along the same line up to `range` cells: it stops at a wall, or hits
 * the first living actor in its way for `amount`. Hitting no one still
 * uses the charge.
 */
export function bolt(
  state: GameState,
  rules: Rules,
  user: Entity,
  effect: { readonly amount: number; readonly range: number },
  target: Point,
  events: GameEvent[],
): MessageId | undefined {
  if (target.x === user.x && target.y === user.y) return "must_select_enemy";
  // With clearBolts, a bolt whose way to the cell aimed at a wall cuts is not fired: its charge is kept.
  if (rules.clearBolts) {
    for (const cell of rayCells(user, target, effect.range)) {
      if (cell.x === target.x && cell.y === target.y) break;
      if (!isWalkable(state.map, cell.x, cell.y)) return "bolt_blocked";
    }
  }
  for (const cell of rayCells(user, target, effect.range)) {
    if (!isWalkable(state.map, cell.x, cell.y)) break;
    const victim = state.entities.find((e) => e.x === cell.x && e.y === cell.y && isAlive(e));
    if (victim) {
      events.push({ type: "bolt_hit", targetId: victim.id, target: victim.name, damage: effect.amount });
      takeDamage(victim, effect.amount, rules, events, user.id);
      return undefined;
    }
  }
  events.push({ type: "bolt_missed", entityId: user.id });
  return undefined;
}
