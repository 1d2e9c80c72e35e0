/**
 * A version of the data as Delve keeps it, so that a game goes on by exactly
 * the rules it was made with whatever the files and the loader become: the
 * compiled rules (what the data's checksum is taken of) and the look, the
 * rest of the folder the program shows and plays a game by (game.json's
 * tiles, palette, panel, texts and play settings; each template's looks; the
 * palettes). Read back, it is checked as a data folder is: written back as
 * the files it was built from (rules_as_files.ts), checked by today's
 * schemas and checks, and built again, which must give the rules kept.
 *
 * @module
 */
import { sortedKeys } from "../engine/mod.ts";
import { type Content, contentOfJson } from "./load_content.ts";
import type { Palettes } from "./palettes_schema.ts";
import { ContentError } from "./problems.ts";
import { filesOfRules, isObject, type JsonObject } from "./rules_as_files.ts";

/** What a data folder is besides its rules. */
export interface DataLook {
  /** game.json's words that are not rules. */
  readonly game: JsonObject;
  /** Each template's words that are not rules, by id (a template with none is left out). */
  readonly entities: Readonly<Record<string, JsonObject>>;
  readonly palettes: Palettes;
}

/** `value` without what `mask` holds: objects both hold are taken apart key by key, anything else dropped. */
function withoutMask(value: JsonObject, mask: unknown): JsonObject {
  if (!isObject(mask)) return value;
  const out: JsonObject = {};
  for (const [key, entry] of Object.entries(value)) {
    if (!Object.hasOwn(mask, key)) out[key] = entry;
    else if (isObject(entry) && isObject(mask[key])) {
      const rest = withoutMask(entry, mask[key]);
      if (Object.keys(rest).length > 0) out[key] = rest;
    }
  }
  return out;
}

/** `look` with `rules` laid over it: objects both hold are merged key by key, the rules' value winning. */
function overlay(look: unknown, rules: unknown): unknown {
  if (!isObject(look) || !isObject(rules)) return rules;
  const out: JsonObject = { ...look };
  for (const [key, entry] of Object.entries(rules)) {
    out[key] = Object.hasOwn(look, key) ? overlay(look[key], entry) : entry;
  }
  return out;
}

/** What `content` is besides its rules: the look a kept version holds. */
export function lookOf(content: Content): DataLook {
  const files = filesOfRules(content.rules);
  const { $schema: _, ...game } = content.game as JsonObject;
  const entities: Record<string, JsonObject> = {};
  const templates = isObject(files.entities) ? files.entities : {};
  for (const [id, template] of Object.entries(content.entities)) {
    const look = withoutMask(template as JsonObject, templates[id]);
    if (Object.keys(look).length > 0) entities[id] = look;
  }
  return { game: withoutMask(game, files.game), entities, palettes: content.palettes };
}

/** The first place where `a` and `b` differ, as a JSON path under `path`. */
function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], `${path}.${key}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const found = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? undefined : path;
}

/** How the files a kept version is checked as are named in its problems. */
const VERSION_LABELS = {
  game: "its game.json",
  entities: "its entities.json",
  spawn: "its spawn_tables.json",
  palettes: "its palettes.json",
};

/**
 * The content a kept version holds, `rules` and `look` as read from a
 * stranger's file, checked as a data folder labelled `label` is: throws a
 * {@link ContentError} with every problem (for the rules' own, by their
 * JSON path under `$.rules`). The rules given are the rules played, in
 * their own order (what the checksum was taken of).
 */
export function contentOfVersion(rules: unknown, look: unknown, label: string): Content {
  const files = filesOfRules(rules);
  const seen = isObject(look) ? look : {};
  const lookOfTemplates = isObject(seen.entities) ? seen.entities : {};
  const entities = isObject(files.entities)
    ? Object.fromEntries(
      Object.entries(files.entities).map((
        [id, template],
      ) => [id, overlay(Object.hasOwn(lookOfTemplates, id) ? lookOfTemplates[id] : {}, template)]),
    )
    : files.entities;
  const content = contentOfJson(
    { game: overlay(seen.game ?? {}, files.game), entities, spawn: files.spawn, palettes: seen.palettes },
    VERSION_LABELS,
    label,
  );
  // Compared with sorted keys: the files built again know nothing of the order the rules were kept in.
  if (JSON.stringify(content.rules, sortedKeys) !== JSON.stringify(rules, sortedKeys)) {
    const at = firstDifference(rules, content.rules, "$.rules") ?? "$.rules";
    throw new ContentError([`${at}: expected what its data makes of it, found something else`]);
  }
  return { ...content, rules: rules as Content["rules"] };
}
