/**
 * Reads a JSON data file (through the bounded reader every file from
 * outside goes through) and checks it against a schema, turning every
 * failure into {@link ContentError} lines.
 *
 * @module
 */
import type { z } from "zod";
import { ContentError, describeValue, jsonPath } from "./problems.ts";
import { describeJsonProblem, type JsonLimits, readUntrustedJson } from "./untrusted_json.ts";

type Issue = z.core.$ZodIssue & { input?: unknown };

/**
 * The one branch of a union whose kind of value the input is (a text where
 * a text or an object may stand), with its issues placed under the union's
 * path; undefined when no branch, or more than one, takes that kind.
 */
function fittingBranch(issue: Issue): Issue[] | undefined {
  if (issue.code !== "invalid_union") return undefined;
  const branches = (issue as { errors?: Issue[][] }).errors ?? [];
  const fitting = branches.filter((branch) =>
    !branch.some((i) => i.code === "invalid_type" && i.path.length === 0)
  );
  if (fitting.length !== 1) return undefined;
  return fitting[0].map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as Issue);
}

function issueLines(label: string, issue: Issue): string[] {
  const branch = fittingBranch(issue);
  if (branch) return branch.flatMap((i) => issueLines(label, i));
  const where = `${label}: ${jsonPath(issue.path)}`;
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => `${label}: ${jsonPath([...issue.path, key])}: unexpected key`);
    case "invalid_type": {
      const expected = typeof issue.input === "number" ? `a finite ${issue.expected}` : issue.expected;
      return [`${where}: expected ${expected}, found ${describeValue(issue.input)}`];
    }
    case "invalid_value":
      return [
        `${where}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, found ${
          describeValue(issue.input)
        }`,
      ];
    default: {
      // A discriminated union that knows no such kind names the kind's key; the whole object is what zod keeps.
      const key = issue.code === "invalid_union"
        ? (issue as { discriminator?: string }).discriminator
        : undefined;
      const input = issue.input;
      const found =
        key !== undefined && typeof input === "object" && input !== null && Object.hasOwn(input, key)
          ? (input as Record<string, unknown>)[key]
          : input;
      return [`${where}: ${issue.message}, found ${describeValue(found)}`];
    }
  }
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
    problems: result.error.issues.flatMap((issue) => issueLines(label, issue as Issue)),
  };
}

/** Reads, parses and validates one data file within {@link DATA_FILE_LIMITS}; throws every problem at once. */
export async function readDataFile<S extends z.ZodType>(
  dir: URL,
  name: string,
  schema: S,
  label: string,
): Promise<z.output<S>> {
  const read = await readUntrustedJson(new URL(name, dir), DATA_FILE_LIMITS);
  if (read.kind === "missing") throw new ContentError([`${label}: cannot read: file not found`]);
  if (read.kind === "refused") throw new ContentError([`${label}: ${describeJsonProblem(read.problem)}`]);
  const keyProblems = read.keyProblems.map((k) => `${label}: ${k.path}: ${k.message}`);
  const { value, problems } = check(label, schema, read.json);
  if (keyProblems.length > 0 || value === undefined) throw new ContentError([...keyProblems, ...problems]);
  return value;
}
