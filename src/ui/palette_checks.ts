/**
 * The pairs of colours a theme must keep apart (docs/options.md, Palettes),
 * and which of them a reader with a given colour vision cannot.
 *
 * Two kinds of pair. A figure on its ground (a glyph on its cell, a text on
 * the panel, the HP bar's text on the bar) keeps the palette's own contrast.
 * Two looks of one glyph that mean different things (a tile lit and
 * remembered, a wall and a floor drawn as blank cells, the bar filled and empty, your
 * blows and theirs in the log) keep 3:1: told apart by colour alone.
 *
 * @module
 */
import { type ColorVision, contrastRatio } from "./contrast.ts";
import type { CellLook, Theme } from "./theme.ts";

/** Colour alone must tell two looks of one glyph apart by at least this ratio. */
export const TELLING_APART_CONTRAST = 3;

/** Two colours that must differ, what they are, and the least ratio they keep. */
export interface ColorPair {
  readonly what: string;
  readonly a: number;
  readonly b: number;
  readonly min: number;
}

/** A thing drawn on the map, by name, in the colour the theme draws it. */
export interface DrawnThing {
  readonly name: string;
  readonly color: number;
}

/**
 * Palette names not drawn on the panel: its ground, and the HP bar's (checked against each other);
 * `bar_low` is the name Delve's data give the filled part while HP is low (docs/rules.md, Low HP).
 */
const GROUNDS = new Set(["black", "bar_filled", "bar_empty", "bar_text", "bar_low"]);

/** What shows of a cell: its glyph's colour, or its ground's when the glyph is blank. */
function ink(look: CellLook): number {
  return look.glyph.trim() === "" ? look.bg : look.fg;
}

function glyphOnGround(what: string, look: CellLook, min: number): ColorPair[] {
  return look.glyph.trim() === "" ? [] : [{ what, a: look.fg, b: look.bg, min }];
}

const LIGHTS = [["light", "lit"], ["dark", "remembered"]] as const;

function tilePairs(theme: Theme, min: number): ColorPair[] {
  const { tiles, shroud } = theme;
  const pairs = glyphOnGround("the unknown's glyph on its ground", shroud, min);
  for (const [light, said] of LIGHTS) {
    tiles.forEach((t, i) => {
      pairs.push(...glyphOnGround(`the ${said} ${t.name}'s glyph on its ground`, t[light], min));
      // Tiles drawn as blank cells are told apart by their grounds alone.
      const blank = t[light].glyph.trim() === "";
      for (const u of tiles.slice(i + 1).filter((u) => blank && u[light].glyph.trim() === "")) {
        pairs.push({
          what: `the ${said} ${t.name} and ${u.name}`,
          a: ink(t[light]),
          b: ink(u[light]),
          min: TELLING_APART_CONTRAST,
        });
      }
    });
  }
  for (const t of tiles) {
    if (t.light.glyph === t.dark.glyph) {
      pairs.push({
        what: `the ${t.name} lit and remembered`,
        a: ink(t.light),
        b: ink(t.dark),
        min: TELLING_APART_CONTRAST,
      });
    }
    if (t.dark.glyph === shroud.glyph) {
      pairs.push({
        what: `the remembered ${t.name} and the unknown`,
        a: ink(t.dark),
        b: ink(shroud),
        min: TELLING_APART_CONTRAST,
      });
    }
  }
  return pairs;
}

/**
 * Every pair `theme` must keep apart: its tiles and shroud; each of `things`
 * on the grounds of the tiles `walkable` names, lit and remembered; each text
 * colour on the panel; the HP bar; your blows and theirs. `min` is the
 * figure-on-ground contrast the palette promises.
 */
export function colorPairs(
  theme: Theme,
  things: readonly DrawnThing[],
  walkable: readonly number[],
  min: number,
): ColorPair[] {
  const { palette } = theme;
  const named = (name: string) => Object.hasOwn(palette, name) ? palette[name] : undefined;
  const grounds = new Map<number, string>();
  for (const t of walkable.map((k) => theme.tiles[k])) {
    // One pair a ground colour, named for the first cell drawn on it.
    if (!grounds.has(t.light.bg)) grounds.set(t.light.bg, `the lit ${t.name}`);
    if (!grounds.has(t.dark.bg)) grounds.set(t.dark.bg, `the remembered ${t.name}`);
  }
  const pairs = tilePairs(theme, min);
  for (const thing of things) {
    for (const [bg, ground] of grounds) {
      pairs.push({ what: `${thing.name} on ${ground}`, a: thing.color, b: bg, min });
    }
  }
  const panel = named("black") ?? 0;
  for (const [name, color] of Object.entries(palette)) {
    if (!GROUNDS.has(name)) pairs.push({ what: `"${name}" text on the panel`, a: color, b: panel, min });
  }
  const [text, filled, empty] = [named("bar_text"), named("bar_filled"), named("bar_empty")];
  if (text !== undefined && filled !== undefined && empty !== undefined) {
    pairs.push({ what: "the HP bar's text on its filled part", a: text, b: filled, min });
    pairs.push({ what: "the HP bar's text on its empty part", a: text, b: empty, min });
    pairs.push({ what: "the HP bar filled and empty", a: filled, b: empty, min: TELLING_APART_CONTRAST });
    const low = named("bar_low");
    if (low !== undefined) {
      pairs.push({ what: "the HP bar's text on its part filled while HP is low", a: text, b: low, min });
      pairs.push({
        what: "the HP bar filled while HP is low and empty",
        a: low,
        b: empty,
        min: TELLING_APART_CONTRAST,
      });
    }
  }
  const [yours, theirs] = [named("player_atk"), named("enemy_atk")];
  if (yours !== undefined && theirs !== undefined) {
    pairs.push({
      what: "your blows and theirs in the log",
      a: yours,
      b: theirs,
      min: TELLING_APART_CONTRAST,
    });
  }
  return pairs;
}

/** A pair a reader does not see apart enough, and the ratio they see. */
export interface ContrastFailure {
  readonly pair: ColorPair;
  readonly ratio: number;
}

/** The pairs of `pairs` a reader with `vision` sees below their least ratio. */
export function contrastFailures(pairs: readonly ColorPair[], vision: ColorVision): ContrastFailure[] {
  return pairs
    .map((pair) => ({ pair, ratio: contrastRatio(pair.a, pair.b, vision) }))
    .filter((f) => f.ratio < f.pair.min);
}
