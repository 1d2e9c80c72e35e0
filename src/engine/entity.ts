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
 * `path` the steps it still means to take toward it (cell indices), or, with
 * no `lastSeen` (-1), toward where it wanders. `asleep` (only for a mind
 * that starts asleep, see minds/mind.ts) until it is hurt or notices the player.
 */
export type Ai =
  | { readonly type: "hostile"; lastSeen: number; path: number[]; asleep?: true }
  | { readonly type: "confused"; turnsRemaining: number; readonly previous: Ai };

/** What an item does when used (the vocabulary modders compose from). */
export type ItemEffect =
  | { readonly type: "heal"; readonly amount: number }
  | { readonly type: "damage_nearest"; readonly amount: number; readonly range: number }
  | { readonly type: "confuse"; readonly turns: number }
  | { readonly type: "damage_area"; readonly amount: number; readonly radius: number };

/** The two equipment slots. */
export type Slot = "weapon" | "armor";

/** What wearing an item adds. */
export interface Equippable {
  readonly slot: Slot;
  readonly power: number;
  readonly defense: number;
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
  item?: { readonly effect?: ItemEffect };
  /** What it carries. */
  inventory?: Inventory;
  /** Makes it wearable. */
  equippable?: Equippable;
  /** The ids of the carried items it wears, by slot. */
  equipment?: Partial<Record<Slot, number>>;
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
