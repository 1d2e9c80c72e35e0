/**
 * Mods as overlays: a mod folder holds only what it changes, and is laid
 * over the data below it (the base folder, then each mod before it, in
 * order) before the whole is checked as a data folder is. The words
 * (docs/modding.md, Overlay mods):
 *
 * - in `entities.json`, each entry is a new template; or `copyFrom` another
 *   (its fields with the entry's laid over, object by object, but for an
 *   object whose `type` the entry changes, which it replaces); or `extend`
 *   an existing one (objects merged key by key, lists appended); or
 *   `delete: true` it. A new id that exists already is refused unless the
 *   entry says `replaces: true`.
 * - in `game.json`, `spawn_tables.json` and `palettes.json`, `extend`
 *   merges into the file (lists of steps by floor, floor plans by `from`
 *   and vaults by `id` merged by that key; other lists appended) and
 *   `delete` lists the paths to remove (`messages.walk_loop`,
 *   `monsters[floor=3].weights.troll`).
 *
 * Every problem is a line naming the mod's file and the JSON path; all are
 * told at once.
 *
 * @module
 */
import { describeValue, jsonPath } from "./problems.ts";
import { didYouMean } from "./schema_walk.ts";

/** A JSON object as read. */
type JsonObject = Record<string, unknown>;

/** The data files an overlay may change, by their key in a folder's JSON. */
export type OverlayFile = "game" | "entities" | "spawn" | "palettesFile";

/** A data folder's files as JSON (a file absent from a mod is undefined). */
export type FilesJson = { -readonly [K in OverlayFile]?: unknown };

/** One mod's files, as read, and how its lines name each. */
export interface ModJson {
  /** The mod's name, from its `mod.json`. */
  readonly name: string;
  readonly files: FilesJson;
  readonly labels: Readonly<Record<OverlayFile, string>>;
}

/** Which lists of a file merge element by element, and by which field (the rest are appended). */
const KEYED_LISTS: Readonly<Record<string, { readonly key: string; readonly sorted: boolean }>> = {
  "spawn:monsters": { key: "floor", sorted: true },
  "spawn:items": { key: "floor", sorted: true },
  "spawn:maxMonstersPerRoom": { key: "floor", sorted: true },
  "spawn:maxItemsPerRoom": { key: "floor", sorted: true },
  "game:map.floors": { key: "from", sorted: true },
  "game:vaults": { key: "id", sorted: false },
};

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A deep copy of a JSON value. */
function copy<T>(value: T): T {
  return structuredClone(value);
}

/**
 * `over` laid on `under`: objects key by key; lists appended, or merged by
 * their key where `KEYED_LISTS` names one for `place` (`file:path`); else
 * `over` (`lists: "replace"` replaces lists too, as `copyFrom`'s fields do).
 */
function laid(under: unknown, over: unknown, place: string, lists: "extend" | "replace"): unknown {
  // An object of another kind (an effect whose `type` changed) is a new one: none of the old one's fields fit it.
  const otherKind = isObject(under) && isObject(over) && "type" in over && over.type !== under.type;
  if (isObject(under) && isObject(over) && !otherKind) {
    const out: JsonObject = { ...under };
    for (const [key, value] of Object.entries(over)) {
      const at = place.endsWith(":") ? `${place}${key}` : `${place}.${key}`;
      out[key] = Object.hasOwn(under, key) ? laid(under[key], value, at, lists) : copy(value);
    }
    return out;
  }
  if (Array.isArray(under) && Array.isArray(over) && lists === "extend") {
    const keyed = KEYED_LISTS[place];
    return keyed ? mergedByKey(under, over, place, keyed) : [...under, ...copy(over)];
  }
  return copy(over);
}

/** The list `under` with each element of `over` merged into the one of the same key, or put in its place. */
function mergedByKey(
  under: readonly unknown[],
  over: readonly unknown[],
  place: string,
  { key, sorted }: { readonly key: string; readonly sorted: boolean },
): unknown[] {
  const out = [...under];
  for (const element of over) {
    const value = isObject(element) ? element[key] : undefined;
    const at = out.findIndex((e) => isObject(e) && value !== undefined && e[key] === value);
    if (at >= 0) out[at] = laid(out[at], element, place, "extend");
    else if (sorted && typeof value === "number") {
      const after = out.findIndex((e) => isObject(e) && typeof e[key] === "number" && e[key] > value);
      out.splice(after < 0 ? out.length : after, 0, copy(element));
    } else out.push(copy(element));
  }
  return out;
}

/** One step of a `delete` path: a key, or the element of a list whose `field` is `value`. */
type Step = { readonly key: string } | { readonly field: string; readonly value: string };

/** A `delete` path (`monsters[floor=3].weights.troll`) as steps; undefined when it is not one. */
function stepsOf(path: string): Step[] | undefined {
  const steps: Step[] = [];
  for (const part of path.split(".")) {
    const match = /^([^[\]=]*)((?:\[[^[\]=]+=[^[\]]*\])*)$/.exec(part);
    if (!match) return undefined;
    if (match[1] !== "") steps.push({ key: match[1] });
    for (const [, field, value] of match[2].matchAll(/\[([^[\]=]+)=([^[\]]*)\]/g)) {
      steps.push({ field, value });
    }
  }
  return steps.length > 0 && "key" in steps[0] ? steps : undefined;
}

/** Removes what `steps` lead to in `json`; false if they lead nowhere. */
function deleteAt(json: unknown, steps: readonly Step[]): boolean {
  let at = json;
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    if ("key" in step) {
      if (!isObject(at) || !Object.hasOwn(at, step.key)) return false;
      if (last) delete at[step.key];
      else at = at[step.key];
    } else {
      if (!Array.isArray(at)) return false;
      const index = at.findIndex((e) => isObject(e) && String(e[step.field]) === step.value);
      if (index < 0) return false;
      if (last) at.splice(index, 1);
      else at = at[index];
    }
  }
  return true;
}

/** Lays the overlay `overlay` (a mod's game, spawn or palettes file) on `base`; problems told to `problems`. */
function laidFile(
  file: Exclude<OverlayFile, "entities">,
  base: unknown,
  overlay: unknown,
  label: string,
  problems: string[],
): unknown {
  if (!isObject(overlay)) {
    problems.push(
      `${label}: $: expected an overlay (an object of extend and delete), found ${describeValue(overlay)}`,
    );
    return base;
  }
  let out = copy(base);
  for (const key of Object.keys(overlay)) {
    if (key !== "extend" && key !== "delete" && key !== "$schema") {
      const meant = didYouMean(key, ["extend", "delete"]);
      problems.push(
        `${label}: ${jsonPath([key])}: unexpected key, an overlay holds extend and delete` +
          (meant ? ` (did you mean ${JSON.stringify(meant)}?)` : ""),
      );
    }
  }
  const { extend, delete: deletes } = overlay;
  if (extend !== undefined) {
    if (isObject(extend)) out = laid(out, extend, `${file}:`, "extend");
    else problems.push(`${label}: $.extend: expected an object, found ${describeValue(extend)}`);
  }
  if (deletes !== undefined) {
    if (!Array.isArray(deletes)) {
      problems.push(`${label}: $.delete: expected a list of paths, found ${describeValue(deletes)}`);
    } else {
      deletes.forEach((path, i) => {
        const steps = typeof path === "string" ? stepsOf(path) : undefined;
        if (!steps) {
          problems.push(
            `${label}: $.delete[${i}]: expected a path like "monsters[floor=3].weights.troll", found ${
              describeValue(path)
            }`,
          );
        } else if (!deleteAt(out, steps)) {
          problems.push(
            `${label}: $.delete[${i}]: expected a path to something there, found nothing at "${path}"`,
          );
        }
      });
    }
  }
  return out;
}

/** Where each template came from: its data file's label, or the mod file's that last made or changed it. */
export type Origins = Map<string, string>;

/**
 * Lays a mod's `entities.json` on `templates` (changed in place); each
 * template it makes or changes is put down in `origins`, each it deletes
 * in `deleted`, by the mod's label.
 */
function layEntities(
  templates: JsonObject,
  overlay: unknown,
  label: string,
  origins: Origins,
  deleted: Map<string, string>,
  problems: string[],
): void {
  if (!isObject(overlay)) {
    problems.push(`${label}: $: expected an object of templates, found ${describeValue(overlay)}`);
    return;
  }
  const entries = Object.entries(overlay).filter(([id]) => id !== "$schema");
  const own = new Map(entries);
  const made = new Set<string>();
  const say = (id: string, rest: string) => problems.push(`${label}: ${jsonPath([id])}${rest}`);
  /** Makes the entry `id` (its copyFrom source first, when the same mod makes it); false where it cannot. */
  const make = (id: string, chain: readonly string[]): boolean => {
    if (made.has(id)) return true;
    const entry = own.get(id);
    if (!isObject(entry)) {
      say(id, `: expected a template or an overlay entry (an object), found ${describeValue(entry)}`);
      return false;
    }
    made.add(id);
    const { copyFrom, extend, delete: remove, replaces, ...fields } = entry;
    const words = [copyFrom !== undefined, extend !== undefined, remove !== undefined].filter(Boolean).length;
    if (words > 1) {
      say(id, ": expected one of copyFrom, extend and delete, found more");
      return false;
    }
    const exists = Object.hasOwn(templates, id);
    const gone = deleted.get(id);
    if (remove !== undefined || extend !== undefined) {
      if (!exists) {
        const meant = didYouMean(id, Object.keys(templates));
        say(
          id,
          `: expected a template to ${remove !== undefined ? "delete" : "extend"}, found none` +
            (gone ? ` (${gone} deleted it)` : meant ? ` (did you mean ${JSON.stringify(meant)}?)` : ""),
        );
        return false;
      }
      if (remove !== undefined) {
        if (remove !== true || Object.keys(fields).length > 0) {
          say(id, ": expected delete: true and nothing else, found more");
          return false;
        }
        delete templates[id];
        deleted.set(id, label);
        origins.delete(id);
        return true;
      }
      if (!isObject(extend) || Object.keys(fields).length > 0) {
        say(id, ": expected extend: an object of the fields to change, and nothing beside it");
        return false;
      }
      templates[id] = laid(templates[id], extend, "entities:", "extend");
      origins.set(id, label);
      return true;
    }
    if (exists && replaces !== true) {
      say(
        id,
        `: expected a new template id, found one ${
          origins.get(id) ?? "the data below"
        } made (say "replaces": true to replace it)`,
      );
      return false;
    }
    if (replaces !== undefined && replaces !== true) {
      say(id, `.replaces: expected true, found ${describeValue(replaces)}`);
      return false;
    }
    let template: unknown = fields;
    if (copyFrom !== undefined) {
      if (typeof copyFrom !== "string") {
        say(id, `.copyFrom: expected a template id, found ${describeValue(copyFrom)}`);
        return false;
      }
      if (chain.includes(copyFrom)) {
        say(id, `.copyFrom: expected no cycle, found ${[...chain, copyFrom].join(" → ")}`);
        return false;
      }
      // A source this mod makes too is made first (and a new one of its own, not the one below it).
      if (own.has(copyFrom) && !made.has(copyFrom) && !make(copyFrom, [...chain, copyFrom])) return false;
      const source = templates[copyFrom];
      if (source === undefined) {
        const gone = deleted.get(copyFrom), meant = didYouMean(copyFrom, Object.keys(templates));
        say(
          id,
          `.copyFrom: expected a template, found ${describeValue(copyFrom)}` +
            (gone ? ` (${gone} deleted it)` : meant ? ` (did you mean ${JSON.stringify(meant)}?)` : ""),
        );
        return false;
      }
      template = laid(source, fields, "entities:", "replace");
    }
    templates[id] = copy(template);
    origins.set(id, label);
    return true;
  };
  for (const [id] of entries) make(id, [id]);
}

/**
 * The base folder's files with each mod laid over them in order; every
 * problem of the overlays told to `problems`, and where each template came
 * from in `origins` (the base's templates by `baseEntitiesLabel`).
 */
export function layMods(
  base: FilesJson,
  mods: readonly ModJson[],
  baseEntitiesLabel: string,
  problems: string[],
  origins: Origins = new Map(),
): FilesJson {
  const out: FilesJson = { ...base };
  const templates: JsonObject = isObject(base.entities) ? copy(base.entities) : {};
  for (const id of Object.keys(templates)) if (id !== "$schema") origins.set(id, baseEntitiesLabel);
  const deleted = new Map<string, string>();
  for (const mod of mods) {
    for (const file of ["game", "spawn", "palettesFile"] as const) {
      const overlay = mod.files[file];
      if (overlay !== undefined) out[file] = laidFile(file, out[file], overlay, mod.labels[file], problems);
    }
    if (mod.files.entities !== undefined) {
      layEntities(templates, mod.files.entities, mod.labels.entities, origins, deleted, problems);
    }
  }
  if (isObject(base.entities)) out.entities = templates;
  return out;
}
