/**
 * The building blocks of the data files' shapes: colours, glyphs, ids and
 * numbers within bounds, each refused with a line that says what it expected.
 *
 * @module
 */
import { z } from "zod";
// What a terminal can show, and how wide, is one rule for the checks here and
// for the screen that draws the text: a text that passes never shows an escape.
import { displayWidth, firstNonPrintable } from "../text/mod.ts";
import { DATA_LIMITS } from "./limits.ts";

/** A colour as `#RRGGBB`. */
export const colorSchema = z.string().regex(/^#[0-9A-Fa-f]{6}$/, {
  error: 'expected a colour like "#RRGGBB"',
}).describe("A colour as #RRGGBB.");

/** What is wrong with `glyph` as one cell of the map, or undefined when it is one. */
function glyphProblem(glyph: string): string | undefined {
  const hidden = firstNonPrintable(glyph);
  if (hidden) return `expected one printable character (this is or holds ${hidden})`;
  const codePoints = [...glyph].length;
  if (codePoints !== 1) return `expected one character (this is ${codePoints} code points)`;
  if (/^\p{M}$/u.test(glyph)) return "expected a character, not a combining mark";
  const width = displayWidth(glyph);
  if (width !== 1) return `expected a character one terminal column wide (this one takes ${width})`;
  return undefined;
}

/**
 * One character that takes one terminal column, as the width tables of
 * `string-width` measure it (so `◽`, emoji and East Asian wide characters
 * are refused: they take two), and no control, invisible character or
 * combining mark: what is drawn is exactly what the screen buffer believes.
 */
export const glyphSchema = z.string().check((ctx) => {
  const problem = glyphProblem(ctx.value);
  if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
}).describe("One character that takes one terminal column (no emoji, wide or combining characters).");

/** A name used as an id: lower case, digits and underscores. */
export const idSchema = z.string().regex(/^[a-z][a-z0-9_]*$/, {
  error: "expected an id of lower-case letters, digits and _",
});

/**
 * An integer in [min, max], refused as not `what` with its maximum named
 * (a modder told only "a positive integer" tries a bigger one next).
 */
export const int = (min: number, max: number, what: string): z.ZodInt => {
  const error = `expected ${what}, at most ${max}`;
  return z.int({ error, abort: true }).min(min, { error, abort: true }).max(max, {
    error: `expected at most ${max}`,
  });
};
/** An integer from 1 to `max`. */
export const positive = (max: number): z.ZodInt => int(1, max, "a positive integer");
/** An integer from 0 to `max`. */
export const nonNegative = (max: number): z.ZodInt => int(0, max, "a non-negative integer");
/** A number in [min, max] (above `min` when `above`), refused in the same words as the integers. */
export const real = (min: number, max: number, above = false): z.ZodNumber =>
  z.number({ error: "expected a number" })
    .check(
      above
        ? z.gt(min, { error: `expected a number above ${min}`, abort: true })
        : z.gte(min, { error: `expected a number of at least ${min}`, abort: true }),
    )
    .max(max, { error: `expected at most ${max}` });
/** Power or defense: either way, within the stat bound. */
export const stat = (): z.ZodInt =>
  int(-DATA_LIMITS.stat, DATA_LIMITS.stat, `an integer of at least -${DATA_LIMITS.stat}`);

/** How one cell looks: a glyph with its colours. */
export const cellLookSchema = z.strictObject({ glyph: glyphSchema, fg: colorSchema, bg: colorSchema });

/** The name of a colour in `$.palette`. */
export const paletteName = z.string().min(1).describe("A colour named in $.palette.");

/** `hp` HP every `turns` turns. */
export const regenerationSchema = z.strictObject({
  hp: positive(DATA_LIMITS.hp),
  turns: positive(DATA_LIMITS.statusTurns),
}).describe("HP regained every so many turns of game time.");

/** Energy: 100 is once a turn. */
export const energyAmount = (): z.ZodInt => positive(DATA_LIMITS.speed);
