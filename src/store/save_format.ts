/**
 * The save format: versioned JSON of the whole game state. Reading checks
 * every field (a save is data from outside, perhaps damaged or hostile) and
 * turns any problem into one sentence; it never evaluates anything. The
 * state's own schema is in save_schema.ts.
 *
 * @module
 */
import { z } from "zod";
import { describeValue, parseToFirstProblem, REACHABLE } from "../content/mod.ts";
import {
  copyMap,
  createMap,
  emptyChronicle,
  type GameMap,
  type GameState,
  isAlive,
  type KeptFloor,
  type Rules,
  setTile,
  stateProblems,
  Tile,
  TILE_NAMES,
} from "../engine/mod.ts";
import { stateSchema } from "./save_schema.ts";
import { type DataStamp, stampSchema } from "./data_stamp.ts";

export { type DataStamp, dataStamp } from "./data_stamp.ts";

/** What the file says it is. */
export const SAVE_FORMAT = "delve-save";

/** What marks a game as the day's: its date, and whether it goes into the high scores. */
export interface DailyMark {
  /** The UTC date it is the game of, `YYYY-MM-DD`. */
  readonly date: string;
  /** False when the day's daily game was scored already: this one is played unscored. */
  readonly scored: boolean;
}

/**
 * Bumped whenever the shape of a save changes; older ones are then migrated
 * or refused. Version 2 added the chronicle (kills, XP earned, cause of
 * death); version 3 the data the game was made with ({@link DataStamp});
 * version 4 the floors kept (docs/rules.md, Persistent floors), the up
 * stairs and how the player left the dungeon (older saves hold none of them:
 * they load as a game of one floor); version 5 carries the game's replay in
 * replay version 4, which names its data by the same stamp. From version 5
 * on, a change only adds fields, with defaults (CONTRIBUTING.md, Saves and
 * replays outlive the data).
 */
export const SAVE_VERSION = 5;

/** The file around the state: what it is, which version wrote it, and what it carries besides the game. */
const fileSchema = z.strictObject({
  format: z.literal(SAVE_FORMAT),
  version: z.int(),
  game: z.string(),
  savedAt: z.string(),
  /** Missing before version 3: such a game is taken as made with the data it is continued with. */
  data: stampSchema.optional(),
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

/** The bytes of a grid written in base64; `where` names it (its JSON path) if the text is not base64. */
function fromBase64(text: string, where: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    // The schema checks the alphabet; a length that is not whole groups of four still fails here.
    throw new SaveError(`the save is damaged at ${where}: expected base64, found text that does not decode`);
  }
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
        fire: map.fire && toBase64(map.fire),
        gas: map.gas && toBase64(map.gas),
        gasKind: map.gasKind && toBase64(map.gasKind),
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

/** Where the game lies in a save's JSON: the paths of its problems start here. */
const STATE_ROOT = "$.state";

/**
 * The first problem zod found, as `prefix at path.to[3]: message` (or, given
 * the checked value's `root` in its file, `prefix at $.root.path.to[3]: ...`),
 * and the number found there if it was one (parsed with `reportInput`).
 */
export function firstProblem(error: z.ZodError, prefix: string, root?: string): string {
  const issue = error.issues[0] as z.core.$ZodIssue & { input?: unknown };
  const path = issue.path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("");
  const found = typeof issue.input === "number" ? `, found ${describeValue(issue.input)}` : "";
  const at = root === undefined ? path.replace(/^\./, "") : `${root}${path}`;
  return `${prefix}${at ? ` at ${at}` : ""}: ${issue.message}${found}`;
}

/** The file's envelope, checked: format and version. */
function envelope(json: unknown): z.output<typeof fileSchema> {
  const file = parseToFirstProblem(fileSchema, json);
  if (!file.success) throw new SaveError(firstProblem(file.error, "not a Delve save", "$"));
  const { version } = file.data;
  if (version > SAVE_VERSION) {
    throw new SaveError(
      `it was written by a newer Delve (save version ${version}; this one reads up to ${SAVE_VERSION})`,
    );
  }
  if (version < 1) throw new SaveError(`save version ${version} is not one Delve ever wrote`);
  if (version >= 3 && !file.data.data) {
    throw new SaveError("not a Delve save at $.data: expected the data it was made with");
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

/**
 * A map of `width` × `height` from its grids, checked cell by cell; `paths`
 * names each grid's place in the save (for a kept floor, all are its cells).
 */
function decodeMap(
  width: number,
  height: number,
  grids: { tiles: Uint8Array; explored: Uint8Array; visible: Uint8Array },
  paths: { tiles: string; explored: string; visible: string },
): GameMap {
  const map = createMap(width, height);
  for (const name of ["tiles", "explored", "visible"] as const) {
    if (grids[name].length !== width * height) {
      throw new SaveError(
        `the save is damaged at ${paths[name]}: expected ${
          width * height
        } cells (its map's ${width}x${height}), found ${grids[name].length}`,
      );
    }
  }
  for (let i = 0; i < width * height; i++) {
    if (grids.tiles[i] >= TILE_NAMES.length) {
      throw new SaveError(`the save is damaged at ${paths.tiles}: unknown tile ${grids.tiles[i]}`);
    }
    if (grids.explored[i] > 1 || grids.visible[i] > 1) {
      throw new SaveError(
        `the save is damaged at ${
          grids.explored[i] > 1 ? paths.explored : paths.visible
        }: its map's view holds something other than seen and unseen`,
      );
    }
    setTile(map, i % width, Math.floor(i / width), grids.tiles[i] as Tile);
  }
  map.explored.set(grids.explored);
  map.visible.set(grids.visible);
  return map;
}

/** A field's grid (`name` in the save's map), one byte a cell of `map`. */
function fieldGrid(text: string, name: string, map: GameMap): Uint8Array {
  const grid = fromBase64(text, `${STATE_ROOT}.map.${name}`);
  if (grid.length !== map.tiles.length) {
    throw new SaveError(
      `the save is damaged at ${STATE_ROOT}.map.${name}: expected ${map.tiles.length} cells (its map's ${map.width}x${map.height}), found ${grid.length}`,
    );
  }
  return grid;
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
    parsed = parseToFirstProblem(stateSchema, migrate(file.version, file.state), true);
  } catch (e) {
    // Absurdly deep nesting (a hand-made file) overflows the checker.
    if (e instanceof RangeError) throw new SaveError("the save is nested too deeply to be a game");
    throw e;
  }
  if (!parsed.success) throw new SaveError(firstProblem(parsed.error, "the save is damaged", STATE_ROOT));
  const s = parsed.data;
  const map = decodeMap(s.map.width, s.map.height, {
    tiles: fromBase64(s.map.tiles, `${STATE_ROOT}.map.tiles`),
    explored: fromBase64(s.map.explored, `${STATE_ROOT}.map.explored`),
    visible: fromBase64(s.map.visible, `${STATE_ROOT}.map.visible`),
  }, {
    tiles: `${STATE_ROOT}.map.tiles`,
    explored: `${STATE_ROOT}.map.explored`,
    visible: `${STATE_ROOT}.map.visible`,
  });
  map.stairs = s.map.stairs;
  if (s.map.upStairs) map.upStairs = s.map.upStairs;
  if (s.map.fire) map.fire = fieldGrid(s.map.fire, "fire", map);
  if (s.map.gas) map.gas = fieldGrid(s.map.gas, "gas", map);
  if (s.map.gasKind) map.gasKind = fieldGrid(s.map.gasKind, "gasKind", map);
  if ((map.gas === undefined) !== (map.gasKind === undefined)) {
    throw new SaveError(
      `the save is damaged at ${STATE_ROOT}.map: expected gas with its kinds, found one alone`,
    );
  }
  const kinds = rules.gases?.length ?? 0;
  if (map.gas && map.gasKind?.some((k, i) => map.gas![i] > 0 && k >= kinds)) {
    throw new SaveError(
      `the save is damaged at ${STATE_ROOT}.map.gasKind: expected kinds of gas the rules have`,
    );
  }
  checkThings(s.entities.length, map);
  const keptFloors = s.keptFloors?.map((k, at): KeptFloor => {
    const where = `${STATE_ROOT}.keptFloors[${at}].cells`;
    const cells = fromBase64(k.cells, where);
    const tiles = cells.map((c) => c & 0x7f), explored = cells.map((c) => c >> 7);
    const kept = copyMap(
      decodeMap(k.width, k.height, { tiles, explored, visible: new Uint8Array(cells.length) }, {
        tiles: where,
        explored: where,
        visible: where,
      }),
    );
    kept.stairs = k.stairs;
    if (k.upStairs) kept.upStairs = k.upStairs;
    checkThings(k.entities.length, kept);
    return { floor: k.floor, map: kept, entities: k.entities };
  });
  const { keptFloors: _, ...rest } = s;
  const state: GameState = { ...rest, map, rng: [...s.rng] };
  if (keptFloors) state.keptFloors = keptFloors;
  const problems = stateProblems(state, rules, STATE_ROOT);
  if (problems.length > 0) throw new SaveError(`the save is damaged: ${problems[0]}`);
  const over = gameOverAt(state);
  if (over) {
    throw new SaveError(
      `the save is damaged at ${over.path}: expected a game in progress, found ${over.found}`,
    );
  }
  return state;
}

/**
 * Where a save's game shows it is over, and how: no game writes such a save
 * (an ended game's is deleted), so one that holds it was made by hand.
 */
function gameOverAt(state: GameState): { path: string; found: string } | undefined {
  const { escaped } = state.chronicle;
  if (escaped) {
    return {
      path: `${STATE_ROOT}.chronicle.escaped`,
      found: escaped === "won"
        ? "a game won, the dungeon left with the goal"
        : "a game ended, the dungeon left",
    };
  }
  const at = state.entities.findIndex((e) => e.id === state.playerId);
  if (!isAlive(state.entities[at])) {
    return { path: `${STATE_ROOT}.entities[${at}].fighter.hp`, found: "a game ended, the player dead" };
  }
  return undefined;
}
