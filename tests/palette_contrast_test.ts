/**
 * Remembered terrain stays readable: in every bundled data folder, the
 * remembered stairs' glyph against its cell, and remembered walls against
 * the remembered floor they bound, have a WCAG contrast ratio of at least
 * 3:1, in truecolor and as a 256-colour terminal shows them. Walls and
 * floors told apart by their glyphs (Delve's `#` and `.`) need each glyph
 * readable on its cell instead; told apart by colour alone (the
 * tutorials' blank cells), their backgrounds must differ.
 */
import { ok } from "node:assert/strict";
import { themeFromContent } from "../src/app/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import { Tile } from "../src/engine/mod.ts";
import { as256, contrastRatio } from "./support/contrast.ts";

const MIN_CONTRAST = 3;

/** data/ and each folder of data/rulesets/. */
async function bundledFolders(): Promise<string[]> {
  const folders = ["data/"];
  for await (const e of Deno.readDir(new URL("../data/rulesets/", import.meta.url))) {
    if (e.isDirectory) folders.push(`data/rulesets/${e.name}/`);
  }
  return folders.sort();
}

Deno.test("contrast: WCAG ratios are those of the standard (black on white 21, a colour on itself 1)", () => {
  ok(Math.abs(contrastRatio(0x000000, 0xffffff) - 21) < 1e-9);
  ok(Math.abs(contrastRatio(0x777777, 0x777777) - 1) < 1e-9);
  // The tutorial's remembered stairs, #000064 on #323296: nearly invisible, why Delve lightens the floor.
  ok(contrastRatio(0x000064, 0x323296) < MIN_CONTRAST);
});

Deno.test("every bundled data folder keeps remembered stairs and walls at 3:1 or more, in truecolor and 256 colours", async () => {
  const folders = await bundledFolders();
  ok(folders.length >= 4, `data/ and the tutorials' rule sets: ${folders}`);
  for (const folder of folders) {
    const theme = themeFromContent(await loadContent(new URL(`../${folder}`, import.meta.url), folder));
    const stairs = theme.tiles[Tile.DownStairs].dark;
    const wall = theme.tiles[Tile.Wall].dark, floor = theme.tiles[Tile.Floor].dark;
    const byGlyph = wall.glyph !== floor.glyph && wall.glyph.trim() !== "" && floor.glyph.trim() !== "";
    const pairs: Record<string, [number, number]> = byGlyph
      ? {
        "remembered stairs' glyph on its cell": [stairs.fg, stairs.bg],
        "remembered wall's glyph on its cell": [wall.fg, wall.bg],
        "remembered floor's glyph on its cell": [floor.fg, floor.bg],
      }
      : {
        "remembered stairs' glyph on its cell": [stairs.fg, stairs.bg],
        "remembered wall beside remembered floor": [wall.bg, floor.bg],
      };
    for (const [what, [a, b]] of Object.entries(pairs)) {
      for (const [depth, shown] of [["truecolor", (c: number) => c], ["256 colours", as256]] as const) {
        const ratio = contrastRatio(shown(a), shown(b));
        ok(ratio >= MIN_CONTRAST, `${folder}: ${what} in ${depth}: ${ratio.toFixed(2)}:1`);
      }
    }
  }
});
