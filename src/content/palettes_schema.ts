/**
 * `palettes.json`: the display palettes a player can choose
 * (docs/options.md, Palettes). A palette changes how things look, never a rule: it overrides
 * the rule set's named colours, the tiles' looks, the unexplored shroud and
 * the colours things are drawn in, and names the vision it is made for and
 * the contrast it promises, which `deno task palettes` and a test check.
 *
 * @module
 */
import { z } from "zod";
import { TILE_NAMES } from "../engine/mod.ts";
import { colorSchema, glyphSchema, idSchema } from "./schemas.ts";
import { textSchema } from "./text_schema.ts";

/** The colour visions a palette can be made for; the checks simulate each. */
export const VISIONS = ["normal", "deuteranopia", "protanopia", "tritanopia"] as const;

/** A colour vision a palette is made for. */
export type Vision = typeof VISIONS[number];

const cellOverride = z.strictObject({
  glyph: glyphSchema.optional(),
  fg: colorSchema.optional(),
  bg: colorSchema.optional(),
}).describe("A cell's look; what is left out stays the rule set's.");

const tileOverride = z.strictObject({
  light: cellOverride.optional().describe("In view."),
  dark: cellOverride.optional().describe("Remembered, out of view."),
});

/** The roles things are drawn in when a palette gives a role one colour. */
export const THING_ROLES = ["player", "monster", "item", "corpse"] as const;

/** One display palette. */
export const paletteSchema = z.strictObject({
  name: textSchema(24).describe("What the options screen calls it."),
  about: textSchema(70).describe("One line on what it is for."),
  vision: z.enum(VISIONS).default("normal").describe("The colour vision it is made for; checked under it."),
  minContrast: z.number().min(1).max(21).default(3).describe(
    "The contrast ratio (1 to 21) every glyph and text keeps against what it is drawn on.",
  ),
  colors: z.record(idSchema, colorSchema).default({}).describe("Named colours of the rule sets' palettes."),
  tiles: z.partialRecord(z.enum(TILE_NAMES), tileOverride).default({}).describe("Tile looks by kind."),
  shroud: cellOverride.optional().describe("Cells never seen."),
  things: z.partialRecord(z.enum(THING_ROLES), colorSchema).default({}).describe(
    "One colour for every thing of a role that `templates` does not name.",
  ),
  templates: z.record(idSchema, colorSchema).default({}).describe("Colours of things by template id."),
});

/** `palettes.json` as read. */
export const palettesFileSchema = z.strictObject({
  $schema: z.string().optional(),
  palettes: z.record(idSchema, paletteSchema).refine((p) => !Object.hasOwn(p, "default"), {
    error: '"default" is the rule set\'s own colours; give the palette another id',
  }).describe("Palettes by id, in the order the options screen offers them after the default."),
});

/** A display palette as read. */
export type PaletteConfig = z.output<typeof paletteSchema>;

/** Palettes by id, in the file's order. */
export type Palettes = Readonly<Record<string, PaletteConfig>>;
