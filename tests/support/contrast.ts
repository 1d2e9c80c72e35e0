/**
 * WCAG 2 contrast between two colours, and the colours a 256-colour
 * terminal shows for Delve's: for tests that hold the bundled looks readable.
 */
import { toAnsi256 } from "../../src/terminal/mod.ts";

/** WCAG 2 contrast ratio of two colours: 1 (none) to 21 (black on white), as the game measures it. */
export { contrastRatio } from "../../src/ui/mod.ts";

const CUBE = [0, 95, 135, 175, 215, 255];

/** The RGB colour xterm draws for 256-colour index `i` (16 and up: the cube and the greys). */
export function ansi256Rgb(i: number): number {
  if (i >= 232) {
    const level = 8 + (i - 232) * 10;
    return (level << 16) | (level << 8) | level;
  }
  const c = i - 16;
  return (CUBE[Math.floor(c / 36)] << 16) | (CUBE[Math.floor(c / 6) % 6] << 8) | CUBE[c % 6];
}

/** `rgb` as a 256-colour terminal shows it. */
export function as256(rgb: number): number {
  return ansi256Rgb(toAnsi256(rgb));
}
