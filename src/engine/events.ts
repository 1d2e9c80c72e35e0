/**
 * What happened during a turn. The engine reports events; the log (and
 * later the screen) decides how they read and look.
 *
 * @module
 */

/** Something that happened, with the names as they were at the time. */
export type GameEvent =
  | { readonly type: "moved"; readonly entityId: number; readonly x: number; readonly y: number }
  | { readonly type: "waited"; readonly entityId: number }
  | {
    readonly type: "attacked";
    readonly attackerId: number;
    readonly attacker: string;
    readonly targetId: number;
    readonly target: string;
    readonly damage: number;
  }
  /** A blow that did not land (docs/rules.md, Combat rolls). */
  | {
    readonly type: "missed";
    readonly attackerId: number;
    readonly attacker: string;
    readonly targetId: number;
    readonly target: string;
  }
  /** An item thrown (docs/rules.md, Throwing); `item` is its name. */
  | { readonly type: "thrown"; readonly entityId: number; readonly item: string }
  /** A thrown item hit `target` for `damage`, or missed it (`damage` undefined). */
  | {
    readonly type: "thrown_hit";
    readonly item: string;
    readonly targetId: number;
    readonly target: string;
    readonly damage?: number;
  }
  | { readonly type: "shattered"; readonly item: string }
  /**
   * `xp` is what the player earned from it (filled in once deaths are settled); `by` the actor whose blow,
   * shot, throw or item killed it, when one did (a status's damage has none).
   */
  | {
    readonly type: "died";
    readonly entityId: number;
    readonly name: string;
    readonly xp?: number;
    readonly by?: number;
  }
  | { readonly type: "confusion_ended"; readonly entityId: number; readonly name: string }
  | { readonly type: "picked_up"; readonly entityId: number; readonly item: string }
  | { readonly type: "dropped"; readonly entityId: number; readonly item: string }
  | { readonly type: "healed"; readonly entityId: number; readonly item: string; readonly amount: number }
  | {
    readonly type: "lightning";
    readonly targetId: number;
    readonly target: string;
    readonly damage: number;
  }
  | { readonly type: "confused"; readonly targetId: number; readonly target: string }
  | {
    readonly type: "engulfed";
    readonly targetId: number;
    readonly target: string;
    readonly damage: number;
  }
  | { readonly type: "xp_gained"; readonly entityId: number; readonly amount: number }
  | {
    readonly type: "level_advanced";
    readonly entityId: number;
    readonly name: string;
    readonly level: number;
  }
  | { readonly type: "level_chosen"; readonly entityId: number; readonly message: string }
  | { readonly type: "equipped"; readonly entityId: number; readonly item: string }
  | { readonly type: "unequipped"; readonly entityId: number; readonly item: string }
  | { readonly type: "rested"; readonly entityId: number; readonly amount: number }
  | { readonly type: "descended"; readonly entityId: number; readonly floor: number }
  | { readonly type: "ascended"; readonly entityId: number; readonly floor: number }
  /** Out by floor 1's up stairs; `item` is the goal item's name when it was carried out. */
  | { readonly type: "left_dungeon"; readonly entityId: number; readonly item?: string }
  /** A closed door at (x, y) was opened by walking into it. */
  | { readonly type: "door_opened"; readonly entityId: number; readonly x: number; readonly y: number }
  | { readonly type: "door_closed"; readonly entityId: number; readonly x: number; readonly y: number }
  /** The player began (`on`) or stopped sneaking (docs/rules.md, Noise and sneaking). */
  | { readonly type: "sneaking"; readonly entityId: number; readonly on: boolean }
  /** A status was put on (or refreshed on) an actor; `status` is its id. */
  | {
    readonly type: "status_started";
    readonly entityId: number;
    readonly name: string;
    readonly status: string;
  }
  | {
    readonly type: "status_ended";
    readonly entityId: number;
    readonly name: string;
    readonly status: string;
  }
  /**
   * A status's damage for the turn (told by the HP, and by the log where the status has a `hurt` text);
   * `status` is its name, `id` its id in the rules, `name` the hurt actor's.
   */
  | {
    readonly type: "status_hurt";
    readonly entityId: number;
    readonly id: string;
    readonly name: string;
    readonly status: string;
    readonly damage: number;
  }
  /** Regeneration or a status healed an actor at the end of a turn (not told). */
  | { readonly type: "regenerated"; readonly entityId: number; readonly amount: number }
  /**
   * A monster's shot along `path` (the cells it crossed, the last one where it stopped), drawn as
   * `glyph` in `color` (0xRRGGBB); `targetId` is who it hit, if anyone.
   */
  | {
    readonly type: "shot";
    readonly attackerId: number;
    readonly attacker: string;
    readonly targetId?: number;
    readonly target?: string;
    readonly damage: number;
    /** The shot reached its target and missed it (where the rules roll to hit). */
    readonly missed?: boolean;
    readonly verb: string;
    readonly path: readonly { readonly x: number; readonly y: number }[];
    readonly glyph: string;
    readonly color: number;
  }
  /** A sleeping monster noticed the player; `seen` if the player sees it. */
  | { readonly type: "woke"; readonly entityId: number; readonly name: string; readonly seen: boolean }
  | { readonly type: "teleported"; readonly entityId: number; readonly x: number; readonly y: number }
  | { readonly type: "map_revealed"; readonly entityId: number }
  | { readonly type: "summoned"; readonly entityId: number; readonly name: string }
  /** An item was used and did nothing (a summoning with no room around the reader). */
  | { readonly type: "nothing_happened"; readonly entityId: number }
  /** A monster that came along on the stairs (docs/rules.md, Followers on the stairs). */
  | { readonly type: "followed"; readonly entityId: number; readonly name: string }
  /** An unknown item used up by a use that could not happen, by its unknown name (docs/rules.md, Unknown items). */
  | { readonly type: "wasted"; readonly entityId: number; readonly item: string }
  | {
    readonly type: "bolt_hit";
    readonly targetId: number;
    readonly target: string;
    readonly damage: number;
  }
  | { readonly type: "bolt_missed"; readonly entityId: number }
  /** A cloud of gas of `kind` was let out by an item `entityId` used (docs/rules.md, Gas). */
  | { readonly type: "gas_released"; readonly entityId: number; readonly kind: string }
  /** Deep water swept away a heavy thing `entityId` carried (docs/rules.md, Deep water); `item` is its name. */
  | { readonly type: "swept_away"; readonly entityId: number; readonly item: string }
  /** An actor standing in fire at the end of a turn was burnt (docs/rules.md, Fire). */
  | { readonly type: "burned"; readonly entityId: number; readonly name: string; readonly damage: number }
  /** The player learnt that things looking like `appearance` are `item`s. */
  | { readonly type: "identified"; readonly appearance: string; readonly item: string }
  /** The player learnt it by elimination: every other thing of its kind is known (docs/rules.md, Unknown items). */
  | { readonly type: "identified_by_elimination"; readonly appearance: string; readonly item: string }
  /** A thrown `item` burst where it landed, at (`x`, `y`) (docs/rules.md, Thrown bursts). */
  | { readonly type: "burst"; readonly item: string; readonly x: number; readonly y: number };

/** The actors whose blows or shots among `events` hurt `targetId` (did it damage). */
export function attackersWhoHurt(events: readonly GameEvent[], targetId: number): Set<number> {
  const hurt = new Set<number>();
  for (const e of events) {
    const struck = (e.type === "attacked" || (e.type === "shot" && !e.missed)) && e.targetId === targetId;
    if (struck && e.damage > 0) hurt.add(e.attackerId);
  }
  return hurt;
}
