/**
 * The floor as plain text, as the player knew it: remembered terrain in
 * its plain glyphs, and the things in view on top. The morgue file ends with it.
 *
 * @module
 */
import type { GameState } from "../engine/mod.ts";
import { displayWidth } from "../text/mod.ts";
import type { Theme } from "./theme.ts";

const LAYER_ORDER = { corpse: 0, item: 1, actor: 2 } as const;

/** The known part of the floor, one string per row, trimmed of unknown rows and columns. */
export function asciiMap(state: GameState, theme: Theme): string[] {
  const { map } = state;
  const rows = Array.from({ length: map.height }, (_, y) =>
    Array.from({ length: map.width }, (_, x) => {
      const i = y * map.width + x;
      return map.explored[i] ? theme.tiles[map.tiles[i]].plain : " ";
    }));
  const shown = state.entities
    .filter((e) => map.visible[e.y * map.width + e.x] === 1)
    .sort((a, b) => LAYER_ORDER[a.layer] - LAYER_ORDER[b.layer]);
  // A glyph that is not one column (a damaged save's) would shift the rest of its row.
  for (const e of shown) rows[e.y][e.x] = displayWidth(e.glyph) === 1 ? e.glyph : "?";
  const lines = rows.map((r) => r.join("").trimEnd());
  const first = lines.findIndex((l) => l !== ""), last = lines.findLastIndex((l) => l !== "");
  if (first < 0) return [];
  const kept = lines.slice(first, last + 1);
  const indent = Math.min(...kept.filter((l) => l !== "").map((l) => l.length - l.trimStart().length));
  return kept.map((l) => l.slice(indent));
}
