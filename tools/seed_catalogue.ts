/**
 * `deno task catalogue [--check] [--data DIR] [--out DIR]`: the seed
 * catalogue, the first floors of a few fixed seeds written as plain text
 * (the whole map, then its stairs, monsters and items), one file a floor. A
 * test fails while the files differ from what the data makes, so a change
 * to generation (a spawn weight, a map kind, a vault) shows as a diff to
 * review; running the task accepts it.
 *
 * Floors after the first are entered through the engine as going down the
 * stairs would, straight from the game's start: no turn is played, so the
 * catalogue depends on generation alone.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { type Content, describeJsonProblem, readBoundedFile } from "../src/content/mod.ts";
import {
  countOf,
  enterFloor,
  type Entity,
  type GameState,
  newGame,
  playerOf,
  type Rules,
  Tile,
} from "../src/engine/mod.ts";
import {
  HELP_USAGE,
  loadDataOr,
  parseFlags,
  pathFlag,
  readCommandLine,
  say,
  sayOut,
} from "../src/cli/mod.ts";
import { themeFromContent } from "../src/app/mod.ts";
import { userDir, writeFileAtomic } from "../src/store/mod.ts";
import { asciiMap, type Theme } from "../src/ui/mod.ts";

/** The seeds the catalogue keeps. */
export const CATALOGUE_SEEDS: readonly number[] = [1, 2, 3, 42, 1001];

/** How many floors of each seed, from the first. */
export const CATALOGUE_FLOORS = 3;

/** Where the catalogue of Delve's own data lives. */
export const CATALOGUE_DIR: URL = new URL("../tests/fixtures/seed_catalogue/", import.meta.url);

/** The most a catalogue file may hold: far past a floor of the largest map the data allows. */
const MAX_FILE_BYTES = 1024 * 1024;

/** The most catalogue files a folder is read for. */
const MAX_FILES = 1000;

/** How many lines of a difference are shown, from the first that differs. */
const SHOWN_LINES = 6;

/** A catalogue file's name: the seed and the floor it shows. */
const FILE_NAME = /^seed_(\d+)_floor_(\d+)\.txt$/;

/** One floor of the catalogue. */
export interface CatalogueFloor {
  readonly seed: number;
  readonly floor: number;
  /** Its file's name in the catalogue folder. */
  readonly file: string;
  readonly text: string;
}

/** The file floor `floor` of seed `seed` is written in. */
export function catalogueFile(seed: number, floor: number): string {
  return `seed_${seed}_floor_${floor}.txt`;
}

/** `items` ordered by place (row, then column), then by the order they were made in. */
function byPlace(items: readonly Entity[]): Entity[] {
  return [...items].sort((a, b) => a.y - b.y || a.x - b.x || a.id - b.id);
}

/** Rows of cells as columns padded to their widest cell. */
function columns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => widths[i] = Math.max(widths[i] ?? 0, cell.length));
  return rows.map((row) => `  ${row.map((cell, i) => cell.padEnd(widths[i])).join("  ")}`.trimEnd());
}

/** A section of the legend: its heading with the count, then its rows. */
function section(heading: string, rows: readonly (readonly string[])[]): string[] {
  return [`${heading} (${rows.length}):`, ...columns(rows)];
}

/** Whether `e` starts asleep. */
function asleep(e: Entity): boolean {
  return e.ai?.type === "hostile" && e.ai.asleep === true;
}

/**
 * The floor the player is on as text: a heading, the whole map (every cell
 * seen, everything on it drawn as the morgue file draws it), then the
 * stairs, the monsters and the items with their places.
 */
export function floorText(state: GameState, theme: Theme, label: string): string {
  const { map } = state;
  const everything = new Uint8Array(map.width * map.height).fill(1);
  const picture = asciiMap({ ...state, map: { ...map, visible: everything, explored: everything } }, theme);
  const player = playerOf(state);
  const place = (p: { x: number; y: number }) => `${p.x},${p.y}`;
  const down = map.tiles[map.stairs.y * map.width + map.stairs.x] === Tile.DownStairs
    ? place(map.stairs)
    : "none";
  const others = byPlace(state.entities.filter((e) => e !== player));
  const monsters = others.filter((e) => e.layer === "actor").map((e) => [
    e.glyph,
    e.name,
    place(e),
    asleep(e) ? "asleep" : "awake",
  ]);
  const items = others.filter((e) => e.layer !== "actor").map((e) => [
    e.glyph,
    e.name,
    place(e),
    `x${countOf(e)}`,
    e.item?.charges === undefined ? "" : `${e.item.charges} charges`,
  ]);
  return [
    `Seed ${state.seed}, floor ${state.floor} of ${label} (${map.width}x${map.height}), ` +
    "written by `deno task catalogue`.",
    "",
    ...picture,
    "",
    `stairs down: ${down}; up: ${map.upStairs ? place(map.upStairs) : "none"}; player: ${place(player)}`,
    ...section("monsters", monsters),
    ...section("items", items),
    "",
  ].join("\n");
}

/** The catalogue of `content`: each seed's first floors, in order. */
export function seedCatalogue(
  content: Content,
  label: string,
  seeds: readonly number[] = CATALOGUE_SEEDS,
  floors: number = CATALOGUE_FLOORS,
): CatalogueFloor[] {
  const theme = themeFromContent(content);
  const rules: Rules = content.rules;
  const out: CatalogueFloor[] = [];
  for (const seed of seeds) {
    const state = newGame(rules, seed);
    for (let floor = 1; floor <= floors; floor++) {
      if (floor > 1) enterFloor(state, rules, floor);
      out.push({ seed, floor, file: catalogueFile(seed, floor), text: floorText(state, theme, label) });
    }
  }
  return out;
}

/**
 * The catalogue files in `dir`, by name (none when there is no such
 * folder); throws an Error of one line naming a file that is refused.
 */
export async function readCatalogue(dir: URL): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (!FILE_NAME.test(entry.name)) continue;
      if (names.length === MAX_FILES) {
        throw new Error(`${fileURLToPath(dir)}: more than ${MAX_FILES} catalogue files`);
      }
      names.push(entry.name);
    }
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return found;
    throw e;
  }
  for (const name of names.sort()) {
    const read = await readBoundedFile(new URL(name, dir), MAX_FILE_BYTES);
    if (read.kind === "missing") continue;
    if (read.kind !== "bytes") throw new Error(`${fileURLToPath(dir)}${name}: ${describeJsonProblem(read)}`);
    try {
      found.set(name, new TextDecoder("utf-8", { fatal: true }).decode(read.bytes));
    } catch {
      throw new Error(`${fileURLToPath(dir)}${name}: expected UTF-8 text, found other bytes`);
    }
  }
  return found;
}

/** `line` quoted for a difference's report ("(none)" past the end of its text). */
function quoted(line: string | undefined): string {
  return line === undefined ? "(none)" : JSON.stringify(line);
}

/** Where `written` and `made` first differ, and the next few lines of each. */
function firstDifference(written: string, made: string): string[] {
  const [a, b] = [written.split("\n"), made.split("\n")];
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const shown: string[] = [`  first at line ${at + 1}:`];
  for (let k = at; k < at + SHOWN_LINES && (k < a.length || k < b.length); k++) {
    if (a[k] === b[k]) continue;
    shown.push(`    line ${k + 1} written: ${quoted(a[k])}`, `    line ${k + 1} made:    ${quoted(b[k])}`);
  }
  return shown;
}

/**
 * Every way the written catalogue differs from the one made: a floor that
 * differs (its seed and floor, where it first differs and a few lines of
 * each), one that is missing, a file for a floor no longer made. Empty
 * when they are the same.
 */
export function catalogueDifferences(
  written: ReadonlyMap<string, string>,
  made: readonly CatalogueFloor[],
): string[] {
  const problems: string[] = [];
  for (const { seed, floor, file, text } of made) {
    const old = written.get(file);
    const what = `seed ${seed}, floor ${floor} (${file})`;
    if (old === undefined) problems.push(`${what}: no file written`);
    else if (old !== text) {
      problems.push(
        [`${what}: differs from what generation makes now`, ...firstDifference(old, text)].join("\n"),
      );
    }
  }
  const names = new Set(made.map((f) => f.file));
  for (const file of written.keys()) {
    if (!names.has(file)) problems.push(`${file}: a floor the catalogue no longer makes`);
  }
  return problems;
}

/** What to do when the catalogue differs, said after the differences. */
export const ACCEPT_HINT = "If the change is meant, run `deno task catalogue` and review the files' diff.";

/** `deno task catalogue --help`. */
export const CATALOGUE_HELP = {
  name: "catalogue",
  about: "Writes the seed catalogue: the first floors of a few fixed seeds as plain text (map, stairs,\n" +
    "monsters, items), one file a floor; a test fails while it differs from what the data makes.",
  usage: `Usage: deno task catalogue [--check] [--data DIR] [--out DIR]

Options:
  --check       write nothing; say how the files differ (exit 1 if they do)
  --data DIR    the data files to make floors with (default: the bundled data/)
  --out DIR     the catalogue's folder (default: tests/fixtures/seed_catalogue/)
${HELP_USAGE}`,
};

/** Writes `floors` into `dir` (only the files that change), and removes catalogue files no longer made. */
async function writeCatalogue(dir: URL, floors: readonly CatalogueFloor[]): Promise<number> {
  const written = await readCatalogue(dir);
  let changed = 0;
  for (const { file, text } of floors) {
    if (written.get(file) === text) continue;
    await writeFileAtomic(fileURLToPath(new URL(file, dir)), new TextEncoder().encode(text));
    changed++;
  }
  const names = new Set(floors.map((f) => f.file));
  for (const file of written.keys()) {
    if (names.has(file)) continue;
    await Deno.remove(new URL(file, dir));
    changed++;
  }
  return changed;
}

/** Runs the command; resolves to the exit status. */
export async function catalogueCommand(args: readonly string[]): Promise<number> {
  const line = readCommandLine(CATALOGUE_HELP, args, () => {
    const { values } = parseFlags(args, {
      check: { type: "boolean" },
      data: { type: "string" },
      out: { type: "string" },
    });
    const out = pathFlag("--out", values.out);
    return {
      check: values.check ?? false,
      data: pathFlag("--data", values.data),
      dir: out === undefined ? CATALOGUE_DIR : userDir(out),
    };
  });
  if ("exit" in line) return line.exit;
  const { check, data, dir } = line.run;
  const loaded = await loadDataOr(data);
  if (!loaded) return 2;
  const floors = seedCatalogue(loaded.content, loaded.label);
  try {
    if (check) {
      const problems = catalogueDifferences(await readCatalogue(dir), floors);
      if (problems.length === 0) sayOut(`${fileURLToPath(dir)}: the seed catalogue is up to date`);
      else say([...problems, ACCEPT_HINT].join("\n"));
      return problems.length === 0 ? 0 : 1;
    }
    const changed = await writeCatalogue(dir, floors);
    sayOut(`${fileURLToPath(dir)}: ${floors.length} floors, ${changed} files changed`);
    return 0;
  } catch (e) {
    say(`delve catalogue: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await catalogueCommand(Deno.args));
