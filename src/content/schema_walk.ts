/**
 * Finding the part of a schema that checks a place in a data file, so a
 * problem there can say what the place takes: the keys an object knows
 * (for "did you mean"), the kind a discriminated union would have meant.
 * Zod keeps each schema's definition in `_zod.def`; this reads only the
 * kinds the data schemas use.
 *
 * @module
 */
import type { z } from "zod";
import { closest, distance } from "fastest-levenshtein";

/** A schema's definition, as far as the walk reads it. */
interface Def {
  readonly type: string;
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly out?: z.ZodType;
  readonly getter?: () => z.ZodType;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly catchall?: z.ZodType;
  readonly element?: z.ZodType;
  readonly valueType?: z.ZodType;
  readonly items?: readonly z.ZodType[];
  readonly options?: readonly z.ZodType[];
  readonly discriminator?: string;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The values of `key` an object schema takes (a discriminated union's option), if it fixes them. */
function valuesOf(schema: z.ZodType, key: string): ReadonlySet<unknown> | undefined {
  return (schema as unknown as { _zod: { propValues?: Record<string, Set<unknown>> } })._zod.propValues
    ?.[key];
}

/** `schema` without the wrappers that do not change what a value may be (optional, default, …). */
export function unwrapped(schema: z.ZodType): z.ZodType {
  for (;;) {
    const def = defOf(schema);
    if (
      def.innerType && ["optional", "nullable", "default", "prefault", "readonly", "catch"].includes(def.type)
    ) {
      schema = def.innerType;
    } else if (def.type === "pipe" && def.in && def.out) {
      // A check after a first look (the entities' ids, then their templates): the second has the shape.
      schema = defOf(def.out).type === "transform" ? def.in : def.out;
    } else if (def.type === "lazy" && def.getter) schema = def.getter();
    else return schema;
  }
}

/** Whether `value` is a JSON object (not a list). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The option of union `schema` meant for `value`: the one its
 * discriminator names, else the only object option for an object, or the
 * only option at all. Undefined when that cannot be told.
 */
function optionFor(schema: z.ZodType, value: unknown): z.ZodType | undefined {
  const { options = [], discriminator } = defOf(schema);
  if (discriminator !== undefined) {
    if (!isObject(value)) return undefined;
    return options.find((o) => valuesOf(o, discriminator)?.has(value[discriminator]));
  }
  const objects = options.filter((o) => defOf(unwrapped(o)).type === "object");
  if (isObject(value) && objects.length === 1) return objects[0];
  return options.length === 1 ? options[0] : undefined;
}

/**
 * The schema that checks the value at `path` in `root`'s input `input`
 * (unions resolved by the values met on the way), unwrapped; undefined
 * where the walk cannot tell.
 */
export function schemaAt(
  root: z.ZodType,
  path: readonly PropertyKey[],
  input: unknown,
): z.ZodType | undefined {
  let schema: z.ZodType | undefined = unwrapped(root), value = input;
  for (let i = 0;; i++) {
    while (schema && defOf(schema).type === "union") {
      const option: z.ZodType | undefined = optionFor(schema, value);
      schema = option && unwrapped(option);
    }
    if (!schema || i === path.length) return schema;
    const key = path[i], def = defOf(schema);
    if (def.type === "object") schema = def.shape?.[String(key)] ?? def.catchall;
    else if (def.type === "record") schema = def.valueType;
    else if (def.type === "array") schema = def.element;
    else if (def.type === "tuple") schema = def.items?.[Number(key)];
    else return undefined;
    value = isObject(value) || Array.isArray(value)
      ? (value as Record<PropertyKey, unknown>)[key]
      : undefined;
    schema = schema && unwrapped(schema);
  }
}

/** The keys the object schema `schema` knows, or none when it is no object. */
export function knownKeys(schema: z.ZodType | undefined): readonly string[] {
  const def = schema && defOf(schema);
  return def?.type === "object" && def.shape ? Object.keys(def.shape) : [];
}

/** The keys the object schema `schema` must be given (neither optional nor defaulted). */
export function requiredKeys(schema: z.ZodType | undefined): readonly string[] {
  const def = schema && defOf(schema);
  if (def?.type !== "object" || !def.shape) return [];
  return Object.entries(def.shape)
    .filter(([, field]) => (field as unknown as { _zod: { optin?: string } })._zod.optin !== "optional")
    .map(([key]) => key);
}

/**
 * The word of `known` that `word` was most likely meant to be: within two
 * edits, and fewer than half its letters (so "hp" does not suggest "xp").
 */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  if (known.length === 0) return undefined;
  const near = closest(word, known as string[]);
  const edits = distance(word, near);
  return edits > 0 && edits <= 2 && edits * 2 < Math.max(word.length, near.length) ? near : undefined;
}

/**
 * The option of the discriminated union whose discriminator is at `path`
 * (as zod reports an unknown kind) that the kind `written` was most likely
 * meant to be, and that kind; undefined when none is near.
 */
export function nearestOption(
  root: z.ZodType,
  path: readonly PropertyKey[],
  input: unknown,
  written: string,
): { readonly kind: string; readonly schema: z.ZodType } | undefined {
  const union = unionAt(root, path.slice(0, -1), input);
  if (!union) return undefined;
  const { options = [], discriminator = "" } = defOf(union);
  const kinds = options.flatMap((o) => [...(valuesOf(o, discriminator) ?? [])].map(String));
  const kind = didYouMean(written, kinds);
  const schema = kind === undefined ? undefined : options.find((o) => valuesOf(o, discriminator)?.has(kind));
  return kind !== undefined && schema ? { kind, schema } : undefined;
}

/** The union schema at `path` (not resolved into one of its options). */
function unionAt(root: z.ZodType, path: readonly PropertyKey[], input: unknown): z.ZodType | undefined {
  if (path.length === 0) return defOf(unwrapped(root)).type === "union" ? unwrapped(root) : undefined;
  const parent = schemaAt(root, path.slice(0, -1), input);
  if (!parent) return undefined;
  const def = defOf(parent), key = path[path.length - 1];
  const child = def.type === "object"
    ? def.shape?.[String(key)]
    : def.type === "record"
    ? def.valueType
    : def.type === "array"
    ? def.element
    : undefined;
  const inner = child && unwrapped(child);
  return inner && defOf(inner).type === "union" ? inner : undefined;
}
