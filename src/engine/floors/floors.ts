/**
 * Persistent floors (docs/rules.md, Persistent floors): with the rules'
 * `floors: "persistent"`, every floor the player leaves is kept as it was
 * (map, what was seen, monsters, items, corpses) and found again on coming
 * back; each floor is made from its own seed, derived from the game's seed
 * and the depth, so the dungeon is the same whatever order it is visited in.
 * Without that word none of this runs and the state holds none of it.
 *
 * @module
 */
import { fillFloor, layFloor } from "./floor_fill.ts";
import type { Entity } from "../entity.ts";
import { createMap, type GameMap, isWalkable, setTile, updateVisibility } from "../game_map.ts";
import { nearestCells, type Point, type Rect, Rng } from "../../algorithms/mod.ts";
import type { Rules } from "../rules.ts";
import { copyPlain, type GameState, playerOf } from "../state.ts";
import { placeFollowers, takeFollowers } from "../monsters/stair_followers.ts";
import { sightOf } from "../stats.ts";
import type { GameEvent } from "../events.ts";
import { instantiate } from "../templates.ts";
import { Tile } from "../tiles.ts";

/** True when the rules keep floors. */
export function keepsFloors(rules: Rules): boolean {
  return rules.floors === "persistent";
}

/**
 * The seed floor `floor` of a game seeded `seed` is made from: the two
 * mixed (Murmur3's finaliser), so neighbouring depths get unrelated seeds.
 */
export function floorSeed(seed: number, floor: number): number {
  let h = (seed ^ Math.imul(floor, 0x9e3779b9)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A free walkable cell of `room`'s inside other than `not`, or undefined. */
function otherCell(map: GameMap, room: Rect, not: Point): Point | undefined {
  for (let y = room.y1 + 1; y < room.y2; y++) {
    for (let x = room.x1 + 1; x < room.x2; x++) {
      if ((x !== not.x || y !== not.y) && isWalkable(map, x, y)) return { x, y };
    }
  }
  return undefined;
}

/** How far from the goal item its guardian may stand. */
const GUARDIAN_REACH = 5;

/**
 * Places the goal item on a random free floor cell of a room (from the
 * floor's own RNG), and its guardian, if the goal names one, on the free
 * floor cell nearest it.
 */
function placeGoal(state: GameState, rules: Rules, map: GameMap, rooms: readonly Rect[], rng: Rng): void {
  const goal = rules.goal!;
  const taken = new Set(state.entities.map((e) => e.y * map.width + e.x));
  const free = (x: number, y: number) =>
    (map.tiles[y * map.width + x] === Tile.Floor || map.tiles[y * map.width + x] === Tile.Grass) &&
    !taken.has(y * map.width + x);
  let at: Point | undefined;
  for (let attempt = 0; attempt < 100 && !at && rooms.length > 0; attempt++) {
    const room = rooms[rng.int(0, rooms.length - 1)];
    const x = rng.int(room.x1 + 1, room.x2 - 1), y = rng.int(room.y1 + 1, room.y2 - 1);
    if (free(x, y)) at = { x, y };
  }
  // A floor too full to draw a free cell: the first free one, else where the player arrives.
  for (let i = 0; !at && i < map.tiles.length; i++) {
    if (free(i % map.width, Math.floor(i / map.width))) {
      at = { x: i % map.width, y: Math.floor(i / map.width) };
    }
  }
  at ??= map.upStairs ?? map.stairs;
  state.entities.push(instantiate(rules.templates[goal.item], state.nextId++, at.x, at.y));
  if (goal.guardian === undefined) return;
  const [near] = nearestCells(at, GUARDIAN_REACH, 1, (x, y) => isWalkable(map, x, y) && free(x, y));
  if (near) state.entities.push(instantiate(rules.templates[goal.guardian], state.nextId++, near.x, near.y));
}

/**
 * Makes floor `floor` from its own seed: the map with up stairs where the
 * player arrives (the first room's centre, or another cell of a one-room
 * floor), its monsters and items, and the goal item on the goal's floor.
 * The state's own RNG is not drawn from.
 */
function makeFloor(state: GameState, rules: Rules, floor: number, player: Entity): void {
  const rng = Rng.fromSeed(floorSeed(state.seed, floor));
  const laid = layFloor(rules, floor, rng);
  const { map, rooms, start } = laid;
  const onStairs = start.x === map.stairs.x && start.y === map.stairs.y;
  const up = onStairs ? rooms[0] && otherCell(map, rooms[0], start) : start;
  if (up) {
    setTile(map, up.x, up.y, Tile.UpStairs);
    map.upStairs = up;
  }
  player.x = (up ?? start).x;
  player.y = (up ?? start).y;
  state.floor = floor;
  state.map = map;
  state.entities = [player];
  fillFloor(state, rules, laid, floor, rng);
  if (rules.goal?.floor === floor) placeGoal(state, rules, map, rooms, rng);
  // The bottom has no way further down: its stairs' cell is plain floor (drawn after the floor was filled,
  // so the floor is the same as it would be without a bottom).
  if (isBottom(rules, floor)) setTile(map, map.stairs.x, map.stairs.y, Tile.Floor);
}

/** True when `floor` is the rules' deepest, with no down stairs. */
export function isBottom(rules: Rules, floor: number): boolean {
  return rules.bottom !== undefined && floor >= rules.bottom;
}

/**
 * `map` with its grids copied into plain memory and nothing in view: a floor
 * no one looks at. Its fire is left out: what burnt stays burnt, and the
 * rest goes out while the player is away (docs/rules.md, Fire).
 */
function plainMap(map: GameMap): GameMap {
  const kept: GameMap = {
    width: map.width,
    height: map.height,
    tiles: new Uint8Array(map.tiles),
    transparent: new Uint8Array(map.transparent),
    visible: new Uint8Array(map.width * map.height),
    explored: new Uint8Array(map.explored),
    stairs: { ...map.stairs },
  };
  if (map.upStairs) kept.upStairs = { ...map.upStairs };
  return kept;
}

/** `map` in shared memory again, as the floor the player is on always is (game_map.ts). */
function sharedMap(map: GameMap): GameMap {
  const live = createMap(map.width, map.height);
  live.tiles.set(map.tiles);
  live.transparent.set(map.transparent);
  live.explored.set(map.explored);
  live.stairs = { ...map.stairs };
  if (map.upStairs) live.upStairs = { ...map.upStairs };
  return live;
}

/** The free walkable cell nearest `to` (by rings), `to` itself when free. */
function freeCellNear(map: GameMap, entities: readonly Entity[], to: Point): Point {
  const blocked = new Set<number>();
  for (const e of entities) if (e.blocksMovement) blocked.add(e.y * map.width + e.x);
  for (let r = 0; r < Math.max(map.width, map.height); r++) {
    for (let y = to.y - r; y <= to.y + r; y++) {
      for (let x = to.x - r; x <= to.x + r; x++) {
        if (Math.max(Math.abs(x - to.x), Math.abs(y - to.y)) !== r) continue;
        if (isWalkable(map, x, y) && !blocked.has(y * map.width + x)) return { x, y };
      }
    }
  }
  return to;
}

/**
 * Moves the player from the floor they are on to `floor`: the floor left is
 * kept, `floor` is found as it was left or made new. Going down the player
 * arrives on the up stairs, going up on the down stairs (or beside them,
 * when a monster stands there). True when `floor` was made new.
 */
export function changeFloor(state: GameState, rules: Rules, floor: number): boolean {
  const player = state.entities.find((e) => e.id === state.playerId)!;
  const kept = state.keptFloors ?? [];
  if (state.floor > 0) {
    kept.push({
      floor: state.floor,
      map: plainMap(state.map),
      entities: state.entities.filter((e) => e !== player),
    });
  }
  const at = kept.findIndex((k) => k.floor === floor);
  const fresh = at < 0;
  if (fresh) makeFloor(state, rules, floor, player);
  else {
    const [found] = kept.splice(at, 1);
    const goingUp = floor < state.floor;
    state.floor = floor;
    state.map = sharedMap(found.map);
    const arrival = goingUp ? found.map.stairs : found.map.upStairs ?? found.map.stairs;
    const cell = freeCellNear(state.map, found.entities, arrival);
    player.x = cell.x;
    player.y = cell.y;
    // A kept floor is a value (state.ts, forkState): play changes a copy of its things, not them.
    state.entities = [player, ...copyPlain(found.entities)];
  }
  kept.sort((a, b) => a.floor - b.floor);
  state.keptFloors = kept;
  updateVisibility(state.map, player, player.sight ?? rules.sightRadius);
  return fresh;
}

/** True when the player carries the goal item (at any depth of their pack). */
export function carriesGoal(player: Entity, rules: Rules): boolean {
  const goal = rules.goal;
  if (!goal) return false;
  const search = (items: readonly Entity[]): boolean =>
    items.some((i) => i.template === goal.item || search(i.inventory?.items ?? []));
  return search(player.inventory?.items ?? []);
}

/**
 * Makes floor `floor`: a new map from the state's RNG, the player at the
 * first room's centre (with everything they carry), monsters and items
 * from that depth's spawn tables, and a fresh view. When the rules keep
 * floors, the floor left is kept and `floor` found again or made from its
 * own seed instead; true when it was made new. Where the rules
 * say so, the monsters beside the player follow (stair_followers.ts), told
 * in `events`.
 */
export function enterFloor(state: GameState, rules: Rules, floor: number, events: GameEvent[] = []): boolean {
  const left = state.floor;
  const followers = takeFollowers(state, rules);
  const fresh = keepsFloors(rules) ? changeFloor(state, rules, floor) : freshFloor(state, rules, floor);
  const kept = state.keptFloors?.find((k) => k.floor === left)?.entities ?? [];
  placeFollowers(state, followers, kept, events);
  return fresh;
}

/** Makes floor `floor` anew from the state's RNG (the rules that keep no floors). */
function freshFloor(state: GameState, rules: Rules, floor: number): boolean {
  const rng = Rng.fromState(state.rng);
  const player = playerOf(state);
  const laid = layFloor(rules, floor, rng);
  player.x = laid.start.x;
  player.y = laid.start.y;
  state.floor = floor;
  state.map = laid.map;
  state.entities = [player];
  fillFloor(state, rules, laid, floor, rng);
  state.rng = rng.state();
  updateVisibility(state.map, player, sightOf(player, rules));
  return true;
}
