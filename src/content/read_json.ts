/**
 * Reads a JSON data file and checks it against a schema, turning every
 * failure into {@link ContentError} lines.
 *
 * @module
 */
import type { z } from "zod";
import { ContentError, describeValue, jsonPath } from "./problems.ts";

type Issue = z.core.$ZodIssue & { input?: unknown };

function issueLines(label: string, issue: Issue): string[] {
  const where = `${label}: ${jsonPath(issue.path)}`;
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => `${label}: ${jsonPath([...issue.path, key])}: unexpected key`);
    case "invalid_type":
      return [`${where}: expected ${issue.expected}, found ${describeValue(issue.input)}`];
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

/** Parses JSON text, reporting a syntax error with its line and column. */
export function parseJsonText(label: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    const lineCol = /\(line (\d+) column (\d+)\)/.exec(message);
    const where = lineCol ? `line ${lineCol[1]}, column ${lineCol[2]}` : "";
    const what = message.replace(/ in JSON.*$/, "").replace(/^JSON\.parse: /, "");
    throw new ContentError([`${label}: invalid JSON${where ? ` at ${where}` : ""}: ${what}`]);
  }
}

/** Checks `data` against `schema`; throws every problem found at once. */
export function validate<S extends z.ZodType>(label: string, schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  throw new ContentError(result.error.issues.flatMap((issue) => issueLines(label, issue as Issue)));
}

/** Reads, parses and validates one data file. */
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
  return validate(label, schema, parseJsonText(label, text));
}
