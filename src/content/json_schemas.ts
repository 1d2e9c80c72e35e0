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
import { modManifestSchema } from "./mod_manifest.ts";

/** File name in `data/schema/` → its schema as zod. */
const SCHEMAS: Record<string, z.ZodType> = {
  "game.schema.json": gameSchema,
  // Editors need the templates' shape; the loader also checks the ids.
  "entities.schema.json": z.object({ $schema: z.string().optional() }).catchall(templateSchema),
  "spawn_tables.schema.json": spawnTablesSchema,
  "palettes.schema.json": palettesFileSchema,
};

/** A JSON Schema as `z.toJSONSchema` writes it. */
type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** `schema` with no field required anywhere: what an overlay may write of it. */
function everyFieldOptional(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(everyFieldOptional);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).filter(([key]) => key !== "required").map((
      [key, value],
    ) => [key, everyFieldOptional(value)]),
  );
}

/** The overlay of a file whose whole schema is `whole`: `extend` (any part of it) and `delete` (paths). */
function fileOverlay(whole: JsonSchema, what: string): JsonSchema {
  const { $schema, $defs, ...file } = everyFieldOptional(whole) as JsonSchema;
  return {
    $schema,
    description: `A mod's ${what}: laid over the data's (docs/modding.md, Overlay mods).`,
    type: "object",
    properties: {
      $schema: { type: "string" },
      extend: {
        ...file,
        description: "Merged into the file: objects key by key; lists appended, or merged by key.",
      },
      delete: {
        type: "array",
        items: { type: "string", description: 'A path to remove: "monsters[floor=3].weights.troll".' },
      },
    },
    additionalProperties: false,
    ...($defs ? { $defs } : {}),
  };
}

/** The overlay of `entities.json`: each entry a template, a `copyFrom`, an `extend` or a `delete`. */
function entitiesOverlay(): JsonSchema {
  const template = everyFieldOptional(jsonSchemaOf(templateSchema)) as JsonSchema;
  const { $schema, ...fields } = template;
  const properties = fields.properties as JsonSchema;
  const entry = {
    anyOf: [
      {
        ...fields,
        description: "A new template; with copyFrom, a copy of another with these fields laid over it.",
        properties: {
          ...properties,
          copyFrom: { type: "string", description: "The template this one is a copy of." },
          replaces: { const: true, description: "Replaces a template of the same id made below." },
        },
      },
      {
        type: "object",
        properties: { extend: { ...fields, description: "Fields merged into the existing template." } },
        required: ["extend"],
        additionalProperties: false,
      },
      {
        type: "object",
        properties: { delete: { const: true, description: "Removes the template." } },
        required: ["delete"],
        additionalProperties: false,
      },
    ],
  };
  return {
    $schema,
    description: "A mod's entities.json: laid over the data's (docs/modding.md, Overlay mods).",
    type: "object",
    properties: { $schema: { type: "string" } },
    additionalProperties: entry,
  };
}

/** Each schema file's name and its text, as it should be on disk: the data files', and a mod's. */
export function jsonSchemaFiles(): Record<string, string> {
  const wholes = Object.fromEntries(
    Object.entries(SCHEMAS).map(([name, schema]) => [name, jsonSchemaOf(schema)]),
  );
  const files: Record<string, JsonSchema> = {
    ...wholes,
    "mod.schema.json": jsonSchemaOf(modManifestSchema),
    "entities.overlay.schema.json": entitiesOverlay(),
    "game.overlay.schema.json": fileOverlay(wholes["game.schema.json"], "game.json"),
    "spawn_tables.overlay.schema.json": fileOverlay(wholes["spawn_tables.schema.json"], "spawn_tables.json"),
    "palettes.overlay.schema.json": fileOverlay(wholes["palettes.schema.json"], "palettes.json"),
  };
  return Object.fromEntries(
    Object.entries(files).map(([name, schema]) => [name, JSON.stringify(schema, null, 2) + "\n"]),
  );
}
