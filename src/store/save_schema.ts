/**
 * The schema of the game state in a save: every field of it, each bounded
 * by what a game played by data within the data's own bounds can reach
 * (content/limits.ts), so a damaged or hostile save is refused field by
 * field before the engine sees it. The file around the state, and turning
 * the checked state into a game, are save_format.ts's.
 *
 * @module
 */
import { z } from "zod";
import {
  DATA_LIMITS,
  diceSchema,
  equippableSchema,
  glyphSchema,
  idSchema,
  itemPartSchema,
  NAME_LIMITS,
  REACHABLE,
  textSchema,
} from "../content/mod.ts";
import {
  type Ai,
  type Entity,
  type Fighter,
  MAX_SEED,
  MAX_STATUSES,
  MAX_TICKS,
  MAX_TURNS,
} from "../engine/mod.ts";

/** A whole number in [min, max], refused in words a player reads. */
export const whole = (min: number, max: number): z.ZodInt =>
  z.int({ error: "expected a whole number" })
    .min(min, { error: `expected at least ${min}` })
    .max(max, { error: `expected at most ${max}` });
const count = whole(0, Number.MAX_SAFE_INTEGER);
const int32 = whole(-(2 ** 31), 2 ** 31 - 1);
/** Power or defense as a game can reach them (the data's bound, raised by every level). */
const stat = whole(-REACHABLE.stat, REACHABLE.stat);
/** XP and the like: any finite amount. */
const amount = z.number().nonnegative();
const cells = REACHABLE.mapSide * REACHABLE.mapSide;

// Cells an AI heads for are checked against the map's own size once it is known (stateProblems).
const aiSchema: z.ZodType<Ai> = z.lazy(() =>
  z.union([
    z.strictObject({
      type: z.literal("hostile"),
      lastSeen: whole(-1, cells - 1),
      path: z.array(whole(0, cells - 1)).max(cells),
      asleep: z.literal(true).optional(),
    }),
    z.strictObject({
      type: z.literal("confused"),
      turnsRemaining: whole(0, DATA_LIMITS.confuseTurns),
      previous: aiSchema,
    }),
  ])
);

/**
 * One schema a field of `T`, for every field and no other: what a thing is
 * is said once, in the engine's types (entity.ts), and the compiler holds
 * the save's checks to it field by field.
 */
type FieldsOf<T> = { readonly [K in keyof T]-?: z.ZodType };

// A thing's parts that the data describes too are checked by the data's own schemas (effect, equippable).
const entitySchema: z.ZodType<Entity> = z.lazy(() =>
  z.strictObject(
    {
      id: count,
      // Checked against the save's own rules' templates too (stateProblems), as a data file's are.
      template: idSchema,
      // What the screen shows one cell a character, as the data that named it had to be.
      name: textSchema(NAME_LIMITS.thing),
      glyph: glyphSchema,
      color: whole(0, 0xffffff),
      x: whole(0, REACHABLE.mapSide - 1),
      y: whole(0, REACHABLE.mapSide - 1),
      blocksMovement: z.boolean(),
      layer: z.enum(["corpse", "item", "actor"]),
      fighter: z.strictObject(
        {
          maxHp: whole(1, REACHABLE.maxHp),
          hp: whole(0, REACHABLE.maxHp),
          defense: stat,
          power: stat,
          damage: diceSchema.optional(),
          accuracy: whole(-100, 100).optional(),
          evasion: whole(-100, 100).optional(),
        } satisfies FieldsOf<Fighter>,
      ).optional(),
      ai: aiSchema.optional(),
      xpGiven: whole(0, DATA_LIMITS.xp).optional(),
      item: itemPartSchema.optional(),
      // Stacks gather across floors: no bound but a safe integer.
      count: whole(2, Number.MAX_SAFE_INTEGER).optional(),
      letter: whole(0, REACHABLE.capacity - 1).optional(),
      formerLetter: whole(0, REACHABLE.capacity - 1).optional(),
      inventory: z.strictObject({
        capacity: whole(0, REACHABLE.capacity),
        items: z.array(entitySchema).max(REACHABLE.capacity),
      }).optional(),
      equippable: equippableSchema.optional(),
      // Each worn thing's own slot is checked against the one it is worn in (stateProblems).
      equipment: z.record(z.string().max(100), count).optional(),
      level: z.strictObject({
        current: whole(1, REACHABLE.level),
        xp: amount,
        choices: whole(1, REACHABLE.level).optional(),
      }).optional(),
      sight: whole(0, REACHABLE.sight).optional(),
      speed: whole(1, DATA_LIMITS.speed).optional(),
      stealth: whole(0, 100).optional(),
      energy: int32.optional(),
      statuses: z.array(z.strictObject({ id: z.string().max(100), turns: whole(1, DATA_LIMITS.statusTurns) }))
        .max(MAX_STATUSES).optional(),
      sneaking: z.literal(true).optional(),
    } satisfies FieldsOf<Entity>,
  )
);

const chronicleSchema = z.strictObject({
  kills: z.array(z.strictObject({ name: z.string().max(200), count: whole(1, Number.MAX_SAFE_INTEGER) }))
    .max(100_000),
  killsByFloor: z.array(count).max(REACHABLE.floor),
  xpEarned: amount,
  death: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.enum(["melee", "thrown", "status"]), by: z.string().max(200) }),
    z.strictObject({ kind: z.enum(["lightning", "fire", "bolt", "unknown"]) }),
  ]).optional(),
  escaped: z.enum(["won", "left"]).optional(),
});

const bytes = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: "expected base64" });

// Every bound is what a game played by data within the schemas' bounds can reach (content/limits.ts).
const point = z.strictObject({ x: count, y: count });

/**
 * A kept floor: one byte a cell, the tile in the low bits and 0x80 where the
 * player has seen it (nothing is in view on a floor no one is on): a tenth
 * of the save's size on a ten-floor game.
 */
const keptFloorSchema = z.strictObject({
  floor: whole(1, REACHABLE.floor),
  width: whole(1, REACHABLE.mapSide),
  height: whole(1, REACHABLE.mapSide),
  cells: bytes,
  stairs: point,
  upStairs: point.optional(),
  entities: z.array(entitySchema).max(REACHABLE.things),
});

/** A save's game state as written (its map's grids in base64), before the engine's own checks. */
export const stateSchema = z.strictObject({
  seed: whole(0, MAX_SEED),
  rng: z.tuple([int32, int32, int32, int32]),
  rolls: z.tuple([int32, int32, int32, int32]).optional(),
  // The engine's bounds, which it never passes: a game loaded within them can always be saved again.
  turn: whole(0, MAX_TURNS),
  ticks: whole(0, MAX_TICKS).optional(),
  floor: whole(1, REACHABLE.floor),
  map: z.strictObject({
    width: whole(1, REACHABLE.mapSide),
    height: whole(1, REACHABLE.mapSide),
    tiles: bytes,
    explored: bytes,
    visible: bytes,
    stairs: point,
    upStairs: point.optional(),
    fire: bytes.optional(),
    gas: bytes.optional(),
    gasKind: bytes.optional(),
  }),
  keptFloors: z.array(keptFloorSchema).max(REACHABLE.floor).optional(),
  entities: z.array(entitySchema).max(REACHABLE.things),
  playerId: count,
  nextId: count,
  log: z.array(
    z.strictObject({ text: z.string(), color: z.string(), count: whole(1, Number.MAX_SAFE_INTEGER) }),
  ),
  chronicle: chronicleSchema,
  known: z.array(idSchema.max(100)).max(100_000).optional(),
  drawn: z.record(idSchema.max(100), count).optional(),
  background: idSchema.max(100).optional(),
});
