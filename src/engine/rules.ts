/**
 * The numbers and texts the engine plays by. Content builds a {@link Rules}
 * from the data files; the engine never hard-codes them.
 *
 * @module
 */
import type { DeathCause } from "./death_cause.ts";
import type { DungeonParams } from "./floors/dungeon.ts";
import type { Equippable, ItemPart } from "./entity.ts";
import type { FloorPlan } from "./floors/floor_plan.ts";
import type { Vault } from "./floors/vaults.ts";
import type { Mind } from "./monsters/minds/mind.ts";

/**
 * Messages said only under a data word of `game.json`: absent from
 * the rules of data that does not turn the word on, so that adding one leaves
 * every other data set's rules, and checksum, as they were.
 */
export type WordedMessageId =
  | "walk_threat"
  | "walk_loop"
  | "throw_blocked"
  | "throw_worn"
  | "identified_by_elimination"
  | "burst"
  | "nothing_to_identify"
  | "door_closed"
  | "door_close_blocked"
  | "no_door_to_close"
  | "door_close_which"
  | "sneak_on"
  | "sneak_off"
  | "bolt_blocked";

/** Identifiers of the log messages the engine can produce. */
export type MessageId =
  | "welcome"
  | "blocked"
  | "door_closed"
  | "door_close_blocked"
  | "no_door_to_close"
  | "door_close_which"
  | "sneak_on"
  | "sneak_off"
  | "nothing_to_attack"
  | "attack"
  | "attack_no_damage"
  | "player_died"
  | "monster_died"
  | "confusion_ended"
  | "picked_up"
  | "inventory_full"
  | "nothing_to_pick_up"
  | "dropped"
  | "health_full"
  | "healed"
  | "lightning_hit"
  | "no_lightning_target"
  | "select_target"
  | "cannot_target_unseen"
  | "must_select_enemy"
  | "cannot_confuse_self"
  | "confused"
  | "fireball_hit"
  | "no_targets_in_radius"
  | "invalid_entry"
  | "save_failed"
  | "save_kept"
  | "morgue_written"
  | "morgue_failed"
  | "xp_gained"
  | "level_advanced"
  | "descended"
  | "rested"
  | "no_stairs"
  | "equipped"
  | "unequipped"
  | "explored"
  | "stairs_unknown"
  | "identified_by_elimination"
  | "nothing_to_identify"
  | "burst"
  | "no_way_down"
  | "walk_monster"
  | "walk_item"
  | "walk_hurt"
  | "walk_interrupted"
  | "walk_stairs"
  | "walk_blocked"
  | "walk_blocked_by"
  | "walk_no_way"
  | "walk_closer"
  | "walk_threat"
  | "walk_loop"
  | "hp_low"
  | "confirm_quit"
  | "input_dropped"
  | "game_abandoned"
  | "scores_failed"
  | "blast_reaches_you"
  | "ascended"
  | "left_dungeon"
  | "escaped_with_goal"
  | "confirm_leave"
  | "attack_missed"
  | "thrown"
  | "thrown_hit"
  | "thrown_no_damage"
  | "thrown_missed"
  | "shattered"
  | "throw_self"
  | "throw_blocked"
  | "bolt_blocked"
  | "throw_worn"
  | "rest_done"
  | "rest_status"
  | "rest_cannot"
  | "rest_in_view"
  | "cannot_status_self"
  | "shot"
  | "shot_no_damage"
  | "shot_missed"
  | "monster_woke"
  | "teleported"
  | "map_revealed"
  | "summoned"
  | "bolt_hit"
  | "bolt_missed"
  | "nothing_happens"
  | "identified"
  | "unknown_wasted"
  | "followed";

/**
 * A message's words as the player reads them by who did what: the player
 * (`byPlayer`), someone to the player (`toPlayer`), or one monster to
 * another (`other`).
 */
export interface PerspectiveTexts {
  readonly byPlayer: string;
  readonly toPlayer: string;
  readonly other: string;
}

/**
 * A message's text, with `{placeholders}` (`{Name}` capitalises `{name}`),
 * one for everyone or one by who did what, and its palette colour: one
 * name, or one for the player's deeds and one for everyone else's.
 */
export interface MessageTemplate {
  readonly text: string | PerspectiveTexts;
  readonly color: string | { readonly player: string; readonly other: string };
}

/** Fire's numbers, from the rules' `fire` (docs/rules.md, Fire). */
export interface FireRules {
  /** HP an actor standing in fire loses at the end of each turn. */
  readonly damage: number;
  /** The chance, in thousandths, that a burning cell sets each flammable neighbour alight each turn. */
  readonly spread: number;
  /** Turns a cell burns. */
  readonly turns: number;
  /** Path cost a burning cell adds for monsters that fear fire: how far round they walk to keep out of it. */
  readonly detour: number;
  /** What a burning cell is called (a walk stopped before it names it). */
  readonly name: string;
}

/** A kind of gas (docs/rules.md, Gas): what it puts on those in it, and how fast it thins. */
export interface GasDef {
  readonly id: string;
  /** The status put on an actor standing in it (for the status's own turns). */
  readonly status: string;
  /** The share of its thickness a cloud loses each turn, in thousandths. */
  readonly thins: number;
  /** Said when an item lets it out; absent: nothing is said. */
  readonly released?: { readonly text: string; readonly color: string };
}

/** Combat numbers of a template. */
export interface FighterTemplate {
  readonly hp: number;
  readonly defense: number;
  readonly power: number;
  readonly damage?: string;
  readonly accuracy?: number;
  readonly evasion?: number;
}

/** An equipment slot and the bonuses worn in it. */
export type EquippableTemplate = Equippable;

/** Everything an entity is made from. */
export interface EntityTemplate {
  readonly id: string;
  readonly name: string;
  /** One line about it for look mode (docs/rules.md, Look and aim cursor). */
  readonly description?: string;
  readonly glyph: string;
  /** 0xRRGGBB. */
  readonly color: number;
  readonly fighter?: FighterTemplate;
  /** `"hostile"`: today's mind; a {@link Mind}: the composable one (docs/rules.md, Monster minds). */
  readonly ai?: "hostile" | Mind;
  /** How well it goes unnoticed by sleeping monsters, 0–100 (the player's counts). */
  readonly stealth?: number;
  /** Fire does not hurt it, and it walks into fire as into floor (docs/rules.md, Fire). */
  readonly fireImmune?: boolean;
  /** Carried and not worn, deep water may sweep it away (docs/rules.md, Deep water). */
  readonly heavy?: boolean;
  readonly xp?: number;
  readonly inventoryCapacity?: number;
  readonly item?: ItemPart;
  readonly equippable?: EquippableTemplate;
  /** The kind of unknown item it is (a key of {@link Rules.unknownItems}): unnamed until used. */
  readonly unknown?: string;
  /** Templates given and worn from the start (the player's). */
  readonly startingEquipment?: readonly string[];
  /** Energy gained each turn (100 when absent; docs/rules.md, Speed and energy). */
  readonly speed?: number;
  /** HP regained every so many turns (the rules' default when absent). */
  readonly regeneration?: Regeneration;
  /** Drawn by a floor's spawn tables, it comes with others of its kind (docs/rules.md, Packs). */
  readonly pack?: Pack;
  /** Statuses its blows may put on what they hurt (docs/rules.md, On-hit effects). */
  readonly onHit?: readonly OnHit[];
  /** `false`: it cannot open a door, and a closed one is a wall to it (docs/rules.md, Doors); absent: it can. */
  readonly opensDoors?: false;
  /** It closes the door it steps out of behind it, if nothing is left in it (docs/rules.md, Doors). */
  readonly closesDoors?: true;
}

/** A status a blow that hurts puts on its target, `chance` in 1 (0 to 1), for `turns` or the status's own. */
export interface OnHit {
  readonly status: string;
  readonly chance: number;
  readonly turns?: number;
}

/** A pack: `min` to `max` of the kind in all, the first drawn and the rest around it. */
export interface Pack {
  readonly min: number;
  readonly max: number;
}

/** `hp` HP regained every `turns` turns. */
export interface Regeneration {
  readonly hp: number;
  readonly turns: number;
}

/** What each kind of action costs in energy (docs/rules.md, Speed and energy). */
export interface ActionCosts {
  readonly move: number;
  readonly attack: number;
  readonly use: number;
  readonly wait: number;
}

/**
 * How far each kind of noise carries, in cells (Chebyshev): a sleeping
 * monster within it rolls to wake. An absent kind makes no noise
 * (docs/rules.md, Noise and sneaking).
 */
export interface NoiseRules {
  /** A blow or a shot the player gives or takes, heard from the player's cell. */
  readonly blow?: number;
  /** A door opened or closed, heard from the door. */
  readonly door?: number;
  /** A step of the player's (not while sneaking), heard from where it lands. */
  readonly step?: number;
}

/** Sneaking (docs/rules.md, Noise and sneaking): what a careful step costs, and the stealth it adds. */
export interface SneakRules {
  /** The word the side panel shows while the player sneaks. */
  readonly name: string;
  /** The energy a sneaking step costs (a step is 100 where the rules say no other). */
  readonly moveCost: number;
  /** Added to the player's stealth while sneaking (at most 100 in all). */
  readonly stealth: number;
}

/** Time's rules: energy and costs, and the regeneration of actors whose template says none. */
export interface TimeRules {
  /**
   * True when the data uses speeds, costs or speed-changing statuses: the
   * energy scheduler runs. False: every actor acts once a turn, and no
   * energy is kept (today's rule sets).
   */
  readonly energy: boolean;
  readonly costs: ActionCosts;
  readonly regeneration?: Regeneration;
}

/** A text a status says: one for the player, one for others (`{name}`, `{Name}`), and its colour. */
export interface StatusText {
  readonly player: string;
  readonly other: string;
  readonly color: string;
}

/** A status (docs/rules.md, Statuses). */
export interface StatusDef {
  readonly id: string;
  readonly name: string;
  /** Turns it lasts when put on without a duration of its own. */
  readonly turns: number;
  /** Multiplies speed while it lasts. */
  readonly speed: number;
  readonly power: number;
  readonly defense: number;
  readonly damagePerTurn: number;
  readonly healPerTurn: number;
  /** `random_steps`: moves at random; `asleep`: does nothing until hurt. */
  readonly action?: "random_steps" | "asleep";
  readonly start: StatusText;
  readonly end: StatusText;
  /** The palette colour the panel shows it in, in reverse video; absent, as every status. */
  readonly panelColor?: string;
  /** Said each turn its damage hurts; absent, the HP alone tells it. */
  readonly hurt?: StatusText;
}

/** How many XP the next level needs, from the current level. */
export type XpCurve =
  | { readonly formula: "linear"; readonly base: number; readonly factor: number }
  | { readonly formula: "power"; readonly factor: number; readonly exponent: number };

/** What a level-up choice raises. */
export interface StatRaise {
  readonly maxHp?: number;
  readonly hp?: number;
  readonly power?: number;
  readonly defense?: number;
  readonly sight?: number;
}

/** One choice of the level-up window. */
export interface LevelUpChoice {
  readonly key: string;
  /** With {max_hp}, {power}, {defense} and {sight} filled in. */
  readonly label: string;
  readonly raise: StatRaise;
  readonly message: string;
}

/** The level-up window's words and form (docs/rules.md, Windows). */
export interface LevelUpWindow {
  readonly title: string;
  readonly text: readonly string[];
  /** `menu`: libtcod's unframed centred menu; `dialog`: a framed centred dialog; absent: the side window. */
  readonly form?: "window" | "menu" | "dialog";
  readonly width?: number;
  readonly height?: number;
  /** The dialog's frame: single lines (default), or double lines top and bottom. */
  readonly frame?: "single" | "double_top_bottom";
  /** The column the menu's title or the dialog's text wraps at. */
  readonly wrap?: number;
}

/**
 * Experience and levels, in the vocabulary every rule set is written in
 * (docs/rules.md, Experience and levels).
 */
export interface Progression {
  readonly xpForNextLevel: XpCurve;
  /** `>`: XP must exceed the threshold; `>=`: reach it. */
  readonly levelUpWhen: ">" | ">=";
  /** `reduce`: XP starts again from what is left over; `keep`: XP is cumulative. */
  readonly xpAfterLevelUp: "reduce" | "keep";
  readonly xpPerKill: { readonly formula: "template" } | {
    readonly formula: "stats";
    readonly levelFactor: number;
  };
  /** HP healed on each level-up: this × the new level (capped). */
  readonly healOnLevelUpPerLevel: number;
  /** Share of max HP healed on taking the stairs. */
  readonly healOnDescend: number;
  /** `own_kills`: only the deaths the player dealt give XP (docs/rules.md, Experience and levels); absent: every death. */
  readonly xpFor?: "any_death" | "own_kills";
  /** `own_kills`: the chronicle's (the morgue's) kills are only the deaths the player dealt; absent: every death. */
  readonly killsCounted?: "any_death" | "own_kills";
  /** `next_key`: the level-up window opens on the key after the turn, which does nothing else (docs/rules.md, Windows). */
  readonly levelUpOpens?: "after_turn" | "next_key";
  /** `kill`: a level rises, and heals, at the kill that earns it; the choice then raises only its stats (docs/rules.md, Experience and levels). */
  readonly levelRisesAt?: "choice" | "kill";
  /** `next_turn`: a level is told at the check before the player's next turn, not at the kill (docs/rules.md, Experience and levels). */
  readonly levelToldAt?: "kill" | "next_turn";
  /** `always`: taking the stairs says `rested` even when it heals nothing (docs/rules.md, Stairs and descending). */
  readonly restTold?: "when_healed" | "always";
  readonly window: LevelUpWindow;
  readonly choices: readonly LevelUpChoice[];
}

/** A value that changes with depth: the last step whose floor ≤ the depth. */
export interface FloorStep {
  readonly floor: number;
  readonly value: number;
}

/** Weights that apply from a floor on; a later step replaces a template's weight. */
export interface WeightStep {
  readonly floor: number;
  readonly weights: Readonly<Record<string, number>>;
}

/** What spawns where (docs/rules.md, Spawning). */
export interface SpawnTables {
  readonly maxMonstersPerRoom: readonly FloorStep[];
  readonly maxItemsPerRoom: readonly FloorStep[];
  readonly monsters: readonly WeightStep[];
  readonly items: readonly WeightStep[];
  /**
   * Each item kind's weight is multiplied by this for each one of it the run has drawn
   * (docs/rules.md, Spawning); absent: the weights never change.
   */
  readonly repeatWeight?: number;
}

/** How a dead actor looks; `{name}` in `name` is the actor's name. */
export interface CorpseLook {
  readonly name: string;
  readonly glyph: string;
  /** 0xRRGGBB. */
  readonly color: number;
}

/**
 * What a death leaves and how a monster's death line names its cause
 * (docs/rules.md, Combat and death): `leaves: "nothing"` removes the dead
 * from the floor once their death is settled; `causes` fills `{cause}`.
 */
export interface DeathRules {
  readonly leaves?: "nothing";
  /** By cause kind; `{killer}`, `{item}` and `{status}` are filled in. */
  readonly causes?: Readonly<Record<DeathCause["kind"], string>>;
}

/** Everything the rules engine needs from content. */
export interface Rules {
  readonly dungeon: DungeonParams;
  /**
   * Which generator makes which floors (docs/rules.md, Map kinds); absent:
   * every floor is rooms, made exactly as {@link DungeonParams} say.
   */
  readonly floorPlans?: readonly FloorPlan[];
  /** Fire's numbers and words (docs/rules.md, Fire); absent: nothing burns. */
  readonly fire?: FireRules & { readonly burn?: StatusText };
  /**
   * What deep water does (docs/rules.md, Deep water): the chance in thousandths each turn that it sweeps
   * away a heavy thing the player carries and does not wear, and what is said of it; absent: nothing.
   */
  readonly water?: {
    readonly drop: number;
    readonly lost: { readonly text: string; readonly color: string };
  };
  /** The kinds of gas, in the order a map's `gasKind` counts them (docs/rules.md, Gas); absent: none. */
  readonly gases?: readonly GasDef[];
  /** Prefabs the plans' `vaults` draw from (docs/rules.md, Vaults). */
  readonly vaults?: readonly Vault[];
  /** FOV radius; 0 means unlimited. */
  readonly sightRadius: number;
  /** The template the player is made from. */
  readonly playerTemplate: string;
  readonly templates: Readonly<Record<string, EntityTemplate>>;
  readonly spawn: SpawnTables;
  readonly corpse: CorpseLook;
  /** Absent: the dead leave their corpse, and no line names a cause. */
  readonly death?: DeathRules;
  /** Every message, but those said only under a data word, which data without the word need not give. */
  readonly messages: Readonly<
    & Record<Exclude<MessageId, WordedMessageId>, MessageTemplate>
    & Partial<Record<WordedMessageId, MessageTemplate>>
  >;
  /**
   * The log tells only what the player sees or takes part in; absent: every
   * fight is told, seen or not (docs/rules.md, Message log).
   */
  readonly tellsOnlySeen?: boolean;
  /**
   * A step of the player's onto items says what lies there (`walk_item`), as a walk's stop on them does, which
   * then says nothing more (docs/rules.md, Walks); absent: only the walk's stop says it.
   */
  readonly tellsItemsUnderfoot?: boolean;
  readonly progression: Progression;
  readonly score: ScoreWeights;
  /** `persistent`: floors are kept and up stairs lead back (docs/rules.md, Persistent floors); absent: fresh floors. */
  readonly floors?: "persistent";
  /** The deepest floor, which has no down stairs (docs/rules.md, Persistent floors); absent: no bottom. */
  readonly bottom?: number;
  /** The item to carry out of the dungeon, when the rules name one (docs/rules.md, A goal). */
  readonly goal?: Goal;
  /** Rolled combat (docs/rules.md, Combat rolls); absent: power − defense, no draws. */
  readonly combat?: CombatRules;
  /** Carried items keep their letter until they leave the pack (docs/rules.md, Stacks). */
  readonly keepLetters?: boolean;
  /** Speed, costs, regeneration; absent: every actor acts once a turn and nobody regenerates. */
  readonly time?: TimeRules;
  /** The statuses, by id; absent: none. */
  readonly statuses?: Readonly<Record<string, StatusDef>>;
  /** The equipment slots; absent: `weapon` and `armor` (docs/rules.md, Equipment slots). */
  readonly equipmentSlots?: readonly string[];
  /** Unknown items' appearances, by kind; absent: every item goes by its name (docs/rules.md, Unknown items). */
  readonly unknownItems?: Readonly<Record<string, UnknownKind>>;
  /**
   * `wasted`: an unknown item whose use is refused is used up, still unknown, and the refusal is not told
   * (docs/rules.md, Unknown items); `taught`: used up the same way, and its kind is learnt all the same;
   * absent: it is kept and the refusal told.
   */
  readonly unknownRefused?: "wasted" | "taught";
  /** When all but one template of an unknown kind are known, the last is known too (docs/rules.md, Unknown items). */
  readonly lastUnknownNamed?: true;
  /**
   * `nearest`: an unknown item that is aimed once known is not aimed by the player, which would tell its kind,
   * but at the nearest actor in view (docs/rules.md, Unknown items); absent: the player aims it.
   */
  readonly unknownAimed?: "nearest";
  /** The awake hostile monsters beside the player follow on the stairs (docs/rules.md, Followers on the stairs). */
  readonly stairFollowers?: true;
  /** With `stairFollowers`: monsters hunting the player within this many steps follow too (docs/rules.md). */
  readonly followFrom?: number;
  /** A throw whose line meets a wall before the cell aimed at is refused (docs/rules.md, Throwing). */
  readonly clearThrows?: true;
  /**
   * A wand's bolt is not fired along a line a wall cuts before the cell aimed at, and its charge is kept
   * (docs/rules.md, Wands); absent: it is fired, and hits nothing.
   */
  readonly clearBolts?: true;
  /** The player may close an open door beside it (docs/rules.md, Doors); absent: doors stay open once opened. */
  readonly closeDoors?: true;
  /** Noise that wakes sleepers (docs/rules.md, Noise and sneaking); absent: only the player's nearness does. */
  readonly noise?: NoiseRules;
  /** The player may sneak (docs/rules.md, Noise and sneaking); absent: no such mode. */
  readonly sneak?: SneakRules;
  /**
   * The starts a new game offers, one chosen by the player (docs/rules.md, Backgrounds); absent: every game
   * starts as the player's template says.
   */
  readonly backgrounds?: readonly Background[];
}

/**
 * A start a new game may take (docs/rules.md, Backgrounds): the player's template changed by it. Numbers are
 * added to the template's; `equipment`, where given, is worn instead of the template's starting equipment.
 */
export interface Background {
  readonly id: string;
  readonly name: string;
  /** One line said of it where the player chooses. */
  readonly description: string;
  /** Added to the template's combat numbers (`hp` to its HP and max HP). */
  readonly fighter?: BackgroundFighter;
  /** Added to the template's stealth, kept within 0–100. */
  readonly stealth?: number;
  /** Added to the template's speed (100 when it sets none). */
  readonly speed?: number;
  /** Added to the sight radius (an unlimited sight stays unlimited). */
  readonly sight?: number;
  /** Worn from the start instead of the template's `startingEquipment`. */
  readonly equipment?: readonly string[];
  /** Carried from the start, known for what they are. */
  readonly items?: readonly BackgroundItem[];
}

/** What a background adds to the player's combat numbers. */
export interface BackgroundFighter {
  readonly hp?: number;
  readonly defense?: number;
  readonly power?: number;
  readonly accuracy?: number;
  readonly evasion?: number;
}

/** Items a background starts with: `count` of the template `item` (1 when absent). */
export interface BackgroundItem {
  readonly item: string;
  readonly count?: number;
}

/** A goal: the unique item `item` (a template id) lies on floor `floor`; carrying it out scores `bonus`. */
export interface Goal {
  readonly item: string;
  readonly floor: number;
  readonly bonus: number;
  /** A monster template placed beside the item, its guardian (docs/rules.md, A goal). */
  readonly guardian?: string;
}

/**
 * Rolled combat: the chance to hit in percent is `base` + accuracy −
 * evasion, kept within [min, max] (absent: every blow hits), and a hit does
 * at least `minDamage`. `armour` says what defense takes off a hit: all of
 * it (`subtract`, the default) or a roll of 0 to all of it (`rolled`,
 * docs/rules.md, Rolled armour).
 */
export interface CombatRules {
  readonly toHit?: { readonly base: number; readonly min: number; readonly max: number };
  readonly minDamage: number;
  readonly armour?: "subtract" | "rolled";
}

/** How the items of one unknown kind are called until used: `name` with `{appearance}` filled in. */
export interface UnknownKind {
  readonly name: string;
  /** What several are called, `{appearance}` filled in; absent: a stack is "3 × {name}". */
  readonly plural?: string;
  readonly appearances: readonly string[];
}

/** The high-score formula's weights: points per floor reached, per XP earned, per turn taken. */
export interface ScoreWeights {
  readonly perFloor: number;
  readonly perXp: number;
  readonly perTurn: number;
}
