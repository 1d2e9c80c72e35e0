/**
 * `deno task fuzz --saves`: a save damaged the way hand-edited and hostile
 * saves are, one field at a time. A rich save (a bot game on several
 * floors, a full pack, statuses on) is written with every JSON path in turn
 * set to each of {@link HOSTILE_VALUES}, and deleted; each is read as the
 * title reads it and must either be refused in one line or play
 * {@link TURNS_ON} turns with the game's invariants holding after each, and
 * then be saved as a save its own loader takes. The recording inside a save
 * is swept as one field: its insides are the replay fuzzer's.
 *
 * @module
 */
import { join } from "node:path";
import type { Content } from "../../src/content/mod.ts";
import {
  Bot,
  dataChecksum,
  type Entity,
  type GameState,
  isGameOver,
  MAX_SEED,
  newGame,
  playCommand,
  playerOf,
  stateProblems,
} from "../../src/engine/mod.ts";
import {
  DataShelf,
  dataStamp,
  decodeSave,
  encodeSave,
  examineSave,
  gzip,
  record,
  type Recording,
  savedGameLine,
  SaveError,
  startRecording,
  whyNotLoaded,
} from "../../src/store/mod.ts";

/** Turns played on a save that was taken. */
export const TURNS_ON = 20;

/**
 * What a hostile file puts in a field: the wrong kinds, the edges of the
 * numbers JavaScript and 32-bit arithmetic treat specially, text that is
 * not base64 (one character short of a group, and not the alphabet), and
 * empty or wrongly shaped containers.
 */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  1e308,
  "",
  "AAAAA",
  "!!!!",
  "weapon",
  [],
  [0, 0, 0, 0],
  {},
];

/** A step of a JSON path: a key or an index. */
export type PathStep = string | number;

/** One damaged save: a path and what it was set to (or that it was deleted). */
export interface SweepCase {
  readonly path: readonly PathStep[];
  /** Absent: the field was deleted (an array's element is cut out). */
  readonly value?: unknown;
  readonly deleted: boolean;
}

/** A path as the refusals write it: `state.entities[3].energy`. */
export function pathText(path: readonly PathStep[]): string {
  return path.map((k) => (typeof k === "number" ? `[${k}]` : `.${k}`)).join("").replace(/^\./, "");
}

/** A case in words, to reproduce it. */
export function caseText(c: SweepCase): string {
  return `${pathText(c.path)} ${c.deleted ? "deleted" : `= ${JSON.stringify(c.value)?.slice(0, 40)}`}`;
}

/**
 * Every path in `json` under the envelope (the recording's insides left
 * out). With `sample`, an array's elements are visited only where they
 * differ in shape: the first of each set of keys, and the last, so that a
 * player, a monster, an item and a corpse are each swept once.
 */
export function jsonPaths(json: unknown, sample: boolean): PathStep[][] {
  const paths: PathStep[][] = [];
  const visit = (value: unknown, path: PathStep[]) => {
    if (path.length > 0) paths.push(path);
    if (path.length === 1 && path[0] === "replay") return;
    if (Array.isArray(value)) {
      const seen = new Set<string>();
      value.forEach((item, i) => {
        const shape = item !== null && typeof item === "object"
          ? Object.keys(item).sort().join()
          : typeof item;
        if (sample && seen.has(shape) && i !== value.length - 1) return;
        seen.add(shape);
        visit(item, [...path, i]);
      });
    } else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) visit(inner, [...path, key]);
    }
  };
  visit(json, []);
  return paths;
}

/** Every case for `paths`: each set to each hostile value, and deleted. */
export function sweepCases(paths: readonly PathStep[][]): SweepCase[] {
  return paths.flatMap((path) => [
    ...HOSTILE_VALUES.map((value) => ({ path, value, deleted: false })),
    { path, deleted: true },
  ]);
}

/** `json` (a copy) with `c` done to it. */
export function applyCase(json: unknown, c: SweepCase): unknown {
  const copy = structuredClone(json);
  let at = copy as Record<PathStep, unknown>;
  for (const step of c.path.slice(0, -1)) at = at[step] as Record<PathStep, unknown>;
  const last = c.path[c.path.length - 1];
  if (!c.deleted) at[last] = c.value;
  else if (Array.isArray(at) && typeof last === "number") at.splice(last, 1);
  else delete at[last];
  return copy;
}

/** Every item anywhere in `entities`, carried ones included. */
function itemsIn(entities: readonly Entity[]): Entity[] {
  return entities.flatMap((e) => [...(e.layer === "item" ? [e] : []), ...itemsIn(e.inventory?.items ?? [])]);
}

/** How many seeds from the one asked for are tried for a bot's game that keeps two floors. */
const SEEDS_TRIED = 20;

/**
 * A bot's game played until two floors are kept: `seed`'s, or, where the bot
 * dies or stays on its first floors there, the next seed's that gets that far
 * (the last one tried if none does).
 */
function botGameKeepingFloors(content: Content, seed: number): { state: GameState; recording: Recording } {
  const { rules } = content;
  for (let tried = 0;; tried++) {
    const gameSeed = (seed + tried) % (MAX_SEED + 1);
    const state = newGame(rules, gameSeed);
    const recording = startRecording(gameSeed, "sweep", { checksum: dataChecksum(rules), folder: "data/" });
    const bot = new Bot();
    for (let turn = 0; turn < 5000 && !isGameOver(state) && (state.keptFloors?.length ?? 0) < 2; turn++) {
      const command = bot.decide(state, rules);
      const before = state.turn;
      playCommand(state, rules, command);
      record(recording, command, state, before);
    }
    const kept = !isGameOver(state) && (state.keptFloors?.length ?? 0) >= 2;
    if (kept || tried + 1 >= SEEDS_TRIED) return { state, recording };
  }
}

/**
 * A game with something in every part of the state: a bot's game played
 * until two floors are kept, then the player's pack filled (with the kept
 * floors' items, then copies of them) and a status put on the player and
 * on a monster. Throws if that is not a state a game could hold.
 */
export function richGame(content: Content, seed: number): { state: GameState; json: unknown } {
  const { rules } = content;
  const { state, recording } = botGameKeepingFloors(content, seed);
  const player = playerOf(state);
  const pack = player.inventory!;
  const spare = (state.keptFloors ?? []).flatMap((k) => k.entities.filter((e) => e.layer === "item"));
  const letters = new Set(pack.items.map((i) => i.letter));
  const give = (item: Entity) => {
    let letter = 0;
    while (letters.has(letter)) letter++;
    letters.add(letter);
    pack.items.push({ ...item, letter });
  };
  for (const kept of state.keptFloors ?? []) {
    const moving = kept.entities.filter((e) => e.layer === "item" && e.template !== rules.goal?.item);
    for (const item of moving.slice(0, pack.capacity - pack.items.length)) {
      kept.entities.splice(kept.entities.indexOf(item), 1);
      give(item);
    }
  }
  const copies = itemsIn([...state.entities, ...spare]).filter((e) => e.template !== rules.goal?.item);
  for (let i = 0; pack.items.length < pack.capacity && copies.length > 0; i++) {
    give({ ...structuredClone(copies[i % copies.length]), id: state.nextId++ });
  }
  const monster = state.entities.find((e) => e.ai && e.fighter && e.fighter.hp > 0);
  for (const id of Object.keys(rules.statuses ?? {})) {
    for (const who of [player, monster]) {
      if (!who || who.statuses?.length) continue;
      who.statuses = [{ id, turns: 1 }];
      if (stateProblems(state, rules).length > 0) delete who.statuses;
    }
  }
  const problems = stateProblems(state, rules);
  if (problems.length > 0) throw new Error(`the rich game is not one a game could hold: ${problems[0]}`);
  const json = JSON.parse(encodeSave(state, dataStamp(content), "sweep", new Date(0), recording));
  return { state, json };
}

/** What a sweep did. */
export interface SweepResult {
  readonly cases: number;
  readonly refused: number;
  readonly taken: number;
  /** The first case that neither was refused in one line nor played on whole. */
  readonly failure?: { readonly what: string; readonly problem: string; readonly stack?: string };
}

class Broken extends Error {
  override name = "Broken";
}

/**
 * Reads one damaged save in `dir` as the title does; plays a taken one
 * {@link TURNS_ON} turns with the invariants checked, and saves it again.
 * True when taken, false when refused (in one line); throws otherwise.
 */
async function readAndPlay(json: unknown, dir: string, content: Content): Promise<boolean> {
  const path = join(dir, "save.json.gz");
  await Deno.writeFile(path, await gzip(JSON.stringify(json)));
  const saved = await examineSave(path, new DataShelf(content));
  for (const line of [savedGameLine(saved), ...(saved.kind === "loadable" ? [] : whyNotLoaded(saved))]) {
    if (line.includes("\n")) throw new Broken(`a refusal of several lines: ${JSON.stringify(line)}`);
  }
  if (saved.kind !== "loadable") return false;
  const { state } = saved;
  const { rules } = saved.content;
  const bot = new Bot();
  for (let t = 0; t < TURNS_ON && !isGameOver(state); t++) {
    playCommand(state, rules, bot.decide(state, rules));
    const problems = stateProblems(state, rules);
    if (problems.length > 0) throw new Broken(`after ${t + 1} turns: ${problems[0]}`);
  }
  // A game that ended has no save: it is deleted.
  if (isGameOver(state)) return true;
  try {
    decodeSave(JSON.parse(encodeSave(state, dataStamp(saved.content), "sweep", new Date(0))), rules);
  } catch (e) {
    if (e instanceof SaveError) {
      throw new Broken(`played on, it was saved as a save it refuses: ${e.message}`);
    }
    throw e;
  }
  return true;
}

/** Options of a sweep. */
export interface SweepOptions {
  readonly content: Content;
  /** The bot game's seed. */
  readonly seed: number;
  /** The rich game already made from that seed (see {@link richGame}), to sweep it again. */
  readonly rich?: { readonly json: unknown };
  /** Visit arrays by shape only (see {@link jsonPaths}): the tests' slice. */
  readonly sample: boolean;
  /** Only the paths this picks (all when absent). */
  readonly paths?: (path: readonly PathStep[], all: readonly PathStep[][]) => boolean;
  /** Of the cases, only every `stride`-th from `offset` (a slice). */
  readonly stride?: number;
  readonly offset?: number;
  readonly onProgress?: (done: number, of: number) => void;
  /** Where the sweep's temporary folder is made. */
  readonly tempRoot?: string;
}

/** Sweeps a rich save's paths; stops at the first case that breaks. */
export async function runSaveSweep(options: SweepOptions): Promise<SweepResult> {
  const { json } = options.rich ?? richGame(options.content, options.seed);
  const paths = jsonPaths(json, options.sample);
  const all = sweepCases(options.paths ? paths.filter((p) => options.paths!(p, paths)) : paths);
  const stride = options.stride ?? 1;
  const cases = all.filter((_, i) => i % stride === (options.offset ?? 0) % stride);
  const dir = await Deno.makeTempDir({ dir: options.tempRoot, prefix: "delve-save-sweep-" });
  let refused = 0, taken = 0;
  try {
    for (const c of cases) {
      try {
        if (await readAndPlay(applyCase(json, c), dir, options.content)) taken++;
        else refused++;
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        const problem = e instanceof Broken ? error.message : `${error.name}: ${error.message}`;
        return {
          cases: refused + taken,
          refused,
          taken,
          failure: { what: caseText(c), problem, stack: error.stack },
        };
      }
      options.onProgress?.(refused + taken, cases.length);
    }
    return { cases: cases.length, refused, taken };
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
