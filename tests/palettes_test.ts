/**
 * Display palettes (docs/options.md, Palettes): each shipped palette keeps
 * apart, under the colour vision it is made for, every pair of colours the
 * game tells things apart by; the check catches a palette that does not; the
 * palette chosen is what the map, the panel and the title draw in.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { type Content, ContentError, loadContent } from "../src/content/mod.ts";
import { knownPalette, paletteCheck, paletteIds, themeFromContent } from "../src/app/mod.ts";
import { optionsText, parseOptions } from "../src/store/mod.ts";
import { contrastFailures, contrastRatio, type OptionsChoice } from "../src/ui/mod.ts";
import { arena } from "./support/arena.ts";
import { bundledContent, copyOfData } from "./support/content.ts";
import { appOn, feed, screenText } from "./support/ui_harness.ts";
import { as256 } from "./support/contrast.ts";
import { palettesCommand } from "../src/commands/mod.ts";

const FOLDERS = ["", "rulesets/tcod/", "rulesets/rotjs/", "rulesets/roguebasin/", "rulesets/zircon/"];
const folders: Content[] = await Promise.all(
  FOLDERS.map((f) => loadContent(new URL(`../data/${f}`, import.meta.url), `data/${f}`)),
);

/** A data folder whose only palette is `palette`, loaded. */
async function withPalette(palette: Record<string, unknown>): Promise<Content> {
  const dir = await copyOfData("delve-palette-");
  await Deno.writeTextFile(`${dir}/palettes.json`, JSON.stringify({ palettes: { mine: palette } }));
  return await loadContent(new URL(`file://${dir}/`), "mine/");
}

Deno.test("the contrast ratio is WCAG's, and the simulated visions lose what they should", () => {
  equal(contrastRatio(0xffffff, 0x000000), 21);
  equal(contrastRatio(0x336699, 0x336699), 1);
  // Pure red reads well on black to most eyes, and poorly without red cones.
  ok(contrastRatio(0xff0000, 0) > 5);
  ok(contrastRatio(0xff0000, 0, "protanopia") < 1.5);
  ok(contrastRatio(0xff0000, 0, "deuteranopia") < 3);
  // Blue and yellow stay far apart for a red-green reader, but not their hue for a tritan one.
  equal(contrastRatio(0x808080, 0, "tritanopia").toFixed(2), contrastRatio(0x808080, 0).toFixed(2));
});

Deno.test("every shipped palette keeps its contrast under its vision, in truecolor and 256 colours, on Delve's data and every rule set", () => {
  for (const content of folders) {
    ok(Object.keys(content.palettes).length >= 5, `${content.label} offers the palettes`);
    for (const id of Object.keys(content.palettes)) {
      const { vision, pairs } = paletteCheck(content, id);
      ok(pairs.length > 40, `${content.label} ${id}: the pairs are counted (${pairs.length})`);
      // As a 256-colour terminal (tmux, most of them) shows the colours, too.
      const shown = pairs.map((p) => ({ ...p, a: as256(p.a), b: as256(p.b) }));
      for (const [depth, measured] of [["truecolor", pairs], ["256 colours", shown]] as const) {
        const failed = contrastFailures(measured, vision).map((f) =>
          `${f.pair.what} ${f.ratio.toFixed(2)}:1`
        );
        equal(failed.join("\n"), "", `${content.label} ${id} in ${depth}: ${failed.join("; ")}`);
      }
    }
  }
  const visions = Object.values(folders[0].palettes).map((p) => p.vision).sort();
  deepEqual(visions, ["deuteranopia", "normal", "normal", "protanopia", "tritanopia"]);
});

Deno.test("the checks measure what the game draws: the tutorial's own colours fail where they are close", () => {
  const tcod = folders[1];
  const failures = contrastFailures(paletteCheck(tcod, "default").pairs, "normal").map((f) => f.pair.what);
  ok(failures.includes("the lit wall and floor"), failures.join("\n"));
  ok(failures.includes("the remembered wall and the unknown"), failures.join("\n"));
});

Deno.test("a palette that reads well to most eyes but not to its own vision fails the check", async () => {
  const black = { light: { bg: "#000000" }, dark: { bg: "#000000" } };
  const tiles = Object.fromEntries(
    ["floor", "stairs", "upstairs", "door", "open_door"].map((t) => [t, black]),
  );
  const red = {
    name: "Red monsters",
    about: "red on black",
    vision: "deuteranopia",
    tiles,
    things: { monster: "#FF0000" },
  };
  const content = await withPalette(red);
  const { vision, pairs } = paletteCheck(content, "mine");
  deepEqual(contrastFailures(pairs, "normal").filter((f) => f.pair.what.startsWith("the Orc")), []);
  const orc = contrastFailures(pairs, vision).filter((f) => f.pair.what.startsWith("the Orc"));
  ok(orc.length > 0 && orc.every((f) => f.ratio < 3), JSON.stringify(orc));
  const low = await withPalette({ ...red, vision: "normal", colors: { enemy_atk: "#EEEEEE" } });
  ok(
    contrastFailures(paletteCheck(low, "mine").pairs, "normal").some((f) =>
      f.pair.what === "your blows and theirs in the log"
    ),
  );
});

Deno.test("deno task palettes answers 0 for the shipped palettes and 1 for a palette that fails", async () => {
  equal(await palettesCommand([]), 0);
  const dir = await copyOfData("delve-palette-");
  const bad = { name: "Bad", about: "red monsters", vision: "protanopia", things: { monster: "#FF0000" } };
  await Deno.writeTextFile(`${dir}/palettes.json`, JSON.stringify({ palettes: { bad } }));
  equal(await palettesCommand(["--data", dir]), 1);
});

Deno.test("a palettes file is checked as data: a bad colour or the id default is refused with its path", async () => {
  const dir = await copyOfData("delve-palette-");
  const file = {
    palettes: { default: { name: "D", about: "a" }, x: { name: "X", about: "b", colors: { red: "red" } } },
  };
  await Deno.writeTextFile(`${dir}/palettes.json`, JSON.stringify(file));
  const refused = await loadContent(new URL(`file://${dir}/`), "mine/").then(
    () => [],
    (e: ContentError) => e.problems,
  );
  ok(
    refused.some((p) => p.startsWith("mine/palettes.json: $.palettes") && p.includes('"default"')),
    refused.join("\n"),
  );
  ok(refused.some((p) => p.startsWith("mine/palettes.json: $.palettes.x.colors.red:")), refused.join("\n"));
});

Deno.test("a folder without palettes offers the bundled ones; an unknown palette in the options is one problem", async () => {
  const content = await bundledContent();
  deepEqual(paletteIds(content), [
    "default",
    "deuteranopia",
    "protanopia",
    "tritanopia",
    "high_contrast",
    "glyphs",
  ]);
  deepEqual(knownPalette(content, "tritanopia", "o.json"), { id: "tritanopia", problems: [] });
  const unknown = knownPalette(content, "sepia", "o.json");
  equal(unknown.id, undefined);
  deepEqual(unknown.problems, [
    'o.json: $.palette: expected one of default, deuteranopia, protanopia, tritanopia, high_contrast, glyphs, found "sepia"; the default is used',
  ]);
});

Deno.test("the map draws monsters, items and tiles in the palette's colours, and the glyph palette draws walls as #", async () => {
  const content = await bundledContent();
  const picture = ["#####", "#@.o#", "#.!.#", "#####"].join("\n");
  const state = arena(content.rules, picture, { o: "orc", "!": "health_potion" });
  const deut = content.palettes.deuteranopia;
  const app = appOn(state, content.rules, undefined, 80, 24, {
    choice: { preset: "default", bind: {}, walkDelayMs: 0, palette: "deuteranopia" },
  });
  /** The first cell (by rows) drawing `ch`, with its colour. */
  const at = (ch: string) => {
    const rows = screenText(app);
    const y = rows.findIndex((r) => r.includes(ch));
    return { fg: app.screen.fg[y * app.screen.width + rows[y].indexOf(ch)] };
  };
  equal(at("o").fg, parseInt(deut.things.monster!.slice(1), 16));
  equal(at("!").fg, parseInt(deut.things.item!.slice(1), 16));
  equal(at("#").fg, parseInt(deut.tiles.wall!.light!.fg!.slice(1), 16));
  const plain = themeFromContent(content);
  equal(plain.tiles[0].light.glyph, " ", "the tutorial draws walls as blank cells");
  equal(themeFromContent(content, "glyphs").tiles[0].light.glyph, "#");
});

Deno.test("the options screen's palette row changes the palette at once, and the options file keeps it", async () => {
  const content = await bundledContent();
  const state = arena(content.rules, ["#####", "#@.o#", "#####"].join("\n"), { o: "orc" });
  const told: OptionsChoice[] = [];
  const app = appOn(state, content.rules, undefined, 80, 24, {
    choice: { preset: "default", bind: {}, walkDelayMs: 0 },
    onOptions: (choice) => {
      told.push(choice);
      return Promise.resolve(undefined);
    },
  });
  const orc = () => {
    const rows = screenText(app);
    const y = rows.findIndex((r) => r.includes("o") && r.includes("@"));
    return app.screen.fg[y * app.screen.width + rows[y].indexOf("o")];
  };
  equal(orc(), content.rules.templates.orc.color);
  await feed(app, "O", "Down", "Right");
  ok(screenText(app).join("\n").includes("Palette: Deuteranopia"), screenText(app).join("\n"));
  equal(told.at(-1)?.palette, "deuteranopia");
  await feed(app, "Escape");
  equal(orc(), parseInt(content.palettes.deuteranopia.things.monster!.slice(1), 16));
  await feed(app, "O", "Down", "Left");
  equal(told.at(-1)?.palette, "default");
  equal(JSON.parse(optionsText({ ...told.at(-1)!, palette: "glyphs" })).palette, "glyphs");
  deepEqual(parseOptions({ palette: "glyphs" }, "o.json"), {
    options: { palette: "glyphs", preset: "default", bind: {}, keys: {} },
    problems: [],
  });
});
