/**
 * Checking a stranger's file against a schema when only its first problem
 * will be told (a save's, a replay's, a score table's one line).
 *
 * Zod, asked to parse, checks every element of every list before it
 * answers, and keeps an issue, with its path and message, for each one
 * that is wrong: a list of 600,000 wrong elements costs 600,000 of them, a
 * gigabyte from a file of two megabytes. Zod's own `validate` stops at the
 * first wrong element and field instead, by a flag of its parse context,
 * `abortEarly`, which zod reads in any parse but does not yet declare in its
 * types; {@link parseToFirstProblem} parses with it set, so the work and
 * memory a wrong file costs end where its first problem is found.
 * tests/hostile_files_test.ts holds zod to it. An object's unexpected keys
 * are one problem, which zod words by naming every one of them: here, the
 * first few, each cut to a line's share.
 *
 * @module
 */
import type { z } from "zod";
import { describeValue } from "./problems.ts";

/** The unexpected keys a problem names before it only counts the rest. */
const KEYS_NAMED = 3;

/** Zod's words for a problem, but an object's many unexpected keys named by the first few and a count. */
const firstProblemWords = (issue: z.core.$ZodRawIssue): string | undefined => {
  if (issue.code !== "unrecognized_keys") return undefined;
  const keys = issue.keys as readonly string[];
  const named = keys.slice(0, KEYS_NAMED).map((key) => describeValue(key)).join(", ");
  const more = keys.length - KEYS_NAMED;
  return `Unrecognized key${keys.length === 1 ? "" : "s"}: ${named}${
    more > 0 ? ` and ${more.toLocaleString("en-US")} more` : ""
  }`;
};

/** What zod's parse context holds that its types leave out: see the module doc. */
interface StoppingContext extends z.core.ParseContext<z.core.$ZodIssue> {
  readonly abortEarly: true;
}

/**
 * `schema.safeParse(value)`, stopping at the first problem: a failure
 * holds the issues of the first wrong element or field (and of each branch
 * of a union tried there), never of every wrong one. `reportInput` keeps
 * the value found in the issues.
 */
export function parseToFirstProblem<S extends z.ZodType>(
  schema: S,
  value: unknown,
  reportInput = false,
): z.ZodSafeParseResult<z.output<S>> {
  const context: StoppingContext = { reportInput, abortEarly: true, error: firstProblemWords };
  return schema.safeParse(value, context);
}
