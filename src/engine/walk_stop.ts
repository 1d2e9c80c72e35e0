/**
 * When a walk (explore, travel, run) stops, and what it tells the player:
 * a pure function of the game state and of what the player had seen when
 * the walk began, so the rules are tested on hand-drawn maps. The walk's
 * behaviour (behavior.ts) asks them after each step and before the next.
 *
 * A walk stops for a monster that comes into view (not one already in view
 * when it began), for HP lost, for a key, on an item it has not stopped on
 * before (explore and run), where it meant to go, and where a monster stands
 * in its way (walking never attacks). Each stop but the ones the map makes
 * plain (a run at a branch, a click's cell reached) is told with a message
 * from the rules.
 *
 * @module
 */
import { type Entity, isAlive } from "./entity.ts";
import { isWalkable, tileAt } from "./game_map.ts";
import type { Point } from "./geometry.ts";
import type { LogEntry } from "./message_log.ts";
import { tell } from "./narration.ts";
import type { MessageId, Rules } from "./rules.ts";
import { type GameState, playerOf } from "./state.ts";
import { Tile } from "./tiles.ts";
import { monstersInView } from "./travel.ts";
import { itemName } from "./item_names.ts";

/** A walk without a key per step. */
export type Walk =
  | { readonly kind: "explore" }
  | { readonly kind: "travel"; readonly to: Point }
  | { readonly kind: "run"; readonly dx: number; readonly dy: number };

/** What the player had when a walk began: what it does not stop for. */
export interface WalkStart {
  readonly walk: Walk;
  /** The monsters in view then: seen already, they do not stop it while they stay in view. */
  readonly monsters: ReadonlySet<number>;
  readonly hp: number;
}

/** Why a walk ended. */
export type WalkStop =
  /** Monsters came into view (each named). */
  | { readonly reason: "monster"; readonly names: readonly string[] }
  /** Standing on items the walk had not stopped on before (each named). */
  | { readonly reason: "item"; readonly names: readonly string[] }
  | { readonly reason: "hurt" }
  /** A key was pressed. */
  | { readonly reason: "interrupted" }
  /** Every cell that can be reached is explored, every item seen visited. */
  | { readonly reason: "explored" }
  /** On the stairs: where `>` travels to, or a run came upon them. */
  | { readonly reason: "stairs" }
  /** Something stands in the way and no known way goes round it: `name`, when it is a monster. */
  | { readonly reason: "blocked"; readonly name?: string }
  /** The cell travelled to is known, but no way to it over known cells is. */
  | { readonly reason: "no_way" }
  /** A travel reached the cell it was sent to (the map shows it: nothing is said). */
  | { readonly reason: "arrived" }
  /**
   * The walk came to its own end where the map shows why: a run where its
   * corridor branches or ends, or where a room's wall opens (nothing is said).
   */
  | { readonly reason: "end" }
  /** A rest (rest.ts) is over: healed, or its count of turns waited. */
  | { readonly reason: "rested" }
  /** A rest stopped as statuses the player was under ended (each named). */
  | { readonly reason: "status"; readonly names: readonly string[] }
  /** A rest would heal nothing: the player neither regenerates nor is healed by a status. */
  | { readonly reason: "cannot_rest" };

/** What the player has seen as a walk begins. */
export function startWalk(state: GameState, walk: Walk): WalkStart {
  return {
    walk,
    monsters: new Set(monstersInView(state).map((e) => e.id)),
    hp: playerOf(state).fighter?.hp ?? 0,
  };
}

/** The items on the player's cell, topmost (dropped last) first. */
export function itemsUnderfoot(state: GameState): Entity[] {
  const p = playerOf(state);
  return state.entities.filter((e) => e.layer === "item" && e.x === p.x && e.y === p.y).reverse();
}

/**
 * Why the walk stops after the step just taken, if it does. `visited`
 * holds the items a walk has already stopped on: they do not stop one again.
 * With `rules`, items are named as the player knows them (docs/rules.md, Unknown items).
 */
export function stopAfterStep(
  state: GameState,
  start: WalkStart,
  visited: ReadonlySet<number>,
  rules?: Rules,
): WalkStop | undefined {
  const newcomers = monstersInView(state).filter((e) => !start.monsters.has(e.id));
  if (newcomers.length > 0) return { reason: "monster", names: newcomers.map((e) => e.name) };
  const player = playerOf(state);
  if ((player.fighter?.hp ?? 0) < start.hp) return { reason: "hurt" };
  const { walk } = start;
  if (walk.kind !== "travel") {
    const items = itemsUnderfoot(state).filter((e) => !visited.has(e.id));
    if (items.length > 0) {
      return { reason: "item", names: items.map((e) => rules ? itemName(state, rules, e) : e.name) };
    }
  }
  // Either way (up stairs only on kept floors): where `>` and `<` travel to, and where a run stops.
  const here = tileAt(state.map, player.x, player.y);
  const onStairs = here === Tile.DownStairs || here === Tile.UpStairs;
  if (walk.kind === "travel" && player.x === walk.to.x && player.y === walk.to.y) {
    return { reason: onStairs ? "stairs" : "arrived" };
  }
  if (walk.kind === "run" && onStairs) return { reason: "stairs" };
  return undefined;
}

/**
 * Why the walk cannot take its next step to `to`: a living monster stands
 * there (walking never attacks), or the cell cannot be stood on.
 */
export function stopBeforeStep(state: GameState, to: Point): WalkStop | undefined {
  const there = state.entities.find((e) => e.x === to.x && e.y === to.y && e.blocksMovement && isAlive(e));
  if (there) return { reason: "blocked", name: there.name };
  return isWalkable(state.map, to.x, to.y) ? undefined : { reason: "blocked" };
}

/** Cells of the living monsters the player sees: the known map's obstacles for a walk's plan. */
export function monsterCells(state: GameState): number[] {
  const { width } = state.map;
  return monstersInView(state).map((e) => e.y * width + e.x);
}

/** "a" or "an" before `name`, as English writes it (messages that want no article use `{name}`). */
export function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}`;
}

/** What each stop says: a message of the rules, or nothing for the stops the map shows. */
const STOP_MESSAGES: { readonly [R in WalkStop["reason"]]: MessageId | undefined } = {
  monster: "walk_monster",
  item: "walk_item",
  hurt: "walk_hurt",
  interrupted: "walk_interrupted",
  explored: "explored",
  stairs: "walk_stairs",
  blocked: "walk_blocked",
  no_way: "walk_no_way",
  arrived: undefined,
  end: undefined,
  rested: "rest_done",
  status: "rest_status",
  cannot_rest: "rest_cannot",
};

/** False for the stops the map shows, which nothing is said of. */
export function isTold(stop: WalkStop): boolean {
  return STOP_MESSAGES[stop.reason] !== undefined;
}

/**
 * Tells the player why the walk stopped (nothing, when the map shows it):
 * one line per name it names; a monster in the way in the rules' words for
 * it, where they have them (else as any other thing in the way).
 */
export function tellStop(log: LogEntry[], rules: Rules, stop: WalkStop): void {
  const id = STOP_MESSAGES[stop.reason];
  if (id === undefined) return;
  if (stop.reason === "blocked" && stop.name !== undefined && rules.messages.walk_blocked_by.text !== "") {
    return tell(log, rules, "walk_blocked_by", { name: stop.name, a_name: withArticle(stop.name) });
  }
  if (!("names" in stop)) return tell(log, rules, id);
  for (const name of stop.names) tell(log, rules, id, { name, a_name: withArticle(name) });
}
