/**
 * Builds the UI's theme from a loaded data folder and the player's display
 * palette (docs/options.md, Palettes).
 *
 * @module
 */
import { type Content, type PaletteConfig, parseColor, type Vision } from "../content/mod.ts";
import { TILE_NAMES, WALKABLE } from "../engine/mod.ts";
import {
  type CellLook,
  type ColorPair,
  colorPairs,
  type DrawnThing,
  type PaletteChoice,
  type Theme,
  thingColor,
  type ThingColors,
} from "../ui/mod.ts";

/** The palette that keeps the rule set's own colours. */
export const DEFAULT_PALETTE = "default";

interface CellConfig {
  readonly glyph?: string;
  readonly fg?: string;
  readonly bg?: string;
}

/** `look` with what `over` gives in its place. */
function cellLook(look: Required<CellConfig>, over: CellConfig = {}): CellLook {
  return {
    glyph: over.glyph ?? look.glyph,
    fg: parseColor(over.fg ?? look.fg),
    bg: parseColor(over.bg ?? look.bg),
  };
}

function colors(record: Readonly<Record<string, string>>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, parseColor(v)]));
}

function thingColors(palette: PaletteConfig): ThingColors | undefined {
  const templates = new Map(Object.entries(colors(palette.templates)));
  const roles = colors(palette.things);
  return templates.size > 0 || Object.keys(roles).length > 0 ? { templates, roles } : undefined;
}

/** The ids of `content`'s palettes, the default first, as the options screen offers them. */
export function paletteIds(content: Content): string[] {
  return [DEFAULT_PALETTE, ...Object.keys(content.palettes)];
}

/**
 * The options file's palette `id` if `content` has it; else no palette and
 * the problem, for the title and the log (the rule set's own colours are used).
 */
export function knownPalette(
  content: Content,
  id: string | undefined,
  file: string | undefined,
): { readonly id?: string; readonly problems: readonly string[] } {
  if (id === undefined || paletteIds(content).includes(id)) {
    return id === undefined ? { problems: [] } : { id, problems: [] };
  }
  const known = paletteIds(content).join(", ");
  return { problems: [`${file}: $.palette: expected one of ${known}, found "${id}"; the default is used`] };
}

/** What the options screen calls palette `id`; the id itself when the data has no such palette. */
export function paletteName(content: Content, id: string): string {
  if (id === DEFAULT_PALETTE) return "Default (the rule set's colours)";
  return Object.hasOwn(content.palettes, id) ? content.palettes[id].name : id;
}

/** The palettes the options screen offers, the default first. */
export function paletteChoices(content: Content): PaletteChoice[] {
  return paletteIds(content).map((id) => ({ id, label: paletteName(content, id) }));
}

/** The theme described by `content.game`, in display palette `paletteId` (the default when unknown). */
export function themeFromContent(content: Content, paletteId: string = DEFAULT_PALETTE): Theme {
  const { tiles, shroud, palette, panel, character } = content.game;
  const chosen = Object.hasOwn(content.palettes, paletteId) ? content.palettes[paletteId] : undefined;
  // How a thing is drawn is no rule: kept here, out of the rules and their checksum, so saves still load.
  const alwaysVisible = Object.entries(content.entities).filter(([, t]) => t.alwaysVisible).map(([id]) => id);
  const things = chosen && thingColors(chosen);
  return {
    tiles: TILE_NAMES.map((name) => ({
      name: tiles[name].name,
      light: cellLook(tiles[name].light, chosen?.tiles[name]?.light),
      dark: cellLook(tiles[name].dark, chosen?.tiles[name]?.dark),
      plain: tiles[name].plain,
    })),
    shroud: { ...cellLook(shroud, chosen?.shroud), name: shroud.name },
    palette: { ...colors(palette), ...(chosen ? colors(chosen.colors) : {}) },
    // The tutorial's place is no choice to pass on: absent means below.
    ...(panel.place === "side" ? { panel: panel.place } : {}),
    texts: { panel: { hp: panel.hp, below: panel.below, side: panel.side }, character },
    ...(alwaysVisible.length > 0 ? { alwaysVisible: new Set(alwaysVisible) } : {}),
    ...(things ? { things } : {}),
    ...(content.game.stairsDrawn === "under" ? { stairsUnder: true } : {}),
    ...(content.game.messageWrap === "even" ? { evenWrap: true } : {}),
    ...(content.game.gases
      ? {
        gases: Object.values(content.game.gases).map((g) => ({
          name: g.look.name,
          color: parseColor(g.look.color),
        })),
      }
      : {}),
    ...(content.game.fire
      ? {
        fire: {
          ...cellLook(content.game.fire.look),
          name: content.game.fire.look.name,
          plain: content.game.fire.look.plain,
        },
      }
      : {}),
  };
}

/** Everything the map draws, in `theme`'s colours: each template in its role, and the corpses. */
export function drawnThings(content: Content, theme: Theme): DrawnThing[] {
  const { templates, playerTemplate, corpse } = content.rules;
  const things = Object.values(templates).map((t) => {
    const role = t.id === playerTemplate ? "player" : t.fighter ? "monster" : "item";
    return { name: `the ${t.name}`, color: thingColor(theme, t.id, role, t.color) };
  });
  return [...things, { name: "a corpse", color: thingColor(theme, "", "corpse", corpse.color) }];
}

/** What a palette promises, and every pair of colours it must keep apart for that, on `content`. */
export interface PaletteCheck {
  readonly id: string;
  readonly vision: Vision;
  readonly pairs: readonly ColorPair[];
}

/** The check of palette `id` (the default keeps the rule set's colours, for normal vision at 3:1). */
export function paletteCheck(content: Content, id: string): PaletteCheck {
  const palette = Object.hasOwn(content.palettes, id) ? content.palettes[id] : undefined;
  const theme = themeFromContent(content, id);
  const walkable = TILE_NAMES.flatMap((_, k) => (WALKABLE[k] === 1 ? [k] : []));
  const pairs = colorPairs(theme, drawnThings(content, theme), walkable, palette?.minContrast ?? 3);
  return { id, vision: palette?.vision ?? "normal", pairs };
}
