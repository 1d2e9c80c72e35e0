/**
 * Loads a data folder into the engine's {@link Rules} and the look of the
 * game, or fails with every problem in every file at once.
 *
 * @module
 */
import type { z } from "zod";
import {
  type EntityTemplate,
  MAX_FLOOR,
  type Mind,
  type Rules,
  type StatusDef,
  type TimeRules,
  type Vault,
  type VaultCell,
} from "../engine/mod.ts";
import { isSystemPathRefusal, SYSTEM_PATH } from "./bounded_file.ts";
import { crossChecks } from "./cross_checks.ts";
import { type DataFiles, type Labels } from "./data_files.ts";
import { ContentError } from "./problems.ts";
import { type Palettes, palettesFileSchema } from "./palettes_schema.ts";
import { check, readDataFile } from "./read_json.ts";
import {
  entitiesSchema,
  type GameConfig,
  gameSchema,
  type MindConfig,
  spawnTablesSchema,
  type TemplateConfig,
  type VaultConfig,
} from "./schemas.ts";

/** A loaded data folder. */
export interface Content {
  readonly rules: Rules;
  /** The game file as written, for the look of things (tiles, palette). */
  readonly game: GameConfig;
  /** The templates as written, for how they are drawn (`alwaysVisible`). */
  readonly entities: Readonly<Record<string, TemplateConfig>>;
  /** The folder as named to the player (`data/`, `mods/mine/`). */
  readonly label: string;
  /** The display palettes: the folder's `palettes.json`, or the bundled one's when it has none. */
  readonly palettes: Palettes;
}

/** Where the palettes come from when a data folder has none of its own. */
const BUNDLED_DATA: URL = new URL("../../data/", import.meta.url);

/** The folder's `palettes.json`, or the bundled data's when the folder has none. */
async function readPalettes(dir: URL, labelDir: string): Promise<Palettes> {
  const own = await Deno.stat(new URL("palettes.json", dir)).then(() => true, () => false);
  const [from, label] = own ? [dir, `${labelDir}palettes.json`] : [BUNDLED_DATA, "data/palettes.json"];
  return (await readDataFile(from, "palettes.json", palettesFileSchema, label)).palettes;
}

/** `#RRGGBB` as 0xRRGGBB. */
export function parseColor(hex: string): number {
  return parseInt(hex.slice(1), 16);
}

function toMind({ mind: _, ranged, ...options }: MindConfig): Mind {
  return ranged ? { ...options, ranged: { ...ranged, color: parseColor(ranged.color) } } : options;
}

function toTemplate(id: string, t: TemplateConfig): EntityTemplate {
  return {
    id,
    name: t.name,
    glyph: t.glyph,
    color: parseColor(t.color),
    fighter: t.fighter,
    ai: t.ai === undefined || t.ai === "hostile" ? t.ai : toMind(t.ai),
    stealth: t.stealth,
    xp: t.xp,
    inventoryCapacity: t.inventoryCapacity,
    // A stack's name defaults to the name with "s" (docs/rules.md, Stacks).
    item: t.item?.stacks ? { ...t.item, plural: t.item.plural ?? `${t.name}s` } : t.item,
    equippable: t.equippable,
    startingEquipment: t.startingEquipment,
    speed: t.speed,
    regeneration: t.regeneration,
    unknown: t.unknown,
    ...(t.pack ? { pack: t.pack } : {}),
    ...(t.fireImmune ? { fireImmune: true } : {}),
    ...(t.heavy ? { heavy: true } : {}),
    ...(t.onHit ? { onHit: t.onHit } : {}),
    ...(t.description ? { description: t.description } : {}),
  };
}

/** The characters every vault knows unless its legend says otherwise. */
export const DEFAULT_LEGEND: Readonly<Record<string, VaultCell>> = {
  "#": { tile: "wall" },
  ".": { tile: "floor" },
  "+": { tile: "door" },
};

function toVaultCell(cell: VaultConfig["legend"][string]): VaultCell {
  return typeof cell === "string" ? { tile: cell } : cell;
}

/** A vault as the engine takes it: the legend with the default characters. */
export function toVault(v: VaultConfig): Vault {
  const legend = { ...DEFAULT_LEGEND };
  for (const [ch, cell] of Object.entries(v.legend)) legend[ch] = toVaultCell(cell);
  return { id: v.id, weight: v.weight, from: v.from, to: v.to ?? MAX_FLOOR, rows: v.rows, legend };
}

/**
 * Time's rules, when the data uses any of its words (else none: every
 * actor acts once a turn, as the tutorial's rule sets play). The energy
 * scheduler runs when a template sets a speed, the costs are given, or a
 * status changes speed (docs/rules.md, Speed and energy).
 */
function toTime(game: GameConfig, templates: readonly TemplateConfig[]): TimeRules | undefined {
  const statuses = Object.values(game.statuses ?? {});
  const energy = game.time?.costs !== undefined || templates.some((t) => t.speed !== undefined) ||
    statuses.some((s) => s.speed !== 1) || templates.some((t) => t.equippable?.speed !== undefined);
  const regenerates = templates.some((t) => t.regeneration || t.equippable?.regeneration);
  if (!energy && !game.time && !regenerates) return undefined;
  const costs = game.time?.costs ?? { move: 100, attack: 100, use: 100, wait: 100 };
  return { energy, costs, regeneration: game.time?.regeneration };
}

function toStatuses(game: GameConfig): Record<string, StatusDef> | undefined {
  if (!game.statuses) return undefined;
  return Object.fromEntries(Object.entries(game.statuses).map(([id, s]) => [id, { id, ...s }]));
}

/** `{ [key]: value }`, or nothing when `value` is undefined: the rules of the tutorial's rule sets stay as they were. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : { [key]: value } as { [P in K]?: V };
}

/** The death rules the data names beyond today's (corpses, no causes), or undefined. */
function toDeath(game: DataFiles["game"]): Rules["death"] {
  const death = game.death;
  if (!death || (death.leaves === "corpse" && !death.causes)) return undefined;
  return {
    ...(death.leaves === "nothing" ? { leaves: "nothing" as const } : {}),
    ...(death.causes ? { causes: death.causes } : {}),
  };
}

/** Fire's rules, without its look (which the theme takes). */
function toFire(game: GameConfig): Rules["fire"] {
  if (!game.fire) return undefined;
  const { look, spread, ...fire } = game.fire;
  return { ...fire, spread: Math.round(spread * 1000), name: look.name };
}

/** The kinds of gas, in the data's order, without their looks (which the theme takes). */
function toGases(game: GameConfig): Rules["gases"] {
  if (!game.gases) return undefined;
  return Object.entries(game.gases).map(([id, { look: _, thins, ...gas }]) => ({
    id,
    ...gas,
    thins: Math.round(thins * 1000),
  }));
}

function toRules({ game, entities, spawn: spawnFile }: DataFiles): Rules {
  const { floors, ...dungeon } = game.map;
  // Where the file finds its schema is no rule: a folder moved keeps its checksum, and its saves.
  const { $schema: _, ...spawn } = spawnFile as typeof spawnFile & { $schema?: string };
  // The words below are present only when the data names them, so the rules (and their checksum)
  // of other data sets are as they were.
  return {
    dungeon,
    ...(floors ? { floorPlans: floors } : {}),
    ...optional("fire", toFire(game)),
    ...optional("gases", toGases(game)),
    ...(game.water ? { water: { ...game.water, drop: Math.round(game.water.drop * 1000) } } : {}),
    ...(game.vaults ? { vaults: game.vaults.map(toVault) } : {}),
    sightRadius: game.sightRadius,
    playerTemplate: "player",
    templates: Object.fromEntries(Object.entries(entities).map(([id, t]) => [id, toTemplate(id, t)])),
    spawn,
    corpse: { ...game.corpse, color: parseColor(game.corpse.color) },
    ...optional("death", toDeath(game)),
    messages: game.messages,
    ...(game.narration?.onlySeen ? { tellsOnlySeen: true } : {}),
    ...(game.narration?.itemsUnderfoot ? { tellsItemsUnderfoot: true } : {}),
    progression: game.progression,
    score: game.score,
    ...(game.dungeon?.floors === "persistent" ? { floors: "persistent" as const } : {}),
    ...(game.dungeon?.goal ? { goal: game.dungeon.goal } : {}),
    ...(game.dungeon?.bottom !== undefined ? { bottom: game.dungeon.bottom } : {}),
    ...(game.dungeon?.followers ? { stairFollowers: true as const } : {}),
    ...(game.dungeon?.followers && game.dungeon.followFrom ? { followFrom: game.dungeon.followFrom } : {}),
    ...(game.combat ? { combat: game.combat } : {}),
    ...(game.inventory?.keepLetters ? { keepLetters: true } : {}),
    ...optional("time", toTime(game, Object.values(entities))),
    ...optional("statuses", toStatuses(game)),
    ...optional("equipmentSlots", game.equipmentSlots),
    ...optional("unknownItems", game.unknownItems),
    ...(game.unknownRefused === "wasted" ? { unknownRefused: "wasted" as const } : {}),
    ...(game.clearThrows ? { clearThrows: true as const } : {}),
    ...(game.unknownAimed === "nearest" ? { unknownAimed: "nearest" as const } : {}),
  };
}

/** How the files of a data folder labelled `labelDir` (e.g. `data/`) are named in error lines. */
export function labelsOf(labelDir: string): Labels {
  return {
    game: `${labelDir}game.json`,
    entities: `${labelDir}entities.json`,
    spawn: `${labelDir}spawn_tables.json`,
  };
}

/** A data folder's files as parsed (those that parsed), before the checks that span them. */
interface ParsedFiles {
  readonly game?: GameConfig;
  readonly entities?: Record<string, TemplateConfig>;
  readonly spawn?: DataFiles["spawn"];
  readonly palettes?: Palettes;
}

/**
 * The content of files that each passed their schema: the checks that span
 * fields and files, then the rules built; every problem (those found before,
 * in `problems`, too) thrown at once as a {@link ContentError}.
 */
function assemble(files: ParsedFiles, labels: Labels, labelDir: string, problems: string[]): Content {
  const { game, entities, spawn, palettes } = files;
  for (const problem of crossChecks(labels, { game, entities, spawn })) problems.push(problem);
  if (problems.length > 0 || !game || !entities || !spawn || !palettes) throw new ContentError(problems);
  const rules = toRules({ game, entities, spawn });
  return { rules, game, entities, label: labelDir, palettes };
}

/** The templates of an entities file as parsed, without its `$schema`. */
function templatesOf(
  file: z.output<typeof entitiesSchema> | undefined,
): Record<string, TemplateConfig> | undefined {
  if (!file) return undefined;
  const { $schema: _, ...entities } = file;
  return entities as Record<string, TemplateConfig>;
}

/** A data folder's files as JSON values, not yet checked: what a kept version of the data holds. */
export interface DataJson {
  readonly game: unknown;
  readonly entities: unknown;
  readonly spawn: unknown;
  /** The `palettes` of a `palettes.json`. */
  readonly palettes: unknown;
}

/**
 * Checks data files held as JSON values exactly as {@link loadContent}
 * checks a folder's (the schemas, then every check that spans them) and
 * builds their rules; `labels` name each in the problems (a ContentError).
 */
export function contentOfJson(
  json: DataJson,
  labels: Labels & { palettes: string },
  labelDir: string,
): Content {
  const problems: string[] = [];
  const checked = <S extends z.ZodType>(
    label: string,
    schema: S,
    value: unknown,
  ): z.output<S> | undefined => {
    const result = check(label, schema, value);
    for (const problem of result.problems) problems.push(problem);
    return result.value;
  };
  const game = checked(labels.game, gameSchema, json.game);
  const entities = templatesOf(checked(labels.entities, entitiesSchema, json.entities));
  const spawn = checked(labels.spawn, spawnTablesSchema, json.spawn);
  const palettes = checked(labels.palettes, palettesFileSchema, { palettes: json.palettes })?.palettes;
  return assemble({ game, entities, spawn, palettes }, labels, labelDir, problems);
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
    if (isSystemPathRefusal(e)) {
      throw new ContentError([`${labelDir}: expected a data folder, found ${SYSTEM_PATH}`]);
    }
    const reason = e instanceof Deno.errors.NotFound ? "no such folder" : (e as Error).message.split("\n")[0];
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
  const labels = labelsOf(labelDir);
  const game = await attempt(() => readDataFile(dir, "game.json", gameSchema, labels.game));
  const entitiesFile = await attempt(() =>
    readDataFile(dir, "entities.json", entitiesSchema, labels.entities)
  );
  const spawn = await attempt(() => readDataFile(dir, "spawn_tables.json", spawnTablesSchema, labels.spawn));
  const palettes = await attempt(() => readPalettes(dir, labelDir));
  return assemble({ game, entities: templatesOf(entitiesFile), spawn, palettes }, labels, labelDir, problems);
}
