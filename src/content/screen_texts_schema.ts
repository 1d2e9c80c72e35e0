/**
 * The words of the panel and the character window, in `game.json`
 * (docs/rules.md, Screen layout; Windows): each rule set may say them as its
 * tutorial does and put the panel's lines where its tutorial put them. The
 * defaults are Delve's texts, so data that says nothing reads as before.
 *
 * @module
 */
import { z } from "zod";
import { textSchema } from "./text_schema.ts";

/** The placeholders the panel's and the character window's texts may use. */
export const STAT_PLACEHOLDERS = [
  "hp",
  "max_hp",
  "level",
  "xp",
  "next_xp",
  "threshold",
  "attack",
  "defense",
  "sight",
  "depth",
  "turn",
  "seed",
] as const;

const placeholders = STAT_PLACEHOLDERS.map((p) => `{${p}}`).join(", ");

/** Rows of the full (80x50) panel under the map. */
export const FULL_PANEL_ROWS = 7;
/** Lines under the HP bar: the compact panel (4 rows) takes a fifth row for a fourth. */
export const MAX_PANEL_LINES = 4;
/** The side panel's figure rows under its HP bar. */
export const SIDE_FIGURE_ROWS = 5;

const row = z.int().min(0, { error: "expected a row of the panel, 0 to 6" }).max(FULL_PANEL_ROWS - 1, {
  error: "expected a row of the panel, 0 to 6",
});

const belowSchema = z.strictObject({
  x: z.int().min(0).max(1, { error: "expected column 0 or 1 (the log starts at column 21)" }).default(0)
    .describe("The column the HP bar and the lines start at."),
  barRow: row.default(2).describe("The HP bar's row in the 80x50 panel (0 is its top row)."),
  linesRow: row.default(4).describe("The first line's row in the 80x50 panel, below the HP bar."),
  lines: z.array(textSchema(40)).max(MAX_PANEL_LINES, {
    error: `expected at most ${MAX_PANEL_LINES} lines (the room the panel has under 50 rows)`,
  }).default(["Dungeon level: {depth}"]).describe(
    `Lines under the HP bar, one a row (clipped to the 20 columns left of the log); ${placeholders}. ` +
      "Under 50 rows they follow the bar on the next rows.",
  ),
});

/** One side-panel figure line: a text, or two shown side by side. */
const figureSchema = z.union([textSchema(40), z.tuple([textSchema(20), textSchema(20)])]);

const sideSchema = z.strictObject({
  lines: z.array(figureSchema).max(SIDE_FIGURE_ROWS, {
    error: `expected at most ${SIDE_FIGURE_ROWS} lines (the side panel's rows for them)`,
  }).default([
    ["Level {level}", "Depth {depth}"],
    "XP {xp}, next {next_xp}",
    "Attack {attack}",
    "Defense {defense}",
    "Turn {turn}",
  ]).describe(`The figures under the HP bar, one a row; a pair shares its row; ${placeholders}.`),
  slot: textSchema(40).default("{slot}: {item}").describe("Each equipment slot: {slot}, {item}."),
  emptySlot: textSchema(20).default("-").describe("{item} for an empty slot."),
  health: z.array(z.strictObject({
    from: z.number().min(0).max(1).describe("The least share of its HP a monster has for this word."),
    word: textSchema(20),
  })).min(1).max(8, { error: "expected at most 8 words" }).default([
    { from: 1, word: "unhurt" },
    { from: 0.5, word: "wounded" },
    { from: 0.25, word: "badly hurt" },
    { from: 0, word: "almost dead" },
  ]).describe(
    "The monsters list's word for a monster's health: the first whose `from` its HP share (hp / max HP) " +
      "reaches; none reached, the last.",
  ),
  more: textSchema(20).default("and {count} more").describe(
    "The monsters list's last line when more are in view than it has rows for: {count}.",
  ),
  asleep: textSchema(20).default("asleep").describe(
    "The monsters list's word, among a monster's statuses, for one asleep by its mind (not yet noticed the player).",
  ),
  asleepLook: textSchema(100).default("It is asleep: it has not noticed you.").describe(
    "Look mode's line, after a monster's numbers, while it is asleep by its mind.",
  ),
});

/** `game.json`'s `panel`: where it goes, and what it says. */
export const panelSchema = z.strictObject({
  place: z.enum(["below", "side"]).default("below").describe(
    "below: the HP bar, level and log under the map (the tutorial's); side: a column right of the map " +
      "with HP, level and XP, attack and defense, depth and turn, statuses and equipment, the log under the map.",
  ),
  hp: textSchema(19).default("HP: {hp}/{max_hp}").describe(`The text on the HP bar; ${placeholders}.`),
  below: belowSchema.prefault({}).describe("The panel under the map."),
  side: sideSchema.prefault({}).describe("The panel at the side."),
}).prefault({}).describe("Where the panel goes and what it says (docs/rules.md, Screen layout).");

/** `game.json`'s `character`: the character window's words. */
export const characterSchema = z.strictObject({
  title: textSchema(40).default("Character Information"),
  lines: z.array(textSchema(60, false, 0)).max(12, { error: "expected at most 12 lines" }).default([
    "Level: {level}",
    "XP: {xp}",
    "XP for next Level: {next_xp}",
    "Attack: {attack}",
    "Defense: {defense}",
    "Max HP: {max_hp}",
    "Sight: {sight}",
  ]).describe(`The window's lines, blank ones included (the morgue file lists them too); ${placeholders}.`),
  unlimitedSight: textSchema(20).default("unlimited").describe("{sight} when sight has no limit."),
  maxLevel: textSchema(20).default("-").describe("{next_xp} at the highest level."),
}).prefault({}).describe("The character window's words (docs/rules.md, Windows).");

/** The panel's words, as parsed. */
export type PanelTexts = z.output<typeof panelSchema>;
/** The character window's words, as parsed. */
export type CharacterTexts = z.output<typeof characterSchema>;
