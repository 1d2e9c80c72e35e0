/**
 * The save format: versioned JSON of the whole game state. Reading checks
 * every field (a save is data from outside, perhaps damaged or hostile) and
 * turns any problem into one sentence; it never evaluates anything.
 *
 * @module
 */
import { z } from "zod";
import { effectSchema, textSchema } from "../content/schemas.ts";
import { emptyChronicle } from "../engine/chronicle.ts";
import type { Ai, Entity } from "../engine/entity.ts";
import { createMap, setTile } from "../engine/game_map.ts";
import type { GameState } from "../engine/state.ts";
import { Tile, TILE_NAMES } from "../engine/tiles.ts";

/** What the file says it is. */
export const SAVE_FORMAT = "delve-save";
/**
 * Bumped whenever the shape of a save changes; older ones are then migrated
 * or refused. Version 2 added the chronicle (kills, XP earned, cause of death).
 */
export const SAVE_VERSION = 2;

const int = z.int();
const count = z.int().nonnegative();

const aiSchema: z.ZodType<Ai> = z.lazy(() =>
  z.union([
    z.strictObject({
      type: z.literal("hostile"),
      lastSeen: z.int().min(-1),
      path: z.array(count).max(1_000_000),
    }),
    z.strictObject({ type: z.literal("confused"), turnsRemaining: int, previous: aiSchema }),
  ])
);

const entitySchema: z.ZodType<Entity> = z.lazy(() =>
  z.strictObject({
    id: count,
    template: z.string(),
    // What the screen shows one cell a character, as the data that named it had to be.
    name: textSchema(200),
    glyph: z.string().min(1).max(2),
    color: z.int().min(0).max(0xffffff),
    x: count,
    y: count,
    blocksMovement: z.boolean(),
    layer: z.enum(["corpse", "item", "actor"]),
    fighter: z.strictObject({ maxHp: z.int().positive(), hp: count, defense: int, power: int }).optional(),
    ai: aiSchema.optional(),
    xpGiven: count.optional(),
    item: z.strictObject({ effect: effectSchema.optional() }).optional(),
    inventory: z.strictObject({ capacity: count, items: z.array(entitySchema) }).optional(),
    equippable: z.strictObject({ slot: z.enum(["weapon", "armor"]), power: int, defense: int }).optional(),
    equipment: z.strictObject({ weapon: count.optional(), armor: count.optional() }).optional(),
    level: z.strictObject({ current: z.int().positive(), xp: z.number().nonnegative() }).optional(),
    sight: count.optional(),
  })
);

const chronicleSchema = z.strictObject({
  kills: z.array(z.strictObject({ name: z.string().max(200), count: z.int().positive() })).max(100_000),
  killsByFloor: z.array(count).max(100_000),
  xpEarned: z.number().nonnegative(),
  death: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("melee"), by: z.string().max(200) }),
    z.strictObject({ kind: z.enum(["lightning", "fire", "unknown"]) }),
  ]).optional(),
});

const bytes = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: "expected base64" });

const stateSchema = z.strictObject({
  seed: count,
  rng: z.tuple([int, int, int, int]),
  turn: count,
  // Bounded like the chronicle's kills by floor, which grows to the floor reached.
  floor: z.int().positive().max(100_000),
  map: z.strictObject({
    width: z.int().min(1).max(4096),
    height: z.int().min(1).max(4096),
    tiles: bytes,
    explored: bytes,
    visible: bytes,
    stairs: z.strictObject({ x: count, y: count }),
  }),
  entities: z.array(entitySchema),
  playerId: count,
  nextId: count,
  log: z.array(z.strictObject({ text: z.string(), color: z.string(), count: z.int().positive() })),
  chronicle: chronicleSchema,
});

const fileSchema = z.strictObject({
  format: z.literal(SAVE_FORMAT),
  version: z.int(),
  game: z.string(),
  savedAt: z.string(),
  state: z.unknown(),
  /** The game's recording so far, so a continued game's replay is whole. */
  replay: z.unknown().optional(),
});

/** The outside of a save: enough for the title screen to describe it. */
export interface SaveSummary {
  readonly game: string;
  readonly savedAt: string;
  readonly seed: number;
  readonly floor: number;
  readonly turn: number;
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

/** The save file's JSON for `state` (and the recording of the game so far). */
export function encodeSave(state: GameState, gameVersion: string, now: Date, replay?: unknown): string {
  const { map } = state;
  return JSON.stringify({
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    game: gameVersion,
    savedAt: now.toISOString(),
    replay,
    state: {
      ...state,
      map: {
        width: map.width,
        height: map.height,
        tiles: toBase64(map.tiles),
        explored: toBase64(map.explored),
        visible: toBase64(map.visible),
        stairs: map.stairs,
      },
    },
  });
}

/** Why a save could not be read, in one sentence for the player. */
export class SaveError extends Error {
  override name = "SaveError";
}

/** The first problem zod found, as `prefix at path.to[3]: message`. */
export function firstProblem(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  const path = issue.path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("");
  return `${prefix}${path ? ` at ${path.replace(/^\./, "")}` : ""}: ${issue.message}`;
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
    seed: num(s?.seed),
    floor: num(s?.floor),
    turn: num(s?.turn),
  };
}

function walkEntities(
  entities: readonly Entity[],
  visit: (e: Entity, carried: boolean) => void,
  carried = false,
) {
  for (const e of entities) {
    visit(e, carried);
    if (e.inventory) walkEntities(e.inventory.items, visit, true);
  }
}

/** A state written by an older version, in today's shape (before it is checked). */
function migrate(version: number, state: unknown): unknown {
  // Version 1 kept no chronicle: the story starts from the save.
  if (version === 1 && typeof state === "object" && state !== null && !("chronicle" in state)) {
    return { ...state, chronicle: emptyChronicle() };
  }
  return state;
}

/** The game in a save file's JSON, checked through and through. */
export function decodeSave(json: unknown): GameState {
  const file = envelope(json);
  let parsed;
  try {
    parsed = stateSchema.safeParse(migrate(file.version, file.state));
  } catch (e) {
    // Absurdly deep nesting (a hand-made file) overflows the checker.
    if (e instanceof RangeError) throw new SaveError("the save is nested too deeply to be a game");
    throw e;
  }
  if (!parsed.success) throw new SaveError(firstProblem(parsed.error, "the save is damaged"));
  const s = parsed.data;
  const { width, height } = s.map;
  const map = createMap(width, height);
  const grids = {
    tiles: fromBase64(s.map.tiles),
    explored: fromBase64(s.map.explored),
    visible: fromBase64(s.map.visible),
  };
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
    setTile(map, i % width, Math.floor(i / width), grids.tiles[i] as Tile);
  }
  map.explored.set(grids.explored);
  map.visible.set(grids.visible);
  map.stairs = s.map.stairs;
  const ids = new Set<number>();
  walkEntities(s.entities, (e, carried) => {
    if (ids.has(e.id)) throw new SaveError(`the save is damaged: two things have id ${e.id}`);
    ids.add(e.id);
    if (!carried && (e.x >= width || e.y >= height)) {
      throw new SaveError(`the save is damaged: ${e.name} #${e.id} is off the map`);
    }
  });
  if (s.chronicle.killsByFloor.length > s.floor) {
    throw new SaveError("the save is damaged: it counts kills on floors deeper than the one reached");
  }
  const player = s.entities.find((e) => e.id === s.playerId);
  if (!player?.fighter) throw new SaveError("the save is damaged: it has no player");
  if (s.nextId <= Math.max(...ids)) {
    throw new SaveError("the save is damaged: its id counter is behind its things");
  }
  return { ...s, map, rng: [...s.rng] };
}
