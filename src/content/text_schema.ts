/**
 * The schema of every text the data shows on screen.
 *
 * @module
 */
import { z } from "zod";
import { firstNonPrintable } from "../text/mod.ts";

/**
 * Text to show, measured and laid out by its display width (wide characters
 * welcome, in any language), and line breaks where `lines` allows; never a
 * control or invisible character, which the screen would show as an escape.
 */
export const textSchema = (max: number, lines = false, min = 1): z.ZodString =>
  z.string().min(min, { error: "expected some text" }).max(max, {
    error: `expected at most ${max} characters`,
  }).check((ctx) => {
    const hidden = firstNonPrintable(lines ? ctx.value.replaceAll("\n", " ") : ctx.value);
    if (hidden) {
      ctx.issues.push({
        code: "custom",
        message: `expected printable characters${lines ? " and line breaks" : ""} (found ${hidden})`,
        input: ctx.value,
      });
    }
  });
