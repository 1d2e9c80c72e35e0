/**
 * The shapes of the data files. Every number the game plays by is checked
 * here before the game starts; the same schemas are exported as JSON Schema
 * into `data/schema/` so editors check a modder's typing.
 *
 * @module
 */
import { z } from "zod";
import { MAX_CAPACITY, MAX_LEVEL, type MessageId } from "../engine/mod.ts";
// What a terminal can show, and how wide, is one rule for the checks here and
// for the screen that draws the text: a text that passes never shows an escape.
import { displayWidth, firstNonPrintable } from "../text/mod.ts";
import { DATA_LIMITS, MAP_BUDGET, NAME_LIMITS } from "./limits.ts";

/** A colour as `#RRGGBB`. */
export const colorSchema = z.string().regex(/^#[0-9A-Fa-f]{6}$/, {
  error: 'expected a colour like "#RRGGBB"',
}).describe("A colour as #RRGGBB.");

/** What is wrong with `glyph` as one cell of the map, or undefined when it is one. */
function glyphProblem(glyph: string): string | undefined {
  const hidden = firstNonPrintable(glyph);
  if (hidden) return `expected one printable character (this is or holds ${hidden})`;
  const codePoints = [...glyph].length;
  if (codePoints !== 1) return `expected one character (this is ${codePoints} code points)`;
  if (/^\p{M}$/u.test(glyph)) return "expected a character, not a combining mark";
  const width = displayWidth(glyph);
  if (width !== 1) return `expected a character one terminal column wide (this one takes ${width})`;
  return undefined;
}

/**
 * One character that takes one terminal column, as the width tables of
 * `string-width` measure it (so `◽`, emoji and East Asian wide characters
 * are refused: they take two), and no control, invisible character or
 * combining mark: what is drawn is exactly what the screen buffer believes.
 */
export const glyphSchema = z.string().check((ctx) => {
  const problem = glyphProblem(ctx.value);
  if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
}).describe("One character that takes one terminal column (no emoji, wide or combining characters).");

/**
 * Text to show, measured and laid out by its display width (wide characters
 * welcome, in any language), and line breaks where `lines` allows; never a
 * control or invisible character, which the screen would show as an escape.
 */
export const textSchema = (max: number, lines = false, min = 1): z.ZodString =>
  z.string().min(min, { error: "expected some text" }).max(max, {
    error: `expected at most ${max} characters`,
  }).check((ctx) => {
    const hidden = firstNonPrintable(lines ? ctx.value.replaceAll("\n", " ") : ctx.value);
    if (hidden) {
      ctx.issues.push({
        code: "custom",
        message: `expected printable characters${lines ? " and line breaks" : ""} (found ${hidden})`,
        input: ctx.value,
      });
    }
  });

/** A name used as an id: lower case, digits and underscores. */
export const idSchema = z.string().regex(/^[a-z][a-z0-9_]*$/, {
  error: "expected an id of lower-case letters, digits and _",
});

const int = (min: number, max: number, what: string) =>
  z.int({ error: `expected ${what}`, abort: true }).min(min, { error: `expected ${what}`, abort: true }).max(
    max,
    {
      error: `expected at most ${max}`,
    },
  );
const positive = (max: number) => int(1, max, "a positive integer");
const nonNegative = (max: number) => int(0, max, "a non-negative integer");
/** A number in [min, max] (above `min` when `above`), refused in the same words as the integers. */
const real = (min: number, max: number, above = false) =>
  z.number({ error: "expected a number" })
    .check(
      above
        ? z.gt(min, { error: `expected a number above ${min}`, abort: true })
        : z.gte(min, { error: `expected a number of at least ${min}`, abort: true }),
    )
    .max(max, { error: `expected at most ${max}` });
/** Power or defense: either way, within the stat bound. */
const stat = () => int(-DATA_LIMITS.stat, DATA_LIMITS.stat, `an integer of at least -${DATA_LIMITS.stat}`);

/** How one cell looks: a glyph with its colours. */
export const cellLookSchema = z.strictObject({ glyph: glyphSchema, fg: colorSchema, bg: colorSchema });

const tileLookSchema = z.strictObject({
  name: textSchema(40).describe("What look mode calls it (`stairs down`)."),
  plain: glyphSchema.describe("Drawn instead when the terminal has 16 colours or none."),
  dark: cellLookSchema.describe("Explored but not in view."),
  light: cellLookSchema.describe("In view."),
});

const paletteName = z.string().min(1).describe("A colour named in $.palette.");
const messageSchema = z.strictObject({
  text: textSchema(500, true, 0).describe(
    "{placeholders} are filled in; {Name} capitalises {name}. Empty: these rules do not say it.",
  ),
  color: z.union([paletteName, z.strictObject({ player: paletteName, other: paletteName })]),
});

/**
 * The log messages the engine produces; each must be present. A record,
 * so the compiler holds it to the engine's MessageId both ways.
 */
const MESSAGE_ID_SET: Record<MessageId, true> = {
  welcome: true,
  blocked: true,
  nothing_to_attack: true,
  attack: true,
  attack_no_damage: true,
  player_died: true,
  monster_died: true,
  confusion_ended: true,
  picked_up: true,
  inventory_full: true,
  nothing_to_pick_up: true,
  dropped: true,
  health_full: true,
  healed: true,
  lightning_hit: true,
  no_lightning_target: true,
  select_target: true,
  cannot_target_unseen: true,
  must_select_enemy: true,
  cannot_confuse_self: true,
  confused: true,
  fireball_hit: true,
  no_targets_in_radius: true,
  invalid_entry: true,
  save_failed: true,
  save_kept: true,
  morgue_written: true,
  morgue_failed: true,
  xp_gained: true,
  level_advanced: true,
  descended: true,
  rested: true,
  no_stairs: true,
  equipped: true,
  unequipped: true,
  explored: true,
  stairs_unknown: true,
  walk_monster: true,
  walk_item: true,
  walk_hurt: true,
  walk_interrupted: true,
  walk_stairs: true,
  walk_blocked: true,
  walk_no_way: true,
  input_dropped: true,
  game_abandoned: true,
  scores_failed: true,
  blast_reaches_you: true,
  teleported: true,
  map_revealed: true,
  summoned: true,
  bolt_hit: true,
  bolt_missed: true,
  nothing_happens: true,
  identified: true,
};

/**
 * What the messages of the item powers say when a game file leaves them
 * out: rules written before them (the tutorials') need not name them.
 */
const MESSAGE_DEFAULTS: Partial<Record<MessageId, z.output<typeof messageSchema>>> = {
  teleported: { text: "You feel yourself yanked elsewhere!", color: "status_effect_applied" },
  map_revealed: { text: "The layout of this floor comes to you.", color: "status_effect_applied" },
  summoned: { text: "{A_name} appears!", color: "enemy_atk" },
  bolt_hit: { text: "The bolt hits the {name} for {damage} damage!", color: "player_atk" },
  bolt_missed: { text: "The bolt hits nothing.", color: "impossible" },
  nothing_happens: { text: "Nothing happens.", color: "impossible" },
  identified: { text: "The {appearance} was {a_item}.", color: "white" },
};

/** The message ids, in order. */
export const MESSAGE_IDS = Object.keys(MESSAGE_ID_SET) as MessageId[];

const statRaise = z.strictObject({
  maxHp: nonNegative(DATA_LIMITS.raiseMaxHp).optional(),
  hp: nonNegative(DATA_LIMITS.hp).optional().describe("HP healed (never above max HP)."),
  power: stat().optional(),
  defense: stat().optional(),
  sight: nonNegative(DATA_LIMITS.sight).optional(),
}).describe(`Added to the stats on each level-up, up to level ${MAX_LEVEL}.`);

const progressionSchema = z.strictObject({
  xpForNextLevel: z.discriminatedUnion("formula", [
    z.strictObject({
      formula: z.literal("linear").describe("base + factor × level"),
      base: nonNegative(1_000_000),
      factor: nonNegative(1_000_000),
    }),
    z.strictObject({
      formula: z.literal("power").describe("factor × level ^ exponent"),
      factor: real(0, 1_000_000, true),
      exponent: real(0, 10, true),
    }),
  ]).describe(
    `XP needed to leave a level. Every level up to ${MAX_LEVEL} (the highest) must cost at least 1 XP: ` +
      "with reduce, the threshold itself; with keep, its rise over the level before.",
  ),
  levelUpWhen: z.enum([">", ">="]).describe("How XP is compared with the threshold."),
  xpAfterLevelUp: z.enum(["reduce", "keep"]).describe("reduce: XP −= threshold; keep: XP is cumulative."),
  xpPerKill: z.discriminatedUnion("formula", [
    z.strictObject({ formula: z.literal("template").describe("The victim template's xp.") }),
    z.strictObject({
      formula: z.literal("stats").describe("max HP + power + defense − levelFactor × level, if > 0"),
      levelFactor: nonNegative(1000),
    }),
  ]),
  healOnLevelUpPerLevel: nonNegative(1000).describe("HP healed on level-up: this × the new level."),
  healOnDescend: real(0, 1).describe("Fraction of max HP healed on taking the stairs."),
  window: z.strictObject({
    title: textSchema(60),
    text: z.array(textSchema(60)).max(4),
  }).describe("The level-up window's title and the lines above the choices."),
  choices: z.array(z.strictObject({
    key: z.string().regex(/^[a-z]$/, { error: "expected one lower-case letter" }),
    label: textSchema(60).describe("Shown in the level-up window; {max_hp}, {power}, {defense}, {sight}."),
    raise: statRaise,
    message: textSchema(200, false, 0).describe("Said when chosen; empty: nothing is said."),
  })).min(1),
});

/** `data/game.json`: map, sight, looks, messages, progression. */
export const gameSchema = z.strictObject({
  $schema: z.string().optional(),
  map: z.strictObject({
    width: positive(MAP_BUDGET.side),
    height: positive(MAP_BUDGET.side),
    maxRooms: positive(MAP_BUDGET.roomAttempts).describe("Room placement attempts a floor."),
    roomMinSize: int(3, MAP_BUDGET.side, "an integer of at least 3"),
    roomMaxSize: int(3, MAP_BUDGET.side, "an integer of at least 3"),
  }).describe(
    `The generator's budget: at most ${MAP_BUDGET.side} cells a side and ${MAP_BUDGET.roomAttempts} ` +
      "room attempts, so a floor is made in well under a second.",
  ),
  sightRadius: nonNegative(DATA_LIMITS.sight).describe("FOV radius; 0 is unlimited."),
  palette: z.record(idSchema, colorSchema),
  tiles: z.strictObject({ wall: tileLookSchema, floor: tileLookSchema, stairs: tileLookSchema }),
  shroud: cellLookSchema.extend({ name: textSchema(40).describe("What look mode calls a cell never seen.") })
    .describe("Never-seen cells."),
  corpse: z.strictObject({
    name: textSchema(NAME_LIMITS.corpse).describe(
      "{name} is the dead actor's name; filled in, the whole name must fit in " +
        `${NAME_LIMITS.thing} characters.`,
    ),
    glyph: glyphSchema,
    color: colorSchema,
  }),
  messages: z.strictObject(
    Object.fromEntries(MESSAGE_IDS.map((id) => {
      const fallback = MESSAGE_DEFAULTS[id];
      return [id, fallback ? messageSchema.default(fallback) : messageSchema];
    })) as Record<MessageId, typeof messageSchema>,
  ),
  progression: progressionSchema,
  score: z.strictObject({
    perFloor: real(-1e6, 1e6).describe("Points for each dungeon level reached."),
    perXp: real(-1e6, 1e6).describe("Points for each XP earned (before levelling takes any)."),
    perTurn: real(-1e6, 1e6).describe("Points for each turn taken (negative: speed pays)."),
  }).default({ perFloor: 1000, perXp: 1, perTurn: -0.1 }).describe(
    "The high-score formula: the sum of each weight times its count, rounded, never below 0.",
  ),
  equipmentSlots: z.array(idSchema).min(1).max(DATA_LIMITS.slots).optional().describe(
    'The equipment slots things are worn in, one item each; absent: ["weapon", "armor"].',
  ),
  unknownItems: z.record(
    idSchema,
    z.strictObject({
      name: textSchema(NAME_LIMITS.template).describe(
        'What an unknown thing of this kind is called: {appearance} is filled in ("{appearance} potion").',
      ),
      appearances: z.array(textSchema(NAME_LIMITS.template)).min(1).max(DATA_LIMITS.appearances).describe(
        "Shuffled for each game by its seed; each template of the kind takes one, so there must be as many.",
      ),
    }),
  ).optional().describe(
    "Kinds of unknown items (a template's `unknown`): called by a random appearance until the player uses one.",
  ),
});

/** The parsed `data/game.json`. */
export type GameConfig = z.output<typeof gameSchema>;

const amount = () => positive(DATA_LIMITS.effectAmount);

/** What using an item does. */
export const effectSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("heal"), amount: amount() }),
  z.strictObject({
    type: z.literal("damage_nearest"),
    amount: amount(),
    range: positive(DATA_LIMITS.effectReach),
  }),
  z.strictObject({ type: z.literal("confuse"), turns: positive(DATA_LIMITS.confuseTurns) }),
  z.strictObject({
    type: z.literal("damage_area"),
    amount: amount(),
    radius: nonNegative(DATA_LIMITS.effectReach),
  }),
  z.strictObject({ type: z.literal("teleport") }).describe(
    "Moves the user to a random free floor cell no monster sees.",
  ),
  z.strictObject({ type: z.literal("reveal_map") }).describe("The floor's layout becomes remembered."),
  z.strictObject({
    type: z.literal("summon"),
    template: idSchema.optional().describe(
      "The monster called; absent: drawn from the floor's monster table.",
    ),
    count: positive(DATA_LIMITS.summonCount).describe("How many, on the free cells nearest the reader."),
  }).describe("Calls monsters around the reader (a cursed scroll)."),
  z.strictObject({
    type: z.literal("bolt"),
    amount: amount(),
    range: positive(DATA_LIMITS.effectReach),
  }).describe("Aimed: a bolt along the line that hits the first actor in its way, up to range cells."),
]);

/** What wearing a thing adds, in its slot: a template's, and a thing's in a save. */
export const equippableSchema = z.strictObject({
  slot: idSchema.describe('One of game.json\'s equipmentSlots (by default "weapon" or "armor").'),
  power: stat().default(0),
  defense: stat().default(0),
  maxHp: nonNegative(DATA_LIMITS.wornMaxHp).optional().describe("Added to max HP, and HP, while worn."),
  sight: nonNegative(DATA_LIMITS.sight).optional().describe("Added to the sight radius while worn."),
});

export const templateSchema = z.strictObject({
  name: textSchema(NAME_LIMITS.template),
  glyph: glyphSchema,
  color: colorSchema,
  fighter: z.strictObject({
    hp: positive(DATA_LIMITS.hp),
    defense: stat(),
    power: stat(),
  })
    .optional().describe("Makes this an actor: it blocks, fights and can die."),
  ai: z.enum(["hostile"]).optional().describe("How a monster decides."),
  xp: nonNegative(DATA_LIMITS.xp).optional().describe("Experience its death gives the player."),
  inventoryCapacity: nonNegative(MAX_CAPACITY).optional(),
  startingEquipment: z.array(idSchema).optional().describe("Templates given and worn at the start."),
  item: z.strictObject({
    effect: effectSchema.optional(),
    charges: positive(DATA_LIMITS.charges).optional().describe(
      "Uses it has (a wand, shown in its name); absent: one use, then it is gone.",
    ),
  }).optional().describe("Makes this a thing to pick up."),
  unknown: idSchema.optional().describe(
    "A kind of unknown item (a key of game.json's unknownItems): it goes by an appearance until used.",
  ),
  equippable: equippableSchema.optional().describe(
    "Makes this a thing to wear; it is picked up like an item.",
  ),
});

/** `data/entities.json`: every template, by id. */
export const entitiesSchema = z.record(z.union([z.literal("$schema"), idSchema]), z.unknown()).pipe(
  z.object({ $schema: z.string().optional() }).catchall(templateSchema),
);

/** One template as written. */
export type TemplateConfig = z.output<typeof templateSchema>;

const floorSteps = z.array(
  z.strictObject({ floor: nonNegative(10_000), value: nonNegative(MAP_BUDGET.perRoom) }),
).describe(`How many a room may draw (at most ${MAP_BUDGET.perRoom}, the generator's budget).`);
const weightSteps = z.array(z.strictObject({
  floor: nonNegative(10_000),
  weights: z.record(idSchema, nonNegative(1_000_000)),
}));

/** `data/spawn_tables.json`: what spawns on which floor (docs/rules.md, Spawning). */
export const spawnTablesSchema = z.strictObject({
  $schema: z.string().optional(),
  maxMonstersPerRoom: floorSteps.describe(
    `The last step whose floor ≤ the depth applies; at most ${MAP_BUDGET.perRoom} (the generator's budget).`,
  ),
  maxItemsPerRoom: floorSteps,
  monsters: weightSteps.describe("Steps whose floor ≤ the depth merge in order; later weights replace."),
  items: weightSteps,
});

/** The parsed `data/spawn_tables.json`. */
export type SpawnTablesConfig = z.output<typeof spawnTablesSchema>;
