/**
 * Reads a JSON data file and checks it against a schema, turning every
 * failure into {@link ContentError} lines.
 *
 * @module
 */
import type { z } from "zod";
import { jsonErrorOffset } from "./json_error_offset.ts";
import { findKeyProblems } from "./key_problems.ts";
import { ContentError, describeValue, jsonPath } from "./problems.ts";

type Issue = z.core.$ZodIssue & { input?: unknown };

function issueLines(label: string, issue: Issue): string[] {
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
    default:
      return [`${where}: ${issue.message}, found ${describeValue(issue.input)}`];
  }
}

/** Line and column (from 1) of a character offset. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/**
 * Parses JSON text; a syntax error becomes one line with its line and
 * column, and without the snippet of the file the engine quotes.
 */
export function parseJsonText(label: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const offset = jsonErrorOffset(text);
    const where = offset >= 0 ? ` at ${lineColumn(text, offset)}` : "";
    const what = (e as Error).message
      .replace(/, (?:\.\.\.)?"[\s\S]*" is not valid JSON$/, "")
      .replace(/ in JSON[\s\S]*$/, "")
      // The engine may quote a control character from the file: show it escaped.
      // deno-lint-ignore no-control-regex
      .replace(/[\x00-\x1f\x7f]/g, (c) => JSON.stringify(c).slice(1, -1));
    throw new ContentError([`${label}: invalid JSON${where}: ${what}`]);
  }
}

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

/** Reads, parses and validates one data file; throws every problem at once. */
export async function readDataFile<S extends z.ZodType>(
  dir: URL,
  name: string,
  schema: S,
  label: string,
): Promise<z.output<S>> {
  let text: string;
  try {
    text = await Deno.readTextFile(new URL(name, dir));
  } catch (e) {
    const reason = e instanceof Deno.errors.NotFound ? "file not found" : (e as Error).message;
    throw new ContentError([`${label}: cannot read: ${reason}`]);
  }
  const data = parseJsonText(label, text);
  const keyProblems = findKeyProblems(text).map((k) => `${label}: ${k.path}: ${k.message}`);
  const { value, problems } = check(label, schema, data);
  if (keyProblems.length > 0 || value === undefined) throw new ContentError([...keyProblems, ...problems]);
  return value;
}
