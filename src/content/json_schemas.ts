/**
 * The JSON Schema files in `data/schema/`, generated from the zod schemas so
 * an editor checks and completes a data file while a modder types. Run
 * `deno task schema` (tools/schema.ts) after changing a schema; a test
 * fails while they are stale.
 *
 * @module
 */
import { z } from "zod";
import { gameSchema, spawnTablesSchema, templateSchema } from "./schemas.ts";
import { palettesFileSchema } from "./palettes_schema.ts";

/** File name in `data/schema/` → its schema as zod. */
const SCHEMAS: Record<string, z.ZodType> = {
  "game.schema.json": gameSchema,
  // Editors need the templates' shape; the loader also checks the ids.
  "entities.schema.json": z.object({ $schema: z.string().optional() }).catchall(templateSchema),
  "spawn_tables.schema.json": spawnTablesSchema,
  "palettes.schema.json": palettesFileSchema,
};

/** Each schema file's name and its text, as it should be on disk. */
export function jsonSchemaFiles(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SCHEMAS).map(([name, schema]) => [
      name,
      JSON.stringify(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }), null, 2) + "\n",
    ]),
  );
}
