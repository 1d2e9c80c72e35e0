/**
 * The monsters' moves as the worker sends them: numbers in one Int32Array,
 * moved to the app without a copy, instead of thousands of objects cloned or
 * written as JSON. A move's AI state is told as a change from the one the
 * monster had when the phase began, which the app's game holds too: "the
 * same path, one step on" costs two numbers however long the path. Whatever
 * has no number form travels as an object beside them.
 *
 * Each move: id, action kind, dx, dy, AI kind, AI value, path length, path.
 *
 * A monster may move more than once in a turn (docs/rules.md, Speed and
 * energy): its later moves in a part are told as changes from the AI state
 * its move before gave it, which is what the decoder holds for it then.
 *
 * @module
 */
import type { Action, Ai, Entity, MonsterMove } from "../engine/mod.ts";

/** Moves as numbers, and what could not be told in numbers. */
export interface EncodedMoves {
  readonly ints: Int32Array<ArrayBuffer>;
  readonly objects: readonly (Action | Ai)[];
}

/** Action kinds; OBJECT: the action is `objects[dx]`. */
const ACTION_KINDS = ["object", "move", "melee", "bump", "wait", "recover", "shoot", "wake"] as const;
const ACTION_OBJECT = 0;

/** AI kinds. */
const AI_SAME = 0, AI_HOSTILE = 1, AI_STEPPED = 2, AI_CONFUSED_TICK = 3, AI_OBJECT = 4;

const HEADER = 7;

/**
 * The AI state each monster's last move of a part gave it, at its id: what
 * a later move of the same monster in that part is told or read against.
 * An array, not a map (it is asked once a move, thousands a turn), and the
 * ids set, so that clearing it touches only them.
 */
class LastStates {
  readonly #at: (Ai | undefined)[] = [];
  readonly #set: number[] = [];

  get(id: number): Ai | undefined {
    return this.#at[id];
  }

  set(id: number, ai: Ai): void {
    if (this.#at[id] === undefined) this.#set.push(id);
    this.#at[id] = ai;
  }

  clear(): void {
    for (const id of this.#set) this.#at[id] = undefined;
    this.#set.length = 0;
  }
}

function sameRest(path: readonly number[], before: readonly number[]): boolean {
  if (path.length !== before.length - 1) return false;
  for (let k = 0; k < path.length; k++) if (path[k] !== before[k + 1]) return false;
  return true;
}

/** Grows `ints` to hold `need` numbers. */
function room(ints: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  if (need <= ints.length) return ints;
  const grown = new Int32Array(Math.max(need, ints.length * 2));
  grown.set(ints);
  return grown;
}

/** Moves as they are decided, encoded into numbers; taken a part at a time. */
export class MoveEncoder {
  #ints = new Int32Array(1024);
  #objects: (Action | Ai)[] = [];
  #at = 0;
  /** What the decoder takes each monster's later move of this part from. */
  readonly #given = new LastStates();
  /** Moves encoded since the last part was taken. */
  count = 0;

  /**
   * `start[id]`, if given, is each monster's AI state as the phase began.
   * A state changed since by another's move (a sleeper woken by a blow)
   * is one the app does not hold yet when it decodes: such a move is then
   * told whole, never as a change.
   */
  constructor(readonly start?: readonly (Ai | undefined)[]) {}

  /** Encodes `move`; `before` is the monster's AI state as it decided (the same object, if kept). */
  add({ id, ai, action }: MonsterMove, before: Ai | undefined): void {
    const given = this.#given.get(id);
    this.#given.set(id, ai);
    // Its mind changed since the state the decoder takes this move from (its last move of this part
    // given, else the phase's start): a recovery, or a sleeper woken by another's blow. Told whole.
    if (given !== undefined ? given !== before : this.start !== undefined && this.start[id] !== before) {
      before = undefined;
    }
    let ints = room(this.#ints, this.#at + HEADER);
    const objects = this.#objects, at = this.#at;
    ints[at] = id;
    const kind = ACTION_KINDS.indexOf(action.type as typeof ACTION_KINDS[number]);
    if (kind > 0) {
      ints[at + 1] = kind;
      ints[at + 2] = "dx" in action ? action.dx : 0;
      ints[at + 3] = "dy" in action ? action.dy : 0;
    } else {
      ints[at + 1] = ACTION_OBJECT;
      ints[at + 2] = objects.push(action) - 1;
      ints[at + 3] = 0;
    }
    let path: readonly number[] = [];
    if (ai === before) {
      ints[at + 4] = AI_SAME;
    } else if (
      ai.type === "hostile" && !ai.asleep && before?.type === "hostile" && !before.asleep &&
      ai.path.length > 0 && sameRest(ai.path, before.path)
    ) {
      ints[at + 4] = AI_STEPPED;
      ints[at + 5] = ai.lastSeen;
    } else if (ai.type === "hostile" && !ai.asleep) {
      ints[at + 4] = AI_HOSTILE;
      ints[at + 5] = ai.lastSeen;
      path = ai.path;
    } else if (
      ai.type === "confused" && before?.type === "confused" && ai.previous === before.previous &&
      ai.turnsRemaining === before.turnsRemaining - 1
    ) {
      ints[at + 4] = AI_CONFUSED_TICK;
    } else {
      // Also a monster whose state before is unknown to the decoder (`before` undefined).
      ints[at + 4] = AI_OBJECT;
      ints[at + 5] = objects.push(ai) - 1;
    }
    ints[at + 6] = path.length;
    if (path.length > 0) {
      ints = room(ints, at + HEADER + path.length);
      for (let k = 0; k < path.length; k++) ints[at + HEADER + k] = path[k];
    }
    this.#ints = ints;
    this.#at = at + HEADER + path.length;
    this.count++;
  }

  /** The moves encoded since the last part, as a part of their own (its numbers to be moved, not copied). */
  take(): EncodedMoves {
    const part = { ints: this.#ints.slice(0, this.#at), objects: this.#objects };
    this.#objects = [];
    this.#given.clear();
    this.#at = 0;
    this.count = 0;
    return part;
  }
}

/**
 * Encodes `moves`; `before[id]` is each monster's AI as the phase found it
 * (the same object, where the move kept it).
 */
export function encodeMoves(
  moves: readonly MonsterMove[],
  before: readonly (Ai | undefined)[],
): EncodedMoves {
  const encoder = new MoveEncoder();
  for (const move of moves) encoder.add(move, before[move.id]);
  return encoder.take();
}

/**
 * The moves of `encoded`, each AI state made from the one its monster has
 * now (`byId[id]`, before any move is applied). Throws on a move this game
 * cannot hold (a monster it does not have, or a change from an AI state it
 * is not in): then the sender's copy is not this game.
 */
export function decodeMoves(encoded: EncodedMoves, byId: readonly (Entity | undefined)[]): MonsterMove[] {
  // A monster's later moves in the part change the AI state its move before gave it (kept between calls,
  // cleared after each: a part of thousands of moves allocates no map).
  const given = decodedStates;
  try {
    return decodeWith(encoded, byId, given);
  } finally {
    given.clear();
  }
}

const decodedStates = new LastStates();

function decodeWith(
  encoded: EncodedMoves,
  byId: readonly (Entity | undefined)[],
  given: LastStates,
): MonsterMove[] {
  const { ints, objects } = encoded;
  const moves: MonsterMove[] = [];
  for (let at = 0; at < ints.length;) {
    const id = ints[at], kind = ints[at + 1], dx = ints[at + 2], dy = ints[at + 3];
    const old = given.get(id) ?? byId[id]?.ai;
    if (old === undefined) throw new Error(`no monster ${id} to move`);
    let action: Action;
    if (kind === ACTION_OBJECT) action = objects[dx] as Action;
    else if (kind === 4) action = { type: "wait" };
    else if (kind === 5) action = { type: "recover" };
    else if (kind === 7) action = { type: "wake" };
    else action = { type: ACTION_KINDS[kind] as "move" | "melee" | "bump" | "shoot", dx, dy };
    const aiKind = ints[at + 4], value = ints[at + 5], length = ints[at + 6];
    at += HEADER;
    let ai: Ai;
    switch (aiKind) {
      case AI_SAME:
        ai = old;
        break;
      case AI_HOSTILE:
        ai = {
          type: "hostile",
          lastSeen: value,
          path: length === 0 ? [] : Array.from(ints.subarray(at, at + length)),
        };
        break;
      case AI_STEPPED:
        if (old.type !== "hostile" || old.asleep) throw new Error(`monster ${id} has no path to step along`);
        ai = { type: "hostile", lastSeen: value, path: old.path.slice(1) };
        break;
      case AI_CONFUSED_TICK:
        if (old.type !== "confused") throw new Error(`monster ${id} is not confused`);
        ai = { ...old, turnsRemaining: old.turnsRemaining - 1 };
        break;
      default:
        ai = objects[value] as Ai;
    }
    at += length;
    given.set(id, ai);
    moves.push({ id, ai, action });
  }
  return moves;
}

/** Each entity at its id, for {@link decodeMoves} (and each AI state, for {@link encodeMoves}). */
export function entitiesById(entities: readonly Entity[]): Entity[] {
  const byId: Entity[] = [];
  for (const e of entities) byId[e.id] = e;
  return byId;
}
