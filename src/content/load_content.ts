/**
 * Loads a data folder into the engine's {@link Rules} and the look of the
 * game, or fails with every problem in every file at once.
 *
 * @module
 */
import type { EntityTemplate, Rules } from "../engine/mod.ts";
import { crossChecks, type DataFiles, type Labels } from "./cross_checks.ts";
import { ContentError } from "./problems.ts";
import { readDataFile } from "./read_json.ts";
import {
  entitiesSchema,
  type GameConfig,
  gameSchema,
  spawnTablesSchema,
  type TemplateConfig,
} from "./schemas.ts";

/** A loaded data folder. */
export interface Content {
  readonly rules: Rules;
  /** The game file as written, for the look of things (tiles, palette). */
  readonly game: GameConfig;
  /** The folder as named to the player (`data/`, `mods/mine/`). */
  readonly label: string;
}

/** `#RRGGBB` as 0xRRGGBB. */
export function parseColor(hex: string): number {
  return parseInt(hex.slice(1), 16);
}

function toTemplate(id: string, t: TemplateConfig): EntityTemplate {
  return {
    id,
    name: t.name,
    glyph: t.glyph,
    color: parseColor(t.color),
    fighter: t.fighter,
    ai: t.ai,
    xp: t.xp,
    inventoryCapacity: t.inventoryCapacity,
    item: t.item,
    equippable: t.equippable,
    startingEquipment: t.startingEquipment,
    unknown: t.unknown,
  };
}

function toRules({ game, entities, spawn }: DataFiles): Rules {
  return {
    dungeon: game.map,
    sightRadius: game.sightRadius,
    playerTemplate: "player",
    templates: Object.fromEntries(Object.entries(entities).map(([id, t]) => [id, toTemplate(id, t)])),
    spawn,
    corpse: { ...game.corpse, color: parseColor(game.corpse.color) },
    messages: game.messages,
    progression: game.progression,
    score: game.score,
    // Absent unless the data names them, so the rules of data that does not are what they were.
    equipmentSlots: game.equipmentSlots,
    unknownItems: game.unknownItems,
  };
}

/**
 * Reads `game.json`, `entities.json` and `spawn_tables.json` from `dir`.
 * `labelDir` is how the folder is named in error lines (e.g. `data/`).
 */
export async function loadContent(dir: URL, labelDir: string): Promise<Content> {
  try {
    if (!(await Deno.stat(dir)).isDirectory) {
      throw new ContentError([`${labelDir}: expected a data folder, found a file`]);
    }
  } catch (e) {
    if (e instanceof ContentError) throw e;
    const reason = e instanceof Deno.errors.NotFound ? "no such folder" : (e as Error).message;
    throw new ContentError([`${labelDir}: cannot read the data folder: ${reason}`]);
  }
  const problems: string[] = [];
  const attempt = async <T>(read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
      // Not push(...e.problems): a hostile file may have more problems than the stack takes arguments.
      for (const problem of e.problems) problems.push(problem);
      return undefined;
    }
  };
  const labels: Labels = {
    game: `${labelDir}game.json`,
    entities: `${labelDir}entities.json`,
    spawn: `${labelDir}spawn_tables.json`,
  };
  const game = await attempt(() => readDataFile(dir, "game.json", gameSchema, labels.game));
  const entitiesFile = await attempt(() =>
    readDataFile(dir, "entities.json", entitiesSchema, labels.entities)
  );
  const spawn = await attempt(() => readDataFile(dir, "spawn_tables.json", spawnTablesSchema, labels.spawn));
  const { $schema: _, ...entities } = entitiesFile ?? {};
  const templates = entitiesFile ? entities as Record<string, TemplateConfig> : undefined;
  for (const problem of crossChecks(labels, { game, entities: templates, spawn })) problems.push(problem);
  if (problems.length > 0 || !game || !templates || !spawn) throw new ContentError(problems);
  return { rules: toRules({ game, entities: templates, spawn }), game, label: labelDir };
}
