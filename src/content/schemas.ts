/**
 * The shapes of the data files. Every number the game plays by is checked
 * here before the game starts; the same schemas are exported as JSON Schema
 * into `data/schema/` so editors check a modder's typing.
 *
 * @module
 */
export { textSchema } from "./text_schema.ts";
export { cellLookSchema, colorSchema, glyphSchema, idSchema } from "./schema_parts.ts";
export { MESSAGE_IDS } from "./message_schema.ts";
export {
  floorPlanSchema,
  type GameConfig,
  gameSchema,
  type VaultConfig,
  vaultSchema,
} from "./game_schema.ts";
export {
  diceSchema,
  effectSchema,
  entitiesSchema,
  equippableSchema,
  itemPartSchema,
  type MindConfig,
  mindSchema,
  type TemplateConfig,
  templateSchema,
} from "./entities_schema.ts";
export { type SpawnTablesConfig, spawnTablesSchema } from "./spawn_tables_schema.ts";
