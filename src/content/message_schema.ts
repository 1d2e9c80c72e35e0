/**
 * The log messages a rule set says: their shape, the ids the engine needs,
 * and the English the ones a rule set may leave out are said in.
 *
 * @module
 */
import { z } from "zod";
import { type MessageId, type MessageTemplate, type WordedMessageId } from "../engine/mod.ts";
import { textSchema } from "./text_schema.ts";
import { paletteName } from "./schema_parts.ts";
import type { TemplateConfig } from "./entities_schema.ts";

const messageText = textSchema(500, true, 0).describe(
  "{placeholders} are filled in; {Name} capitalises {name}. Empty: these rules do not say it.",
);
export const messageSchema = z.strictObject({
  text: z.union([
    messageText,
    z.strictObject({
      byPlayer: messageText.describe("When the player does it."),
      toPlayer: messageText.describe("When another does it to the player."),
      other: messageText.describe("When one monster does it to another."),
    }).describe("Words by who did what (docs/rules.md, Message log)."),
  ]),
  color: z.union([paletteName, z.strictObject({ player: paletteName, other: paletteName })]),
}).meta({ id: "message" }); // Written once in the generated JSON Schema, each message pointing to it.

/**
 * The log messages the engine produces; each must be present. A record,
 * so the compiler holds it to the engine's MessageId both ways.
 */
const MESSAGE_ID_SET: Record<MessageId, true> = {
  welcome: true,
  blocked: true,
  door_closed: true,
  door_close_blocked: true,
  no_door_to_close: true,
  door_close_which: true,
  sneak_on: true,
  sneak_off: true,
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
  walk_blocked_by: true,
  walk_no_way: true,
  walk_closer: true,
  walk_threat: true,
  walk_loop: true,
  hp_low: true,
  confirm_quit: true,
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
  throw_blocked: true,
  bolt_blocked: true,
  throw_worn: true,
  rest_done: true,
  rest_status: true,
  rest_cannot: true,
  rest_in_view: true,
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
  identified_by_elimination: true,
  nothing_to_identify: true,
  burst: true,
  unknown_wasted: true,
  followed: true,
};

/**
 * Messages added after the tutorial rule sets were written, with the text a
 * data folder that does not give them says: they only ever show with the
 * words that make them (docs/rules.md, Persistent floors; A goal; Combat
 * rolls; Throwing; Resting; Statuses; Monster minds; the item powers), in colours every rule set's palette names.
 * A default goes into every rule set's messages, and so into its rules: one added here changes every data
 * set's checksum and leaves each kept data version unreadable (its rules no longer what its data makes). A
 * message said under a new word is worded instead ({@link WORDED_MESSAGES}, {@link TEMPLATE_WORDED_MESSAGES}).
 */
export const MESSAGE_DEFAULTS: Partial<Record<MessageId, MessageTemplate>> = {
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
  rest_in_view: { text: "You cannot rest with {a_name} in view.", color: "impossible" },
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
  unknown_wasted: { text: "The {item} is used up, and nothing seems to happen.", color: "white" },
  followed: { text: "{Name} follows you.", color: "enemy_atk" },
  no_way_down: { text: "This is the deepest floor: there is no way further down.", color: "impossible" },
  walk_closer: { text: "{A_name} comes closer.", color: "white" },
  hp_low: { text: "Your health is low!", color: "impossible" },
  confirm_quit: { text: "Save the game and leave to the title?", color: "white" },
  // Unsaid unless a rule set words it: a monster in the way is then told as any other thing in the way.
  walk_blocked_by: { text: "", color: "impossible" },
};

/** The message ids, in order. */
export const MESSAGE_IDS = Object.keys(MESSAGE_ID_SET) as MessageId[];

/**
 * The messages said only under a word of `game.json` (engine `WordedMessageId`), with the word's path
 * (`walks.noLoops`: the `noLoops` of its `walks`): optional, without a default, and required by the data's
 * check where the word is on.
 */
export const WORDED_MESSAGES: ReadonlyMap<MessageId, string> = new Map<WordedMessageId, string>([
  ["walk_threat", "walks.keepOutOfReach"],
  ["walk_loop", "walks.noLoops"],
  ["throw_blocked", "clearThrows"],
  ["bolt_blocked", "clearBolts"],
  ["throw_worn", "inventory.throwWornAsks"],
  ["door_closed", "closeDoors"],
  ["door_close_blocked", "closeDoors"],
  ["no_door_to_close", "closeDoors"],
  ["door_close_which", "closeDoors"],
  ["sneak_on", "sneak"],
  ["sneak_off", "sneak"],
  ["identified_by_elimination", "lastUnknownNamed"],
]);

/** A word of a template (`entities.json`) that makes a message said, by what it is. */
export interface TemplateWord {
  /** The word as docs/modding.md names it, for the problem's line. */
  readonly word: string;
  /** Whether the template `t` uses the word. */
  readonly uses: (t: TemplateConfig) => boolean;
}

/**
 * The messages said only where a template uses a word (engine
 * `WordedMessageId`), as {@link WORDED_MESSAGES} are for words of
 * `game.json`: optional, without a default, and required where a template
 * uses the word, so that adding one changes no other data set's rules.
 */
export const TEMPLATE_WORDED_MESSAGES: ReadonlyMap<MessageId, TemplateWord> = new Map<
  WordedMessageId,
  TemplateWord
>([
  ["burst", { word: "thrown.burst", uses: (t) => t.item?.thrown?.burst !== undefined }],
  ["nothing_to_identify", {
    word: 'item.effect "identify"',
    uses: (t) => t.item?.effect?.type === "identify",
  }],
]);
