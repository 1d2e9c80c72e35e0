/**
 * `deno task palettes [--data DIR] [--all]`: checks the data folder's display
 * palettes (docs/options.md, Palettes). Each palette is seen as a reader
 * with the vision it is made for sees it, and every pair of colours it must
 * keep apart is measured; a pair below its ratio is one line. The exit status
 * is 0 when every palette keeps its promise, 1 when one does not, 2 when the
 * folder or the command line is bad.
 *
 * @module
 */
import { HELP_USAGE, loadDataOr, parseFlags, pathFlag, readCommandLine, sayOut } from "../cli/mod.ts";
import { paletteCheck } from "../app/mod.ts";
import { contrastFailures, contrastRatio } from "../ui/mod.ts";

/** `deno task palettes --help`. */
export const PALETTES_HELP = {
  name: "palettes",
  about: "Checks the display palettes of a data folder: under the colour vision each is made for,\n" +
    "every pair of colours the game tells things apart by keeps its contrast ratio.",
  usage: `Usage: deno task palettes [--data DIR] [--all]

Options:
  --data DIR    the data folder whose palettes to check (default: data/)
  --all         also report the default palette (the rule set's own colours,
                which promise nothing; default: the data's palettes only)
${HELP_USAGE}`,
};

/** Runs the check; resolves to the exit status. */
export async function palettesCommand(args: readonly string[]): Promise<number> {
  const line = readCommandLine(PALETTES_HELP, args, () => {
    const { values } = parseFlags(args, { data: { type: "string" }, all: { type: "boolean" } });
    return { data: pathFlag("--data", values.data), all: values.all === true };
  });
  if ("exit" in line) return line.exit;
  const loaded = await loadDataOr(line.run.data);
  if (!loaded) return 2;
  const ids = [...(line.run.all ? ["default"] : []), ...Object.keys(loaded.content.palettes)];
  let failed = 0;
  for (const id of ids) {
    const { vision, pairs } = paletteCheck(loaded.content, id);
    const failures = contrastFailures(pairs, vision);
    const worst = pairs.reduce((w, p) => {
      const ratio = contrastRatio(p.a, p.b, vision) / p.min;
      return ratio < w.ratio ? { ratio, what: p.what } : w;
    }, { ratio: Infinity, what: "" });
    sayOut(
      `${id} (${vision}): ${pairs.length} pairs, ${failures.length} below their ratio; ` +
        `the nearest to failing: ${worst.what} at ${(worst.ratio * 100).toFixed(0)}% of its ratio`,
    );
    for (const f of failures) sayOut(`  ${f.pair.what}: ${f.ratio.toFixed(2)}:1, needs ${f.pair.min}:1`);
    if (failures.length > 0 && id !== "default") failed++;
  }
  return failed > 0 ? 1 : 0;
}

if (import.meta.main) Deno.exit(await palettesCommand(Deno.args));
