/**
 * What an item does, in numbers, for look mode and the describe window:
 * what wearing it adds, what using it does, what throwing it does. Only for
 * an item the player knows: an unknown one keeps its secret.
 *
 * @module
 */
import type { Entity, Rules } from "../engine/mod.ts";

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

/** What wearing it adds ("Wielded: attack +2, damage 1d8, accuracy +5"); empty for what is not worn. */
function wornNumbers(item: Entity): string[] {
  const e = item.equippable;
  if (!e) return [];
  const parts = [
    e.power ? `attack ${signed(e.power)}` : "",
    e.damage ? `damage ${e.damage}` : "",
    e.defense ? `defense ${signed(e.defense)}` : "",
    e.accuracy ? `accuracy ${signed(e.accuracy)}` : "",
    e.evasion ? `evasion ${signed(e.evasion)}` : "",
    e.maxHp ? `max HP ${signed(e.maxHp)}` : "",
    e.sight ? `sight ${signed(e.sight)}` : "",
    e.speed ? `speed ${signed(e.speed)}` : "",
    e.stealth ? `stealth ${signed(e.stealth)}` : "",
    e.regeneration ? `regains ${e.regeneration.hp} HP every ${e.regeneration.turns} turns` : "",
  ].filter((p) => p !== "");
  // A weapon is wielded, not worn: a player reads "Wielded" where they would say it.
  const how = e.slot === "weapon" ? "Wielded" : `Worn (${e.slot.replaceAll("_", " ")})`;
  return [`${how}: ${parts.length > 0 ? parts.join(", ") : "nothing more"}`];
}

/** What using it does ("Heals 10 HP."). */
function usedNumbers(item: Entity, rules: Rules): string[] {
  const effect = item.item?.effect;
  if (!effect) return [];
  const status = (id: string) => rules.statuses?.[id]?.name ?? id;
  const text = ((): string => {
    switch (effect.type) {
      case "heal":
        return effect.share === undefined
          ? `Used: heals ${effect.amount} HP.`
          : effect.share >= 1
          ? "Used: heals every wound."
          : `Used: heals ${Math.round(effect.share * 100)} % of max HP, at least ${effect.amount}.`;
      case "damage_nearest":
        return `Used: ${effect.amount} damage to the nearest enemy within ${effect.range}.`;
      case "confuse":
        return `Aimed: confuses a monster for ${effect.turns} turns.`;
      case "damage_area":
        return `Aimed: ${effect.amount} damage to everyone within ${effect.radius} of where it lands.`;
      case "apply_status": {
        const turns = effect.turns ?? rules.statuses?.[effect.status]?.turns;
        const span = turns === undefined ? "" : ` for ${turns} turns`;
        return effect.on === "self"
          ? `Used: ${status(effect.status)}${span}.`
          : `Aimed: makes a monster ${status(effect.status)}${span}.`;
      }
      case "teleport":
        return "Used: takes you to a place no monster sees.";
      case "reveal_map":
        return "Used: shows the whole floor's layout.";
      case "summon":
        return `Used: calls ${effect.count} monster${effect.count === 1 ? "" : "s"} around you.`;
      case "cloud":
        return effect.on === "self"
          ? `Used: lets out a cloud of ${effect.kind} gas around you.`
          : `Aimed: lets out a cloud of ${effect.kind} gas where it lands.`;
      case "bolt":
        return `Aimed: a bolt of ${effect.amount} damage to the first one in its line, up to ${effect.range} cells.`;
      case "identify":
        return "Used: names an unknown item you carry.";
    }
  })();
  const charges = item.item?.charges;
  return charges === undefined ? [text] : [text, `Charges left: ${charges}.`];
}

/** What throwing it does, where the data says it is made for throwing. */
function thrownNumbers(item: Entity, rules: Rules): string[] {
  const thrown = item.item?.thrown;
  if (!thrown) return [];
  const burst = thrown.burst;
  if (burst) {
    const turns = burst.turns ?? rules.statuses?.[burst.status]?.turns;
    const name = rules.statuses?.[burst.status]?.name ?? burst.status;
    const span = turns === undefined ? "" : ` for ${turns} turns`;
    const steps = `${burst.radius} step${burst.radius === 1 ? "" : "s"}`;
    return [`Thrown: it breaks, and everyone within ${steps} of where it lands is ${name}${span}.`];
  }
  const hurt = thrown.damage ? `${thrown.damage} damage to the first one in its line` : "it hurts no one";
  return [`Thrown: ${hurt}${thrown.shatters ? ", and it breaks" : ""}.`];
}

/** Every line of numbers of `item` (known to the player: the caller checks). */
export function itemNumbers(item: Entity, rules: Rules): string[] {
  return [...wornNumbers(item), ...usedNumbers(item, rules), ...thrownNumbers(item, rules)];
}
