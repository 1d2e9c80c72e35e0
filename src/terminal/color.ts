/**
 * Colour depth detection and the SGR parameters for a colour at a depth.
 *
 * @module
 */

/** How many colours the terminal shows. */
export type ColorDepth = "truecolor" | "256" | "16" | "none";

/**
 * Chooses the colour depth from the environment: `FORCE_COLOR` (0–3) wins,
 * then `NO_COLOR` (any non-empty value), then `COLORTERM`, then `TERM`.
 */
export function detectColorDepth(env: (name: string) => string | undefined): ColorDepth {
  const force = env("FORCE_COLOR");
  if (force !== undefined && force !== "") {
    const level = force === "true" ? 1 : force === "false" ? 0 : Number(force);
    if (level === 0) return "none";
    if (level === 1) return "16";
    if (level === 2) return "256";
    if (level >= 3) return "truecolor";
  }
  if ((env("NO_COLOR") ?? "") !== "") return "none";
  const colorterm = (env("COLORTERM") ?? "").toLowerCase();
  if (colorterm === "truecolor" || colorterm === "24bit") return "truecolor";
  const term = (env("TERM") ?? "").toLowerCase();
  if (term === "dumb") return "none";
  if (term.includes("truecolor") || term.includes("direct")) return "truecolor";
  if (term.includes("256")) return "256";
  return "16";
}

const CUBE = [0, 95, 135, 175, 215, 255];

function nearestCubeLevel(v: number): number {
  let best = 0;
  for (let i = 1; i < CUBE.length; i++) if (Math.abs(CUBE[i] - v) < Math.abs(CUBE[best] - v)) best = i;
  return best;
}

function distanceSq(a: number, r: number, g: number, b: number): number {
  const dr = ((a >> 16) & 255) - r, dg = ((a >> 8) & 255) - g, db = (a & 255) - b;
  return dr * dr + dg * dg + db * db;
}

/** The xterm 256-colour index nearest to an RGB colour. */
export function toAnsi256(rgb: number): number {
  const r = (rgb >> 16) & 255, g = (rgb >> 8) & 255, b = rgb & 255;
  const ci = [nearestCubeLevel(r), nearestCubeLevel(g), nearestCubeLevel(b)];
  const cube = (CUBE[ci[0]] << 16) | (CUBE[ci[1]] << 8) | CUBE[ci[2]];
  const greyStep = Math.max(0, Math.min(23, Math.round(((r + g + b) / 3 - 8) / 10)));
  const greyLevel = 8 + greyStep * 10;
  const grey = (greyLevel << 16) | (greyLevel << 8) | greyLevel;
  return distanceSq(grey, r, g, b) < distanceSq(cube, r, g, b)
    ? 232 + greyStep
    : 16 + 36 * ci[0] + 6 * ci[1] + ci[2];
}

/** The 16 ANSI colours as xterm draws them, by index. */
const ANSI16 = [
  0x000000,
  0xcd0000,
  0x00cd00,
  0xcdcd00,
  0x0000ee,
  0xcd00cd,
  0x00cdcd,
  0xe5e5e5,
  0x7f7f7f,
  0xff0000,
  0x00ff00,
  0xffff00,
  0x5c5cff,
  0xff00ff,
  0x00ffff,
  0xffffff,
];

/** The ANSI colour index (0–15) nearest to an RGB colour. */
export function toAnsi16(rgb: number): number {
  const r = (rgb >> 16) & 255, g = (rgb >> 8) & 255, b = rgb & 255;
  let best = 0;
  for (let i = 1; i < 16; i++) {
    if (distanceSq(ANSI16[i], r, g, b) < distanceSq(ANSI16[best], r, g, b)) best = i;
  }
  return best;
}

/**
 * The ANSI colour (0–15) a glyph of colour `fg` is drawn in on `bg` (both
 * already 0–15): its own, unless that is the background's, where the glyph
 * would vanish (a dark blue and black both become black); then the other
 * brightness of it (black on black is drawn grey), or black on white and
 * light grey.
 */
export function glyphColor16(fg: number, bg: number): number {
  if (fg !== bg) return fg;
  return bg === 7 || bg === 15 ? 0 : bg ^ 8;
}

/**
 * The colour as the value the terminal will show at `depth`, so that two
 * RGB colours that look the same there compare equal. -1 for no colour.
 */
export function quantize(rgb: number, depth: ColorDepth): number {
  switch (depth) {
    case "truecolor":
      return rgb;
    case "256":
      return toAnsi256(rgb);
    case "16":
      return toAnsi16(rgb);
    case "none":
      return -1;
  }
}

/** SGR parameters selecting a quantized colour as fore- or background. */
export function sgrColor(value: number, depth: ColorDepth, background: boolean): string {
  switch (depth) {
    case "truecolor":
      return `${background ? 48 : 38};2;${(value >> 16) & 255};${(value >> 8) & 255};${value & 255}`;
    case "256":
      return `${background ? 48 : 38};5;${value}`;
    case "16":
      return String((background ? 40 : 30) + (value & 7) + (value >= 8 ? 60 : 0));
    case "none":
      return "";
  }
}
