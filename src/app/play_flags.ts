/**
 * The command line: `delve [--seed N] [--background ID] [--data DIR] [--mod DIR]... [--save PATH]
 * [--record PATH] [--walk-delay MS] [--one-thread] [--options PATH] [--help] [--version]`.
 *
 * @module
 */
// Modules of their own, not their layers' surfaces: the launcher parses the command line with this file,
// and loads nothing else of the game (launch.ts).
import { MAX_SEED } from "../algorithms/seed.ts";
import { HELP_USAGE, intFlag, parseFlags, pathFlag, pathFlags, UsageError } from "../cli/parse_flags.ts";

/** What the command line asked for. */
export type CliCommand =
  | {
    readonly kind: "play";
    readonly seed?: number;
    readonly dataDir?: string;
    /** `--mod DIR`, each: mod folders laid over the data, in order. */
    readonly modDirs?: readonly string[];
    readonly savePath?: string;
    readonly walkDelayMs?: number;
    readonly recordPath?: string;
    readonly optionsPath?: string;
    /** `--daily`: today's seed, the same for everyone. */
    readonly daily?: boolean;
    /** `--background ID`: new games start with this background, unasked. */
    readonly background?: string;
    /** `--hide-seed`: the seed off every screen and file until the game ends. */
    readonly hideSeed?: boolean;
    /** `--one-thread`: the monsters decide in the game's own thread, after each key. */
    readonly oneThread?: boolean;
  }
  | { readonly kind: "help" }
  | { readonly kind: "version" };

/** Every flag, its default and what it does. */
export const USAGE = `Usage: deno task play [options]

Options:
  --seed N      dungeon seed, an integer from 0 to ${MAX_SEED} (default: random)
  --background ID
                start new games with this background (fighter, scout or
                adept in Delve's data) instead of choosing one at each
                new game; only for data that has backgrounds
  --data DIR    play with the data files in DIR (default: the bundled data/)
  --mod DIR     lay the mod in DIR over the data; repeat for several, laid in
                order (default: none)
  --save PATH   save file (default: $XDG_DATA_HOME/delve/savegame.json.gz,
                or ~/.local/share/delve/savegame.json.gz)
  --record PATH where the last game's replay goes (default:
                last-game.replay.json.gz beside the save; play it with
                deno task replay PATH)
  --walk-delay MS
                pause between the steps of explore, travel and run, in
                milliseconds from 0 to 1000, 0 for none (default: the
                options file's walkDelayMs, else 25)
  --daily       play today's daily game: the seed of the UTC date, the same
                for everyone; the day's first daily game is scored
  --hide-seed   keep a new game's seed off every screen and file (but its
                save) until it ends, for shared challenges
  --one-thread  the monsters decide in the game's own thread after each key,
                not ahead in a second one while you read the screen (for a
                machine of one processor, where it is the default)
  --options PATH
                the options file: keys, walk delay, auto-pickup… (default:
                $XDG_CONFIG_HOME/delve/options.json,
                or ~/.config/delve/options.json; none: the defaults)
${HELP_USAGE}`;

/** `--background`'s value: an id as the data writes them (which the data has is checked once it is loaded). */
function backgroundFlag(value: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(value) || value.length > 100) {
    throw new UsageError(
      `--background: expected a background's id (lower-case letters, digits and _), found ${
        JSON.stringify(value)
      }`,
    );
  }
  return value;
}

/** Parses `args`; throws a UsageError naming the bad flag or value. */
export function parseCli(args: readonly string[]): CliCommand {
  const { values } = parseFlags(args, {
    seed: { type: "string" },
    background: { type: "string" },
    data: { type: "string" },
    mod: { type: "string", multiple: true },
    save: { type: "string" },
    "walk-delay": { type: "string" },
    record: { type: "string" },
    options: { type: "string" },
    daily: { type: "boolean" },
    "hide-seed": { type: "boolean" },
    "one-thread": { type: "boolean" },
  });
  if (values.daily && values.seed !== undefined) {
    throw new UsageError("--daily and --seed: the daily game has the day's seed; give one or the other");
  }
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  return {
    kind: "play",
    seed: intFlag("--seed", values.seed, 0, MAX_SEED),
    dataDir: pathFlag("--data", values.data),
    ...(values.mod ? { modDirs: pathFlags("--mod", values.mod) } : {}),
    savePath: pathFlag("--save", values.save),
    walkDelayMs: intFlag("--walk-delay", values["walk-delay"], 0, 1000, "milliseconds"),
    recordPath: pathFlag("--record", values.record),
    optionsPath: pathFlag("--options", values.options),
    ...(values.background !== undefined ? { background: backgroundFlag(values.background) } : {}),
    ...(values.daily ? { daily: true } : {}),
    ...(values["hide-seed"] ? { hideSeed: true } : {}),
    ...(values["one-thread"] ? { oneThread: true } : {}),
  };
}
