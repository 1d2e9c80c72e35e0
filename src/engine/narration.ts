/**
 * Turns events into log lines: the one place where what happened becomes
 * what the player reads.
 *
 * @module
 */
import { type DeathCause, deathCauseOf } from "./death_cause.ts";
import type { GameEvent } from "./events.ts";
import { addMessage, type LogEntry } from "./message_log.ts";
import { formatTemplate } from "./text_template.ts";
import type { MessageId, Rules } from "./rules.ts";

/**
 * The rules' message `id` as said, in the words for the player's deed,
 * another's deed to the player (`toPlayer`) or between others, coloured
 * for the player's deed or another's; undefined when its text is empty (a
 * message these rules do not say).
 */
export function message(
  rules: Rules,
  id: MessageId,
  params: Readonly<Record<string, string | number>> = {},
  byPlayer = true,
  toPlayer = false,
): { readonly text: string; readonly color: string } | undefined {
  const template = rules.messages[id];
  // A worded message the data did not give is never asked for: the data's check ties it to its word.
  if (!template) return undefined;
  const words = template.text;
  const text = typeof words === "string"
    ? words
    : byPlayer
    ? words.byPlayer
    : toPlayer
    ? words.toPlayer
    : words.other;
  if (text === "") return undefined;
  const color = typeof template.color === "string"
    ? template.color
    : byPlayer
    ? template.color.player
    : template.color.other;
  return { text: formatTemplate(text, params), color };
}

/** Logs the rules' message `id` (see {@link message}). */
export function tell(
  log: LogEntry[],
  rules: Rules,
  id: MessageId,
  params: Readonly<Record<string, string | number>> = {},
  byPlayer = true,
  toPlayer = false,
): void {
  const said = message(rules, id, params, byPlayer, toPlayer);
  if (said) addMessage(log, said.text, said.color);
}

/** Whether the player sees an actor, by id, as the turn is told. */
export type Sees = (entityId: number) => boolean;

/**
 * Whether every actor `e` is about is out of the player's sight: where the
 * rules tell only what is seen, it goes unsaid. Events the player's own
 * deeds make are always told.
 */
function unseen(e: GameEvent, sees: Sees): boolean {
  switch (e.type) {
    case "attacked":
    case "missed":
      return !sees(e.attackerId) && !sees(e.targetId);
    case "shot":
      return !sees(e.attackerId) && (e.targetId === undefined || !sees(e.targetId));
    case "died":
      return !sees(e.entityId) && (e.by === undefined || !sees(e.by));
    case "status_started":
    case "status_ended":
    case "status_hurt":
    case "burned":
    case "confusion_ended":
      return !sees(e.entityId);
    default:
      return false;
  }
}

/**
 * Says a status's start, end or hurt text, the player's or another's
 * (nothing for an empty one, or a status without a hurt text).
 */
function tellStatus(
  log: LogEntry[],
  rules: Rules,
  e: Extract<GameEvent, { type: "status_started" | "status_ended" | "status_hurt" }>,
  isPlayer: boolean,
): void {
  const def = rules.statuses?.[e.type === "status_hurt" ? e.id : e.status];
  const said = e.type === "status_started" ? def?.start : e.type === "status_ended" ? def?.end : def?.hurt;
  if (!def || !said) return;
  const text = isPlayer ? said.player : said.other;
  const damage = e.type === "status_hurt" ? e.damage : 0;
  if (text !== "") {
    addMessage(log, formatTemplate(text, { name: e.name, status: def.name, damage }), said.color);
  }
}

/** What `{cause}` says for `cause`, in the rules' words (none where they have none). */
function causeWords(rules: Rules, cause: DeathCause): string {
  const words = rules.death?.causes?.[cause.kind] ?? "";
  const by = "by" in cause ? cause.by : "";
  return formatTemplate(words, { killer: by, item: by, status: by.toLowerCase() });
}

/**
 * Adds the log lines `events` call for; with `sees`, none about actors all
 * out of the player's sight.
 */
export function narrate(
  log: LogEntry[],
  rules: Rules,
  events: readonly GameEvent[],
  playerId: number,
  sees?: Sees,
): void {
  for (const [i, e] of events.entries()) {
    if (sees && unseen(e, sees)) continue;
    switch (e.type) {
      case "attacked":
        tell(
          log,
          rules,
          e.damage > 0 ? "attack" : "attack_no_damage",
          { attacker: e.attacker, target: e.target, damage: e.damage },
          e.attackerId === playerId,
          e.targetId === playerId,
        );
        break;
      case "missed":
        tell(
          log,
          rules,
          "attack_missed",
          { attacker: e.attacker, target: e.target },
          e.attackerId === playerId,
          e.targetId === playerId,
        );
        break;
      case "thrown":
        tell(log, rules, "thrown", { item: e.item });
        break;
      case "thrown_hit":
        if (e.damage === undefined) tell(log, rules, "thrown_missed", { item: e.item, target: e.target });
        else {
          tell(log, rules, e.damage > 0 ? "thrown_hit" : "thrown_no_damage", {
            item: e.item,
            target: e.target,
            damage: e.damage,
          });
        }
        break;
      case "shattered":
        tell(log, rules, "shattered", { item: e.item });
        break;
      case "shot":
        if (e.target !== undefined) {
          tell(
            log,
            rules,
            e.missed ? "shot_missed" : e.damage > 0 ? "shot" : "shot_no_damage",
            { attacker: e.attacker, target: e.target, damage: e.damage, verb: e.verb },
            e.attackerId === playerId,
            e.targetId === playerId,
          );
        }
        break;
      case "woke":
        if (e.seen) tell(log, rules, "monster_woke", { name: e.name }, false);
        break;
      case "died":
        if (e.entityId === playerId) tell(log, rules, "player_died", { name: e.name }, true);
        else {
          const cause = causeWords(rules, deathCauseOf(events, i, e.entityId));
          tell(log, rules, "monster_died", { name: e.name, xp: e.xp ?? 0, cause }, false);
        }
        break;
      case "xp_gained":
        tell(log, rules, "xp_gained", { xp: e.amount });
        break;
      case "level_advanced":
        tell(log, rules, "level_advanced", { name: e.name, level: e.level });
        break;
      case "level_chosen":
        if (e.message !== "") addMessage(log, e.message, "white");
        break;
      case "equipped":
        tell(log, rules, "equipped", { item: e.item });
        break;
      case "unequipped":
        tell(log, rules, "unequipped", { item: e.item });
        break;
      case "rested":
        tell(log, rules, "rested", { amount: e.amount });
        break;
      case "descended":
        tell(log, rules, "descended", { floor: e.floor });
        break;
      case "ascended":
        tell(log, rules, "ascended", { floor: e.floor });
        break;
      case "left_dungeon":
        if (e.item) tell(log, rules, "escaped_with_goal", { item: e.item });
        else tell(log, rules, "left_dungeon");
        break;
      case "confusion_ended":
        tell(log, rules, "confusion_ended", { name: e.name }, false);
        break;
      case "picked_up":
        tell(log, rules, "picked_up", { item: e.item });
        break;
      case "dropped":
        tell(log, rules, "dropped", { item: e.item });
        break;
      case "healed":
        tell(log, rules, "healed", { item: e.item, amount: e.amount });
        break;
      case "lightning":
        tell(log, rules, "lightning_hit", { name: e.target, damage: e.damage });
        break;
      case "confused":
        tell(log, rules, "confused", { name: e.target });
        break;
      case "engulfed":
        // Caught in a blast of their own, the player is told in the second person where the rules give the words.
        tell(
          log,
          rules,
          "fireball_hit",
          { name: e.target, damage: e.damage },
          e.targetId !== playerId,
          e.targetId === playerId,
        );
        break;
      case "status_started":
      case "status_ended":
        tellStatus(log, rules, e, e.entityId === playerId);
        break;
      case "teleported":
        if (e.entityId === playerId) tell(log, rules, "teleported");
        break;
      case "map_revealed":
        tell(log, rules, "map_revealed");
        break;
      case "summoned":
        tell(log, rules, "summoned", { name: e.name, a_name: withArticle(e.name) }, false);
        break;
      case "nothing_happened":
        tell(log, rules, "nothing_happens");
        break;
      case "followed":
        tell(log, rules, "followed", { name: e.name });
        break;
      case "wasted":
        tell(log, rules, "unknown_wasted", { item: e.item });
        break;
      case "bolt_hit":
        tell(log, rules, "bolt_hit", { name: e.target, damage: e.damage });
        break;
      case "bolt_missed":
        tell(log, rules, "bolt_missed");
        break;
      case "identified":
        tell(log, rules, "identified", {
          appearance: e.appearance,
          item: e.item,
          a_item: withArticle(e.item),
        });
        break;
      case "identified_by_elimination":
        tell(log, rules, "identified_by_elimination", {
          appearance: e.appearance,
          item: e.item,
          a_item: withArticle(e.item),
        });
        break;
      case "burst":
        tell(log, rules, "burst", { item: e.item });
        break;
      case "status_hurt":
        tellStatus(log, rules, e, e.entityId === playerId);
        break;
      case "door_closed":
        if (e.entityId === playerId) tell(log, rules, "door_closed");
        break;
      case "sneaking":
        tell(log, rules, e.on ? "sneak_on" : "sneak_off");
        break;
      case "swept_away": {
        const said = rules.water?.lost;
        if (said) addMessage(log, formatTemplate(said.text, { item: e.item }), said.color);
        break;
      }
      case "gas_released": {
        const said = rules.gases?.find((g) => g.id === e.kind)?.released;
        if (said) addMessage(log, said.text, said.color);
        break;
      }
      case "burned": {
        const said = rules.fire?.burn;
        const text = e.entityId === playerId ? said?.player : said?.other;
        if (said && text) {
          addMessage(log, formatTemplate(text, { name: e.name, damage: e.damage }), said.color);
        }
        break;
      }
      case "moved":
      case "waited":
      case "door_opened":
      case "regenerated":
        break;
    }
  }
}

/** "a" or "an" before `name`, as English writes it (messages that want no article use `{name}`). */
export function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}`;
}
