/**
 * Colour contrast as a reader with a given colour vision sees it: the WCAG
 * contrast ratio (1 to 21) of two colours after simulating that vision
 * (Machado, Oliveira and Fernandes' model at full severity, through culori).
 * No game knowledge: colours are 0xRRGGBB numbers.
 *
 * @module
 */
// @deno-types="@types/culori"
import {
  filterDeficiencyDeuter,
  filterDeficiencyProt,
  filterDeficiencyTrit,
  type Rgb,
  wcagContrast,
} from "culori";

/** A colour vision: typical, or one of the three full dichromacies. */
export type ColorVision = "normal" | "deuteranopia" | "protanopia" | "tritanopia";

const SIMULATIONS: Readonly<Record<ColorVision, (color: Rgb) => Rgb>> = {
  normal: (color) => color,
  deuteranopia: filterDeficiencyDeuter(1),
  protanopia: filterDeficiencyProt(1),
  tritanopia: filterDeficiencyTrit(1),
};

function rgb(color: number): Rgb {
  return { mode: "rgb", r: (color >> 16 & 255) / 255, g: (color >> 8 & 255) / 255, b: (color & 255) / 255 };
}

/** The contrast ratio of `a` and `b` (1 to 21) as a reader with `vision` sees them. */
export function contrastRatio(a: number, b: number, vision: ColorVision = "normal"): number {
  const seen = SIMULATIONS[vision];
  return wcagContrast(seen(rgb(a)), seen(rgb(b)));
}
