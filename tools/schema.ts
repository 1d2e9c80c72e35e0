/**
 * `deno task schema`: writes the JSON Schema files of `data/schema/` from
 * the zod schemas (src/content/json_schemas.ts), for editors to check and
 * complete data files as a modder types.
 *
 * @module
 */
import { jsonSchemaFiles } from "../src/content/mod.ts";
import { HELP_USAGE, parseFlags, readCommandLine, sayOut } from "../src/cli/mod.ts";
import { optionsJsonSchema } from "../src/store/mod.ts";

/** `deno task schema --help`. */
export const SCHEMA_HELP = {
  name: "schema",
  about: "Writes data/schema/*.schema.json from the schemas the game checks data with: run it after\n" +
    "changing a schema in src/content/schemas.ts (a test fails while the files are stale).",
  usage: `Usage: deno task schema

Options:
${HELP_USAGE}`,
};

/** Runs the command; resolves to the exit status. */
export async function schemaCommand(args: readonly string[]): Promise<number> {
  const line = readCommandLine(SCHEMA_HELP, args, () => parseFlags(args, {}));
  if ("exit" in line) return line.exit;
  const dir = new URL("../data/schema/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  for (
    const [name, text] of Object.entries({ ...jsonSchemaFiles(), "options.schema.json": optionsJsonSchema() })
  ) {
    await Deno.writeTextFile(new URL(name, dir), text);
    sayOut(`wrote data/schema/${name}`);
  }
  return 0;
}

if (import.meta.main) Deno.exit(await schemaCommand(Deno.args));
