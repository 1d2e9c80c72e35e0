/**
 * Reads a JSON data file (through the bounded reader every file from
 * outside goes through) and checks it against a schema, turning every
 * failure into {@link ContentError} lines.
 *
 * @module
 */
import type { z } from "zod";
import { ContentError, describeValue, jsonPath } from "./problems.ts";
import { didYouMean, knownKeys, nearestOption, requiredKeys, schemaAt } from "./schema_walk.ts";
import { describeJsonProblem, type JsonLimits, readUntrustedJson } from "./untrusted_json.ts";

type Issue = z.core.$ZodIssue & { input?: unknown };

/** Whether `value` is of a kind that `literal` is not (an object where a word stands). */
function otherKind(value: unknown, literal: unknown): boolean {
  return typeof value !== typeof literal || (typeof value === "object") !== (typeof literal === "object");
}

/**
 * The one branch of a union whose kind of value the input is (a text where
 * a text or an object may stand), with its issues placed under the union's
 * path; undefined when no branch, or more than one, takes that kind.
 */
function fittingBranch(issue: Issue): Issue[] | undefined {
  if (issue.code !== "invalid_union") return undefined;
  const branches = (issue as { errors?: Issue[][] }).errors ?? [];
  const fitting = branches.filter((branch) =>
    !branch.some((i) =>
      i.path.length === 0 &&
      (i.code === "invalid_type" ||
        (i.code === "invalid_value" && i.values.every((v) => otherKind(issue.input, v))))
    )
  );
  if (fitting.length !== 1) return undefined;
  return fitting[0].map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as Issue);
}

/** The words for a value of `values` found to be `found`, with the one it was likely meant to be. */
function oneOf(values: readonly unknown[], found: unknown): string {
  const meant = typeof found === "string"
    ? didYouMean(found, values.filter((v): v is string => typeof v === "string"))
    : undefined;
  return `expected one of ${values.map((v) => JSON.stringify(v)).join(", ")}, found ${describeValue(found)}` +
    (meant === undefined ? "" : ` (did you mean ${JSON.stringify(meant)}?)`);
}

/**
 * A file's problems as lines: its issues from `schema`, which checked
 * `input` (the file as written), each in words a modder reads once.
 */
class IssueWords {
  /** Missing fields already named beside an unexpected key meant for them ("$.rat.fighter"). */
  readonly #named = new Set<string>();

  constructor(readonly label: string, readonly schema: z.ZodType, readonly input: unknown) {}

  lines(issues: readonly Issue[]): string[] {
    // The unexpected keys are worded first, so a missing field one of them names has no line of its own.
    const unexpected = new Map<Issue, string[]>(
      issues.flatMap((i) => i.code === "unrecognized_keys" ? [[i, this.#keyLines(i)] as const] : []),
    );
    return issues.flatMap((issue) => unexpected.get(issue) ?? this.#issueLines(issue));
  }

  #keyLines(issue: Issue & { keys: readonly string[] }): string[] {
    return issue.keys.map((key) =>
      `${this.label}: ${jsonPath([...issue.path, key])}: ${this.#unexpected(issue, key)}`
    );
  }

  #issueLines(issue: Issue): string[] {
    const branch = fittingBranch(issue);
    if (branch) return this.lines(branch);
    const { label } = this, where = `${label}: ${jsonPath(issue.path)}`;
    switch (issue.code) {
      case "unrecognized_keys":
        return this.#keyLines(issue);
      case "invalid_type": {
        if (issue.input === undefined && this.#named.has(jsonPath(issue.path))) return [];
        const expected = typeof issue.input === "number" ? `a finite ${issue.expected}` : issue.expected;
        return [`${where}: expected ${expected}, found ${describeValue(issue.input)}`];
      }
      case "invalid_value":
        return [`${where}: ${oneOf(issue.values, issue.input)}`];
      case "invalid_union": {
        const { discriminator, options } = issue as { discriminator?: string; options?: unknown[] };
        if (discriminator !== undefined && options) return this.#unknownKind(issue, discriminator, options);
        return [`${where}: ${issue.message}, found ${describeValue(issue.input)}`];
      }
      default:
        return [`${where}: ${issue.message}, found ${describeValue(issue.input)}`];
    }
  }

  /**
   * Why `key` is unexpected in the object at the issue's path: the known key
   * it was likely meant to be, or else the required keys the object lacks
   * (whose own lines then go: one mistake, one line).
   */
  #unexpected(issue: Issue, key: string): string {
    const object = valueAt(this.input, issue.path) ?? {};
    const schema = schemaAt(this.schema, issue.path, this.input);
    const absent = (k: string) => !Object.hasOwn(object, k);
    const meant = didYouMean(key, knownKeys(schema).filter(absent));
    const missing = meant === undefined ? requiredKeys(schema).filter(absent) : [meant];
    for (const k of missing) this.#named.add(jsonPath([...issue.path, k]));
    if (meant !== undefined) return `unexpected key (did you mean ${JSON.stringify(meant)}?)`;
    if (missing.length === 0) return "unexpected key";
    const names = missing.map((k) => JSON.stringify(k)).join(", ");
    return `unexpected key (${names} ${missing.length === 1 ? "is" : "are"} missing)`;
  }

  /**
   * An object of a kind its union does not know: the kinds it takes and the
   * one likely meant, and the object's problems as that kind (so a wrong
   * field beside a misspelt kind is told in the same run).
   */
  #unknownKind(issue: Issue, discriminator: string, kinds: readonly unknown[]): string[] {
    const object = (issue.input ?? {}) as Record<string, unknown>;
    const at = issue.path.slice(0, -1);
    // The kind's key misspelt: that key is the mistake, and what it holds the kind.
    const misspelt = Object.hasOwn(object, discriminator)
      ? undefined
      : Object.keys(object).find((key) => didYouMean(key, [discriminator]) !== undefined);
    const written = object[misspelt ?? discriminator];
    const meant = typeof written === "string"
      ? nearestOption(this.schema, issue.path, this.input, written)
      : undefined;
    // A schema's own words for its kinds stand; zod's are replaced by the list of kinds.
    const words = misspelt !== undefined
      ? `unexpected key (did you mean ${JSON.stringify(discriminator)}?)`
      : issue.message.startsWith("Invalid discriminator value")
      ? oneOf(kinds, written)
      : `${issue.message}, found ${describeValue(written)}` +
        (meant ? ` (did you mean ${JSON.stringify(meant.kind)}?)` : "");
    const lines = [
      `${this.label}: ${jsonPath(misspelt === undefined ? issue.path : [...at, misspelt])}: ${words}`,
    ];
    if (!meant) return lines;
    const { [misspelt ?? discriminator]: _, ...rest } = object;
    const asMeant = { ...rest, [discriminator]: meant.kind };
    const result = meant.schema.safeParse(asMeant, { reportInput: true });
    if (result.success) return lines;
    // Its lines say where it is in the file: the object's place before each path within it.
    const prefix = `${this.label}: ${jsonPath(at)}`;
    const own = new IssueWords(this.label, meant.schema, asMeant).lines(result.error.issues as Issue[]);
    return [...lines, ...own.map((line) => prefix + line.slice(`${this.label}: $`.length))];
  }
}

/** The object at `path` in `input`, if there is one. */
function valueAt(input: unknown, path: readonly PropertyKey[]): Record<string, unknown> | undefined {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
}

/**
 * The largest data file taken. The bundled files are a few kilobytes: a
 * mod a thousand times larger still loads, and a file past this is refused
 * before it is read whole.
 */
export const DATA_FILE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The deepest nesting of lists and objects taken in a data file (the
 * outermost is 1). The bundled files nest at most 5 deep and no file 64
 * deep can match the schemas, so nothing right is refused, and every
 * recursive check (zod) stays far from the end of the stack.
 */
export const DATA_FILE_MAX_DEPTH = 64;

/**
 * The most values taken in a data file (each list, object, text and number
 * is one), and keys in one of its objects (a template or message each, in
 * most). The largest bundled file holds under a thousand values, and its
 * largest object under a hundred keys: a mod a thousand times larger still
 * loads, and one of 200,000 wrong templates is told each problem.
 */
export const DATA_FILE_MAX_VALUES = 1_000_000;
export const DATA_FILE_MAX_KEYS = 250_000;

const DATA_FILE_LIMITS: JsonLimits = {
  maxBytes: DATA_FILE_MAX_BYTES,
  maxDepth: DATA_FILE_MAX_DEPTH,
  maxValues: DATA_FILE_MAX_VALUES,
  maxKeys: DATA_FILE_MAX_KEYS,
};

/** Checks `data` against `schema`: the parsed value, or every problem found. */
export function check<S extends z.ZodType>(
  label: string,
  schema: S,
  data: unknown,
): { value: z.output<S>; problems: [] } | { value: undefined; problems: string[] } {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { value: result.data, problems: [] };
  return {
    value: undefined,
    problems: new IssueWords(label, schema, data).lines(result.error.issues as Issue[]),
  };
}

/** A data file as JSON, not yet checked, and the problems of its keys (an object's key written twice). */
export interface ReadJson {
  readonly json: unknown;
  readonly keyProblems: readonly string[];
}

/** Reads and parses one data file within {@link DATA_FILE_LIMITS}; throws if it cannot be read or parsed. */
export async function readDataJson(dir: URL, name: string, label: string): Promise<ReadJson> {
  const read = await readUntrustedJson(new URL(name, dir), DATA_FILE_LIMITS);
  if (read.kind === "missing") throw new ContentError([`${label}: cannot read: file not found`]);
  if (read.kind === "refused") throw new ContentError([`${label}: ${describeJsonProblem(read.problem)}`]);
  return { json: read.json, keyProblems: read.keyProblems.map((k) => `${label}: ${k.path}: ${k.message}`) };
}

/** Reads, parses and validates one data file within {@link DATA_FILE_LIMITS}; throws every problem at once. */
export async function readDataFile<S extends z.ZodType>(
  dir: URL,
  name: string,
  schema: S,
  label: string,
): Promise<z.output<S>> {
  const { json, keyProblems } = await readDataJson(dir, name, label);
  const { value, problems } = check(label, schema, json);
  if (keyProblems.length > 0 || value === undefined) throw new ContentError([...keyProblems, ...problems]);
  return value;
}
