/**
 * Builds the UI's theme from a loaded data folder.
 *
 * @module
 */
import { type Content, parseColor } from "../content/mod.ts";
import { TILE_NAMES } from "../engine/mod.ts";
import type { CellLook, Theme } from "../ui/mod.ts";

function cellLook(look: { glyph: string; fg: string; bg: string }): CellLook {
  return { glyph: look.glyph, fg: parseColor(look.fg), bg: parseColor(look.bg) };
}

/** The theme described by `content.game`. */
export function themeFromContent(content: Content): Theme {
  const { tiles, shroud, palette, panel, character } = content.game;
  // How a thing is drawn is no rule: kept here, out of the rules and their checksum, so saves still load.
  const alwaysVisible = Object.entries(content.entities).filter(([, t]) => t.alwaysVisible).map(([id]) => id);
  return {
    tiles: TILE_NAMES.map((name) => ({
      name: tiles[name].name,
      light: cellLook(tiles[name].light),
      dark: cellLook(tiles[name].dark),
      plain: tiles[name].plain,
    })),
    shroud: { ...cellLook(shroud), name: shroud.name },
    palette: Object.fromEntries(Object.entries(palette).map(([k, v]) => [k, parseColor(v)])),
    // The tutorial's place is no choice to pass on: absent means below.
    ...(panel.place === "side" ? { panel: panel.place } : {}),
    texts: { panel: { hp: panel.hp, below: panel.below, side: panel.side }, character },
    ...(alwaysVisible.length > 0 ? { alwaysVisible: new Set(alwaysVisible) } : {}),
  };
}
