/**
 * Flags for every command (play, replay, sim, fuzz, validate, schema, bench,
 * soak): one parser, and one way of naming a mistake, so `--seed -1` or
 * `--bogus` reads the same everywhere. It imports only Delve's text
 * measures: the launcher reads the game's command line with it and loads
 * no more (src/app/launch.ts).
 *
 * @module
 */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { shownValue } from "../text/shown_value.ts";

/** The flags every command takes, as its usage lists them last. */
export const HELP_USAGE = `  -h, --help    show this help and exit
  -v, --version show the version (and the Deno it runs on) and exit`;

/** The flags every command takes, for the parser. */
const HELP_FLAGS = {
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const satisfies ParseArgsOptionsConfig;

/**
 * Whether `args` ask for help or the version (`--help`/`-h` wins), whatever
 * else they hold: `replay --help` needs no FILE, `sim --games x -h` no good
 * number. A value such as `--help=yes` is not asking: the command's own
 * parser names it as a mistake.
 */
export function askedFor(args: readonly string[]): "help" | "version" | undefined {
  const { values } = parseArgs({
    args: [...args],
    options: HELP_FLAGS,
    strict: false,
    allowPositionals: true,
  });
  return values.help === true ? "help" : values.version === true ? "version" : undefined;
}

/** A command-line mistake, said in one line. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * The longest value a flag or argument may have: the longest path Linux
 * takes (PATH_MAX), far past any seed, count, address or file name.
 */
export const MAX_FLAG_VALUE = 4096;

/**
 * Parses `args` strictly against `options` and the flags every command
 * takes (`--help`/`-h`, `--version`/`-v`); throws {@link UsageError}
 * naming the unknown flag, the missing value, the stray argument or a value
 * longer than {@link MAX_FLAG_VALUE} (never echoed whole: see {@link shownValue}).
 */
export function parseFlags<const O extends ParseArgsOptionsConfig>(
  args: readonly string[],
  options: O,
  allowPositionals = false,
): ReturnType<typeof parseArgs<{ options: O & typeof HELP_FLAGS; strict: true; allowPositionals: boolean }>> {
  const all = { ...options, ...HELP_FLAGS };
  let parsed;
  try {
    parsed = parseArgs({ args: glueNegativeValues(args, all), options: all, strict: true, allowPositionals });
  } catch (e) {
    throw new UsageError(describeParseError(e as Error & { code?: string }));
  }
  const values = Object.entries(parsed.values).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((one) => [`--${name}`, one] as const)
  );
  for (const [name, value] of [...values, ...parsed.positionals.map((p) => ["an argument", p] as const)]) {
    if (typeof value === "string" && value.length > MAX_FLAG_VALUE) {
      throw new UsageError(
        `${name}: expected at most ${MAX_FLAG_VALUE.toLocaleString("en-US")} characters, found ` +
          `${value.length.toLocaleString("en-US")}`,
      );
    }
  }
  return parsed;
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
    throw new UsageError(
      `${flag}: expected ${what} from ${min} to ${max}, found ${shownValue(text, { quoted: true })}`,
    );
  }
  return n;
}

/** `text` as a path: absent is fine, empty is a mistake. */
export function pathFlag(flag: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === "") throw new UsageError(`${flag}: expected a path, found an empty value`);
  return text;
}

/** The paths a repeatable flag was given (none: an empty list), each checked as {@link pathFlag} checks one. */
export function pathFlags(flag: string, texts: readonly string[] | undefined): string[] {
  return (texts ?? []).map((text) => pathFlag(flag, text)!);
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
  const quoted = /'([^']+)'/.exec(e.message)?.[1] ?? "";
  // "-h, --help" names a flag with a short form: the long one is named.
  const option = /--[\w-]+/.exec(quoted)?.[0] ?? quoted;
  // What the player typed is quoted back only as far as a line holds it.
  const flag = shownValue(option.split(" ")[0]);
  switch (e.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown flag ${flag}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument ${shownValue(option, { quoted: true })}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return /argument missing|ambiguous/.test(e.message)
        ? `${flag}: expected a value, found nothing`
        : `${flag}: takes no value`;
    default:
      return shownValue(e.message.split("\n")[0], { columns: 200 });
  }
}
