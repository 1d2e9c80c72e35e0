/**
 * Problems found in data files, each one line that names the file, the JSON
 * path, what was expected and what was found.
 *
 * @module
 */
import { didYouMean } from "./schema_walk.ts";

/** Raised with every problem found, so a modder sees them all at once. */
export class ContentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join("\n"));
    this.name = "ContentError";
  }
}

/** A JSON path like `$.orc.fighter.hp` or `$.rooms[2]`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return "$" +
    path.map((k) =>
      typeof k === "number"
        ? `[${k}]`
        : /^[A-Za-z_$][\w$]*$/.test(String(k))
        ? `.${String(k)}`
        : `[${JSON.stringify(String(k))}]`
    ).join("");
}

/** A short description of a found value for an error line. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) {
    return value.length === 1 ? "a list of 1 item" : `a list of ${value.length} items`;
  }
  if (typeof value === "object") return "an object";
  if (typeof value === "number" && !Number.isFinite(value)) return "a number too large to read";
  const text = JSON.stringify(value);
  return text.length > 40 ? text.slice(0, 37) + "..." : text;
}

/** `"id"`, and the template id it was likely meant to be when `id` is none of `entities`'. */
export function foundTemplate(id: string, entities: Readonly<Record<string, unknown>>): string {
  const meant = didYouMean(id, Object.keys(entities));
  return JSON.stringify(id) + (meant === undefined ? "" : ` (did you mean ${JSON.stringify(meant)}?)`);
}
