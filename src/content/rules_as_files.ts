/**
 * The data files a compiled {@link Rules} was built from: load_content.ts's
 * `toRules` run backwards. A kept version of the data holds the compiled
 * rules (what its checksum is taken of); to check such rules as data files
 * are checked, they are written back as the files, checked by today's
 * schemas and checks, and built again: the rules built must be the rules
 * kept. Whatever is not in the rules (how things look) comes from the
 * version's look (data_version.ts).
 *
 * Every value is taken as a stranger's: one of the wrong kind is passed on
 * as it is, for the schemas to refuse where it stands, never thrown on.
 * A change to `toRules` changes this file with it; a test builds every
 * bundled folder's rules again from these files.
 *
 * @module
 */
import { MAX_FLOOR } from "../engine/mod.ts";

/** A JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** Whether `value` is a JSON object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A colour the rules keep as 0xRRGGBB, as the files write it; anything else as it is. */
function hex(value: unknown): unknown {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 0xffffff
    ? `#${value.toString(16).padStart(6, "0")}`
    : value;
}

/** `value`'s entries each through `each`, when it is an object; anything else as it is. */
function eachEntry(value: unknown, each: (entry: unknown) => unknown): unknown {
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, each(entry)]));
}

/** `value`'s items each through `each`, when it is an array; anything else as it is. */
function eachItem(value: unknown, each: (item: unknown) => unknown): unknown {
  return Array.isArray(value) ? value.map(each) : value;
}

/** `{ [key]: value }`, or nothing when the rules leave `value` out. */
function present(key: string, value: unknown): JsonObject {
  return value === undefined ? {} : { [key]: value };
}

/** `object` without `key`. */
function without(object: JsonObject, key: string): JsonObject {
  const { [key]: _, ...rest } = object;
  return rest;
}

/** A composed mind as written: the mind's name, and its projectile's colour as text. */
function mindFile(ai: unknown): unknown {
  if (!isObject(ai)) return ai;
  return {
    mind: "hostile",
    ...ai,
    ...(isObject(ai.ranged) ? { ranged: { ...ai.ranged, color: hex(ai.ranged.color) } } : {}),
  };
}

/** A template as entities.json writes it (its id is its key there). */
function templateFile(template: unknown): unknown {
  if (!isObject(template)) return template;
  return {
    ...without(template, "id"),
    color: hex(template.color),
    ...present(
      "ai",
      template.ai === undefined || template.ai === "hostile" ? template.ai : mindFile(template.ai),
    ),
  };
}

/** A vault cell as a legend writes it: a tile by its name. */
function cellFile(cell: unknown): unknown {
  return isObject(cell) && Object.keys(cell).length === 1 && typeof cell.tile === "string" ? cell.tile : cell;
}

/** A vault as written: the last floor left out where it is every floor's. */
function vaultFile(vault: unknown): unknown {
  if (!isObject(vault)) return vault;
  const rest = vault.to === MAX_FLOOR ? without(vault, "to") : vault;
  return { ...rest, legend: eachEntry(vault.legend, cellFile) };
}

/** Time's rules as written: costs only where the scheduler runs (else they are the defaults). */
function timeFile(time: unknown): unknown {
  if (!isObject(time)) return time;
  return {
    ...(time.energy === true ? { costs: time.costs } : {}),
    ...present("regeneration", time.regeneration),
  };
}

/** Fire's rules as written: its chance as a share, its name left to its look. */
function fireFile(fire: unknown): unknown {
  if (!isObject(fire)) return fire;
  const rest = without(fire, "name");
  return typeof fire.spread === "number" ? { ...rest, spread: fire.spread / 1000 } : rest;
}

/** The kinds of gas as written: by id, each thinning by a share. */
function gasesFile(gases: unknown): unknown {
  if (!Array.isArray(gases)) return gases;
  return Object.fromEntries(gases.map((gas, i) => {
    if (!isObject(gas)) return [String(i), gas];
    const rest = without(gas, "id");
    return [String(gas.id), typeof gas.thins === "number" ? { ...rest, thins: gas.thins / 1000 } : rest];
  }));
}

/** The death rules as written. */
function deathFile(death: unknown): unknown {
  if (!isObject(death)) return death;
  return { ...present("leaves", death.leaves), ...present("causes", death.causes) };
}

/** The dungeon's words (kept floors, the bottom, the goal, followers), or nothing when the rules name none. */
function dungeonFile(rules: JsonObject): JsonObject {
  const words = {
    ...present("floors", rules.floors),
    ...present("bottom", rules.bottom),
    ...present("followers", rules.stairFollowers),
    ...present("followFrom", rules.followFrom),
    ...present("goal", rules.goal),
  };
  return Object.keys(words).length > 0 ? { dungeon: words } : {};
}

/** The data files' parts that the rules were built from. */
export interface RulesFiles {
  /** game.json's words that are rules (its looks are the version's). */
  readonly game: JsonObject;
  /** Each template's words that are rules, by id. */
  readonly entities: unknown;
  readonly spawn: unknown;
}

/** The data files (their parts that are rules) that `rules`, as kept, were built from. */
export function filesOfRules(kept: unknown): RulesFiles {
  const rules = isObject(kept) ? kept : {};
  const game: JsonObject = {
    map: isObject(rules.dungeon)
      ? { ...rules.dungeon, ...present("floors", rules.floorPlans) }
      : rules.dungeon,
    sightRadius: rules.sightRadius,
    ...present("vaults", eachItem(rules.vaults, vaultFile)),
    corpse: isObject(rules.corpse) ? { ...rules.corpse, color: hex(rules.corpse.color) } : rules.corpse,
    ...present("death", rules.death === undefined ? undefined : deathFile(rules.death)),
    messages: rules.messages,
    ...present(
      "narration",
      rules.tellsOnlySeen === undefined && rules.tellsItemsUnderfoot === undefined ? undefined : {
        onlySeen: rules.tellsOnlySeen ?? false,
        ...present("itemsUnderfoot", rules.tellsItemsUnderfoot),
      },
    ),
    progression: rules.progression,
    score: rules.score,
    ...dungeonFile(rules),
    ...present("combat", rules.combat),
    ...present("inventory", rules.keepLetters === undefined ? undefined : { keepLetters: rules.keepLetters }),
    ...present("time", rules.time === undefined ? undefined : timeFile(rules.time)),
    ...present("statuses", eachEntry(rules.statuses, (s) => (isObject(s) ? without(s, "id") : s))),
    ...present("equipmentSlots", rules.equipmentSlots),
    ...present("unknownItems", rules.unknownItems),
    ...present("unknownRefused", rules.unknownRefused),
    ...present("lastUnknownNamed", rules.lastUnknownNamed),
    ...present("clearThrows", rules.clearThrows),
    ...present("clearBolts", rules.clearBolts),
    ...present("closeDoors", rules.closeDoors),
    ...present("noise", rules.noise),
    ...present("sneak", rules.sneak),
    ...present("unknownAimed", rules.unknownAimed),
    ...present("fire", fireFile(rules.fire)),
    ...present("gases", gasesFile(rules.gases)),
    ...present(
      "water",
      isObject(rules.water) && typeof rules.water.drop === "number"
        ? { ...rules.water, drop: rules.water.drop / 1000 }
        : rules.water,
    ),
  };
  return { game, entities: eachEntry(rules.templates, templateFile), spawn: rules.spawn };
}
