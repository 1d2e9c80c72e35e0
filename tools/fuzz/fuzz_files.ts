/**
 * `deno task fuzz --files`: damaged and hostile files through every reader
 * the game has. Each round takes a real file (a save and a replay of a bot
 * game, a score table, one of the bundled data folders), damages it with
 * one or two of {@link TEXT_MUTATIONS} and {@link BYTE_MUTATIONS}, and reads
 * it as the game does: a save is loaded and summed up for the title, then
 * played on for a few turns with the game's invariants checked after each;
 * a replay is checked and played; a data folder is validated and, if it is
 * taken, played for a few turns; a score table is read. A file may be
 * refused, with one line; anything else that goes wrong — an exception
 * that is not a refusal, a broken invariant, a refusal of several lines —
 * is a crash, reported with the seed and round that reproduce it.
 *
 * @module
 */
import { join } from "node:path";
import { type Content, ContentError, loadContent } from "../../src/content/mod.ts";
import {
  Bot,
  cloneState,
  dataChecksum,
  type GameState,
  isGameOver,
  newGame,
  playCommand,
  Rng,
  stateProblems,
} from "../../src/engine/mod.ts";
import { BYTE_MUTATIONS, TEXT_MUTATIONS } from "./file_mutations.ts";
import {
  BUNDLED_DATA_DIR,
  DataShelf,
  dataStamp,
  encodeSave,
  examineSave,
  gzip,
  playRecording,
  readScores,
  record,
  recordedData,
  type Recording,
  ReplayError,
  savedGameLine,
  SaveError,
  startRecording,
  userDir,
  whyNotLoaded,
} from "../../src/store/mod.ts";
import { readRecording } from "../../src/commands/mod.ts";

/** The kinds of file the game reads. */
export const FILE_KINDS = ["save", "replay", "scores", "data"] as const;
export type FileKind = typeof FILE_KINDS[number];

/** The data folders shipped with the game, each a source of data files to damage. */
const DATA_FOLDERS = ["", "rulesets/rotjs/", "rulesets/roguebasin/", "rulesets/zircon/"];
const DATA_FILES = ["game.json", "entities.json", "spawn_tables.json"];

/** Turns played on a file that was taken. */
const TURNS_ON = 20;

/** What a file-fuzzing run did. */
export interface FileFuzzResult {
  readonly rounds: number;
  /** Files the readers refused (with one line) and took, by kind. */
  readonly refused: Record<FileKind, number>;
  readonly taken: Record<FileKind, number>;
  /** The slowest round: how long, and what it was. */
  readonly slowest: { readonly ms: number; readonly what: string };
  readonly failure?: {
    readonly round: number;
    readonly what: string;
    readonly problem: string;
    /** Where it was thrown, when a reader threw. */
    readonly stack?: string;
  };
}

/** The files a run damages: made once, from a bot game on the bundled data. */
interface Corpus {
  readonly content: Content;
  readonly saveJson: string;
  readonly replayJson: string;
  readonly scoresJson: string;
  readonly dataTexts: Readonly<Record<string, string>>;
}

async function makeCorpus(content: Content, seed: number): Promise<Corpus> {
  const { rules } = content;
  let state = newGame(rules, seed);
  const recording = startRecording(seed, "fuzz", { checksum: dataChecksum(rules), folder: "data/" });
  const bot = new Bot();
  for (let turn = 0; turn < 300; turn++) {
    const command = bot.decide(state, rules);
    const before = state.turn;
    // The game as the game would save it: a command that ends it is not played (an ended game has no save).
    const next = cloneState(state);
    playCommand(next, rules, command);
    if (isGameOver(next)) break;
    state = next;
    record(recording, command, state, before);
  }
  const now = new Date("2026-01-01T00:00:00Z");
  const entry = {
    score: 1200,
    depth: 2,
    level: 3,
    xp: 150,
    turns: 300,
    seed,
    date: now.toISOString(),
    cause: "killed by an Orc",
    version: "fuzz",
  };
  const dataTexts: Record<string, string> = {};
  for (const folder of DATA_FOLDERS) {
    for (const file of DATA_FILES) {
      dataTexts[folder + file] = await Deno.readTextFile(new URL(folder + file, BUNDLED_DATA_DIR));
    }
  }
  return {
    content,
    saveJson: encodeSave(state, dataStamp(content), "fuzz", now, recording),
    replayJson: JSON.stringify(recording),
    scoresJson: JSON.stringify({ format: "delve-scores", version: 1, scores: [entry] }, null, 2),
    dataTexts,
  };
}

/** A refusal: the readers' own way of saying no to a file. */
function isRefusal(e: unknown): e is Error {
  return e instanceof SaveError || e instanceof ReplayError || e instanceof ContentError;
}

class Crash extends Error {
  override name = "Crash";
}

/** Plays `turns` bot turns on `state`, checking the invariants after each. */
function playOn(state: GameState, content: Content, turns: number): void {
  const { rules } = content;
  const before = stateProblems(state, rules);
  if (before.length > 0) throw new Crash(`taken with a broken invariant: ${before[0]}`);
  const bot = new Bot();
  for (let t = 0; t < turns && !isGameOver(state); t++) {
    playCommand(state, rules, bot.decide(state, rules));
    const problems = stateProblems(state, rules);
    if (problems.length > 0) throw new Crash(`after ${t + 1} turns: ${problems[0]}`);
  }
}

/** One line, as every refusal must be. */
function oneLine(what: string, line: string): void {
  if (line.includes("\n")) throw new Crash(`a refusal of several lines for ${what}: ${JSON.stringify(line)}`);
}

/** Damages `text` (as text or, for gzip files, sometimes as the stored bytes); names what it did. */
async function damage(text: string, gzipped: boolean, rng: Rng): Promise<{ bytes: Uint8Array; how: string }> {
  const textNames = Object.keys(TEXT_MUTATIONS);
  const byteNames = Object.keys(BYTE_MUTATIONS);
  const hows: string[] = [];
  let damaged = text;
  for (let n = rng.int(1, 2); n > 0; n--) {
    const name = textNames[rng.int(0, textNames.length - 1)];
    damaged = TEXT_MUTATIONS[name](damaged, rng);
    hows.push(name);
  }
  let bytes = gzipped ? await gzip(damaged) : new TextEncoder().encode(damaged);
  if (rng.int(0, 3) === 0) {
    const name = byteNames[rng.int(0, byteNames.length - 1)];
    bytes = BYTE_MUTATIONS[name](bytes, rng);
    hows.push(name);
  }
  return { bytes, how: hows.join("+") };
}

/** Reads one damaged file as the game does; true when it was taken, false when refused with one line. */
async function readAsGame(kind: FileKind, dir: string, corpus: Corpus, rng: Rng): Promise<[boolean, string]> {
  const { content } = corpus;
  if (kind === "data") {
    const names = Object.keys(corpus.dataTexts);
    const name = names[rng.int(0, names.length - 1)];
    const folder = name.slice(0, name.lastIndexOf("/") + 1);
    const { bytes, how } = await damage(corpus.dataTexts[name], false, rng);
    for (const file of DATA_FILES) {
      const path = join(dir, file);
      if (folder + file === name) await Deno.writeFile(path, bytes);
      else await Deno.writeTextFile(path, corpus.dataTexts[folder + file]);
    }
    const what = `data/${name} (${how})`;
    let loaded: Content;
    try {
      loaded = await loadContent(userDir(dir), "mod/");
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
      for (const line of e.problems) oneLine(what, line);
      return [false, what];
    }
    playOn(newGame(loaded.rules, rng.int(0, 1000)), loaded, TURNS_ON);
    return [true, what];
  }
  const source = { save: corpus.saveJson, replay: corpus.replayJson, scores: corpus.scoresJson }[kind];
  const { bytes, how } = await damage(source, kind !== "scores", rng);
  const path = join(dir, `${kind}.json`);
  await Deno.writeFile(path, bytes);
  const what = `${kind} (${how})`;
  if (kind === "scores") {
    const read = await readScores(path);
    if (read.kind === "unreadable") oneLine(what, read.reason);
    return [read.kind === "read", what];
  }
  if (kind === "replay") {
    let recording: Recording;
    try {
      recording = await readRecording(path);
      if (recordedData(recording).checksum !== dataChecksum(content.rules)) return [false, what];
      playRecording(recording, content.rules);
    } catch (e) {
      if (!isRefusal(e)) throw e;
      oneLine(what, e.message);
      return [false, what];
    }
    return [true, what];
  }
  // As the title reads it: the whole save, against the data it was made with, and the lines it shows.
  const saved = await examineSave(path, new DataShelf(content));
  for (const line of [savedGameLine(saved), ...(saved.kind === "loadable" ? [] : whyNotLoaded(saved))]) {
    oneLine(what, line);
  }
  if (saved.kind !== "loadable") return [false, what];
  playOn(saved.state, saved.content, TURNS_ON);
  return [true, what];
}

/** Options of a run. */
export interface FileFuzzOptions {
  readonly seed: number;
  readonly rounds: number;
  /** The data the save and replay are made and played with (the bundled data when absent). */
  readonly content?: Content;
  /** Where the run's temporary folder is made. */
  readonly tempRoot?: string;
  /**
   * For tests: called after each file is read, so a test can plant a fault
   * and see it reported at that round.
   */
  readonly afterRead?: (round: number, kind: FileKind) => void;
  /** Plays only this round (counted from 0), as the reproduce line asks. */
  readonly only?: number;
  readonly onProgress?: (soFar: FileFuzzResult) => void;
  readonly progressEvery?: number;
}

/** Damages and reads `rounds` files; stops at the first crash. */
export async function runFileFuzz(options: FileFuzzOptions): Promise<FileFuzzResult> {
  const content = options.content ?? (await loadContent(BUNDLED_DATA_DIR, "data/"));
  const corpus = await makeCorpus(content, options.seed);
  const dir = await Deno.makeTempDir({ dir: options.tempRoot, prefix: "delve-fuzz-files-" });
  const zero = () => ({ save: 0, replay: 0, scores: 0, data: 0 });
  const refused = zero(), taken = zero();
  let slowest = { ms: 0, what: "" };
  let rounds = 0;
  const result = (failure?: FileFuzzResult["failure"]): FileFuzzResult => ({
    rounds,
    refused: { ...refused },
    taken: { ...taken },
    slowest,
    failure,
  });
  try {
    const first = options.only ?? 0;
    const end = options.only === undefined ? options.rounds : options.only + 1;
    for (rounds = first; rounds < end; rounds++) {
      // Each round has its own generator, so one round is played again without the others.
      const round = Rng.fromSeed((options.seed + rounds * 0x9e3779b1) >>> 0);
      const kind = FILE_KINDS[round.int(0, FILE_KINDS.length - 1)];
      const start = performance.now();
      let what: string = kind;
      try {
        const [wasTaken, named] = await readAsGame(kind, dir, corpus, round);
        what = named;
        options.afterRead?.(rounds, kind);
        (wasTaken ? taken : refused)[kind]++;
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        if (e instanceof Crash) return result({ round: rounds, what, problem: error.message });
        return result({
          round: rounds,
          what,
          problem: `${error.name}: ${error.message}`,
          stack: error.stack,
        });
      }
      const ms = performance.now() - start;
      if (ms > slowest.ms) slowest = { ms, what };
      if (options.onProgress && rounds + 1 < end && (rounds + 1) % (options.progressEvery ?? 250) === 0) {
        options.onProgress({ ...result(), rounds: rounds + 1 });
      }
    }
    return result();
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
