/**
 * The shapes of the data files. Every number the game plays by is checked
 * here before the game starts; the same schemas are exported as JSON Schema
 * into `data/schema/` so editors check a modder's typing.
 *
 * @module
 */
import { z } from "zod";
import {
  DEATH_CAUSE_KINDS,
  type DeathCause,
  DICE_LIMITS,
  MAX_CAPACITY,
  MAX_FLOOR,
  MAX_LEVEL,
  type MessageId,
  type MessageTemplate,
  parseDice,
} from "../engine/mod.ts";
// What a terminal can show, and how wide, is one rule for the checks here and
// for the screen that draws the text: a text that passes never shows an escape.
import { displayWidth, firstNonPrintable } from "../text/mod.ts";
import { textSchema } from "./text_schema.ts";
import { characterSchema, panelSchema } from "./screen_texts_schema.ts";

export { textSchema };
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
const messageText = textSchema(500, true, 0).describe(
  "{placeholders} are filled in; {Name} capitalises {name}. Empty: these rules do not say it.",
);
const messageSchema = z.strictObject({
  text: z.union([
    messageText,
    z.strictObject({
      byPlayer: messageText.describe("When the player does it."),
      toPlayer: messageText.describe("When another does it to the player."),
      other: messageText.describe("When one monster does it to another."),
    }).describe("Words by who did what (docs/rules.md, Message log)."),
  ]),
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
  no_way_down: true,
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
  ascended: true,
  left_dungeon: true,
  escaped_with_goal: true,
  confirm_leave: true,
  attack_missed: true,
  thrown: true,
  thrown_hit: true,
  thrown_no_damage: true,
  thrown_missed: true,
  shattered: true,
  throw_self: true,
  rest_done: true,
  rest_status: true,
  rest_cannot: true,
  cannot_status_self: true,
  shot: true,
  shot_no_damage: true,
  shot_missed: true,
  monster_woke: true,
  teleported: true,
  map_revealed: true,
  summoned: true,
  bolt_hit: true,
  bolt_missed: true,
  nothing_happens: true,
  identified: true,
};

/**
 * Messages added after the tutorial rule sets were written, with the text a
 * data folder that does not give them says: they only ever show with the
 * words that make them (docs/rules.md, Persistent floors; A goal; Combat
 * rolls; Throwing; Resting; Statuses; Monster minds; the item powers), in colours every rule set's palette names.
 */
const MESSAGE_DEFAULTS: Partial<Record<MessageId, MessageTemplate>> = {
  ascended: { text: "You climb the staircase.", color: "descend" },
  left_dungeon: { text: "You leave the dungeon.", color: "descend" },
  escaped_with_goal: { text: "You leave the dungeon with the {item}!", color: "descend" },
  confirm_leave: {
    text: "These stairs lead out of the dungeon: leave it, and end the game?",
    color: "white",
  },
  attack_missed: { text: "{Attacker} misses {target}.", color: { player: "player_atk", other: "enemy_atk" } },
  thrown: { text: "You throw the {item}.", color: "white" },
  thrown_hit: { text: "The {item} hits {target} for {damage} hit points.", color: "player_atk" },
  thrown_no_damage: { text: "The {item} hits {target} but does no damage.", color: "player_atk" },
  thrown_missed: { text: "The {item} misses {target}.", color: "player_atk" },
  shattered: { text: "The {item} shatters.", color: "white" },
  throw_self: { text: "You cannot throw at yourself.", color: "impossible" },
  rest_done: { text: "You feel rested.", color: "health_recovered" },
  rest_status: { text: "You stop resting: {Name} is over.", color: "white" },
  rest_cannot: { text: "Resting would not heal you.", color: "impossible" },
  cannot_status_self: { text: "You cannot aim that at yourself.", color: "impossible" },
  shot: {
    text: "{Attacker} {verb} {target} for {damage} hit points.",
    color: { player: "player_atk", other: "enemy_atk" },
  },
  shot_no_damage: {
    text: "{Attacker} {verb} {target} but does no damage.",
    color: { player: "player_atk", other: "enemy_atk" },
  },
  shot_missed: {
    text: "{Attacker} {verb} {target} and misses.",
    color: { player: "player_atk", other: "enemy_atk" },
  },
  monster_woke: { text: "{Name} wakes up.", color: "white" },
  teleported: { text: "You feel yourself yanked elsewhere!", color: "status_effect_applied" },
  map_revealed: { text: "The layout of this floor comes to you.", color: "status_effect_applied" },
  summoned: { text: "{A_name} appears!", color: "enemy_atk" },
  bolt_hit: { text: "The bolt hits the {name} for {damage} damage!", color: "player_atk" },
  bolt_missed: { text: "The bolt hits nothing.", color: "impossible" },
  nothing_happens: { text: "Nothing happens.", color: "impossible" },
  identified: { text: "The {appearance} was {a_item}.", color: "white" },
  no_way_down: { text: "This is the deepest floor: there is no way further down.", color: "impossible" },
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
  xpFor: z.enum(["any_death", "own_kills"]).optional().describe(
    "Which deaths give the player XP: every monster's (default, the TCOD tutorial's), or only those the " +
      "player dealt, by blow, shot, throw or item (own_kills, the Caves of Zircon tutorial's).",
  ),
  levelUpOpens: z.enum(["after_turn", "next_key"]).optional().describe(
    "When the level-up window opens: after the turn that earned the level (default), or on the key pressed " +
      "after it, which does nothing else (next_key, the ROT.js tutorial's).",
  ),
  levelRisesAt: z.enum(["choice", "kill"]).optional().describe(
    "When a level rises: as its choice is made (default), or at once at the kill that earns it, healing " +
      "then and crediting a later kill of the same turn at the new level, the choice raising only its stats " +
      "(kill, the Caves of Zircon tutorial's).",
  ),
  levelToldAt: z.enum(["kill", "next_turn"]).optional().describe(
    "When a level earned is told: at the kill (default), or at the check before the player's next turn, " +
      "once the monsters have acted (next_turn, the RogueBasin tutorial's).",
  ),
  restTold: z.enum(["when_healed", "always"]).optional().describe(
    "When taking the stairs says `rested`: only when it heals (default), or every time, even at full HP " +
      "(the RogueBasin tutorial's).",
  ),
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

const caveNumbers = {
  fill: real(0, 1).default(0.45).describe("The chance, 0 to 1, that a cell starts as wall."),
  smoothing: nonNegative(MAP_BUDGET.smoothing).default(4).describe("Smoothing steps of the automaton."),
  birth: int(0, 9, "an integer from 0 to 9").default(5).describe(
    "A floor cell turns to wall with at least this many wall neighbours (of 8; 9: never).",
  ),
  survive: int(0, 9, "an integer from 0 to 9").default(4).describe(
    "A wall cell stays wall with at least this many wall neighbours (of 8; 9: never).",
  ),
  areaSize: int(2, MAP_BUDGET.side, "an integer of at least 2").default(8).describe(
    "Caves spawn monsters and items by squares of this side (each square with as many floor cells is a room).",
  ),
};
const planBase = {
  from: positive(10_000).describe(
    "The first floor this generator makes; it makes floors until the next plan's.",
  ),
  vaults: nonNegative(MAP_BUDGET.vaults).default(0).describe("Vaults drawn from $.vaults for each floor."),
};

/** Which generator makes a range of floors (docs/rules.md, Map kinds). */
export const floorPlanSchema = z.discriminatedUnion("generator", [
  z.strictObject({
    ...planBase,
    generator: z.literal("rooms").describe("Rooms and corridors (the map's numbers)."),
  }),
  z.strictObject({
    ...planBase,
    generator: z.literal("caves").describe("Cellular-automaton caves."),
    ...caveNumbers,
  }),
  z.strictObject({
    ...planBase,
    generator: z.literal("mixed").describe("Rooms (the map's numbers) joined by caves."),
    ...caveNumbers,
  }),
], { error: 'expected a generator: "rooms", "caves" or "mixed"' });

const vaultCellSchema = z.union([
  z.enum(["wall", "floor", "door"]),
  z.strictObject({ template: idSchema.describe("A monster or item template, on floor.") }),
  z.strictObject({
    random: z.enum(["monster", "item"]).describe("One drawn from this floor's spawn tables."),
  }),
], { error: 'expected "wall", "floor", "door", {"template": id} or {"random": "monster" | "item"}' });

/** A hand-drawn prefab (docs/rules.md, Vaults). */
export const vaultSchema = z.strictObject({
  id: idSchema,
  weight: positive(1_000_000),
  from: positive(10_000).describe("The first floor it may appear on."),
  to: positive(10_000).optional().describe("The last floor it may appear on (default: every one after)."),
  rows: z.array(
    z.string().regex(/^[!-~]+$/, { error: "expected a row of printable ASCII characters, no spaces" }).max(
      MAP_BUDGET.side,
    ),
  ).min(1).max(MAP_BUDGET.side).describe("The drawing, one string a row, all rows as long."),
  legend: z.record(
    z.string().regex(/^[!-~]$/, { error: "expected one printable ASCII character" }),
    vaultCellSchema,
  ).default({}).describe('What each character makes; "#" wall, "." floor and "+" door unless redefined.'),
});

/** One vault as written. */
export type VaultConfig = z.output<typeof vaultSchema>;
/** `hp` HP every `turns` turns. */
const regenerationSchema = z.strictObject({
  hp: positive(DATA_LIMITS.hp),
  turns: positive(DATA_LIMITS.statusTurns),
}).describe("HP regained every so many turns of game time.");

/** Energy: 100 is once a turn. */
const energyAmount = () => positive(DATA_LIMITS.speed);

const timeSchema = z.strictObject({
  costs: z.strictObject({
    move: energyAmount().default(100),
    attack: energyAmount().default(100),
    use: energyAmount().default(100),
    wait: energyAmount().default(100),
  }).optional().describe(
    "Energy each kind of action costs (100 each by default): any turns the scheduler on.",
  ),
  regeneration: regenerationSchema.optional().describe("For actors whose template sets none."),
});

const statusTextSchema = z.strictObject({
  player: textSchema(200, false, 0).describe("Said of the player; empty: nothing is said."),
  other: textSchema(200, false, 0).describe("Said of a monster ({name}, {Name}); empty: nothing is said."),
  color: paletteName,
});

/** A status: what it does while it lasts (docs/rules.md, Statuses). */
const statusSchema = z.strictObject({
  name: textSchema(NAME_LIMITS.status).describe("Shown in the panel with the turns left."),
  turns: positive(DATA_LIMITS.statusTurns).describe("How long it lasts, unless what puts it on says."),
  speed: real(0.1, 10).default(1).describe(
    "Multiplies the actor's speed (any other than 1 turns the scheduler on).",
  ),
  power: stat().default(0),
  defense: stat().default(0),
  damagePerTurn: nonNegative(DATA_LIMITS.effectAmount).default(0),
  healPerTurn: nonNegative(DATA_LIMITS.effectAmount).default(0),
  action: z.enum(["random_steps", "asleep"]).optional().describe(
    "random_steps: every move goes a random way; asleep: no action until hurt.",
  ),
  start: statusTextSchema,
  end: statusTextSchema,
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
    floors: z.array(floorPlanSchema).min(1).max(100).optional().describe(
      "Which generator makes which floors, by ascending from; absent: rooms everywhere.",
    ),
  }).describe(
    `The generator's budget: at most ${MAP_BUDGET.side} cells a side and ${MAP_BUDGET.roomAttempts} ` +
      "room attempts, so a floor is made in well under a second.",
  ),
  sightRadius: nonNegative(DATA_LIMITS.sight).describe("FOV radius; 0 is unlimited."),
  palette: z.record(idSchema, colorSchema),
  tiles: z.strictObject({
    wall: tileLookSchema,
    floor: tileLookSchema,
    stairs: tileLookSchema,
    upstairs: tileLookSchema.default({
      name: "stairs up",
      plain: "<",
      dark: { glyph: "<", fg: "#808080", bg: "#000064" },
      light: { glyph: "<", fg: "#ffffff", bg: "#c8b432" },
    }).describe("Only on kept floors ($.dungeon.floors); the default is a `<`."),
    door: tileLookSchema.default({
      name: "closed door",
      plain: "+",
      dark: { glyph: "+", fg: "#6E4A1E", bg: "#000064" },
      light: { glyph: "+", fg: "#C89632", bg: "#826E32" },
    }).describe("A closed door (vaults' +)."),
    open_door: tileLookSchema.default({
      name: "open door",
      plain: "'",
      dark: { glyph: "'", fg: "#6E4A1E", bg: "#6464C8" },
      light: { glyph: "'", fg: "#6E4A1E", bg: "#C8B432" },
    }).describe("A door walked open."),
  }),
  vaults: z.array(vaultSchema).max(1000).optional().describe("Prefabs the floor plans may place."),
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
    Object.fromEntries(
      MESSAGE_IDS.map((id) => {
        const fallback = MESSAGE_DEFAULTS[id];
        return [id, fallback ? messageSchema.default(fallback) : messageSchema];
      }),
    ) as Record<MessageId, typeof messageSchema>,
  ),
  progression: progressionSchema,
  combat: z.strictObject({
    toHit: z.strictObject({
      base: int(-1000, 1000, "an integer of at least -1000").describe(
        "The chance in percent before accuracy and evasion.",
      ),
      min: int(0, 100, "a percentage"),
      max: int(0, 100, "a percentage"),
    }).optional().describe(
      "Chance to hit % = base + accuracy − evasion, kept within [min, max]; absent: every blow hits.",
    ),
    minDamage: nonNegative(DATA_LIMITS.effectAmount).default(0).describe(
      "The least damage a hit does after defense.",
    ),
  }).optional().describe(
    "Rolled combat (docs/rules.md, Combat rolls): dice, to-hit rolls, a least damage. Absent: power − defense, nothing rolled.",
  ),
  death: z.strictObject({
    leaves: z.enum(["corpse", "nothing"]).default("corpse").describe(
      "What a dead monster leaves: its corpse ($.corpse), or nothing (it is taken off the floor once its " +
        "death is settled, the Caves of Zircon tutorial's).",
    ),
    causes: z.strictObject(
      Object.fromEntries(DEATH_CAUSE_KINDS.map((kind) => [kind, textSchema(60, false, 0)])) as Record<
        DeathCause["kind"],
        z.ZodString
      >,
    ).optional().describe(
      "The words {cause} in $.messages.monster_died becomes, by what dealt the death: melee (a blow or a " +
        "shot; {killer}), lightning, fire, bolt, thrown ({item}), status ({status}), unknown.",
    ),
  }).optional().describe("What a death leaves and how its line names its cause; absent: corpses, no causes."),
  stairsAway: z.enum(["walk", "refuse"]).optional().describe(
    "What > and < do away from the stairs: walk to them once seen (walk, the default), or say " +
      '"There are no stairs here." and take no turn (refuse, the tutorials\').',
  ),
  panel: panelSchema,
  character: characterSchema,
  narration: z.strictObject({
    onlySeen: z.boolean().describe(
      "The log tells only what the player sees or takes part in: fights between monsters out of sight go unsaid.",
    ),
  }).optional().describe("Absent: every fight is told, seen or not."),
  inventory: z.strictObject({
    keepLetters: z.boolean().describe("An item keeps its letter until it leaves the pack."),
  }).optional().describe("Absent: letters follow the items' order (a is the first)."),
  time: timeSchema.optional().describe(
    "What actions cost and how actors regenerate (docs/rules.md, Speed and energy; Regeneration).",
  ),
  statuses: z.record(idSchema, statusSchema).optional().describe(
    `The statuses items and monsters can put on actors, by id (at most ${DATA_LIMITS.statuses}).`,
  ),
  score: z.strictObject({
    perFloor: real(-1e6, 1e6).describe("Points for each dungeon level reached."),
    perXp: real(-1e6, 1e6).describe("Points for each XP earned (before levelling takes any)."),
    perTurn: real(-1e6, 1e6).describe("Points for each turn taken (negative: speed pays)."),
  }).default({ perFloor: 1000, perXp: 1, perTurn: -0.1 }).describe(
    "The high-score formula: the sum of each weight times its count, rounded, never below 0.",
  ),
  dungeon: z.strictObject({
    floors: z.enum(["fresh", "persistent"]).default("fresh").describe(
      "fresh: each floor is made anew below, no way back up (the tutorial); persistent: every floor " +
        "is kept, `<` climbs, each floor has its own seed, and floor 1's up stairs lead out.",
    ),
    bottom: positive(MAX_FLOOR).optional().describe(
      "The deepest floor: it has no down stairs. Needs floors: persistent; absent: floors go on down.",
    ),
    goal: z.strictObject({
      item: idSchema.describe("A template of entities.json: the unique item to carry out."),
      floor: positive(MAX_FLOOR).describe("The floor it lies on."),
      bonus: real(0, 1e9).default(0).describe("Points added to the score of a game won."),
      guardian: idSchema.optional().describe(
        "A monster template placed on the free cell nearest the item, its guardian.",
      ),
    }).optional().describe(
      "Carried out through floor 1's up stairs, it wins the game; needs floors: persistent.",
    ),
  }).optional().describe("How floors are kept, and the goal (docs/rules.md, Persistent floors; A goal)."),
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
    type: z.literal("apply_status"),
    status: idSchema.describe("A status of the game file's $.statuses."),
    on: z.enum(["self", "target"]).describe("target: aimed at a seen actor, as confusion is."),
    turns: positive(DATA_LIMITS.statusTurns).optional().describe("The status's own turns by default."),
  }),
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
  }).optional().describe("Shoots at the player in range along a clear line of fire; melee when cornered."),
  fleeBelow: real(0, 1).default(0).describe("Below this share of its max HP it flees (0: never)."),
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
  erratic: real(0, 1).default(0).describe("The share of its turns spent on a random step (a bat)."),
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
  speed: energyAmount().optional().describe("Energy gained a turn; 100 (the default) acts once a turn."),
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
  stealth: int(0, 100, "an integer from 0 to 100").optional().describe(
    "The chance in 100 each turn that a sleeping monster within its perception does not notice this " +
      "actor (the player's counts; default 0).",
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
