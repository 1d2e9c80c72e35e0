/**
 * `deno task validate [--data DIR]`: checks a data folder and nothing else.
 * Every problem is one line; the exit status is 0 when the folder is good,
 * 2 when it is not (or the command line is wrong).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { loadDataOr } from "./data_dir.ts";
import { pathFlag } from "./flags.ts";
import { say, sayOut } from "./say.ts";

const USAGE = "Usage: deno task validate [--data DIR]   (default: the bundled data/)";

/** Runs the check; resolves to the exit status. */
export async function validateCommand(args: readonly string[]): Promise<number> {
  let data: string | undefined;
  try {
    ({ values: { data } } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: { data: { type: "string" } },
    }));
    // An empty --data is a slip, not a request for the bundled data.
    data = pathFlag("--data", data);
  } catch (e) {
    say(`delve validate: ${(e as Error).message.split("\n")[0]}\n${USAGE}`);
    return 2;
  }
  const loaded = await loadDataOr(data);
  if (!loaded) return 2;
  sayOut(`${loaded.label}: OK (${Object.keys(loaded.content.rules.templates).length} templates)`);
  return 0;
}

if (import.meta.main) Deno.exit(await validateCommand(Deno.args));
