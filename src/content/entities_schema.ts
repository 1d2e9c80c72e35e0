/**
 * `data/entities.json`'s shape: templates, with their fighters, items,
 * equipment, powers and minds (docs/rules.md).
 *
 * @module
 */
import { z } from "zod";
import { DICE_LIMITS, MAX_CAPACITY, parseDice } from "../engine/mod.ts";
import { textSchema } from "./text_schema.ts";
import { DATA_LIMITS, NAME_LIMITS, WORK_LIMITS } from "./limits.ts";
import {
  colorSchema,
  energyAmount,
  glyphSchema,
  idSchema,
  int,
  nonNegative,
  positive,
  real,
  regenerationSchema,
  stat,
} from "./schema_parts.ts";

const amount = () => positive(DATA_LIMITS.effectAmount);

/** What using an item does. */
export const effectSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("heal"),
    amount: amount(),
    share: real(0, 1).optional().describe(
      "Heals this share of the user's max HP (rounded up) where that is more than amount; absent: amount.",
    ),
  }),
  z.strictObject({
    type: z.literal("damage_nearest"),
    amount: amount(),
    range: positive(DATA_LIMITS.effectReach),
  }),
  z.strictObject({ type: z.literal("confuse"), turns: positive(DATA_LIMITS.confuseTurns) }),
  z.strictObject({
    type: z.literal("apply_status"),
    status: idSchema.describe("A status of the game file's $.statuses."),
    on: z.enum(["self", "target"]).describe("target: aimed at a seen actor, as confusion is."),
    turns: positive(DATA_LIMITS.statusTurns).optional().describe("The status's own turns by default."),
  }),
  z.strictObject({
    type: z.literal("damage_area"),
    amount: amount(),
    radius: nonNegative(DATA_LIMITS.effectReach),
    ignites: z.boolean().optional().describe(
      "Sets alight the flammable cells in the blast the player sees (needs the game's $.fire); absent: no.",
    ),
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
  z.strictObject({ type: z.literal("identify") }).describe(
    "Names an unknown item the reader carries, chosen from the pack; read unknown, it names itself and the " +
      "first unknown item carried (docs/rules.md, Identify).",
  ),
  z.strictObject({
    type: z.literal("cloud"),
    kind: idSchema.describe("A gas of the game file's $.gases."),
    volume: positive(DATA_LIMITS.gasVolume).describe("How many cells the cloud fills where it is let out."),
    on: z.enum(["self", "target"]).default("self").describe(
      "self: around the user (a potion drunk); target: around a cell aimed at in view.",
    ),
  }).describe("Lets out a cloud of gas (docs/rules.md, Gas)."),
]);

/** Dice as `"2d4+1"`, `"d6"` or `"3"` (docs/rules.md, Dice). */
export const diceSchema = z.string({ error: 'expected dice like "2d4+1"' }).check((ctx) => {
  if (parseDice(ctx.value)) return;
  ctx.issues.push({
    code: "custom",
    message: `expected dice like "2d4+1" (at most ${DICE_LIMITS.count}d${DICE_LIMITS.sides}, ` +
      `a bonus of at most ${DICE_LIMITS.bonus})`,
    input: ctx.value,
  });
}).describe('Dice: "2d4+1", "d6", "1d8-1" or a plain number "3".');

/** Accuracy or evasion: percentage points. */
const points = () => int(-100, 100, "an integer of at least -100");

/** What wearing a thing adds, in its slot: a template's, and a thing's in a save. */
export const equippableSchema = z.strictObject({
  slot: idSchema.describe('One of game.json\'s equipmentSlots (by default "weapon" or "armor").'),
  power: stat().default(0),
  defense: stat().default(0),
  damage: diceSchema.optional().describe("A weapon's damage dice, rolled instead of the wielder's own."),
  accuracy: points().optional().describe("Added to the wearer's accuracy."),
  evasion: points().optional().describe("Added to the wearer's evasion."),
  maxHp: nonNegative(DATA_LIMITS.wornMaxHp).optional().describe("Added to max HP, and HP, while worn."),
  sight: nonNegative(DATA_LIMITS.sight).optional().describe("Added to the sight radius while worn."),
  speed: int(
    -DATA_LIMITS.speed,
    DATA_LIMITS.speed,
    `an integer from -${DATA_LIMITS.speed} to ${DATA_LIMITS.speed}`,
  )
    .optional().describe("Added to the wearer's speed (100 acts once a turn)."),
  stealth: int(0, 100, "an integer from 0 to 100").optional().describe(
    "Added to the wearer's stealth (at most 100 in all).",
  ),
  regeneration: regenerationSchema.optional().describe(
    "The wearer regenerates so while it wears it, where this is faster than its own.",
  ),
});

/** What a thing is as an item: a template's, and a thing's in a save. */
export const itemPartSchema = z.strictObject({
  effect: effectSchema.optional(),
  stacks: z.boolean().optional().describe("Like items merge into one stack (not for wearables)."),
  plural: textSchema(NAME_LIMITS.template).optional().describe(
    'A stack\'s name after its count; absent: the name with "s" added.',
  ),
  thrown: z.strictObject({
    damage: diceSchema.optional().describe("Damage dice to the actor it hits; absent: it hurts no one."),
    shatters: z.boolean().optional().describe("It breaks where it lands and is gone."),
    burst: z.strictObject({
      radius: nonNegative(DATA_LIMITS.effectReach).describe(
        "How many steps from where it lands, diagonal steps too (1: the cell and the eight around it).",
      ),
      status: idSchema.describe("A status of the game file's $.statuses."),
      turns: positive(DATA_LIMITS.statusTurns).optional().describe("The status's own turns by default."),
    }).optional().describe(
      "It breaks where it lands, names its kind, and puts status on every actor within radius, the thrower " +
        "too; it then hits no one as a missile (docs/rules.md, Thrown bursts).",
    ),
  }).optional().describe("What it does thrown (any item can be thrown)."),
  charges: nonNegative(DATA_LIMITS.charges).optional().describe("Uses left (a wand's)."),
});

/** A monster's mind composed of options (docs/rules.md, Monster minds); absent options keep hostile's way. */
export const mindSchema = z.strictObject({
  mind: z.literal("hostile").describe("The mind the options change: hostile, the only one there is."),
  ranged: z.strictObject({
    range: positive(DATA_LIMITS.effectReach).describe("The farthest cell it shoots at (Chebyshev distance)."),
    keepAway: nonNegative(DATA_LIMITS.effectReach).default(1).describe(
      "It steps back while the player is this close or closer (1: when next to it; 0: never).",
    ),
    verb: textSchema(40).default("shoots at").describe(
      'Fills {verb} in the shot messages ("hurls a rock at").',
    ),
    glyph: glyphSchema.default("*").describe("The projectile as it flies."),
    color: colorSchema.default("#ffffff").describe("The projectile's colour."),
    ignites: z.boolean().optional().describe(
      "The cell where the shot stops catches fire if it burns (grass; needs the game's $.fire); absent: no.",
    ),
  }).optional().describe("Shoots at the player in range along a clear line of fire; melee when cornered."),
  fleeBelow: real(0, 1).default(0).describe("Below this share of its max HP it flees (0: never)."),
  fleeUntil: real(0, 1).optional().describe(
    "Out of the player's sight and under this share of its max HP, it stays where it is to heal rather than " +
      "coming back to hunt (a coward that fled returns healed); absent: it hunts whatever its HP.",
  ),
  starts: z.enum(["awake", "asleep"]).default("awake").describe(
    "asleep: it wakes when hurt, or by noticing the player (perception against stealth).",
  ),
  perception: nonNegative(DATA_LIMITS.sight).default(6).describe(
    "Asleep, it may notice the player within this many cells (each turn, a roll against stealth).",
  ),
  wanders: z.boolean().default(false).describe(
    "Not having seen the player, it walks to random cells nearby.",
  ),
  stationary: z.boolean().default(false).describe("It never moves (a turret, a fungus)."),
  harmless: z.boolean().optional().describe(
    "With stationary: it never strikes either, doing nothing at all (the Caves of Zircon tutorial's fungus).",
  ),
  erratic: real(0, 1).default(0).describe("The share of its turns spent on a random step (a bat)."),
}).refine((m) => !m.harmless || m.stationary, {
  error: "expected harmless only with stationary: true (a harmless monster that moves is not supported)",
  path: ["harmless"],
});

/** A composed mind as written. */
export type MindConfig = z.output<typeof mindSchema>;

export const templateSchema = z.strictObject({
  name: textSchema(NAME_LIMITS.template),
  description: textSchema(200).optional().describe(
    "One line about it, shown in look mode (an unknown item's only once it is known).",
  ),
  glyph: glyphSchema,
  color: colorSchema,
  alwaysVisible: z.boolean().optional().describe(
    "An item or a thing to wear that stays drawn, in its own colour, on explored cells out of sight (the " +
      "RogueBasin tutorial's items); absent: drawn only in view.",
  ),
  fighter: z.strictObject({
    hp: positive(DATA_LIMITS.hp),
    defense: stat(),
    power: stat(),
    damage: diceSchema.optional().describe(
      "Damage dice rolled on a hit, before power (needs $.combat in game.json).",
    ),
    accuracy: points().optional().describe("Added to the chance to hit, in percent."),
    evasion: points().optional().describe("Taken from the chance to be hit, in percent."),
  })
    .optional().describe("Makes this an actor: it blocks, fights and can die."),
  speed: energyAmount().optional().describe(
    "Energy gained a turn; 100 (the default) acts once a turn. A monster may act at most " +
      `${WORK_LIMITS.actionsPerTurn} times a turn (its speed, with the fastest status, over the cheapest action).`,
  ),
  regeneration: regenerationSchema.optional(),
  onHit: z.array(z.strictObject({
    status: idSchema.describe("A status of game.json's $.statuses."),
    chance: real(0, 1).describe("The chance, 0 to 1, that a blow which hurts puts it on."),
    turns: positive(DATA_LIMITS.statusTurns).optional().describe(
      "How long; the status's own turns by default.",
    ),
  })).max(DATA_LIMITS.statuses).optional().describe(
    "Statuses this monster's blows and shots may put on what they hurt (docs/rules.md, On-hit effects).",
  ),
  pack: z.strictObject({
    min: positive(DATA_LIMITS.pack).describe("The fewest of the kind in a pack, the first one counted."),
    max: positive(DATA_LIMITS.pack).describe("The most."),
  }).refine((p) => p.max >= p.min, { message: "max at least min", path: ["max"] }).optional().describe(
    "Drawn by a floor's spawn tables, it comes with others of its kind, on free cells of its room or area.",
  ),
  ai: z.union([z.literal("hostile"), mindSchema]).optional().describe(
    'How a monster decides: "hostile" (pursues the player it sees), or a mind composed of options ' +
      "(docs/rules.md, Monster minds).",
  ),
  heavy: z.boolean().optional().describe(
    "Carried and not worn, deep water may sweep it away (the game's $.water); absent: never.",
  ),
  fireImmune: z.boolean().optional().describe(
    "Fire does not hurt it, and it walks into fire as into floor (docs/rules.md, Fire); absent: fire hurts " +
      "it and, a monster, it walks round fire.",
  ),
  stealth: int(0, 100, "an integer from 0 to 100").optional().describe(
    "The chance in 100 each turn that a sleeping monster within its perception does not notice this " +
      "actor (the player's counts; default 0).",
  ),
  opensDoors: z.boolean().optional().describe(
    "false: it cannot open doors; a closed door is a wall to its paths, and it waits or goes round " +
      "(docs/rules.md, Doors). Absent or true: walking into a closed door opens it.",
  ),
  closesDoors: z.boolean().optional().describe(
    "true: stepping out of an open doorway it closes the door behind it, in the same move, unless something " +
      "is left in the doorway (docs/rules.md, Doors). Absent: doors stay as it leaves them.",
  ),
  xp: nonNegative(DATA_LIMITS.xp).optional().describe("Experience its death gives the player."),
  inventoryCapacity: nonNegative(MAX_CAPACITY).optional(),
  startingEquipment: z.array(idSchema).optional().describe("Templates given and worn at the start."),
  item: itemPartSchema.extend({
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
