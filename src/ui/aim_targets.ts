/**
 * Where the aim cursor starts and where Tab takes it, in a game whose data
 * says `aimStart: "targets"` (docs/rules.md, Look and aim cursor): the
 * monsters in view, nearest first, and the item and target last aimed, so
 * that firing again is two keys.
 *
 * @module
 */
import { type Entity, type GameState, isAlive, playerOf, type Point, type Rules } from "../engine/mod.ts";
import type { ActiveBinding } from "./keymap.ts";

/**
 * What the player last aimed: the item (by entity id, and by name for the next of a kind once a thrown one
 * has left the pack), how, and the monster on the cursor, if any.
 */
export interface AimMemory {
  readonly item: number;
  readonly name: string;
  readonly verb: "use" | "throw";
  readonly target?: number;
}

/** What the aim cursor's own keys do, beyond the cursor's. */
export type AimCommand = "nextTarget" | "previousTarget" | "fire";

/** The keys that play and aim share: in play it aims the last item again, aiming it fires. */
export const FIRE_KEYS: readonly string[] = ["f"];

/** Tab, Shift+Tab and the fire key while aiming. */
export const AIM_BINDINGS: readonly ActiveBinding<AimCommand>[] = [
  {
    keys: ["Tab"],
    value: "nextTarget",
    help: "cursor to the next monster in view",
    name: "cursor.next_target",
  },
  {
    keys: ["Shift+Tab"],
    value: "previousTarget",
    help: "cursor to the previous monster in view",
    name: "cursor.previous_target",
  },
  { keys: FIRE_KEYS, value: "fire", help: "throw or zap at the cursor (as Enter)", name: "fire" },
];

/**
 * What puts a monster ahead in the aim's order (`game.json`'s `aimOrder`):
 * `hurtYou`, it hurt the player in the turn just played; `shoots`, it attacks
 * at range; `reaches`, it can come to hurt the player (not harmless, and it
 * moves or shoots: a fungus rooted across the room does not).
 */
export type AimRank = "hurtYou" | "shoots" | "reaches";

/** The aim's order: the data's ranks, the rules that say who shoots and moves, and who just hurt the player. */
export interface AimOrder {
  readonly ranks: readonly AimRank[];
  readonly rules: Rules;
  readonly hurtBy: ReadonlySet<number>;
}

/** True when `e` has what `rank` puts ahead. */
function hasRank(e: Entity, rank: AimRank, order: AimOrder): boolean {
  const mind = order.rules.templates[e.template]?.ai;
  const own = typeof mind === "object" ? mind : undefined;
  switch (rank) {
    case "hurtYou":
      return order.hurtBy.has(e.id);
    case "shoots":
      return own?.ranged !== undefined;
    case "reaches":
      return !own?.harmless && (!own?.stationary || own.ranged !== undefined);
  }
}

/** Which cells the screen shows (the map view's): a cursor goes only to monsters drawn there. */
export type Shown = (p: Point) => boolean;

/**
 * The living actors but the player on cells the player sees (with `shown`,
 * only those the screen draws): by `order`'s ranks where given (those with
 * the first rank first, and so on), then nearest first (straight-line
 * distance, then id).
 */
export function targetsInView(state: GameState, order?: AimOrder, shown?: Shown): Entity[] {
  const player = playerOf(state), { map } = state;
  const far = (e: Entity) => (e.x - player.x) ** 2 + (e.y - player.y) ** 2;
  const ranked = (a: Entity, b: Entity) => {
    for (const rank of order?.ranks ?? []) {
      const by = Number(hasRank(b, rank, order!)) - Number(hasRank(a, rank, order!));
      if (by !== 0) return by;
    }
    return 0;
  };
  return state.entities
    .filter((e) =>
      e.id !== player.id && isAlive(e) && map.visible[e.y * map.width + e.x] === 1 && (!shown || shown(e))
    )
    .sort((a, b) => ranked(a, b) || far(a) - far(b) || a.id - b.id);
}

/**
 * Where aiming starts: on the last target while it is in view, else on the
 * first monster in view by `order` (the nearest without one).
 */
export function aimStartOf(
  state: GameState,
  last?: number,
  order?: AimOrder,
  shown?: Shown,
): Point | undefined {
  const targets = targetsInView(state, order, shown);
  const target = targets.find((e) => e.id === last) ?? targets[0];
  return target && { x: target.x, y: target.y };
}

/**
 * The monster after (`step` 1) or before (-1) the one on `at` in
 * {@link targetsInView}'s order (by `order`, of those `shown`), going
 * round; from a cell with none, the first (or the last).
 */
export function cycleTarget(
  state: GameState,
  at: Point,
  step: 1 | -1,
  order?: AimOrder,
  shown?: Shown,
): Point | undefined {
  const targets = targetsInView(state, order, shown);
  if (targets.length === 0) return undefined;
  const here = targets.findIndex((e) => e.x === at.x && e.y === at.y);
  const next = here < 0
    ? (step === 1 ? 0 : targets.length - 1)
    : (here + step + targets.length) % targets.length;
  return { x: targets[next].x, y: targets[next].y };
}

/** The aim's order in `ui`, where its data give one. */
export function aimOrderOf(
  ui: {
    readonly aimOrder?: readonly AimRank[];
    readonly rules: Rules;
    readonly hurtBy?: ReadonlySet<number>;
  },
): AimOrder | undefined {
  return ui.aimOrder && { ranks: ui.aimOrder, rules: ui.rules, hurtBy: ui.hurtBy ?? new Set() };
}

/** The monster in view on `at`, if any. */
export function targetAt(state: GameState, at: Point): Entity | undefined {
  return targetsInView(state).find((e) => e.x === at.x && e.y === at.y);
}
