/**
 * How things look: tile graphics, the unexplored shroud and the named
 * colours messages use. Built by the app from content.
 *
 * @module
 */

import type { ScreenTexts } from "./screen_texts.ts";
import type { PanelPlace } from "./layout.ts";

/** A glyph with its colours (0xRRGGBB). */
export interface CellLook {
  readonly glyph: string;
  readonly fg: number;
  readonly bg: number;
}

/** A terrain kind's name and looks in view, remembered, and without colours. */
export interface TileLook {
  /** What look mode calls it ("stairs down"). */
  readonly name: string;
  readonly light: CellLook;
  readonly dark: CellLook;
  /** The glyph used when colours cannot tell tiles apart. */
  readonly plain: string;
}

/** Everything the screens need to colour the game. */
export interface Theme {
  /** Indexed by the engine's tile kind. */
  readonly tiles: readonly TileLook[];
  /** Never-seen cells, and what look mode calls them. */
  readonly shroud: CellLook & { readonly name: string };
  /** Named colours (`white`, `impossible`, …). */
  readonly palette: Readonly<Record<string, number>>;
  /** Where the panel goes; absent: under the map. */
  readonly panel?: PanelPlace;
  /** What the panels and the character window say. */
  readonly texts: ScreenTexts;
  /** The templates drawn on explored cells out of sight too (docs/rules.md, Colours); absent: none. */
  readonly alwaysVisible?: ReadonlySet<string>;
  /** The stairs are drawn at the back, under what lies on them (`game.json`'s `stairsDrawn`: under). */
  readonly stairsUnder?: boolean;
  /** The display palette's colours for things; absent: each thing's own. */
  readonly things?: ThingColors;
  /** Messages wrap with no word alone on their last line (`game.json`'s `messageWrap`: even); absent: greedily. */
  readonly evenWrap?: boolean;
  /** A burning cell in view, drawn over its terrain, and what look mode calls it (`game.json`'s `fire`). */
  readonly fire?: CellLook & { readonly name: string; readonly plain: string };
  /** Each kind of gas, in the rules' order: what look mode calls a cell of it, and the tint it gives in view. */
  readonly gases?: readonly { readonly name: string; readonly color: number }[];
}

/** How a thing is drawn, for a palette's colours: the player, a monster, an item, a corpse. */
export type ThingRole = "player" | "monster" | "item" | "corpse";

/** A display palette's colours for things: by template id first, then one for every thing of a role. */
export interface ThingColors {
  readonly templates: ReadonlyMap<string, number>;
  readonly roles: Readonly<Partial<Record<ThingRole, number>>>;
}

/** The role a thing is drawn in. */
export function thingRole(e: { readonly layer: string }, isPlayer: boolean): ThingRole {
  if (isPlayer) return "player";
  return e.layer === "corpse" ? "corpse" : e.layer === "actor" ? "monster" : "item";
}

/**
 * The colour a thing is drawn in: the palette's for its template (a corpse
 * is no longer its template), else the palette's for its role, else its own.
 */
export function thingColor(theme: Theme, template: string, role: ThingRole, own: number): number {
  const things = theme.things;
  if (!things) return own;
  return (role !== "corpse" ? things.templates.get(template) : undefined) ?? things.roles[role] ?? own;
}

/** A named palette colour, white when the name is unknown. */
export function paletteColor(theme: Theme, name: string): number {
  return Object.hasOwn(theme.palette, name) ? theme.palette[name] : 0xffffff;
}
