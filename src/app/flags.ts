/**
 * Flags for every command (play, sim, replay): one parser and one way of
 * naming a mistake, so `--seed -1` or `--bogus` reads the same everywhere.
 *
 * @module
 */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { say as sayLine } from "./say.ts";

/** A command-line mistake, said in one line. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * Parses `args` strictly against `options`; throws {@link UsageError}
 * naming the unknown flag, the missing value or the stray argument.
 */
export function parseFlags<const O extends ParseArgsOptionsConfig>(
  args: readonly string[],
  options: O,
  allowPositionals = false,
): ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: boolean }>> {
  try {
    return parseArgs({ args: glueNegativeValues(args, options), options, strict: true, allowPositionals });
  } catch (e) {
    throw new UsageError(describeParseError(e as Error & { code?: string }));
  }
}

/**
 * Reads a command's flags with `read`. A mistake is said in one line,
 * `delve NAME: …`, followed by the usage, through `say`; the result is then
 * undefined and the command exits with status 2.
 */
export function readFlags<T>(
  name: string,
  usage: string,
  read: () => T,
  say: (text: string) => void = sayLine,
): T | undefined {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    say(`delve ${name}: ${e.message}\n${usage}`);
    return undefined;
  }
}

/** `text` as an integer from `min` to `max` (absent stays absent); `what` names the unit in the error. */
export function intFlag(
  flag: string,
  text: string | undefined,
  min: number,
  max: number,
  what = "an integer",
): number | undefined {
  if (text === undefined) return undefined;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(Number.isSafeInteger(n) && n >= min && n <= max)) {
    throw new UsageError(`${flag}: expected ${what} from ${min} to ${max}, found "${text}"`);
  }
  return n;
}

/** `text` as a path: absent is fine, empty is a mistake. */
export function pathFlag(flag: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === "") throw new UsageError(`${flag}: expected a path, found an empty value`);
  return text;
}

/**
 * parseArgs reads `--seed -1` as a flag without a value; joined into
 * `--seed=-1`, the value reaches the flag's own check, which names it.
 */
function glueNegativeValues(args: readonly string[], options: ParseArgsOptionsConfig): string[] {
  const glued: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const name = args[k].startsWith("--") ? args[k].slice(2) : "";
    if (options[name]?.type === "string" && /^-\d/.test(args[k + 1] ?? "")) {
      glued.push(`${args[k]}=${args[++k]}`);
    } else {
      glued.push(args[k]);
    }
  }
  return glued;
}

function describeParseError(e: Error & { code?: string }): string {
  const option = /'([^']+)'/.exec(e.message)?.[1] ?? "";
  switch (e.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown flag ${option.split(" ")[0]}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument "${option}"`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return /argument missing|ambiguous/.test(e.message)
        ? `${option.split(" ")[0]}: expected a value, found nothing`
        : `${option.split(" ")[0]}: takes no value`;
    default:
      return e.message.split("\n")[0];
  }
}
