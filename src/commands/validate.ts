/**
 * `deno task validate [--data DIR]`: checks a data folder and nothing else.
 * Every problem is one line; the exit status is 0 when the folder is good,
 * 2 when it is not (or the command line is wrong).
 *
 * @module
 */
import {
  HELP_USAGE,
  loadDataOr,
  parseFlags,
  pathFlag,
  pathFlags,
  readCommandLine,
  say,
  sayOut,
} from "../cli/mod.ts";
import { FLOOR_TRIAL_SEEDS, floorTrialProblems } from "../content/mod.ts";

/** `deno task validate --help`. */
export const VALIDATE_HELP = {
  name: "validate",
  about: "Checks a data folder (game.json, entities.json, spawn_tables.json) as the game loads it, then\n" +
    `makes its floors on up to ${FLOOR_TRIAL_SEEDS} seeds: each problem in one line naming the file, the JSON\n` +
    "path, what was expected and what was found.",
  usage: `Usage: deno task validate [--data DIR] [--mod DIR]...

Options:
  --data DIR    the data folder to check (default: the bundled data/)
  --mod DIR     a mod folder laid over it, checked with it as a whole; repeat
                for several, laid in order (default: none)
${HELP_USAGE}`,
};

/** Runs the check; resolves to the exit status. */
export async function validateCommand(args: readonly string[]): Promise<number> {
  const line = readCommandLine(VALIDATE_HELP, args, () => {
    const { values } = parseFlags(args, {
      data: { type: "string" },
      mod: { type: "string", multiple: true },
    });
    // An empty --data is a slip, not a request for the bundled data.
    return { data: pathFlag("--data", values.data), mods: pathFlags("--mod", values.mod) };
  });
  if ("exit" in line) return line.exit;
  const loaded = await loadDataOr(line.run.data, line.run.mods);
  if (!loaded) return 2;
  const problems = floorTrialProblems(`${loaded.label}game.json`, loaded.content.rules);
  if (problems.length > 0) {
    say(problems.join("\n"));
    return 2;
  }
  sayOut(`${loaded.label}: OK (${Object.keys(loaded.content.rules.templates).length} templates)`);
  return 0;
}

if (import.meta.main) Deno.exit(await validateCommand(Deno.args));
