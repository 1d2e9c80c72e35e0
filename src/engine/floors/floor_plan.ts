/**
 * Which generator makes a floor, and the floor it makes: the map, where the
 * player starts, where spawns go and what vaults hold (docs/rules.md, Map
 * kinds). Rule sets that name no generator never come here: their floors
 * are made by {@link generateDungeon} alone, as always.
 *
 * @module
 */
import {
  cellularCave,
  DIRECTIONS,
  mixedMap,
  type Point,
  type Rect,
  type Rng,
  stepsFrom,
} from "../../algorithms/mod.ts";
import { type DungeonParams, generateDungeon } from "./dungeon.ts";
import { createMap, type GameMap, setTile } from "../game_map.ts";
import { Tile, WALKABLE } from "../tiles.ts";
import { placeVaults, type Vault, vaultsFor, type VaultThing } from "./vaults.ts";

/** A cave's numbers, as data gives them (see cave_map.ts). */
export interface CaveNumbers {
  readonly fill: number;
  readonly smoothing: number;
  readonly birth: number;
  readonly survive: number;
  /** Side of the squares a cave is cut into to spawn in, as rooms are. */
  readonly areaSize: number;
}

/** Grass a plan grows: `patches` random walks of `size` steps over floor cells. */
export interface GrassPlan {
  readonly patches: number;
  readonly size: number;
}

/** The generator of a range of floors, from `from` until the next plan's. */
export type FloorPlan =
  & {
    readonly from: number;
    readonly vaults: number;
    readonly maxRooms?: number;
    readonly grass?: GrassPlan;
    /** Pools of deep water, grown as grass is (after it), but never on the start. */
    readonly water?: GrassPlan;
  }
  & ({ readonly generator: "rooms" } | ({ readonly generator: "caves" | "mixed" } & CaveNumbers));

/** Where spawns go: a room (its interior) or a list of cells. */
export type SpawnArea = Rect | readonly Point[];

/** A floor made from a plan. */
export interface BuiltFloor {
  readonly map: GameMap;
  readonly start: Point;
  readonly areas: readonly SpawnArea[];
  /** What the vaults put down. */
  readonly things: readonly VaultThing[];
  /** Cells vaults took: nothing else spawns there. */
  readonly reserved: readonly Point[];
}

/** The plan in force on `floor`: the last one whose `from` is at most `floor`. */
export function planFor(plans: readonly FloorPlan[], floor: number): FloorPlan | undefined {
  let plan: FloorPlan | undefined;
  for (const p of plans) if (p.from <= floor) plan = p;
  return plan;
}

function pointOf(i: number, width: number): Point {
  return { x: i % width, y: Math.floor(i / width) };
}

/** The open cells of each `size`-square that holds at least `size` of them, row by row. */
function squares(open: Uint8Array, width: number, height: number, size: number): Point[][] {
  const areas: Point[][] = [];
  for (let y0 = 0; y0 < height; y0 += size) {
    for (let x0 = 0; x0 < width; x0 += size) {
      const cells: Point[] = [];
      for (let y = y0; y < Math.min(y0 + size, height); y++) {
        for (let x = x0; x < Math.min(x0 + size, width); x++) if (open[y * width + x]) cells.push({ x, y });
      }
      if (cells.length >= size) areas.push(cells);
    }
  }
  return areas;
}

/**
 * Times a cave or mixed floor is grown before the clearing stands in: each
 * try draws on from where the last left off, so it is as determined by the
 * seed as the first.
 */
export const OPEN_FLOOR_TRIES = 8;

/**
 * A cave or mixed floor: the grid made into tiles, vaults stamped, then the
 * start drawn among the open cells outside vaults and the stairs put on the
 * one farthest from it. Undefined when fewer than two cells are left for
 * the start and the stairs.
 */
function buildOpen(
  open: Uint8Array,
  rooms: readonly Rect[],
  params: DungeonParams,
  plan: CaveNumbers,
  vaultCount: number,
  vaults: readonly Vault[],
  rng: Rng,
): BuiltFloor | undefined {
  const { width, height } = params;
  const map = createMap(width, height);
  for (let i = 0; i < open.length; i++) {
    if (open[i]) setTile(map, i % width, Math.floor(i / width), Tile.Floor);
  }
  const placed = placeVaults(map, vaults, vaultCount, [], rng);
  const free = Uint8Array.from(map.tiles, (t) => (t === Tile.Floor ? 1 : 0));
  for (const i of placed.cells) free[i] = 0;
  const cells: number[] = [];
  for (let i = 0; i < free.length; i++) if (free[i]) cells.push(i);
  if (cells.length < 2) return undefined;
  const start = cells[rng.int(0, cells.length - 1)];
  // The farthest free cell by walking (doors included), first in row order on a tie.
  const dist = stepsFrom(Uint8Array.from(map.tiles, (t) => WALKABLE[t]), width, height, start);
  let far = -1;
  for (const i of cells) if (i !== start && (far < 0 || dist[i] > dist[far])) far = i;
  const stairs = pointOf(far, width);
  setTile(map, stairs.x, stairs.y, Tile.DownStairs);
  map.stairs = stairs;
  free[start] = 0;
  // Rooms spawn as rooms (vault cells in them are skipped); the cave between them by squares.
  for (const r of rooms) {
    for (let y = r.y1; y <= r.y2; y++) for (let x = r.x1; x <= r.x2; x++) free[y * width + x] = 0;
  }
  const areas: SpawnArea[] = [...rooms, ...squares(free, width, height, plan.areaSize)];
  return {
    map,
    start: pointOf(start, width),
    areas,
    things: placed.things,
    reserved: placed.cells.map((i) => pointOf(i, width)),
  };
}

/**
 * Makes floor `floor` by `plan`: rooms as {@link generateDungeon} makes
 * them, or a cave, or rooms and caves, then up to `plan.vaults` vaults.
 */
export function buildFloor(
  params: DungeonParams,
  plan: FloorPlan,
  allVaults: readonly Vault[],
  floor: number,
  rng: Rng,
): BuiltFloor {
  const vaults = vaultsFor(allVaults, floor);
  // A plan may place fewer rooms than the map's own number (a smaller floor).
  if (plan.maxRooms !== undefined) params = { ...params, maxRooms: plan.maxRooms };
  if (plan.generator === "rooms") {
    const { map, rooms, start } = generateDungeon(params, rng);
    const placed = placeVaults(map, vaults, plan.vaults, [start, map.stairs], rng);
    const built = {
      map,
      start,
      areas: rooms,
      things: placed.things,
      reserved: placed.cells.map((i) => pointOf(i, map.width)),
    };
    growPlanned(built, plan, rng);
    return built;
  }
  const cave = { width: params.width, height: params.height, ...plan };
  // A try that leaves no room for a start and stairs is grown again; the first try that does is the floor,
  // so a floor that never lacked room is drawn exactly as it was before there were tries.
  for (let tries = 0; tries < OPEN_FLOOR_TRIES; tries++) {
    const { open, rooms } = plan.generator === "caves"
      ? { open: cellularCave(cave, rng), rooms: [] }
      : mixedMap({ ...params, ...cave }, rng);
    const built = buildOpen(open, rooms, params, plan, plan.vaults, vaults, rng);
    if (built) {
      growPlanned(built, plan, rng);
      return built;
    }
  }
  const built = buildOpen(clearing(params.width, params.height), [], params, plan, 0, [], rng);
  if (!built) {
    throw new RangeError(`a ${params.width}x${params.height} floor has no room for a start and stairs`);
  }
  growPlanned(built, plan, rng);
  return built;
}

/** Grows what `plan` names on a built floor: its grass, then its deep water. */
function growPlanned(built: BuiltFloor, plan: FloorPlan, rng: Rng): void {
  if (plan.grass) growGrass(built, plan.grass, rng);
  if (plan.water) growGrass(built, plan.water, rng, Tile.DeepWater);
}

/**
 * Grows `grass` on a built floor (docs/rules.md, Grass), or, given
 * `tile`, pools of deep water (docs/rules.md, Deep water): each patch starts
 * on a floor cell drawn from all of them and walks `size` random steps,
 * turning the floor it walks on to grass. Vault cells, stairs and walls
 * stay as they are; a step that would leave the floor's floor cells stays put.
 */
export function growGrass(floor: BuiltFloor, grass: GrassPlan, rng: Rng, tile: Tile = Tile.Grass): void {
  const { map } = floor;
  const { width } = map;
  const kept = new Uint8Array(map.tiles.length);
  for (const p of floor.reserved) kept[p.y * width + p.x] = 1;
  // The player is never put down in water.
  if (tile === Tile.DeepWater) kept[floor.start.y * width + floor.start.x] = 1;
  const cells: number[] = [];
  for (let i = 0; i < map.tiles.length; i++) if (map.tiles[i] === Tile.Floor && !kept[i]) cells.push(i);
  if (cells.length === 0) return;
  const grows = (i: number) => (map.tiles[i] === Tile.Floor || map.tiles[i] === tile) && !kept[i];
  for (let patch = 0; patch < grass.patches; patch++) {
    let at = cells[rng.int(0, cells.length - 1)];
    for (let step = 0; step < grass.size; step++) {
      if (map.tiles[at] === Tile.Floor) setTile(map, at % width, Math.floor(at / width), tile);
      const { dx, dy } = DIRECTIONS[rng.int(0, 7)];
      const x = at % width + dx, y = Math.floor(at / width) + dy;
      const next = y * width + x;
      if (x >= 0 && y >= 0 && x < width && y < map.height && grows(next)) at = next;
    }
  }
}

/**
 * The simplest open floor of a size: every cell inside the outer ring open,
 * no vaults. What a cave or mixed plan falls back to when its numbers made
 * no room in {@link OPEN_FLOOR_TRIES} tries; any map the data checks allow
 * for those plans has room in it.
 */
function clearing(width: number, height: number): Uint8Array {
  const open = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) open.fill(1, y * width + 1, y * width + width - 1);
  return open;
}
