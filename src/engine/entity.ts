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
}

/**
 * How a monster decides. `lastSeen` is the cell it last saw the player on;
 * `path` the steps it still means to take toward it (cell indices).
 */
export type Ai =
  | { readonly type: "hostile"; lastSeen: number; path: number[] }
  | { readonly type: "confused"; turnsRemaining: number; readonly previous: Ai };

/** What an item does when used (the vocabulary modders compose from). */
export type ItemEffect =
  | { readonly type: "heal"; readonly amount: number }
  | { readonly type: "damage_nearest"; readonly amount: number; readonly range: number }
  | { readonly type: "confuse"; readonly turns: number }
  | { readonly type: "damage_area"; readonly amount: number; readonly radius: number }
  /** Moves the user to a free floor cell no monster sees, if there is one (docs/rules.md, Teleport). */
  | { readonly type: "teleport" }
  /** The floor's layout becomes remembered (docs/rules.md, Magic mapping). */
  | { readonly type: "reveal_map" }
  /** `count` monsters of `template`, or of the floor's table, around the user (docs/rules.md, Summoning). */
  | { readonly type: "summon"; readonly template?: string; readonly count: number }
  /** Aimed: a bolt along a line that hits the first actor in its way (docs/rules.md, Wands). */
  | { readonly type: "bolt"; readonly amount: number; readonly range: number };

/** An equipment slot, as the rules name it (`weapon`, `armor`, `ring`, …). */
export type Slot = string;

/** What wearing an item adds. */
export interface Equippable {
  readonly slot: Slot;
  readonly power: number;
  readonly defense: number;
  /** Added to max HP (and HP) while worn. */
  readonly maxHp?: number;
  /** Added to the sight radius while worn (an unlimited sight stays unlimited). */
  readonly sight?: number;
}

/** What makes a thing an item: what using it does, and how many uses it has left. */
export interface ItemPart {
  readonly effect?: ItemEffect;
  /** Uses left, for an item that is not used up (a wand); absent: used up by one use. */
  charges?: number;
}

/** Experience and level (the player's). `xp` counts as the rules say (per level or in all). */
export interface Level {
  current: number;
  xp: number;
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
