/**
 * Things on the map. Entities are plain records with an `id`; optional
 * components (fighter, ai, item, …) are fields, so the whole state clones,
 * saves and travels to a worker as it is.
 *
 * @module
 */

/** Draw order: corpses under items under actors. */
export type RenderLayer = "corpse" | "item" | "actor";

/** Hit points and combat numbers. */
export interface Fighter {
  maxHp: number;
  hp: number;
  defense: number;
  power: number;
  /** Damage dice rolled on a hit, before power (docs/rules.md, Combat rolls); only where the data gives them. */
  damage?: string;
  /** Added to the chance to hit (docs/rules.md, Combat rolls). */
  accuracy?: number;
  /** Taken from the chance to be hit. */
  evasion?: number;
}

/**
 * How a monster decides. `lastSeen` is the cell it last saw the player on;
 * `path` the steps it still means to take toward it (cell indices), or, with
 * no `lastSeen` (-1), toward where it wanders. `asleep` (only for a mind
 * that starts asleep, see monsters/minds/mind.ts) until it is hurt or notices the player.
 */
export type Ai =
  | { readonly type: "hostile"; lastSeen: number; path: number[]; asleep?: true }
  | { readonly type: "confused"; turnsRemaining: number; readonly previous: Ai };

/** What an item does when used (the vocabulary modders compose from). */
export type ItemEffect =
  /** Heals `amount`, or `share` of max HP where that is more. */
  | { readonly type: "heal"; readonly amount: number; readonly share?: number }
  | { readonly type: "damage_nearest"; readonly amount: number; readonly range: number }
  | { readonly type: "confuse"; readonly turns: number }
  /** A blast; with `ignites`, it sets the flammable cells it covers alight (docs/rules.md, Fire). */
  | {
    readonly type: "damage_area";
    readonly amount: number;
    readonly radius: number;
    readonly ignites?: boolean;
  }
  /**
   * Puts the status `status` on the user (`self`) or on an actor aimed at
   * (`target`, aimed like confusion), for `turns` (the status's own by default).
   */
  | {
    readonly type: "apply_status";
    readonly status: string;
    readonly on: "self" | "target";
    readonly turns?: number;
  }
  /** Moves the user to a free floor cell no monster sees, if there is one (docs/rules.md, Teleport). */
  | { readonly type: "teleport" }
  /** The floor's layout becomes remembered (docs/rules.md, Magic mapping). */
  | { readonly type: "reveal_map" }
  /** `count` monsters of `template`, or of the floor's table, around the user (docs/rules.md, Summoning). */
  | { readonly type: "summon"; readonly template?: string; readonly count: number }
  /**
   * Lets out `volume` cells of the gas `kind` (docs/rules.md, Gas) around the user (`self`) or the cell
   * aimed at (`target`).
   */
  | { readonly type: "cloud"; readonly kind: string; readonly volume: number; readonly on: "self" | "target" }
  /** Aimed: a bolt along a line that hits the first actor in its way (docs/rules.md, Wands). */
  | { readonly type: "bolt"; readonly amount: number; readonly range: number }
  /** Names a carried unknown item the player chooses (docs/rules.md, Identify). */
  | { readonly type: "identify" };

/** A status an actor is under (docs/rules.md, Statuses): its id in the rules, and the turns it has left. */
export interface StatusEffect {
  readonly id: string;
  turns: number;
}

/** An equipment slot, as the rules name it (`weapon`, `armor`, `ring`, …). */
export type Slot = string;

/** What wearing an item adds. */
export interface Equippable {
  readonly slot: Slot;
  readonly power: number;
  readonly defense: number;
  /** A weapon's damage dice, rolled instead of the wielder's own (docs/rules.md, Combat rolls). */
  readonly damage?: string;
  readonly accuracy?: number;
  readonly evasion?: number;
  /** Added to max HP (and HP) while worn. */
  readonly maxHp?: number;
  /** Added to the sight radius while worn (an unlimited sight stays unlimited). */
  readonly sight?: number;
  /** Added to the wearer's speed (docs/rules.md, Speed and energy). */
  readonly speed?: number;
  /** Added to the wearer's stealth (at most 100 in all). */
  readonly stealth?: number;
  /** The wearer regains `hp` HP every `turns` turns, where this is faster than its own (docs/rules.md, Regeneration). */
  readonly regeneration?: { readonly hp: number; readonly turns: number };
}

/** What throwing an item does where it lands (docs/rules.md, Throwing). */
export interface Thrown {
  /** Damage dice to the actor it hits; none: it hurts no one. */
  readonly damage?: string;
  /** It breaks where it lands and is gone. */
  readonly shatters?: boolean;
  /** Where it lands, `status` falls on every actor within `radius` (docs/rules.md, Thrown bursts). */
  readonly burst?: Burst;
}

/** A thrown item's burst: a status on every actor within `radius` cells of where it lands. */
export interface Burst {
  readonly radius: number;
  readonly status: string;
  /** The status's own turns by default. */
  readonly turns?: number;
}

/** What makes a thing an item; each part only where the data gives it. */
export interface ItemPart {
  readonly effect?: ItemEffect;
  /** Like items merge into one stack (docs/rules.md, Stacks). */
  readonly stacks?: boolean;
  /** A stack's name, with its count before it ("3 Health Potions"). */
  readonly plural?: string;
  readonly thrown?: Thrown;
  /** Uses left, for an item that is not used up (a wand); absent: used up by one use. */
  charges?: number;
}

/** Experience and level (the player's). `xp` counts as the rules say (per level or in all). */
export interface Level {
  current: number;
  xp: number;
  /** Level-up choices still to make for levels already risen (rules with `levelRisesAt: "kill"` only). */
  choices?: number;
}

/** Things carried, in pick-up order; each slot's letter is its index (a = 0). */
export interface Inventory {
  readonly capacity: number;
  items: Entity[];
}

/** Anything that occupies a cell: the player, monsters, items, corpses. */
export interface Entity {
  readonly id: number;
  /** The template it was made from. */
  readonly template: string;
  name: string;
  glyph: string;
  /** 0xRRGGBB. */
  color: number;
  x: number;
  y: number;
  blocksMovement: boolean;
  layer: RenderLayer;
  fighter?: Fighter;
  ai?: Ai;
  /** Experience its death gives the player. */
  xpGiven?: number;
  /** Makes it an item; `effect` is what using it does (none: it is not usable). */
  item?: ItemPart;
  /** How many a stack holds; absent: one (docs/rules.md, Stacks). */
  count?: number;
  /** The inventory letter a carried item keeps (0 is a), where the rules keep letters. */
  letter?: number;
  /**
   * The letter an item kept before it left the pack (thrown, dropped): it
   * takes it again when picked up, if no carried item has it by then.
   */
  formerLetter?: number;
  /** What it carries. */
  inventory?: Inventory;
  /** Makes it wearable. */
  equippable?: Equippable;
  /** The ids of the carried items it wears, by slot. */
  equipment?: Record<Slot, number>;
  /** Experience and level. */
  level?: Level;
  /** How far it sees (the player's FOV radius; 0 is unlimited). */
  sight?: number;
  /** Its speed, when its template sets one (100 otherwise; docs/rules.md, Speed and energy). */
  speed?: number;
  /** Its own stealth, 0–100, where a background changed its template's (the player's). */
  stealth?: number;
  /** Energy towards its next action, once the scheduler has counted any (rule sets with speeds only). */
  energy?: number;
  /** The statuses it is under, oldest first; undefined (or absent) when none. */
  statuses?: StatusEffect[];
  /** The player moves carefully (docs/rules.md, Noise and sneaking): absent when not. */
  sneaking?: true;
}

/** Each of `entities` and, after each, everything it carries, at any depth. */
export function* withCarried(entities: readonly Entity[]): Generator<Entity> {
  for (const e of entities) {
    yield e;
    if (e.inventory) yield* withCarried(e.inventory.items);
  }
}

/** True for an actor that can still act and be hurt. */
export function isAlive(e: Entity): boolean {
  return e.layer === "actor" && e.fighter !== undefined && e.fighter.hp > 0;
}
