/**
 * A turn as a patch: what the turn changed in the game, from the game as the
 * command found it to the game after it, which another copy of that game
 * takes by making the changes, no rule played again (no view computed, no
 * path searched, no blow rolled). The AI worker sends the turns it plays on
 * its copies so. It is taken by comparing the copy a turn was played on with
 * the copy's parent (`forkState` shares what play never changes in place, so
 * most of it compares by identity).
 *
 * On a crowded floor most of a turn's changes are monsters stepping: each
 * such change travels as numbers (its place, HP, energy, and its mind told
 * as a change from the one the app holds: "the same path, one step on" is
 * two numbers however long the path), in one array, instead of thousands of
 * objects copied between threads; any other change of an entity travels as
 * the whole entity.
 *
 * @module
 */
import type { Ai, Entity } from "./entity.ts";
import type { Chronicle } from "./chronicle.ts";
import type { GameEvent } from "./events.ts";
import { flipView, type GameMap, setTile } from "./game_map.ts";
import { addMessage, type LogEntry } from "./message_log.ts";
import { copyMap, type GameState, type KeptFloor } from "./state.ts";
import { turnDigest, valueDigest } from "./state_digest.ts";
import type { Tile } from "./tiles.ts";
import { forgetCells } from "./field_cells.ts";

/** See the module's comment. */
export interface TurnPatch {
  readonly rng: number[];
  readonly rolls?: number[];
  readonly turn: number;
  readonly ticks?: number;
  readonly nextId: number;
  /** Cells whose tile changed, and their tiles: index, tile, index, tile… */
  readonly tiles: Int32Array<ArrayBuffer>;
  /** Cells whose fire changed, and the turns each has left: index, turns… (only when any did). */
  readonly fire?: Int32Array<ArrayBuffer>;
  /** Cells whose gas changed: index, thickness, kind… (only when any did). */
  readonly gas?: Int32Array<ArrayBuffer>;
  /** Cells whose view flipped (seen now, or no longer). */
  readonly visible: Int32Array<ArrayBuffer>;
  /** Cells explored by the turn. */
  readonly explored: Int32Array<ArrayBuffer>;
  /** Entities changed in the numbers alone (see {@link NUMBERS}), one record after another. */
  readonly stepped: Float64Array<ArrayBuffer>;
  /** The minds the numbers could not tell, by their index in `stepped`'s records. */
  readonly minds: readonly Ai[];
  /** Entities changed otherwise, or new: whole. */
  readonly whole: readonly Entity[];
  /** The entities' ids in order, when the list changed otherwise than in place (one came, or went). */
  readonly order?: Int32Array<ArrayBuffer>;
  /** The floor the turn took the player to, whole, when it changed floors (the fields above are then empty). */
  readonly floor?: FloorChange;
  readonly chronicle?: Chronicle;
  readonly known?: string[];
  /** The items drawn so far this run, whole, when the turn drew more (a new floor, `repeatWeight`). */
  readonly drawn?: Record<string, number>;
  /** The lines the turn told, in order. */
  readonly log: readonly LogEntry[];
  /**
   * The turn's events the app acts on: its shots, shown on their way, and the blows that hurt the player,
   * which stop a walk where the data says so (`walks.blowsStop`).
   */
  readonly shown: readonly GameEvent[];
  /**
   * What the patch replaces as the command found it: the game's quick
   * digest (`turnDigest`, state_digest.ts), with the digest of every value it carries
   * whole (see {@link replacedDigest}). The app's must be the same for the
   * patch to fit: nothing the worker's copy had wrong is carried into the
   * game. And the quick digest after the turn, which the app's is once the
   * patch is made.
   */
  readonly before: number;
  readonly after: number;
}

/**
 * A change of floor, whole: the floor arrived on (its number, map and
 * things) and, where the rules keep floors, the floor left as it is kept.
 */
export interface FloorChange {
  readonly number: number;
  readonly map: GameMap;
  readonly entities: readonly Entity[];
  readonly left?: KeptFloor;
}

/**
 * A record of `stepped`: id, x, y, energy (NaN: none), HP, then the mind:
 * its kind, its number, and for a hunting mind the cells of its old path
 * kept (after the one it stepped to) and the new cells after them, then
 * those cells.
 */
const NUMBERS = 9;
/** Mind kinds: unchanged; hunting along a path, made from the old one's; a confusion a turn shorter; in `minds`. */
const AI_SAME = 0, AI_PATH = 1, AI_CONFUSED_TICK = 2, AI_OBJECT = 3;

/** Whether `a` and `b`, plain data (objects, arrays, numbers, strings, booleans), are equal. */
export function samePlain(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!samePlain(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>, y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const key of keys) if (!(key in y) || !samePlain(x[key], y[key])) return false;
  return true;
}

/**
 * How many of `before`'s cells after its first (the one a monster steps
 * to) `path` begins with: a monster hunting a player who moved keeps most
 * of its way.
 */
function keptOf(path: readonly number[], before: readonly number[]): number {
  let kept = 0;
  while (kept < path.length && kept + 1 < before.length && path[kept] === before[kept + 1]) kept++;
  return kept;
}

/** The parts of an entity play changes in place (`forkState` copies them for a branch). */
const COPIED = new Set(["fighter", "statuses", "level", "item", "equipment", "inventory"]);

/**
 * How `after` differs from `before`, the same entity a turn apart in a
 * branch's copy: not at all; in its place, HP, energy and mind alone
 * ("stepped"); or otherwise ("whole"). A part play only ever replaces (the
 * mind, an item's effect) is compared by identity, as the copy shares it.
 */
function changeOf(before: Entity, after: Entity): "none" | "stepped" | "whole" {
  const was = before as unknown as Record<string, unknown>, is = after as unknown as Record<string, unknown>;
  let keys = 0, stepped = false;
  for (const key in is) {
    keys++;
    const value = is[key], old = was[key];
    if (value === old) continue;
    if (old === undefined && !(key in was)) return "whole";
    if (key === "x" || key === "y" || key === "energy") {
      if (typeof value !== "number" || typeof old !== "number") return "whole";
      stepped = true;
    } else if (key === "ai") {
      if (value === undefined || old === undefined) return "whole";
      stepped = true;
    } else if (key === "fighter") {
      const change = fighterChange(value as Record<string, unknown>, old as Record<string, unknown>);
      if (change === "whole") return "whole";
      if (change === "stepped") stepped = true;
    } else if (!COPIED.has(key) || !samePlain(value, old)) {
      return "whole";
    }
  }
  for (const _ in was) keys--;
  if (keys !== 0) return "whole";
  return stepped ? "stepped" : "none";
}

/** How a fighter part changed: not at all, in its HP alone, or otherwise (its fields are numbers and texts). */
function fighterChange(
  is: Record<string, unknown>,
  was: Record<string, unknown>,
): "none" | "stepped" | "whole" {
  let keys = 0;
  for (const key in is) {
    keys++;
    if (key !== "hp" && is[key] !== was[key]) return "whole";
  }
  for (const _ in was) keys--;
  if (keys !== 0) return "whole";
  return is.hp === was.hp ? "none" : "stepped";
}

/** A growing array of numbers. */
class Numbers {
  values = new Float64Array(256);
  length = 0;

  push(n: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = n;
  }

  take(): Float64Array<ArrayBuffer> {
    return this.values.slice(0, this.length);
  }
}

/**
 * Cells of `a` and `b` (grids of one size) that differ, with `b`'s value
 * after each when `withValue`. Four cells are compared at a time where the
 * grids allow it: most of a large map's cells do not change in a turn.
 */
function differing(a: Uint8Array, b: Uint8Array, withValue = false): Int32Array<ArrayBuffer> {
  const out: number[] = [];
  const words = a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0 ? a.length >> 2 : 0;
  const wa = new Uint32Array(a.buffer, a.byteOffset, words),
    wb = new Uint32Array(b.buffer, b.byteOffset, words);
  for (let w = 0; w < words; w++) {
    if (wa[w] === wb[w]) continue;
    for (let i = w * 4; i < w * 4 + 4; i++) if (a[i] !== b[i]) withValue ? out.push(i, b[i]) : out.push(i);
  }
  for (let i = words * 4; i < a.length; i++) if (a[i] !== b[i]) withValue ? out.push(i, b[i]) : out.push(i);
  return Int32Array.from(out);
}

/**
 * What the turn that made `after` (the log holding its lines alone) out of
 * `before` changed, its shots among `events`. A turn that changed the floor
 * carries the floor arrived on whole.
 */
export function patchOf(before: GameState, after: GameState, events: readonly GameEvent[]): TurnPatch {
  const patch = changesOf(before, after, events);
  return { ...patch, before: replacedDigest(before, patch) };
}

/** What a patch replaces whole: its values, and the floor it arrives on. */
type Replacing = Pick<TurnPatch, "whole" | "chronicle" | "known" | "drawn" | "floor">;

/**
 * The quick digest of `state` (the game as a command finds it), with the
 * digests of what `patch` replaces whole there: each entity it carries
 * whole that `state` has, the chronicle and what is known if it carries
 * them, and on a change of floor every thing of the floor left and the
 * floor arrived on if it is kept.
 */
export function replacedDigest(state: GameState, patch: Replacing): number {
  let h = turnDigest(state);
  const add = (value: unknown) => h = Math.imul(h ^ valueDigest(value), 0x01000193) >>> 0;
  if (patch.whole.length > 0) {
    const byId = new Map(state.entities.map((e) => [e.id, e]));
    for (const e of patch.whole) if (byId.has(e.id)) add(byId.get(e.id));
  }
  if (patch.chronicle) add(state.chronicle);
  if (patch.known) add(state.known ?? null);
  if (patch.drawn) add(state.drawn ?? null);
  if (patch.floor) {
    add(state.entities);
    add(state.keptFloors?.find((k) => k.floor === patch.floor!.number) ?? null);
  }
  return h;
}

function changesOf(
  before: GameState,
  after: GameState,
  events: readonly GameEvent[],
): Omit<TurnPatch, "before"> {
  const floor = after.floor !== before.floor;
  // Each entity of `before` at its id: an array, asked thousands of times on a crowded floor.
  const was: (Entity | undefined)[] = [];
  for (const e of before.entities) was[e.id] = e;
  const numbers = new Numbers(), minds: Ai[] = [], whole: Entity[] = [];
  const entities = floor ? [] : after.entities;
  let inPlace = after.entities.length === before.entities.length;
  for (let i = 0; i < entities.length; i++) {
    const e = entities[i];
    if (inPlace && before.entities[i].id !== e.id) inPlace = false;
    const old = was[e.id];
    if (old === e) continue;
    const change = old ? changeOf(old, e) : "whole";
    if (change === "none") continue;
    if (change === "whole") {
      whole.push(e);
      continue;
    }
    numbers.push(e.id);
    numbers.push(e.x);
    numbers.push(e.y);
    numbers.push(e.energy ?? NaN);
    numbers.push(e.fighter?.hp ?? NaN);
    pushMind(numbers, minds, old!.ai, e.ai);
  }
  return {
    rng: [...after.rng],
    ...(after.rolls ? { rolls: [...after.rolls] } : {}),
    turn: after.turn,
    ...(after.ticks === undefined ? {} : { ticks: after.ticks }),
    nextId: after.nextId,
    tiles: floor ? new Int32Array() : differing(before.map.tiles, after.map.tiles, true),
    ...(floor ? {} : fireChanges(before.map, after.map)),
    ...(floor ? {} : gasChanges(before.map, after.map)),
    visible: floor ? new Int32Array() : differing(before.map.visible, after.map.visible),
    explored: floor ? new Int32Array() : differing(before.map.explored, after.map.explored),
    stepped: numbers.take(),
    minds,
    whole,
    ...(inPlace || floor ? {} : { order: Int32Array.from(after.entities, (e) => e.id) }),
    ...(floor ? { floor: floorOf(before, after) } : {}),
    // Copies: the patch may wait in a batch while the copy it was taken of plays on.
    ...(samePlain(before.chronicle, after.chronicle) ? {} : { chronicle: structuredClone(after.chronicle) }),
    ...(samePlain(before.known, after.known) ? {} : { known: [...after.known!] }),
    ...(samePlain(before.drawn, after.drawn) ? {} : { drawn: { ...after.drawn! } }),
    log: [...after.log],
    shown: events.filter((e) =>
      e.type === "shot" || (e.type === "attacked" && e.targetId === after.playerId && e.damage > 0)
    ),
    after: turnDigest(after),
  };
}

/** The cells whose fire the turn changed, when any did (a floor that never burnt has no fire grid). */
function fireChanges(before: GameMap, after: GameMap): { fire?: Int32Array<ArrayBuffer> } {
  if (!after.fire) return {};
  const fire = differing(before.fire ?? new Uint8Array(after.fire.length), after.fire, true);
  return fire.length > 0 ? { fire } : {};
}

/** The cells whose gas the turn changed, thickness and kind, when any did. */
function gasChanges(before: GameMap, after: GameMap): { gas?: Int32Array<ArrayBuffer> } {
  if (!after.gas || !after.gasKind) return {};
  const size = after.gas.length;
  const thick = differing(before.gas ?? new Uint8Array(size), after.gas);
  const kind = differing(before.gasKind ?? new Uint8Array(size), after.gasKind);
  if (thick.length === 0 && kind.length === 0) return {};
  const cells = [...new Set([...thick, ...kind])].sort((a, b) => a - b);
  const gas = new Int32Array(cells.length * 3);
  cells.forEach((i, k) => gas.set([i, after.gas![i], after.gasKind![i]], k * 3));
  return { gas };
}

/** The floor `after` is on, whole, and the floor `before` was on as `after` keeps it. */
function floorOf(before: GameState, after: GameState): FloorChange {
  const left = after.keptFloors?.find((k) => k.floor === before.floor);
  return {
    number: after.floor,
    map: copyMap(after.map),
    entities: after.entities,
    ...(left ? { left } : {}),
  };
}

/** Pushes the mind `ai` as a change from `was` (see {@link NUMBERS}). */
function pushMind(numbers: Numbers, minds: Ai[], was: Ai | undefined, ai: Ai | undefined): void {
  if (ai === was) {
    for (const n of [AI_SAME, 0, 0, 0]) numbers.push(n);
    return;
  }
  // A hunting mind of the three fields the numbers hold, no more.
  if (ai?.type === "hostile" && Object.keys(ai).length === 3) {
    const kept = was?.type === "hostile" && !was.asleep ? keptOf(ai.path, was.path) : 0;
    for (const n of [AI_PATH, ai.lastSeen, kept, ai.path.length - kept]) numbers.push(n);
    for (let k = kept; k < ai.path.length; k++) numbers.push(ai.path[k]);
    return;
  }
  if (
    ai?.type === "confused" && was?.type === "confused" && ai.previous === was.previous &&
    ai.turnsRemaining === was.turnsRemaining - 1
  ) {
    for (const n of [AI_CONFUSED_TICK, 0, 0, 0]) numbers.push(n);
    return;
  }
  for (const n of [AI_OBJECT, minds.push(ai!) - 1, 0, 0]) numbers.push(n);
}

/** The mind `was` becomes by the numbers at `at` of `stepped` (and `minds`); the new cells' count too. */
function mindAt(
  stepped: Float64Array,
  at: number,
  minds: readonly Ai[],
  was: Ai | undefined,
): [Ai | undefined, number] {
  const kind = stepped[at], value = stepped[at + 1], kept = stepped[at + 2], added = stepped[at + 3];
  switch (kind) {
    case AI_SAME:
      return [was, 0];
    case AI_PATH: {
      if (kept > 0 && (was?.type !== "hostile" || was.path.length <= kept)) {
        throw new Error("a path kept that the game does not hold");
      }
      const path = kept > 0 ? (was as { path: number[] }).path.slice(1, 1 + kept) : [];
      for (let k = 0; k < added; k++) path.push(stepped[at + 4 + k]);
      return [{ type: "hostile", lastSeen: value, path }, added];
    }
    case AI_CONFUSED_TICK:
      if (was?.type !== "confused") throw new Error("a confusion that the game does not hold");
      return [{ ...was, turnsRemaining: was.turnsRemaining - 1 }, 0];
    default:
      return [minds[value], 0];
  }
}

/** Takes the player to the floor `change` brings, keeping the floor left as the rules keep it (floors.ts). */
function changeTo(state: GameState, change: FloorChange): void {
  const left = state.floor;
  state.floor = change.number;
  state.map = change.map;
  state.entities = [...change.entities];
  // The rules keep floors where the floor left is kept (the first it leaves makes the list).
  if (!change.left) return;
  const kept = (state.keptFloors ?? []).filter((k) => k.floor !== change.number && k.floor !== left);
  kept.push(change.left);
  state.keptFloors = kept.sort((a, b) => a.floor - b.floor);
}

/**
 * Makes `patch`'s changes to `state`, the game as the command found it;
 * the events the app acts on (`shown`). Throws when the patch does not fit the game (then part of it
 * may have been made: the caller plays the turn again from its start).
 */
export function applyPatch(state: GameState, patch: TurnPatch): GameEvent[] {
  state.rng = patch.rng;
  if (patch.rolls) state.rolls = patch.rolls;
  state.turn = patch.turn;
  if (patch.ticks !== undefined) state.ticks = patch.ticks;
  state.nextId = patch.nextId;
  if (patch.floor) changeTo(state, patch.floor);
  const { map } = state;
  for (let k = 0; k < patch.tiles.length; k += 2) {
    const i = patch.tiles[k];
    setTile(map, i % map.width, Math.floor(i / map.width), patch.tiles[k + 1] as Tile);
  }
  if (patch.fire) {
    const fire = map.fire ??= new Uint8Array(map.tiles.length);
    for (let k = 0; k < patch.fire.length; k += 2) fire[patch.fire[k]] = patch.fire[k + 1];
    forgetCells(map.fire);
  }
  if (patch.gas) {
    const gas = map.gas ??= new Uint8Array(map.tiles.length);
    const kinds = map.gasKind ??= new Uint8Array(map.tiles.length);
    for (let k = 0; k < patch.gas.length; k += 3) {
      gas[patch.gas[k]] = patch.gas[k + 1];
      kinds[patch.gas[k]] = patch.gas[k + 2];
    }
    forgetCells(gas);
  }
  flipView(map, patch.visible, patch.explored);
  // Each entity at its id: an array, asked thousands of times a turn on a crowded floor.
  const byId: (Entity | undefined)[] = [];
  for (const e of state.entities) byId[e.id] = e;
  const { stepped, minds } = patch;
  for (let at = 0; at < stepped.length;) {
    const e = byId[stepped[at]];
    if (!e) throw new Error(`no entity ${stepped[at]} to step`);
    e.x = stepped[at + 1];
    e.y = stepped[at + 2];
    if (!Number.isNaN(stepped[at + 3])) e.energy = stepped[at + 3];
    if (!Number.isNaN(stepped[at + 4])) e.fighter!.hp = stepped[at + 4];
    const [ai, length] = mindAt(stepped, at + 5, minds, e.ai);
    e.ai = ai;
    at += NUMBERS + length;
  }
  for (const e of patch.whole) byId[e.id] = e;
  if (patch.order) {
    const ids = patch.order;
    state.entities.length = 0;
    for (const id of ids) {
      const e = byId[id];
      if (!e) throw new Error(`no entity ${id} in the turn's order`);
      state.entities.push(e);
    }
  } else if (patch.whole.length > 0) {
    for (const [i, e] of state.entities.entries()) state.entities[i] = byId[e.id]!;
  }
  if (patch.chronicle) state.chronicle = patch.chronicle;
  if (patch.known) state.known = patch.known;
  if (patch.drawn) state.drawn = { ...patch.drawn };
  for (const line of patch.log) {
    for (let n = 0; n < line.count; n++) addMessage(state.log, line.text, line.color);
  }
  return [...patch.shown];
}
