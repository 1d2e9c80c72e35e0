/**
 * A new floor in two steps, so the stairs' placing can come between: its
 * map laid out (by the floor's plan, or, with none, by today's rooms with
 * today's draws exactly), then its monsters, items and vault contents.
 *
 * @module
 */
import { generateDungeon } from "./dungeon.ts";
import { buildFloor, type BuiltFloor, planFor, type SpawnArea } from "./floor_plan.ts";
import type { Rect, Rng } from "../../algorithms/mod.ts";
import type { Rules } from "../rules.ts";
import {
  drawItems,
  drawWeighted,
  populateAreas,
  populateRooms,
  type SpawnTarget,
  weightsForFloor,
} from "./spawning.ts";
import { instantiate } from "../templates.ts";

/** A floor's map before anything is put on it: a built floor (its start is where the player arrives from above). */
export interface LaidFloor extends BuiltFloor {
  /** Its rooms (none on a floor of caves alone). */
  readonly rooms: readonly Rect[];
  /** False for today's rooms without a plan: filled as they always were. */
  readonly planned: boolean;
}

function isRect(area: SpawnArea): area is Rect {
  return !Array.isArray(area);
}

/** Lays out floor `floor` by the rules' plan for it, drawing from `rng`. */
export function layFloor(rules: Rules, floor: number, rng: Rng): LaidFloor {
  const plan = rules.floorPlans && planFor(rules.floorPlans, floor);
  if (!plan) {
    const { map, rooms, start } = generateDungeon(rules.dungeon, rng);
    return { map, start, rooms, areas: rooms, things: [], reserved: [], planned: false };
  }
  const built = buildFloor(rules.dungeon, plan, rules.vaults ?? [], floor, rng);
  return { ...built, rooms: built.areas.filter(isRect), planned: true };
}

/** Puts the floor's things on it: vault contents first, then the spawn tables' draws. */
export function fillFloor(target: SpawnTarget, rules: Rules, laid: LaidFloor, floor: number, rng: Rng): void {
  if (!laid.planned) return populateRooms(target, laid.rooms, floor, rules.spawn, rules.templates, rng);
  for (const thing of laid.things) {
    // A random one is drawn from the floor's spawn tables (none if they are empty).
    const id = "template" in thing
      ? thing.template
      : thing.random === "monster"
      ? drawWeighted(weightsForFloor(rules.spawn.monsters, floor), 1, rng)[0]
      : drawItems(target, rules.spawn, weightsForFloor(rules.spawn.items, floor), 1, rng)[0];
    if (id !== undefined) {
      target.entities.push(instantiate(rules.templates[id], target.nextId++, thing.x, thing.y));
    }
  }
  populateAreas(target, laid.areas, laid.reserved, floor, rules.spawn, rules.templates, rng);
}
