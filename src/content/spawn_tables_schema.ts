/**
 * `data/spawn_tables.json`'s shape: what spawns on which floor.
 *
 * @module
 */
import { z } from "zod";
import { MAP_BUDGET, WORK_LIMITS } from "./limits.ts";
import { idSchema, nonNegative } from "./schema_parts.ts";

const floorSteps = z.array(
  z.strictObject({ floor: nonNegative(10_000), value: nonNegative(MAP_BUDGET.perRoom) }),
).describe(`How many a room may draw (at most ${MAP_BUDGET.perRoom}, the generator's budget).`);
const weightSteps = z.array(z.strictObject({
  floor: nonNegative(10_000),
  weights: z.record(idSchema, nonNegative(1_000_000)),
}));

/** `data/spawn_tables.json`: what spawns on which floor (docs/rules.md, Spawning). */
export const spawnTablesSchema = z.strictObject({
  $schema: z.string().optional(),
  maxMonstersPerRoom: floorSteps.describe(
    `The last step whose floor ≤ the depth applies; at most ${MAP_BUDGET.perRoom} (the generator's budget), and ` +
      `a floor at most ${WORK_LIMITS.monstersPerFloor} monsters (rooms or cave squares × this × the largest pack, ` +
      "and what vaults hold).",
  ),
  maxItemsPerRoom: floorSteps,
  monsters: weightSteps.describe("Steps whose floor ≤ the depth merge in order; later weights replace."),
  items: weightSteps,
  repeatWeight: z.number().min(0).max(1).optional().describe(
    "Each time the run has drawn an item kind from the items table, that kind's weight is multiplied by this " +
      "(0.5: half as likely after one, a quarter after two), so a run sees more kinds and fewer copies; " +
      "absent: the weights never change (docs/rules.md, Spawning).",
  ),
});

/** The parsed `data/spawn_tables.json`. */
export type SpawnTablesConfig = z.output<typeof spawnTablesSchema>;
