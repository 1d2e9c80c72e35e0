/** Helpers that turn text maps and seeds into transparency grids for tests. */
import { Rng } from "../../src/engine/mod.ts";

/** A grid parsed from lines of `#` (opaque) and anything else (transparent). */
export interface TextMap {
  width: number;
  height: number;
  transparent: Uint8Array;
}

export function parseTextMap(text: string): TextMap {
  const lines = text.split("\n").filter((l) => l.length > 0);
  const width = lines[0].length;
  const transparent = new Uint8Array(width * lines.length);
  lines.forEach((line, y) => {
    for (let x = 0; x < width; x++) transparent[y * width + x] = line[x] === "#" ? 0 : 1;
  });
  return { width, height: lines.length, transparent };
}

/** A random map; with `border`, its outer ring is wall. */
export function randomMap(
  rng: Rng,
  width: number,
  height: number,
  wallPercent: number,
  border: boolean,
): TextMap {
  const transparent = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      transparent[y * width + x] = (border && edge) || rng.int(0, 99) < wallPercent ? 0 : 1;
    }
  }
  return { width, height, transparent };
}
