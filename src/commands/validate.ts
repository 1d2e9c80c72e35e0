/**
 * `deno task validate [--data DIR]`: checks a data folder and nothing else.
 * Every problem is one line; the exit status is 0 when the folder is good,
 * 2 when it is not (or the command line is wrong).
 *
 * @module
 */
import { HELP_USAGE, loadDataOr, parseFlags, pathFlag, readCommandLine, say, sayOut } from "../cli/mod.ts";
import { FLOOR_TRIAL_SEEDS, floorTrialProblems } from "../content/mod.ts";

/** `deno task validate --help`. */
export const VALIDATE_HELP = {
  name: "validate",
  about: "Checks a data folder (game.json, entities.json, spawn_tables.json) as the game loads it, then\n" +
    `makes its floors on up to ${FLOOR_TRIAL_SEEDS} seeds: each problem in one line naming the file, the JSON\n` +
    "path, what was expected and what was found.",
  usage: `Usage: deno task validate [--data DIR]

Options:
  --data DIR    the data folder to check (default: the bundled data/)
${HELP_USAGE}`,
};

/** Runs the check; resolves to the exit status. */
export async function validateCommand(args: readonly string[]): Promise<number> {
  const line = readCommandLine(VALIDATE_HELP, args, () => {
    const { values } = parseFlags(args, { data: { type: "string" } });
    // An empty --data is a slip, not a request for the bundled data.
    return pathFlag("--data", values.data);
  });
  if ("exit" in line) return line.exit;
  const loaded = await loadDataOr(line.run);
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
