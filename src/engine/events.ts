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
  /** `xp` is what the player earned from it (filled in once deaths are settled). */
  | { readonly type: "died"; readonly entityId: number; readonly name: string; readonly xp?: number }
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
  | { readonly type: "teleported"; readonly entityId: number; readonly x: number; readonly y: number }
  | { readonly type: "map_revealed"; readonly entityId: number }
  | { readonly type: "summoned"; readonly entityId: number; readonly name: string }
  /** An item was used and did nothing (a summoning with no room around the reader). */
  | { readonly type: "nothing_happened"; readonly entityId: number }
  | {
    readonly type: "bolt_hit";
    readonly targetId: number;
    readonly target: string;
    readonly damage: number;
  }
  | { readonly type: "bolt_missed"; readonly entityId: number }
  /** The player learnt that things looking like `appearance` are `item`s. */
  | { readonly type: "identified"; readonly appearance: string; readonly item: string };
