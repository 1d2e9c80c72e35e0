/**
 * The save format: versioned JSON of the whole game state. Reading checks
 * every field (a save is data from outside, perhaps damaged or hostile) and
 * turns any problem into one sentence; it never evaluates anything.
 *
 * @module
 */
import type { DailyMark } from "./daily.ts";
import { z } from "zod";
import {
  type Content,
  DATA_LIMITS,
  describeValue,
  diceSchema,
  equippableSchema,
  itemPartSchema,
  NAME_LIMITS,
  REACHABLE,
  textSchema,
} from "../content/mod.ts";
import {
  type Ai,
  copyMap,
  createMap,
  dataChecksum,
  emptyChronicle,
  type Entity,
  type Fighter,
  type GameMap,
  type GameState,
  type KeptFloor,
  MAX_SEED,
  MAX_STATUSES,
  type Rules,
  setTile,
  stateProblems,
  Tile,
  TILE_NAMES,
} from "../engine/mod.ts";

/** What the file says it is. */
export const SAVE_FORMAT = "delve-save";
/**
 * Bumped whenever the shape of a save changes; older ones are then migrated
 * or refused. Version 2 added the chronicle (kills, XP earned, cause of
 * death); version 3 the data the game was made with ({@link DataStamp});
 * version 4 the floors kept (docs/rules.md, Persistent floors), the up
 * stairs and how the player left the dungeon. Older saves hold none of them:
 * they load as a game of one floor.
 */
export const SAVE_VERSION = 4;

/**
 * Which data a game is played by: the checksum of its rules, and the data
 * folder as the player named it (for telling them which one to play it with).
 */
export interface DataStamp {
  readonly checksum: number;
  readonly folder: string;
}

/** The stamp of a loaded data folder. */
export function dataStamp(content: Content): DataStamp {
  return { checksum: dataChecksum(content.rules), folder: content.label };
}

/** A whole number in [min, max], refused in words a player reads. */
const whole = (min: number, max: number) =>
  z.int({ error: "expected a whole number" })
    .min(min, { error: `expected at least ${min}` })
    .max(max, { error: `expected at most ${max}` });
const count = whole(0, Number.MAX_SAFE_INTEGER);
const int32 = whole(-(2 ** 31), 2 ** 31 - 1);
/** Power or defense as a game can reach them (the data's bound, raised by every level). */
const stat = whole(-REACHABLE.stat, REACHABLE.stat);
/** XP and the like: any finite amount. */
const amount = z.number().nonnegative();
const cells = REACHABLE.mapSide * REACHABLE.mapSide;

// Cells an AI heads for are checked against the map's own size once it is known (stateProblems).
const aiSchema: z.ZodType<Ai> = z.lazy(() =>
  z.union([
    z.strictObject({
      type: z.literal("hostile"),
      lastSeen: whole(-1, cells - 1),
      path: z.array(whole(0, cells - 1)).max(cells),
      asleep: z.literal(true).optional(),
    }),
    z.strictObject({
      type: z.literal("confused"),
      turnsRemaining: whole(0, DATA_LIMITS.confuseTurns),
      previous: aiSchema,
    }),
  ])
);

/**
 * One schema a field of `T`, for every field and no other: what a thing is
 * is said once, in the engine's types (entity.ts), and the compiler holds
 * the save's checks to it field by field.
 */
type FieldsOf<T> = { readonly [K in keyof T]-?: z.ZodType };

// A thing's parts that the data describes too are checked by the data's own schemas (effect, equippable).
const entitySchema: z.ZodType<Entity> = z.lazy(() =>
  z.strictObject(
    {
      id: count,
      template: z.string(),
      // What the screen shows one cell a character, as the data that named it had to be.
      name: textSchema(NAME_LIMITS.thing),
      glyph: z.string().min(1).max(2),
      color: whole(0, 0xffffff),
      x: whole(0, REACHABLE.mapSide - 1),
      y: whole(0, REACHABLE.mapSide - 1),
      blocksMovement: z.boolean(),
      layer: z.enum(["corpse", "item", "actor"]),
      fighter: z.strictObject(
        {
          maxHp: whole(1, REACHABLE.maxHp),
          hp: whole(0, REACHABLE.maxHp),
          defense: stat,
          power: stat,
          damage: diceSchema.optional(),
          accuracy: whole(-100, 100).optional(),
          evasion: whole(-100, 100).optional(),
        } satisfies FieldsOf<Fighter>,
      ).optional(),
      ai: aiSchema.optional(),
      xpGiven: whole(0, DATA_LIMITS.xp).optional(),
      item: itemPartSchema.optional(),
      // Stacks gather across floors: no bound but a safe integer.
      count: whole(2, Number.MAX_SAFE_INTEGER).optional(),
      letter: whole(0, REACHABLE.capacity - 1).optional(),
      inventory: z.strictObject({
        capacity: whole(0, REACHABLE.capacity),
        items: z.array(entitySchema).max(REACHABLE.capacity),
      }).optional(),
      equippable: equippableSchema.optional(),
      // Each worn thing's own slot is checked against the one it is worn in (stateProblems).
      equipment: z.record(z.string().max(100), count).optional(),
      level: z.strictObject({
        current: whole(1, REACHABLE.level),
        xp: amount,
        choices: whole(1, REACHABLE.level).optional(),
      }).optional(),
      sight: whole(0, REACHABLE.sight).optional(),
      speed: whole(1, DATA_LIMITS.speed).optional(),
      energy: int32.optional(),
      statuses: z.array(z.strictObject({ id: z.string().max(100), turns: whole(1, DATA_LIMITS.statusTurns) }))
        .max(MAX_STATUSES).optional(),
    } satisfies FieldsOf<Entity>,
  )
);

const chronicleSchema = z.strictObject({
  kills: z.array(z.strictObject({ name: z.string().max(200), count: whole(1, Number.MAX_SAFE_INTEGER) }))
    .max(100_000),
  killsByFloor: z.array(count).max(REACHABLE.floor),
  xpEarned: amount,
  death: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.enum(["melee", "thrown", "status"]), by: z.string().max(200) }),
    z.strictObject({ kind: z.enum(["lightning", "fire", "bolt", "unknown"]) }),
  ]).optional(),
  escaped: z.enum(["won", "left"]).optional(),
});

const bytes = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: "expected base64" });

// Every bound is what a game played by data within the schemas' bounds can reach (content/limits.ts).
const point = z.strictObject({ x: count, y: count });

/**
 * A kept floor: one byte a cell, the tile in the low bits and 0x80 where the
 * player has seen it (nothing is in view on a floor no one is on): a tenth
 * of the save's size on a ten-floor game.
 */
const keptFloorSchema = z.strictObject({
  floor: whole(1, REACHABLE.floor),
  width: whole(1, REACHABLE.mapSide),
  height: whole(1, REACHABLE.mapSide),
  cells: bytes,
  stairs: point,
  upStairs: point.optional(),
  entities: z.array(entitySchema).max(REACHABLE.things),
});

const stateSchema = z.strictObject({
  seed: whole(0, MAX_SEED),
  rng: z.tuple([int32, int32, int32, int32]),
  rolls: z.tuple([int32, int32, int32, int32]).optional(),
  turn: count,
  ticks: count.optional(),
  floor: whole(1, REACHABLE.floor),
  map: z.strictObject({
    width: whole(1, REACHABLE.mapSide),
    height: whole(1, REACHABLE.mapSide),
    tiles: bytes,
    explored: bytes,
    visible: bytes,
    stairs: point,
    upStairs: point.optional(),
  }),
  keptFloors: z.array(keptFloorSchema).max(REACHABLE.floor).optional(),
  entities: z.array(entitySchema).max(REACHABLE.things),
  playerId: count,
  nextId: count,
  log: z.array(
    z.strictObject({ text: z.string(), color: z.string(), count: whole(1, Number.MAX_SAFE_INTEGER) }),
  ),
  chronicle: chronicleSchema,
  known: z.array(z.string().max(100)).max(100_000).optional(),
});

const fileSchema = z.strictObject({
  format: z.literal(SAVE_FORMAT),
  version: z.int(),
  game: z.string(),
  savedAt: z.string(),
  /** Missing before version 3: such a game is taken as made with the data it is continued with. */
  data: z.strictObject({ checksum: whole(0, 0xffff_ffff), folder: z.string().max(4096) }).optional(),
  state: z.unknown(),
  /** The game's recording so far, so a continued game's replay is whole. */
  replay: z.unknown().optional(),
  /** A daily game's date, and whether it goes into the high scores (docs/options.md, Daily games). */
  daily: z.strictObject({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "expected a date, YYYY-MM-DD" }),
    scored: z.boolean(),
  }).optional(),
  /** `--hide-seed`: the seed stays off every screen and file but this one until the game ends. */
  hideSeed: z.literal(true).optional(),
});

/** The outside of a save: enough for the title screen to describe it. */
export interface SaveSummary {
  readonly game: string;
  readonly savedAt: string;
  /** The data it was made with (unknown before version 3). */
  readonly data?: DataStamp;
  readonly seed: number;
  readonly floor: number;
  readonly turn: number;
  /** Set for a daily game. */
  readonly daily?: DailyMark;
  /** Set when the seed is hidden until the game ends. */
  readonly hideSeed?: true;
}

function toBase64(data: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < data.length; i += 0x8000) {
    binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The save file's JSON for `state`, played by the data `data`, (and the recording of the game so far). */
export function encodeSave(
  state: GameState,
  data: DataStamp,
  gameVersion: string,
  now: Date,
  replay?: unknown,
  daily?: DailyMark,
  hideSeed?: boolean,
): string {
  const { map, keptFloors } = state;
  return JSON.stringify({
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    game: gameVersion,
    savedAt: now.toISOString(),
    data,
    replay,
    daily,
    ...(hideSeed ? { hideSeed: true } : {}),
    state: {
      ...state,
      map: {
        width: map.width,
        height: map.height,
        tiles: toBase64(map.tiles),
        explored: toBase64(map.explored),
        visible: toBase64(map.visible),
        stairs: map.stairs,
        upStairs: map.upStairs,
      },
      keptFloors: keptFloors?.map((k) => {
        const cells = new Uint8Array(k.map.tiles.length);
        for (let i = 0; i < cells.length; i++) cells[i] = k.map.tiles[i] | (k.map.explored[i] << 7);
        const { width, height, stairs, upStairs } = k.map;
        return {
          floor: k.floor,
          width,
          height,
          cells: toBase64(cells),
          stairs,
          upStairs,
          entities: k.entities,
        };
      }),
    },
  });
}

/** Why a save could not be read, in one sentence for the player. */
export class SaveError extends Error {
  override name = "SaveError";
}

/**
 * The first problem zod found, as `prefix at path.to[3]: message`, and the
 * number found there if it was one (parsed with `reportInput`).
 */
export function firstProblem(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0] as z.core.$ZodIssue & { input?: unknown };
  const path = issue.path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("");
  const found = typeof issue.input === "number" ? `, found ${describeValue(issue.input)}` : "";
  return `${prefix}${path ? ` at ${path.replace(/^\./, "")}` : ""}: ${issue.message}${found}`;
}

/** The file's envelope, checked: format and version. */
function envelope(json: unknown): z.output<typeof fileSchema> {
  const file = fileSchema.safeParse(json);
  if (!file.success) throw new SaveError(firstProblem(file.error, "not a Delve save"));
  const { version } = file.data;
  if (version > SAVE_VERSION) {
    throw new SaveError(
      `it was written by a newer Delve (save version ${version}; this one reads up to ${SAVE_VERSION})`,
    );
  }
  if (version < 1) throw new SaveError(`save version ${version} is not one Delve ever wrote`);
  if (version >= 3 && !file.data.data) {
    throw new SaveError("not a Delve save at data: expected the data it was made with");
  }
  return file.data;
}

/** The recording a save carries, as JSON (undefined if it has none). */
export function savedReplay(json: unknown): unknown {
  return envelope(json).replay;
}

/** What the title screen shows about a save, without loading it whole. */
export function summarizeSave(json: unknown): SaveSummary {
  const file = envelope(json);
  const s = file.state as Partial<Record<"seed" | "floor" | "turn", unknown>> | null;
  const num = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) ? v : NaN);
  return {
    game: file.game,
    savedAt: file.savedAt,
    data: file.data,
    seed: num(s?.seed),
    floor: num(s?.floor),
    turn: num(s?.turn),
    ...(file.daily ? { daily: file.daily } : {}),
    ...(file.hideSeed ? { hideSeed: true as const } : {}),
  };
}

/**
 * A state written by an older version, in today's shape (before it is
 * checked). Version 3 changed only the envelope: a version 2 save is taken
 * as made with the data it is continued with.
 */
function migrate(version: number, state: unknown): unknown {
  // Version 1 kept no chronicle: the story starts from the save.
  if (version === 1 && typeof state === "object" && state !== null && !("chronicle" in state)) {
    return { ...state, chronicle: emptyChronicle() };
  }
  return state;
}

/** A map of `width` × `height` from its grids, checked cell by cell. */
function decodeMap(
  width: number,
  height: number,
  grids: { tiles: Uint8Array; explored: Uint8Array; visible: Uint8Array },
): GameMap {
  const map = createMap(width, height);
  for (const [name, grid] of Object.entries(grids)) {
    if (grid.length !== width * height) {
      throw new SaveError(
        `the save is damaged: the map's ${name} hold ${grid.length} cells, not ${width * height}`,
      );
    }
  }
  for (let i = 0; i < width * height; i++) {
    if (grids.tiles[i] >= TILE_NAMES.length) {
      throw new SaveError(`the save is damaged: unknown tile ${grids.tiles[i]}`);
    }
    if (grids.explored[i] > 1 || grids.visible[i] > 1) {
      throw new SaveError("the save is damaged: its map's view holds something other than seen and unseen");
    }
    setTile(map, i % width, Math.floor(i / width), grids.tiles[i] as Tile);
  }
  map.explored.set(grids.explored);
  map.visible.set(grids.visible);
  return map;
}

/** Each thing on a cell of its own, and what the player carried dropped: no more than that. */
function checkThings(things: number, { width, height }: GameMap): void {
  if (things > width * height + REACHABLE.capacity) {
    throw new SaveError(
      `the save is damaged: it holds ${things} things, more than its ${width}x${height} map can`,
    );
  }
}

/**
 * The game in a save file's JSON, checked through and through against the
 * rules it is to be played by: every field the engine trusts (the engine's
 * own invariants, see {@link stateProblems}), so the first turn cannot break.
 */
export function decodeSave(json: unknown, rules: Rules): GameState {
  const file = envelope(json);
  let parsed;
  try {
    parsed = stateSchema.safeParse(migrate(file.version, file.state), { reportInput: true });
  } catch (e) {
    // Absurdly deep nesting (a hand-made file) overflows the checker.
    if (e instanceof RangeError) throw new SaveError("the save is nested too deeply to be a game");
    throw e;
  }
  if (!parsed.success) throw new SaveError(firstProblem(parsed.error, "the save is damaged"));
  const s = parsed.data;
  const map = decodeMap(s.map.width, s.map.height, {
    tiles: fromBase64(s.map.tiles),
    explored: fromBase64(s.map.explored),
    visible: fromBase64(s.map.visible),
  });
  map.stairs = s.map.stairs;
  if (s.map.upStairs) map.upStairs = s.map.upStairs;
  checkThings(s.entities.length, map);
  const keptFloors = s.keptFloors?.map((k): KeptFloor => {
    const cells = fromBase64(k.cells);
    const tiles = cells.map((c) => c & 0x7f), explored = cells.map((c) => c >> 7);
    const kept = copyMap(
      decodeMap(k.width, k.height, { tiles, explored, visible: new Uint8Array(cells.length) }),
    );
    kept.stairs = k.stairs;
    if (k.upStairs) kept.upStairs = k.upStairs;
    checkThings(k.entities.length, kept);
    return { floor: k.floor, map: kept, entities: k.entities };
  });
  const { keptFloors: _, ...rest } = s;
  const state: GameState = { ...rest, map, rng: [...s.rng] };
  if (keptFloors) state.keptFloors = keptFloors;
  const problems = stateProblems(state, rules);
  if (problems.length > 0) throw new SaveError(`the save is damaged: ${problems[0]}`);
  return state;
}
