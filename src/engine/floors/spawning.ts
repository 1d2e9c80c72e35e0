/**
 * Filling rooms with monsters and items from the spawn tables (docs/rules.md, Spawning):
 * per-room counts by depth, weighted choices, and no two things on a cell.
 *
 * @module
 */
import type { Entity } from "../entity.ts";
import type { Point, Rect, Rng } from "../../algorithms/mod.ts";
import type { EntityTemplate, FloorStep, SpawnTables, WeightStep } from "../rules.ts";
import { instantiate } from "../templates.ts";

/** The value of the last step whose floor is at most `floor` (0 if none). */
export function valueForFloor(steps: readonly FloorStep[], floor: number): number {
  let value = 0;
  for (const step of steps) if (step.floor <= floor) value = step.value;
  return value;
}

/** The weights in force on `floor`: steps merged in order, later ones replacing. */
export function weightsForFloor(steps: readonly WeightStep[], floor: number): Map<string, number> {
  const weights = new Map<string, number>();
  for (const step of steps) {
    if (step.floor > floor) continue;
    for (const [id, weight] of Object.entries(step.weights)) weights.set(id, weight);
  }
  return weights;
}

/** `count` template ids drawn with replacement, proportionally to weight. */
export function drawWeighted(weights: Map<string, number>, count: number, rng: Rng): string[] {
  const entries = [...weights].filter(([, w]) => w > 0);
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  if (total === 0) return [];
  const picks: string[] = [];
  for (let k = 0; k < count; k++) {
    let roll = rng.int(0, total - 1);
    for (const [id, weight] of entries) {
      if (roll < weight) {
        picks.push(id);
        break;
      }
      roll -= weight;
    }
  }
  return picks;
}

/** Where the new entities go, and the id counter they take ids from. */
export interface SpawnTarget {
  readonly entities: Entity[];
  nextId: number;
  /** The items drawn so far this run, by template, where the tables lower repeats' weights. */
  drawn?: Record<string, number>;
}

/**
 * The weight a kind of `weight` has once `times` of it were drawn: `repeatWeight` to that power, in
 * thousandths so that the draw stays whole numbers, and never below 1 while the table gives it one.
 */
export function repeatedWeight(weight: number, times: number, repeatWeight: number): number {
  if (weight <= 0) return 0;
  return Math.max(1, Math.round(weight * 1000 * repeatWeight ** times));
}

/**
 * `count` items drawn from `weights`: as {@link drawWeighted} where the tables leave weights be; with
 * `repeatWeight`, one at a time, each kind's weight lowered for each of it the run has drawn (kept in
 * `target.drawn`).
 */
export function drawItems(
  target: SpawnTarget,
  tables: SpawnTables,
  weights: Map<string, number>,
  count: number,
  rng: Rng,
): string[] {
  const factor = tables.repeatWeight;
  if (factor === undefined) return drawWeighted(weights, count, rng);
  const drawn = target.drawn ??= {};
  const picks: string[] = [];
  for (let k = 0; k < count; k++) {
    const lowered = new Map<string, number>();
    for (const [id, w] of weights) lowered.set(id, repeatedWeight(w, drawn[id] ?? 0, factor));
    const [id] = drawWeighted(lowered, 1, rng);
    if (id === undefined) break;
    drawn[id] = (drawn[id] ?? 0) + 1;
    picks.push(id);
  }
  return picks;
}

/** Where in an area a spawn lands: a room's interior cell, or one of a list of cells. */
export type Area = Rect | readonly Point[];

function pickCell(area: Area, rng: Rng): Point {
  if ("x1" in area) return { x: rng.int(area.x1 + 1, area.x2 - 1), y: rng.int(area.y1 + 1, area.y2 - 1) };
  return area[rng.int(0, area.length - 1)];
}

/**
 * Spawns each room's monsters, then its items, at random interior cells; a
 * thing drawn onto an occupied cell is skipped, not moved.
 */
export function populateRooms(
  target: SpawnTarget,
  rooms: readonly Rect[],
  floor: number,
  tables: SpawnTables,
  templates: Readonly<Record<string, EntityTemplate>>,
  rng: Rng,
): void {
  populateAreas(target, rooms, [], floor, tables, templates, rng);
}

/**
 * As {@link populateRooms}, for rooms or lists of cells (a cave's squares);
 * a thing drawn onto a `reserved` cell (a vault's) is skipped like one drawn
 * onto an occupied cell.
 */
export function populateAreas(
  target: SpawnTarget,
  areas: readonly Area[],
  reserved: readonly Point[],
  floor: number,
  tables: SpawnTables,
  templates: Readonly<Record<string, EntityTemplate>>,
  rng: Rng,
): void {
  const monsterWeights = weightsForFloor(tables.monsters, floor);
  const itemWeights = weightsForFloor(tables.items, floor);
  const maxMonsters = valueForFloor(tables.maxMonstersPerRoom, floor);
  const maxItems = valueForFloor(tables.maxItemsPerRoom, floor);
  // The cells taken, as a set rather than a scan of every entity per draw: filling a floor stays linear.
  const cell = (x: number, y: number) => y * 0x10000 + x;
  const taken = new Set(target.entities.map((e) => cell(e.x, e.y)));
  for (const p of reserved) taken.add(cell(p.x, p.y));
  for (const area of areas) {
    const monsters = drawWeighted(monsterWeights, rng.int(0, maxMonsters), rng);
    const items = drawItems(target, tables, itemWeights, rng.int(0, maxItems), rng);
    for (const id of [...monsters, ...items]) {
      const { x, y } = pickCell(area, rng);
      if (taken.has(cell(x, y))) continue;
      taken.add(cell(x, y));
      target.entities.push(instantiate(templates[id], target.nextId++, x, y));
      const pack = templates[id].pack;
      // The rest of a pack, drawn only for a kind that has one: a rule set without packs draws as before.
      for (let more = pack ? rng.int(pack.min, pack.max) - 1 : 0; more > 0; more--) {
        const at = pickCell(area, rng);
        if (taken.has(cell(at.x, at.y))) continue;
        taken.add(cell(at.x, at.y));
        target.entities.push(instantiate(templates[id], target.nextId++, at.x, at.y));
      }
    }
  }
}
