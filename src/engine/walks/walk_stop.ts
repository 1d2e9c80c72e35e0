/**
 * When a walk (explore, travel, run) stops, and what it tells the player:
 * a pure function of the game state and of what the player had seen when
 * the walk began, so the rules are tested on hand-drawn maps. The walk's
 * behaviour (behavior.ts) asks them after each step and before the next.
 *
 * A walk stops for a monster that comes into view (not one already known:
 * in view as this walk or an earlier one on the floor began, unless it
 * moves nearer than it has been), for HP lost (past a share of max HP, where the
 * data give one), for a key, on an item it has not stopped on
 * before (explore and run), where it meant to go, and where a monster stands
 * in its way (walking never attacks). Each stop but the ones the map makes
 * plain (a run at a branch, a click's cell reached) is told with a message
 * from the rules.
 *
 * @module
 */
import { type Entity, isAlive } from "../entity.ts";
import type { GameEvent } from "../events.ts";
import { isWalkable, tileAt } from "../game_map.ts";
import type { Point } from "../../algorithms/mod.ts";
import type { LogEntry } from "../message_log.ts";
import { tell, withArticle } from "../narration.ts";
import type { MessageId, Rules } from "../rules.ts";
import { type GameState, playerOf } from "../state.ts";
import { Tile } from "../tiles.ts";
import { monstersInView } from "./travel.ts";
import { canHit } from "./reach.ts";
import { itemName } from "../items/item_names.ts";
import { isBurning } from "../fire.ts";

/** A walk without a key per step. */
export type Walk =
  | { readonly kind: "explore" }
  | { readonly kind: "travel"; readonly to: Point }
  | { readonly kind: "run"; readonly dx: number; readonly dy: number };

/** A monster a walk has seen: where it stood then, and the nearest (in steps) it has been to the player. */
export interface KnownMonster {
  readonly x: number;
  readonly y: number;
  readonly steps: number;
}

/**
 * The monsters walks have seen, by id, as each walk began: the caller keeps
 * it from one walk to the next, on one floor.
 */
export type KnownMonsters = Map<number, KnownMonster>;

/** What the player had when a walk began: what it does not stop for. */
export interface WalkStart {
  readonly walk: Walk;
  /** The monsters known then: they do not stop it unless they come nearer than they have been. */
  readonly monsters: ReadonlyMap<number, KnownMonster>;
  readonly hp: number;
  /** The HP lost since the walk began that stops it (1: any). */
  readonly hurtStops: number;
  /**
   * Where a known monster coming nearer is news only at half the steps it was seen at, or within its reach:
   * the rules, to know that reach; absent, any step nearer than it has been is news.
   */
  readonly halfway?: Rules;
}

/** Why a walk ended. */
export type WalkStop =
  /** Monsters came into view (each named). */
  | { readonly reason: "monster"; readonly names: readonly string[] }
  /** A rest asked for with monsters in view does not begin (each named). */
  | { readonly reason: "in_view"; readonly names: readonly string[] }
  /** Monsters already known came nearer than they had been (each named). */
  | { readonly reason: "closer"; readonly names: readonly string[] }
  /** HP fell under the data's low-HP line: told once, after the turn that did it, walking or not. */
  | { readonly reason: "low_hp" }
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
  /** Explore or travel would begin, or step, where monsters in view could hit the player (each named). */
  | { readonly reason: "threat"; readonly names: readonly string[] }
  /** The walk would come back to a cell it stood on, nothing explored since: its way keeps changing. */
  | { readonly reason: "loop" }
  /** A rest (rest.ts) is over: healed, or its count of turns waited. */
  | { readonly reason: "rested" }
  /** A rest stopped as statuses the player was under ended (each named). */
  | { readonly reason: "status"; readonly names: readonly string[] }
  /** A rest would heal nothing: the player neither regenerates nor is healed by a status. */
  | { readonly reason: "cannot_rest" };

/** Steps between `e` and the player (diagonals count one). */
function stepsFromPlayer(state: GameState, e: Entity): number {
  const p = playerOf(state);
  return Math.max(Math.abs(e.x - p.x), Math.abs(e.y - p.y));
}

/**
 * Notes the monsters in view in `known`, each where it stands and at the
 * nearest it has been: done as a walk begins, so a monster seen then stops
 * no later walk until it comes nearer itself.
 */
export function noteMonsters(state: GameState, known: KnownMonsters): void {
  for (const e of monstersInView(state)) {
    const steps = stepsFromPlayer(state, e);
    known.set(e.id, { x: e.x, y: e.y, steps: Math.min(known.get(e.id)?.steps ?? steps, steps) });
  }
}

/**
 * True when `e`, known as `seen`, has moved and stands nearer the player
 * than it has been: the player walking up to a monster that stands still
 * does not count, nor one that steps back and forth.
 */
function cameNearer(state: GameState, e: Entity, seen: KnownMonster, halfway?: Rules): boolean {
  if (e.x === seen.x && e.y === seen.y) return false;
  const steps = stepsFromPlayer(state, e);
  if (!halfway) return steps < seen.steps;
  // A bat flitting about a few cells off comes a step nearer and goes again: only half the way in, or a
  // monster that can now hit the player, is news.
  return steps < seen.steps && (steps <= Math.floor(seen.steps / 2) || canHit(halfway, e, playerOf(state)));
}

/**
 * What the player has seen as a walk begins: the monsters in view, and
 * those in `known` (noted there too). Without `known`, only the monsters in
 * view count, and none of them ever stops the walk by coming nearer (the
 * first rule, the tutorials'). `hurtShare`: the share of max HP lost since
 * the walk began that stops it; absent, any HP lost does. With `halfway`
 * (the rules), a known monster's coming nearer stops it only half the way in
 * or within reach.
 */
export function startWalk(
  state: GameState,
  walk: Walk,
  known?: KnownMonsters,
  hurtShare?: number,
  halfway?: Rules,
): WalkStart {
  const seen: KnownMonsters = known ?? new Map();
  noteMonsters(state, seen);
  // Nearer than no steps at all is never: in view at the start, a monster stops such a walk for nothing.
  if (!known) { for (const [id, m] of seen) seen.set(id, { ...m, steps: 0 }); }
  const fighter = playerOf(state).fighter;
  const share = hurtShare === undefined || !fighter ? 0 : Math.ceil(hurtShare * fighter.maxHp);
  return { walk, monsters: new Map(seen), hp: fighter?.hp ?? 0, hurtStops: Math.max(1, share), halfway };
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
  const inView = monstersInView(state);
  const newcomers = inView.filter((e) => !start.monsters.has(e.id));
  if (newcomers.length > 0) return { reason: "monster", names: newcomers.map((e) => e.name) };
  const nearer = inView.filter((e) => cameNearer(state, e, start.monsters.get(e.id)!, start.halfway));
  if (nearer.length > 0) return { reason: "closer", names: nearer.map((e) => e.name) };
  const player = playerOf(state);
  if (start.hp - (player.fighter?.hp ?? 0) >= start.hurtStops) return { reason: "hurt" };
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
 * there (walking never attacks), the cell cannot be stood on, or (with the
 * rules that burn) it is on fire in the player's view.
 */
export function stopBeforeStep(state: GameState, to: Point, rules?: Rules): WalkStop | undefined {
  const there = state.entities.find((e) => e.x === to.x && e.y === to.y && e.blocksMovement && isAlive(e));
  if (there) return { reason: "blocked", name: there.name };
  if (!isWalkable(state.map, to.x, to.y)) return { reason: "blocked" };
  const { map } = state;
  if (rules?.fire && isBurning(map, to.x, to.y) && map.visible[to.y * map.width + to.x]) {
    return { reason: "blocked", name: rules.fire.name };
  }
  return undefined;
}

/** Cells of the living monsters the player sees: the known map's obstacles for a walk's plan. */
export function monsterCells(state: GameState): number[] {
  const { width } = state.map;
  return monstersInView(state).map((e) => e.y * width + e.x);
}

/** What each stop says: a message of the rules, or nothing for the stops the map shows. */
const STOP_MESSAGES: { readonly [R in WalkStop["reason"]]: MessageId | undefined } = {
  monster: "walk_monster",
  closer: "walk_closer",
  low_hp: "hp_low",
  item: "walk_item",
  hurt: "walk_hurt",
  interrupted: "walk_interrupted",
  explored: "explored",
  stairs: "walk_stairs",
  blocked: "walk_blocked",
  no_way: "walk_no_way",
  threat: "walk_threat",
  loop: "walk_loop",
  arrived: undefined,
  end: undefined,
  rested: "rest_done",
  status: "rest_status",
  cannot_rest: "rest_cannot",
  in_view: "rest_in_view",
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
  // The step onto them said what lies there already (tellUnderfoot).
  if (stop.reason === "item" && rules.tellsItemsUnderfoot) return;
  if (stop.reason === "blocked" && stop.name !== undefined && rules.messages.walk_blocked_by.text !== "") {
    return tell(log, rules, "walk_blocked_by", { name: stop.name, a_name: withArticle(stop.name) });
  }
  if (!("names" in stop)) return tell(log, rules, id);
  for (const name of stop.names) tell(log, rules, id, { name, a_name: withArticle(name) });
}

/**
 * Where the rules say so (`narration.itemsUnderfoot`), a step of the player's onto items says what lies
 * there, a line each, topmost first, in the words a walk's stop on them uses (docs/rules.md, Walks).
 */
export function tellUnderfoot(state: GameState, rules: Rules, events: readonly GameEvent[]): void {
  if (!rules.tellsItemsUnderfoot) return;
  if (!events.some((e) => e.type === "moved" && e.entityId === state.playerId)) return;
  for (const item of itemsUnderfoot(state)) {
    const name = itemName(state, rules, item);
    tell(state.log, rules, "walk_item", { name, a_name: withArticle(name) });
  }
}
