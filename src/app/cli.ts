/**
 * The command line: `delve [--seed N] [--data DIR] [--save PATH] [--help] [--version]`.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { MAX_SEED } from "../engine/rng.ts";

/** What the command line asked for. */
export type CliCommand =
  | {
    readonly kind: "play";
    readonly seed?: number;
    readonly dataDir?: string;
    readonly savePath?: string;
    readonly walkDelayMs?: number;
    readonly recordPath?: string;
  }
  | { readonly kind: "help" }
  | { readonly kind: "version" };

/** A command-line mistake, said in one line. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Every flag, its default and what it does. */
export const USAGE = `Usage: deno task play [options]

Options:
  --seed N      dungeon seed, an integer from 0 to ${MAX_SEED} (default: random)
  --data DIR    play with the data files in DIR (default: the bundled data/)
  --save PATH   save file (default: $XDG_DATA_HOME/delve/savegame.json.gz,
                or ~/.local/share/delve/savegame.json.gz)
  --record PATH where the last game's replay goes (default: last-game.replay.json.gz
                beside the save; play it with deno task replay PATH)
  --walk-delay MS
                pause between the steps of explore, travel and run, in
                milliseconds from 0 to 1000 (default: 25; 0 for none)
  --help        show this help and exit
  --version     show the version and exit`;

function parseSeed(text: string): number {
  const seed = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(seed) || seed > MAX_SEED) {
    throw new UsageError(`--seed: expected an integer from 0 to ${MAX_SEED}, found "${text}"`);
  }
  return seed;
}

function parseDelay(text: string): number {
  const ms = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(ms <= 1000)) {
    throw new UsageError(`--walk-delay: expected milliseconds from 0 to 1000, found "${text}"`);
  }
  return ms;
}

function nonEmpty(flag: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === "") throw new UsageError(`${flag}: expected a path, found an empty value`);
  return text;
}

/** Parses `args`; throws {@link UsageError} naming the bad flag or value. */
export function parseCli(args: readonly string[]): CliCommand {
  // parseArgs reads `--seed -1` as a flag with no value; name the real problem.
  const seedAt = args.indexOf("--seed");
  if (seedAt >= 0 && /^-\d/.test(args[seedAt + 1] ?? "")) parseSeed(args[seedAt + 1]);
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        seed: { type: "string" },
        data: { type: "string" },
        save: { type: "string" },
        "walk-delay": { type: "string" },
        record: { type: "string" },
        help: { type: "boolean" },
        version: { type: "boolean" },
      },
    }));
  } catch (e) {
    throw new UsageError(describeParseError(e as Error & { code?: string }));
  }
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  return {
    kind: "play",
    seed: values.seed === undefined ? undefined : parseSeed(values.seed),
    dataDir: nonEmpty("--data", values.data),
    savePath: nonEmpty("--save", values.save),
    walkDelayMs: values["walk-delay"] === undefined ? undefined : parseDelay(values["walk-delay"]),
    recordPath: nonEmpty("--record", values.record),
  };
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
