/**
 * `data/game.json`'s shape: map, sight, looks, messages, progression,
 * floor plans, vaults, time and statuses (docs/rules.md).
 *
 * @module
 */
import { z } from "zod";
import { DEATH_CAUSE_KINDS, type DeathCause, MAX_FLOOR, MAX_LEVEL, type MessageId } from "../engine/mod.ts";
import { textSchema } from "./text_schema.ts";
import { characterSchema, panelSchema } from "./screen_texts_schema.ts";
import { DATA_LIMITS, MAP_BUDGET, NAME_LIMITS, WORK_LIMITS } from "./limits.ts";
import {
  cellLookSchema,
  colorSchema,
  energyAmount,
  glyphSchema,
  idSchema,
  int,
  nonNegative,
  paletteName,
  positive,
  real,
  regenerationSchema,
  stat,
} from "./schema_parts.ts";
import {
  MESSAGE_DEFAULTS,
  MESSAGE_IDS,
  messageSchema,
  TEMPLATE_WORDED_MESSAGES,
  WORDED_MESSAGES,
} from "./message_schema.ts";

const tileLookSchema = z.strictObject({
  name: textSchema(40).describe("What look mode calls it (`stairs down`)."),
  plain: glyphSchema.describe("Drawn instead when the terminal has 16 colours or none."),
  dark: cellLookSchema.describe("Explored but not in view."),
  light: cellLookSchema.describe("In view."),
});

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
  killsCounted: z.enum(["any_death", "own_kills"]).optional().describe(
    "Which deaths the chronicle (the morgue file's kills) counts: every monster's (default), or only those " +
      "the player dealt (own_kills, Delve's own game's, beside xpFor own_kills).",
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
    form: z.enum(["window", "menu", "dialog"]).optional().describe(
      "How the window looks: framed at the top, on the half away from the player, its title on the frame, " +
        "choices `a) label`, any other key saying $.messages.invalid_entry (window, the default, the TCOD " +
        "tutorial's); unframed and centred, the title wrapped as a header over a blank line, choices " +
        "`(a) label`, any other key asking again silently (menu, libtcod's, the RogueBasin tutorial's); or " +
        "framed and centred, titled, the text wrapped, any other key asking again silently (dialog, the Caves " +
        "of Zircon tutorial's).",
    ),
    width: int(20, 80, "an integer from 20 to 80").optional().describe(
      "The window's width (menu, dialog); absent: as wide as its lines need, at least 35.",
    ),
    height: int(3, 50, "an integer from 3 to 50").optional().describe(
      "The dialog's height, frame included; absent: as tall as its lines need.",
    ),
    frame: z.enum(["single", "double_top_bottom"]).optional().describe(
      "The dialog's frame: single lines (default), or double lines top and bottom (Zircon's TOP_BOTTOM_DOUBLE).",
    ),
    wrap: int(10, 78, "an integer from 10 to 78").optional().describe(
      "The column the title (menu) or the text (dialog) wraps at; absent: the window's inside width.",
    ),
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
  maxRooms: positive(MAP_BUDGET.roomAttempts).optional().describe(
    "Room placement attempts on these floors (rooms, mixed): fewer makes a smaller floor; absent: the map's.",
  ),
  grass: z.strictObject({
    patches: positive(MAP_BUDGET.grassPatches).describe("Patches grown on each floor."),
    size: positive(MAP_BUDGET.grassSize).describe("Steps of each patch's random walk over floor."),
  }).optional().describe("Grass grown in patches over these floors' floor cells; absent: none."),
  water: z.strictObject({
    patches: positive(MAP_BUDGET.grassPatches).describe("Pools grown on each floor."),
    size: positive(MAP_BUDGET.grassSize).describe("Steps of each pool's random walk over floor."),
  }).optional().describe(
    "Deep water grown in pools over these floors' floor cells, after grass; absent: none.",
  ),
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

const timeSchema = z.strictObject({
  costs: z.strictObject({
    move: energyAmount().default(100),
    attack: energyAmount().default(100),
    use: energyAmount().default(100),
    wait: energyAmount().default(100),
  }).optional().describe(
    "Energy each kind of action costs (100 each by default): any turns the scheduler on. The dearest may take " +
      `the player at most ${WORK_LIMITS.turnsPerAction} turns at their slowest.`,
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
  panelColor: paletteName.optional().describe(
    "The player's status is shown in the panel in reverse video in this colour, so that it stands out; " +
      "absent: in status_effect_applied, as the others.",
  ),
  hurt: statusTextSchema.optional().describe(
    "Said each turn its damagePerTurn hurts ({damage}; {name}, {Name} for a monster, told only where seen); " +
      "absent: the HP alone tells it.",
  ),
});

/** Accuracy or evasion added: percentage points. */
const points = () => int(-100, 100, "an integer of at least -100");

/** A start a new game offers (docs/rules.md, Backgrounds). */
const backgroundSchema = z.strictObject({
  id: idSchema.describe("What `--background`, saves, replays and the bot call it."),
  name: textSchema(NAME_LIMITS.background).describe(
    "Shown where the player chooses, the morgue file and the scores.",
  ),
  description: textSchema(70).describe("One line said of it where the player chooses."),
  fighter: z.strictObject({
    hp: int(-DATA_LIMITS.hp, DATA_LIMITS.hp, `an integer of at least -${DATA_LIMITS.hp}`).optional(),
    defense: stat().optional(),
    power: stat().optional(),
    accuracy: points().optional(),
    evasion: points().optional(),
  }).optional().describe("Added to the player template's HP (and max HP) and combat numbers."),
  stealth: int(-100, 100, "an integer of at least -100").optional().describe(
    "Added to the player template's stealth (kept within 0 to 100).",
  ),
  speed: int(-DATA_LIMITS.speed, DATA_LIMITS.speed, `an integer of at least -${DATA_LIMITS.speed}`).optional()
    .describe("Added to the player template's speed (100 when it sets none)."),
  sight: int(-DATA_LIMITS.sight, DATA_LIMITS.sight, `an integer of at least -${DATA_LIMITS.sight}`).optional()
    .describe("Added to sightRadius (an unlimited sight stays unlimited)."),
  equipment: z.array(idSchema).max(DATA_LIMITS.slots).optional().describe(
    "Equippable templates worn from the start, instead of the player template's startingEquipment.",
  ),
  items: z.array(z.strictObject({
    item: idSchema.describe("An item template."),
    count: positive(100).optional().describe("How many (1 when absent)."),
  })).max(26).optional().describe("Items carried from the start, known for what they are."),
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
    grass: tileLookSchema.default({
      name: "grass",
      plain: '"',
      dark: { glyph: '"', fg: "#2E5A2E", bg: "#000000" },
      light: { glyph: '"', fg: "#50B450", bg: "#000000" },
    }).describe("Grown by a floor plan's grass ($.map.floors); walkable, lets light through, burns."),
    deep_water: tileLookSchema.default({
      name: "deep water",
      plain: "~",
      dark: { glyph: "~", fg: "#28285A", bg: "#000000" },
      light: { glyph: "~", fg: "#5A8CFF", bg: "#000000" },
    }).describe("Pooled by a floor plan's water ($.map.floors)."),
    burnt_floor: tileLookSchema.default({
      name: "burnt floor",
      plain: ".",
      dark: { glyph: ".", fg: "#505050", bg: "#000000" },
      light: { glyph: ".", fg: "#8C8278", bg: "#000000" },
    }).describe("What grass burns to ($.fire)."),
    open_door: tileLookSchema.default({
      name: "open door",
      plain: "'",
      dark: { glyph: "'", fg: "#6E4A1E", bg: "#6464C8" },
      light: { glyph: "'", fg: "#6E4A1E", bg: "#C8B432" },
    }).describe("A door walked open."),
  }),
  vaults: z.array(vaultSchema).max(1000).optional().describe("Prefabs the floor plans may place."),
  water: z.strictObject({
    drop: real(0, 1).describe(
      "The chance, 0 to 1, each turn the player stands in deep water, that a heavy thing carried and not worn " +
        "is swept away.",
    ),
    lost: z.strictObject({ text: textSchema(200), color: paletteName }).describe("Said of it ({item})."),
  }).optional().describe("What deep water does (docs/rules.md, Deep water); absent: it is walked as floor."),
  gases: z.record(
    idSchema,
    z.strictObject({
      status: idSchema.describe("The status of $.statuses put on whoever stands in it, for its own turns."),
      thins: real(0.01, 1).describe("The share of its thickness a cloud loses each turn, 0.01 to 1."),
      released: z.strictObject({ text: textSchema(200), color: paletteName }).optional().describe(
        "Said when an item lets it out; absent: nothing.",
      ),
      look: z.strictObject({
        name: textSchema(40).describe("What look mode calls a cell with this gas in view."),
        color: colorSchema.describe("The gas tints the background of the cells it fills in view."),
      }),
    }),
  ).optional().describe("Kinds of gas (docs/rules.md, Gas), for items' cloud effects; absent: none."),
  fire: z.strictObject({
    damage: nonNegative(DATA_LIMITS.hp).describe(
      "HP an actor standing in fire loses at the end of each turn.",
    ),
    spread: real(0, 1).describe(
      "The chance, 0 to 1, that a burning cell sets each flammable neighbour alight each turn.",
    ),
    turns: int(1, 255, "an integer from 1 to 255").describe("Turns a cell burns."),
    detour: int(0, 8, "an integer from 0 to 8").default(8).describe(
      "Extra steps a monster walks round to keep out of fire (a burning cell's added path cost; 0: none).",
    ),
    burn: statusTextSchema.optional().describe(
      "Said each turn fire burns an actor ({damage}; {name}, {Name}).",
    ),
    look: cellLookSchema.extend({
      name: textSchema(40).describe("What look mode calls a burning cell."),
      plain: glyphSchema.describe("Drawn instead when the terminal has 16 colours or none."),
    }).describe("A burning cell in view, over its terrain."),
  }).optional().describe(
    "Fire (docs/rules.md, Fire): grass catches from a blast or a shot that ignites, burns those in it, " +
      "spreads and goes out; absent: nothing burns.",
  ),
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
        if (WORDED_MESSAGES.has(id) || TEMPLATE_WORDED_MESSAGES.has(id)) {
          return [id, messageSchema.optional()];
        }
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
    armour: z.enum(["subtract", "rolled"]).optional().describe(
      "What defense takes off a hit: all of it (subtract, the default), or a roll of 0 to all of it, drawn " +
        "for each hit (rolled, Delve's own game's; docs/rules.md, Rolled armour).",
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
  upKeyDescends: z.boolean().optional().describe(
    "< takes the stairs down, as > does (the RogueBasin tutorial's stairs key); absent: < is the stairs up.",
  ),
  stairsDrawn: z.enum(["over", "under"]).optional().describe(
    "How the stairs are drawn under what lies on them: over items and remains (over, the default), or at the " +
      "back, what lies there showing (under, the RogueBasin tutorial's stairs object sent to the back).",
  ),
  historyPage: int(1, 100, "an integer from 1 to 100").optional().describe(
    "The lines PgUp and PgDn move the message history by (the TCOD tutorial's 10); absent: a window less one.",
  ),
  quitAsks: z.boolean().optional().describe(
    "Escape on the map asks ($.messages.confirm_quit) before it saves and goes back to the title; absent: " +
      "it goes at once (the tutorials').",
  ),
  walks: z.strictObject({
    hurtShare: real(0, 1).describe(
      "A walk stops for harm only once the HP lost since it began reaches this share of max HP.",
    ).optional(),
    blowsStop: z.boolean().optional().describe(
      "A monster's blow or shot that hurts the player stops a walk or a rest whatever hurtShare says; " +
        "hurtShare then counts only the harm of statuses (a poison's ticks).",
    ),
    remember: z.boolean().optional().describe(
      "Walks remember the monsters seen on a floor: a known one stops a walk only by moving nearer than it " +
        "has been; absent: only those in view as a walk begins are known, and they never stop it.",
    ),
    closerByHalf: z.boolean().optional().describe(
      "With remember: a known monster that moves nearer stops a walk only once it is within half the steps " +
        "it was last seen at, or could hit the player; absent: any step nearer than it has been does.",
    ),
    untilAdjacent: z.boolean().optional().describe(
      "A monster in the only way stops a walk only once it stands beside the player; absent: at once.",
    ),
    goRoundStill: z.boolean().optional().describe(
      "Explore and travel keep out of the reach of the monsters that never move (their cells and those they " +
        "can hit), known ones out of view too; absent: they go round only the cells of the monsters in view.",
    ),
    keepOutOfReach: z.boolean().optional().describe(
      "Explore and travel neither begin while a monster in view could hit the player ($.messages.walk_threat), " +
        "nor take a step into the reach of one; absent: they begin and step regardless.",
    ),
    passErratic: z.boolean().optional().describe(
      "With keepOutOfReach: a step into the reach of a monster that moves at random (a mind's erratic) is " +
        "taken all the same; one beside the player as a walk begins still holds it. Absent: such a step stops it.",
    ),
    noLoops: z.boolean().optional().describe(
      "A walk ends ($.messages.walk_loop) where it would come back to a cell it stood on with no cell explored " +
        "since; absent: it goes on.",
    ),
    restNearOnly: z.boolean().optional().describe(
      "A rest is refused or stopped only by a monster in view that could come to hit the player (awake, not " +
        "harmless, not rooted out of reach); absent: by any monster in view.",
    ),
    restThroughStatuses: z.boolean().optional().describe(
      "A rest until healed goes on when a status the player was under ends; absent: it stops there.",
    ),
  }).optional().describe(
    "What stops a walk (docs/rules.md, Walks); absent: any HP lost, and a monster in the only way at once.",
  ),
  lowHp: z.strictObject({
    below: real(0, 1).describe("HP under this share of max HP is low."),
    color: paletteName.describe("The HP bar's filled colour while HP is low."),
  }).optional().describe(
    "The low-HP warning (docs/rules.md, Low HP): the bar's colour, and $.messages.hp_low once each time HP " +
      "falls under the line, which stops a walk; absent: no warning.",
  ),
  aimStart: z.enum(["player", "targets"]).optional().describe(
    "Where the aim cursor starts: on the player (the default, the tutorials'), or on the last target if still " +
      "in view, else the nearest monster in view (targets); with targets, Tab and Shift+Tab step through " +
      "the monsters in view, the fire key throws or zaps the last item at the last target again, and a " +
      "cursor closed leaves the names line to the mouse.",
  ),
  aimOrder: z.array(z.enum(["hurtYou", "shoots", "reaches"])).max(3).optional().describe(
    "With aimStart targets, the order the aim meets the monsters in view in: those that hurt the player in the " +
      "last turn (hurtYou), that attack at range (shoots), that can come to hurt the player (reaches: not " +
      "harmless, and moving or shooting), each word putting those with it ahead, then the nearest; absent: " +
      "the nearest first.",
  ),
  messageWrap: z.enum(["greedy", "even"]).optional().describe(
    "How the log and the message history wrap a message: each line as full as it goes (greedy, the default, " +
      "the tutorials'), or even: the last line never holds one word alone where the line before can give it " +
      "another.",
  ),
  panel: panelSchema,
  character: characterSchema,
  narration: z.strictObject({
    onlySeen: z.boolean().describe(
      "The log tells only what the player sees or takes part in: fights between monsters out of sight go unsaid.",
    ),
    itemsUnderfoot: z.boolean().optional().describe(
      "A step of the player's onto a cell where items lie says what lies there ($.messages.walk_item, topmost " +
        "first), as a walk that stops on them does; absent: only a walk's stop says it.",
    ),
  }).optional().describe("Absent: every fight is told, seen or not, and a step onto items says nothing."),
  inventory: z.strictObject({
    keepLetters: z.boolean().describe("An item keeps its letter until it leaves the pack."),
    pickupMenu: z.boolean().optional().describe(
      "g on several items opens a menu to choose one (or all); absent: g takes the topmost.",
    ),
    throwWornAsks: z.boolean().optional().describe(
      "Throwing a worn or wielded item asks first ($.messages.throw_worn: y throws, any other key keeps " +
        "it); absent: it is thrown at once, taken off first.",
    ),
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
    followers: z.boolean().optional().describe(
      "true: the awake hostile monsters beside the player that can move follow on the stairs and arrive " +
        "beside them (docs/rules.md, Followers on the stairs); absent or false: the stairs leave them behind.",
    ),
    followFrom: int(2, 20, "an integer from 2 to 20").optional().describe(
      "With followers: awake monsters hunting the player within this many steps follow too, each arriving as " +
        "many steps behind as it was, less one (docs/rules.md, Followers on the stairs); absent: only those beside.",
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
      plural: textSchema(NAME_LIMITS.template).optional().describe(
        'What several are called, as a stack is counted ("3 milky potions"): {appearance} is filled in ' +
          '("{appearance} potions"); absent: "3 × milky potion".',
      ),
      appearances: z.array(textSchema(NAME_LIMITS.template)).min(1).max(DATA_LIMITS.appearances).describe(
        "Shuffled for each game by its seed; each template of the kind takes one, so there must be as many.",
      ),
    }),
  ).optional().describe(
    "Kinds of unknown items (a template's `unknown`): called by a random appearance until the player uses one.",
  ),
  unknownAimed: z.enum(["asked", "nearest"]).optional().describe(
    "How an unknown item that is aimed once known (a scroll of confusion, of fireball) is aimed: the player " +
      "is asked where, which tells that it is aimed (asked, the default), or it aims itself at the nearest " +
      "creature in view, refused where none is (nearest, Delve's own game's; docs/rules.md, Unknown items).",
  ),
  unknownRefused: z.enum(["kept", "wasted", "taught"]).optional().describe(
    "An unknown item whose use is refused (a healing potion at full health, a scroll with no enemy aimed at): " +
      "kept, with the refusal that names its kind (kept, the default), or used up and still unknown, told by " +
      "$.messages.unknown_wasted, which names nothing (wasted), or used up so told and then named as any used " +
      "item is, $.messages.identified (taught, Delve's own game's; docs/rules.md, Unknown items).",
  ),
  lastUnknownNamed: z.boolean().optional().describe(
    "When every template of an unknown kind but one is known, the last is known too, told by " +
      "$.messages.identified_by_elimination; absent: it stays unknown until used (docs/rules.md, Unknown items).",
  ),
  clearThrows: z.boolean().optional().describe(
    "A throw whose line meets a wall before the cell aimed at is refused ($.messages.throw_blocked) and takes " +
      "no turn; absent: it flies as far as the wall and lands short (docs/rules.md, Throwing).",
  ),
  clearBolts: z.boolean().optional().describe(
    "A wand's bolt whose line meets a wall before the cell aimed at is not fired ($.messages.bolt_blocked): " +
      "no turn passes and the charge is kept; absent: it is fired and hits nothing (docs/rules.md, Wands).",
  ),
  backgrounds: z.array(backgroundSchema).min(1).max(9).optional().describe(
    "The starts a new game offers, chosen by the player (keys a, b, c…) or with --background ID; absent: every " +
      "game starts as the player template says, and nothing is asked (docs/rules.md, Backgrounds).",
  ),
  closeDoors: z.boolean().optional().describe(
    "The player may close an open door beside it, a move's time, unless something lies or stands in it " +
      "($.messages.door_closed, door_close_blocked, no_door_to_close); absent: a door stays open once " +
      "opened (docs/rules.md, Doors).",
  ),
  noise: z.strictObject({
    blow: nonNegative(DATA_LIMITS.sight).optional().describe(
      "A blow or a shot the player gives or takes: heard so far (cells) from the player.",
    ),
    door: nonNegative(DATA_LIMITS.sight).optional().describe(
      "A door opened or closed: heard so far from it.",
    ),
    step: nonNegative(DATA_LIMITS.sight).optional().describe(
      "A step of the player's, not sneaking: heard so far from where it lands.",
    ),
  }).optional().describe(
    "Noise: a sleeping monster within a noise's radius (Chebyshev, through walls) rolls to wake against the " +
      "player's stealth, as one within its perception does; a kind left out makes none. Absent: only " +
      "perception wakes sleepers (docs/rules.md, Noise and sneaking).",
  ),
  sneak: z.strictObject({
    name: textSchema(20).default("Sneaking").describe("What the side panel shows while the player sneaks."),
    moveCost: energyAmount().describe(
      "The energy a sneaking step costs (a step costs 100 unless time.costs say).",
    ),
    stealth: int(0, 100, "an integer from 0 to 100").describe(
      "Added to the player's stealth while it sneaks (at most 100 in all).",
    ),
  }).optional().describe(
    "Sneaking: a key turns it on and off at no cost in time; sneaking steps cost moveCost, make no noise (nor " +
      "do the player's doors), and add stealth; walks keep it. Needs $.messages.sneak_on and sneak_off. " +
      "Absent: no such mode (docs/rules.md, Noise and sneaking).",
  ),
});

/** The parsed `data/game.json`. */
export type GameConfig = z.output<typeof gameSchema>;
