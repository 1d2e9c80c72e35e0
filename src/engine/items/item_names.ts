/**
 * What an item is called: its own name once known, an appearance drawn for
 * this game while it is not (docs/rules.md, Unknown items), and the charges
 * left on a wand.
 *
 * @module
 */
import { countOf } from "./stacks.ts";
import type { Entity } from "../entity.ts";
import type { GameEvent } from "../events.ts";
import { formatTemplate } from "../text_template.ts";
import { Rng } from "../../algorithms/mod.ts";
import type { Rules } from "../rules.ts";
import type { GameState } from "../state.ts";

/**
 * Mixed into the seed for the appearances' own stream, so drawing them takes
 * nothing from the game's RNG (the dungeon stays the one the seed makes).
 */
const APPEARANCE_STREAM = 0x9e37_79b9;

/** An unknown template's name and, where its kind's data give one, its plural. */
export interface Appearance {
  readonly name: string;
  readonly plural?: string;
}

/** Each game's appearance table, by rules and seed: names are asked for on every frame. */
const tables = new WeakMap<Rules, { seed: number; names: ReadonlyMap<string, Appearance> }>();

/**
 * The appearance of each unknown template in the game of `seed`: each
 * kind's appearances shuffled by a stream of their own drawn from the seed,
 * then given out to the kind's templates in id order, each with its name and
 * the plural its kind's data give.
 */
export function appearances(rules: Rules, seed: number): ReadonlyMap<string, Appearance> {
  const cached = tables.get(rules);
  if (cached?.seed === seed) return cached.names;
  const names = new Map<string, Appearance>();
  const kinds = rules.unknownItems ?? {};
  const rng = Rng.fromSeed((seed ^ APPEARANCE_STREAM) >>> 0);
  for (const kind of Object.keys(kinds).sort()) {
    const pool = [...kinds[kind].appearances];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    const ids = Object.keys(rules.templates).filter((id) => rules.templates[id].unknown === kind).sort();
    const { name, plural } = kinds[kind];
    ids.forEach((id, i) => {
      const appearance = { appearance: pool[i] };
      const many = plural === undefined ? {} : { plural: formatTemplate(plural, appearance) };
      names.set(id, { name: formatTemplate(name, appearance), ...many });
    });
  }
  tables.set(rules, { seed, names });
  return names;
}

/** True when the player knows what things of `template` are. */
export function isKnown(state: GameState, rules: Rules, template: string): boolean {
  return rules.templates[template]?.unknown === undefined || (state.known?.includes(template) ?? false);
}

/** `item`'s name without its charges: its own, or its appearance while unknown. */
export function baseName(state: GameState, rules: Rules, item: Entity): string {
  if (isKnown(state, rules, item.template)) return item.name;
  return appearances(rules, state.seed).get(item.template)?.name ?? item.name;
}

/** `item`'s name as the player reads it: "murky potion", "Wand of Lightning (3)". */
export function itemName(state: GameState, rules: Rules, item: Entity): string {
  const charges = item.item?.charges;
  const name = baseName(state, rules, item);
  return charges === undefined ? name : `${name} (${charges})`;
}

/**
 * The player learns what `item` is, if it was unknown: the state keeps the
 * template's id (the list exists only once something is learnt) and
 * `events` tells it.
 */
export function learn(state: GameState, rules: Rules, item: Entity, events: GameEvent[]): void {
  if (isKnown(state, rules, item.template)) return;
  const appearance = baseName(state, rules, item);
  (state.known ??= []).push(item.template);
  events.push({ type: "identified", appearance, item: item.name });
  const kind = rules.templates[item.template]?.unknown;
  if (rules.lastUnknownNamed && kind !== undefined) eliminate(state, rules, kind, events);
}

/**
 * Where one template of unknown `kind` is left unknown, the player knows it
 * too: it can be nothing else (docs/rules.md, Unknown items).
 */
function eliminate(state: GameState, rules: Rules, kind: string, events: GameEvent[]): void {
  const left = Object.keys(rules.templates).filter((id) =>
    rules.templates[id].unknown === kind && !isKnown(state, rules, id)
  );
  if (left.length !== 1) return;
  const [last] = left;
  const appearance = appearances(rules, state.seed).get(last)?.name ?? rules.templates[last].name;
  state.known!.push(last);
  events.push({ type: "identified_by_elimination", appearance, item: rules.templates[last].name });
}

/** The unknown items `actor` carries, by slot: what a scroll of identify may name. */
export function unknownSlots(state: GameState, rules: Rules, actor: Entity): number[] {
  const items = actor.inventory?.items ?? [];
  return items.flatMap((item, slot) => isKnown(state, rules, item.template) ? [] : [slot]);
}

/**
 * The one way a count of a thing is named, in every list, window and
 * message: one is the name alone ("Dart"), more are the count and the plural
 * ("3 Darts", "3 milky potions"); the plural is the name and an s unless the
 * data say otherwise.
 */
export function countedName(count: number, name: string, plural = `${name}s`): string {
  return count === 1 ? name : `${count} ${plural}`;
}

/**
 * What a list or a message calls `item`: its name as the player knows it
 * and, for a stack, its count ({@link countedName}) in the plural its
 * template gives, or its unknown kind's ("3 milky potions"). An unknown kind
 * whose data give no plural counts as before: "2 × murky potion".
 */
export function labelOf(state: GameState, rules: Rules, item: Entity): string {
  const count = countOf(item);
  const name = itemName(state, rules, item);
  if (count <= 1) return name;
  if (isKnown(state, rules, item.template)) return countedName(count, name, item.item?.plural);
  const plural = appearances(rules, state.seed).get(item.template)?.plural;
  return plural === undefined ? `${count} × ${name}` : countedName(count, name, plural);
}
