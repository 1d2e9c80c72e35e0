/**
 * The shapes of the data files. Every number the game plays by is checked
 * here before the game starts.
 *
 * @module
 */
import { z } from "zod";

/** A colour as `#RRGGBB`. */
export const colorSchema = z.string().regex(/^#[0-9A-Fa-f]{6}$/, {
  error: 'expected a colour like "#RRGGBB"',
});

/** One character that takes one terminal column. */
export const glyphSchema = z.string().regex(/^[\x20-\x7E\u00A0-\u02FF\u0370-\u1FFF\u2500-\u25FF]$/u, {
  error: "expected one single-width character",
});

const positiveInt = z.int({ error: "expected an integer" }).positive({
  error: "expected a positive integer",
});
const nonNegativeInt = z.int({ error: "expected an integer" }).nonnegative({
  error: "expected a non-negative integer",
});

/** How one cell looks: a glyph with its colours. */
export const cellLookSchema = z.strictObject({ glyph: glyphSchema, fg: colorSchema, bg: colorSchema });

const tileLookSchema = z.strictObject({
  /** Drawn instead when the terminal has few or no colours. */
  plain: glyphSchema,
  dark: cellLookSchema,
  light: cellLookSchema,
});

const messageSchema = z.strictObject({ text: z.string().min(1), color: z.string().min(1) });

/** `data/game.json`: map size, sight, colours and messages. */
export const gameSchema = z.strictObject({
  $schema: z.string().optional(),
  map: z.strictObject({
    width: positiveInt,
    height: positiveInt,
    maxRooms: positiveInt,
    roomMinSize: z.int().min(3, { error: "expected an integer of at least 3" }),
    roomMaxSize: z.int().min(3, { error: "expected an integer of at least 3" }),
  }),
  sightRadius: nonNegativeInt,
  palette: z.record(z.string(), colorSchema),
  tiles: z.strictObject({ wall: tileLookSchema, floor: tileLookSchema, stairs: tileLookSchema }),
  shroud: cellLookSchema,
  messages: z.strictObject({ welcome: messageSchema, blocked: messageSchema }),
});

/** The parsed `data/game.json`. */
export type GameConfig = z.output<typeof gameSchema>;

/** `data/entities.json`: the templates of everything that can exist. */
export const entitiesSchema = z.strictObject({
  $schema: z.string().optional(),
  player: z.strictObject({ name: z.string().min(1), glyph: glyphSchema, color: colorSchema }),
});

/** The parsed `data/entities.json`. */
export type EntitiesConfig = z.output<typeof entitiesSchema>;
