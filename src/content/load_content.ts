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
import { check, readDataJson } from "./read_json.ts";
import { modManifestSchema, modOrderProblems } from "./mod_manifest.ts";
import { type FilesJson, layMods, type ModJson, type Origins, type OverlayFile } from "./overlay.ts";
import {
  entitiesSchema,
  type GameConfig,
  gameSchema,
  idSchema,
  type MindConfig,
  spawnTablesSchema,
  type TemplateConfig,
  templateSchema,
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
  /** The mods laid over the folder, in order, by name and version (none: the folder alone). */
  readonly mods?: readonly ModStamp[];
}

/** A mod as a game names it: its name and version. */
export interface ModStamp {
  readonly name: string;
  readonly version: string;
}

/** A mod folder to lay over a data folder, and how lines name it (`mods/dragons/`). */
export interface ModFolder {
  readonly dir: URL;
  readonly label: string;
}

/** Where the palettes come from when a data folder has none of its own. */
const BUNDLED_DATA: URL = new URL("../../data/", import.meta.url);

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
    ...(t.opensDoors === false ? { opensDoors: false as const } : {}),
    ...(t.closesDoors ? { closesDoors: true as const } : {}),
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
  // Sneaking's dearer steps need the scheduler's energy.
  const energy = game.time?.costs !== undefined || game.sneak !== undefined ||
    templates.some((t) => t.speed !== undefined) || (game.backgrounds ?? []).some((b) => b.speed) ||
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
    ...(game.unknownRefused === "wasted" || game.unknownRefused === "taught"
      ? { unknownRefused: game.unknownRefused }
      : {}),
    ...(game.lastUnknownNamed ? { lastUnknownNamed: true as const } : {}),
    ...(game.clearThrows ? { clearThrows: true as const } : {}),
    ...(game.clearBolts ? { clearBolts: true as const } : {}),
    ...(game.closeDoors ? { closeDoors: true as const } : {}),
    ...optional("noise", game.noise),
    ...optional("sneak", game.sneak),
    ...(game.unknownAimed === "nearest" ? { unknownAimed: "nearest" as const } : {}),
    ...optional("backgrounds", game.backgrounds),
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
  /** The ids of templates written but not checked (each told its own problems): references to them are not. */
  readonly unchecked?: ReadonlySet<string>;
  readonly spawn?: DataFiles["spawn"];
  readonly palettes?: Palettes;
}

/**
 * The content of files that each passed their schema: the checks that span
 * fields and files, then the rules built; every problem (those found before,
 * in `problems`, too) thrown at once as a {@link ContentError}.
 */
function assemble(files: ParsedFiles, labels: Labels, labelDir: string, problems: string[]): Content {
  const { game, entities, unchecked, spawn, palettes } = files;
  for (const problem of crossChecks(labels, { game, entities, spawn }, unchecked)) problems.push(problem);
  if (problems.length > 0 || !game || !entities || !spawn || !palettes) throw new ContentError(problems);
  const rules = toRules({ game, entities, spawn });
  return { rules, game, entities, label: labelDir, palettes };
}

/**
 * The templates of an entities file: all of them when the file passed its
 * schema; else those that pass their own, so that the checks across files
 * run on them in the same run, and the ids of the rest.
 */
function templatesOf(
  label: string,
  json: unknown,
  problems: string[],
): Pick<ParsedFiles, "entities" | "unchecked"> {
  const checked = check(label, entitiesSchema, json);
  for (const problem of checked.problems) problems.push(problem);
  if (checked.value) {
    const { $schema: _, ...entities } = checked.value;
    return { entities: entities as Record<string, TemplateConfig> };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return {};
  const entities: Record<string, TemplateConfig> = {}, unchecked = new Set<string>();
  for (const [id, written] of Object.entries(json)) {
    if (id === "$schema") continue;
    const template = templateSchema.safeParse(written);
    if (template.success && idSchema.safeParse(id).success) entities[id] = template.data;
    else unchecked.add(id);
  }
  return { entities, unchecked };
}

/** A data folder's files as JSON values, not yet checked: what a kept version of the data holds. */
export interface DataJson {
  readonly game: unknown;
  readonly entities: unknown;
  readonly spawn: unknown;
  /** The `palettes` of a `palettes.json`. */
  readonly palettes: unknown;
}

/** A file that could not be read: its problem is told, and nothing is checked of it. */
const UNREAD: unique symbol = Symbol("unread");

/** The files as read (the palettes' whole file), each perhaps one that could not be read. */
interface ReadFiles {
  readonly game: unknown;
  readonly entities: unknown;
  readonly spawn: unknown;
  readonly palettesFile: unknown;
  /**
   * Files with a key written twice: checked against their schemas, but
   * which of the two was meant is not known, so nothing further is.
   */
  readonly doubled?: ReadonlySet<keyof ReadFiles>;
}

/** Checks each file read against its schema, then the checks across them; every problem at once. */
function checkFiles(
  json: ReadFiles,
  labels: Labels & { palettes: string },
  labelDir: string,
  problems: string[],
): Content {
  const taken = (file: keyof ReadFiles) => json[file] !== UNREAD && !json.doubled?.has(file);
  const checked = <S extends z.ZodType>(
    file: keyof ReadFiles,
    label: string,
    schema: S,
  ): z.output<S> | undefined => {
    if (json[file] === UNREAD) return undefined;
    const result = check(label, schema, json[file]);
    for (const problem of result.problems) problems.push(problem);
    return taken(file) ? result.value : undefined;
  };
  const game = checked("game", labels.game, gameSchema);
  const templates = json.entities === UNREAD ? {} : templatesOf(labels.entities, json.entities, problems);
  const spawn = checked("spawn", labels.spawn, spawnTablesSchema);
  const palettes = checked("palettesFile", labels.palettes, palettesFileSchema)?.palettes;
  const entities = taken("entities") ? templates : {};
  return assemble({ game, ...entities, spawn, palettes }, labels, labelDir, problems);
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
  const { palettes, ...files } = json;
  return checkFiles({ ...files, palettesFile: { palettes } }, labels, labelDir, []);
}

/** Throws, as one line, why `dir` (named `label`) is no folder to read data from. */
async function mustBeFolder(dir: URL, label: string, what: string): Promise<void> {
  try {
    if (!(await Deno.stat(dir)).isDirectory) {
      throw new ContentError([`${label}: expected ${what}, found a file`]);
    }
  } catch (e) {
    if (e instanceof ContentError) throw e;
    if (isSystemPathRefusal(e)) throw new ContentError([`${label}: expected ${what}, found ${SYSTEM_PATH}`]);
    const reason = e instanceof Deno.errors.NotFound ? "no such folder" : (e as Error).message.split("\n")[0];
    throw new ContentError([`${label}: cannot read the ${what.replace(/^an? /, "")}: ${reason}`]);
  }
}

/** Reads data files, each problem told to `problems`, and which had a key written twice. */
class FileReader {
  readonly doubled = new Set<keyof ReadFiles>();
  constructor(readonly problems: string[]) {}

  /** The file `name` of `from` as JSON, or UNREAD; `optional`: a file that is not there is undefined, no problem. */
  async read(
    file: keyof ReadFiles,
    from: URL,
    name: string,
    label: string,
    optional = false,
  ): Promise<unknown> {
    if (optional && !(await Deno.stat(new URL(name, from)).then((s) => s.isFile, () => false))) {
      return undefined;
    }
    try {
      const read = await readDataJson(from, name, label);
      for (const problem of read.keyProblems) this.problems.push(problem);
      if (read.keyProblems.length > 0) this.doubled.add(file);
      return read.json;
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
      // Not push(...e.problems): a hostile file may have more problems than the stack takes arguments.
      for (const problem of e.problems) this.problems.push(problem);
      return UNREAD;
    }
  }
}

/** The mod folders read: each one's files and manifest, those that could be read whole. */
async function readMods(
  folders: readonly ModFolder[],
  delveVersion: string,
  problems: string[],
): Promise<{ mods: ModJson[]; stamps: ModStamp[] }> {
  const mods: ModJson[] = [], stamps: ModStamp[] = [], manifests = [];
  for (const { dir, label } of folders) {
    await mustBeFolder(dir, label, "a mod folder");
    const reader = new FileReader(problems);
    const manifestJson = await reader.read("game", dir, "mod.json", `${label}mod.json`);
    const manifest = manifestJson === UNREAD
      ? undefined
      : check(`${label}mod.json`, modManifestSchema, manifestJson);
    for (const problem of manifest?.problems ?? []) problems.push(problem);
    const labels = {
      game: `${label}game.json`,
      entities: `${label}entities.json`,
      spawn: `${label}spawn_tables.json`,
      palettesFile: `${label}palettes.json`,
    };
    const files: FilesJson = {};
    for (
      const [file, name] of [
        ["game", "game.json"],
        ["entities", "entities.json"],
        ["spawn", "spawn_tables.json"],
        ["palettesFile", "palettes.json"],
      ] as const
    ) {
      const json = await reader.read(file, dir, name, labels[file], true);
      // A file that cannot be read, or says a key twice, is told and laid over nothing.
      if (json !== undefined && json !== UNREAD && !reader.doubled.has(file)) files[file] = json;
    }
    if (!manifest?.value) continue;
    manifests.push({ manifest: manifest.value, label: `${label}mod.json` });
    mods.push({ name: manifest.value.name, files, labels });
    stamps.push({ name: manifest.value.name, version: manifest.value.version });
  }
  for (const problem of modOrderProblems(manifests, delveVersion)) problems.push(problem);
  return { mods, stamps };
}

/** A template's id at the start of a problem's JSON path (`$.orc.fighter` → orc). */
const TEMPLATE_AT = /^\$(?:\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*")\])/;

/**
 * `problems` of the laid entities file, each under the label of the file its
 * template came from (a mod's, where a mod made or changed it).
 */
function relabelled(problems: readonly string[], entitiesLabel: string, origins: Origins): string[] {
  const prefix = `${entitiesLabel}: `;
  return problems.map((line) => {
    if (!line.startsWith(prefix)) return line;
    const match = TEMPLATE_AT.exec(line.slice(prefix.length));
    const id = match?.[1] ?? (match?.[2] ? JSON.parse(match[2]) as string : undefined);
    const origin = id === undefined ? undefined : origins.get(id);
    return origin === undefined || origin === entitiesLabel
      ? line
      : `${origin}: ${line.slice(prefix.length)}`;
  });
}

/** What {@link loadContent} lays over the folder: mods, in order, and the version of Delve they are checked against. */
export interface LoadOptions {
  readonly mods?: readonly ModFolder[];
  /** This Delve's version, which each mod's `delve` range must hold (needed with mods). */
  readonly delveVersion?: string;
}

/**
 * Reads `game.json`, `entities.json` and `spawn_tables.json` from `dir`,
 * and lays the mods of `options` over them, in order.
 * `labelDir` is how the folder is named in error lines (e.g. `data/`).
 */
export async function loadContent(dir: URL, labelDir: string, options: LoadOptions = {}): Promise<Content> {
  await mustBeFolder(dir, labelDir, "a data folder");
  const problems: string[] = [], reader = new FileReader(problems);
  const labels = labelsOf(labelDir);
  // The folder's palettes, or the bundled data's when it has none.
  const ownPalettes = await Deno.stat(new URL("palettes.json", dir)).then(() => true, () => false);
  const [palettesDir, palettesLabel] = ownPalettes
    ? [dir, `${labelDir}palettes.json`]
    : [BUNDLED_DATA, "data/palettes.json"];
  const json: ReadFiles = {
    game: await reader.read("game", dir, "game.json", labels.game),
    entities: await reader.read("entities", dir, "entities.json", labels.entities),
    spawn: await reader.read("spawn", dir, "spawn_tables.json", labels.spawn),
    palettesFile: await reader.read("palettesFile", palettesDir, "palettes.json", palettesLabel),
    doubled: reader.doubled,
  };
  const folders = options.mods ?? [];
  if (folders.length === 0) {
    return checkFiles(json, { ...labels, palettes: palettesLabel }, labelDir, problems);
  }
  const { mods, stamps } = await readMods(folders, options.delveVersion ?? "0.0.0", problems);
  // Files of the folder that could not be read are laid over by nothing: their problems are told already.
  const base: FilesJson = {};
  for (const file of ["game", "entities", "spawn", "palettesFile"] as const) {
    if (json[file] !== UNREAD && !reader.doubled.has(file)) base[file] = json[file];
  }
  const origins: Origins = new Map();
  const laid = layMods(base, mods, labels.entities, problems, origins);
  const merged: ReadFiles = {
    game: laid.game ?? UNREAD,
    entities: laid.entities ?? UNREAD,
    spawn: laid.spawn ?? UNREAD,
    palettesFile: laid.palettesFile ?? UNREAD,
  };
  const label = `${labelDir} with ${stamps.map((m) => m.name).join(", ")}`;
  // A file laid over by mods is named with each of theirs: a problem in it may be of any of them.
  const named = (file: OverlayFile, own: string) =>
    [own, ...mods.filter((m) => m.files[file] !== undefined).map((m) => m.labels[file])].join(" + ");
  const mergedLabels = {
    game: named("game", labels.game),
    entities: labels.entities,
    spawn: named("spawn", labels.spawn),
    palettes: named("palettesFile", palettesLabel),
  };
  const checked: string[] = [];
  try {
    const content = checkFiles(merged, mergedLabels, label, checked);
    if (problems.length > 0) throw new ContentError([]);
    return { ...content, mods: stamps };
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    throw new ContentError([...problems, ...relabelled(e.problems, labels.entities, origins)]);
  }
}
