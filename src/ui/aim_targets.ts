/**
 * Where the aim cursor starts and where Tab takes it, in a game whose data
 * says `aimStart: "targets"` (docs/rules.md, Look and aim cursor): the
 * monsters in view, nearest first, and the item and target last aimed, so
 * that firing again is two keys.
 *
 * @module
 */
import { type Entity, type GameState, isAlive, playerOf, type Point } from "../engine/mod.ts";
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

/** Which cells the screen shows (the map view's): a cursor goes only to monsters drawn there. */
export type Shown = (p: Point) => boolean;

/**
 * The living actors but the player on cells the player sees, nearest first (straight-line distance, then
 * id); with `shown`, only those the screen draws.
 */
export function targetsInView(state: GameState, shown?: Shown): Entity[] {
  const player = playerOf(state), { map } = state;
  const far = (e: Entity) => (e.x - player.x) ** 2 + (e.y - player.y) ** 2;
  return state.entities
    .filter((e) =>
      e.id !== player.id && isAlive(e) && map.visible[e.y * map.width + e.x] === 1 && (!shown || shown(e))
    )
    .sort((a, b) => far(a) - far(b) || a.id - b.id);
}

/** Where aiming starts: on the last target while it is in view, else on the nearest monster in view. */
export function aimStartOf(state: GameState, last?: number, shown?: Shown): Point | undefined {
  const targets = targetsInView(state, shown);
  const target = targets.find((e) => e.id === last) ?? targets[0];
  return target && { x: target.x, y: target.y };
}

/**
 * The monster after (`step` 1) or before (-1) the one on `at` in
 * {@link targetsInView}'s order (of those `shown`), going round; from a
 * cell with none, the first (or the last).
 */
export function cycleTarget(state: GameState, at: Point, step: 1 | -1, shown?: Shown): Point | undefined {
  const targets = targetsInView(state, shown);
  if (targets.length === 0) return undefined;
  const here = targets.findIndex((e) => e.x === at.x && e.y === at.y);
  const next = here < 0
    ? (step === 1 ? 0 : targets.length - 1)
    : (here + step + targets.length) % targets.length;
  return { x: targets[next].x, y: targets[next].y };
}

/** The monster in view on `at`, if any. */
export function targetAt(state: GameState, at: Point): Entity | undefined {
  return targetsInView(state).find((e) => e.x === at.x && e.y === at.y);
}
