/**
 * Hostile files as a stranger would craft them, built in memory in a
 * moment: saves, score tables, replays and data files nested far too deep,
 * gzip that inflates to gigabytes, saves and replays dense with small
 * values, and a replay that goes on long after its game ended. Shared by
 * the bench and the tests.
 */
import { constants, deflateRawSync } from "node:zlib";
import { type Command, encodeSave, record, type Recording, startRecording } from "../src/store/mod.ts";
import { heldBytes } from "../src/content/mod.ts";
import {
  Bot,
  dataChecksum,
  type GameState,
  isGameOver,
  newGame,
  playCommand,
  type Rules,
} from "../src/engine/mod.ts";

/** How deep the hostile files nest. */
export const HOSTILE_DEPTH = 100_000;

/**
 * A new game's save (JSON text) in which the first monster has been
 * confused `levels` times over: its AI nested `levels` deep, each keeping
 * the one before, as reading confusion scrolls on it would make.
 */
export function confusedSave(rules: Rules, levels: number): string {
  const save = encodeSave(
    newGame(rules, 1),
    { checksum: dataChecksum(rules), folder: "data/" },
    "hostile",
    new Date(0),
  );
  const ai = /"ai":(\{"type":"hostile"[^}]*\})/.exec(save);
  if (!ai) throw new Error("no monster with an AI in the new game");
  const deep = '{"type":"confused","turnsRemaining":3,"previous":'.repeat(levels) + ai[1] +
    "}".repeat(levels);
  return save.slice(0, ai.index) + `"ai":${deep}` + save.slice(ai.index + ai[0].length);
}

/** How deep a JSON text nests lists and objects (strings are skipped). */
export function depthOf(text: string): number {
  let depth = 0, deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      while (text[++i] !== '"') if (text[i] === "\\") i++;
    } else if (c === "{" || c === "[") {
      deepest = Math.max(deepest, ++depth);
    } else if (c === "}" || c === "]") depth--;
  }
  return deepest;
}

/** A score table whose one entry's cause is a list nested `depth` deep. */
export function deepScores(depth: number): string {
  const entry = {
    score: 10,
    depth: 1,
    level: 1,
    xp: 0,
    turns: 5,
    seed: 1,
    date: "2026-11-21T10:00:00.000Z",
    cause: "@",
    version: "hostile",
  };
  const text = JSON.stringify({ format: "delve-scores", version: 1, scores: [entry] });
  return text.replace('"@"', "[".repeat(depth) + "]".repeat(depth));
}

/** A replay whose first command is an object nested `depth` deep. */
export function deepReplay(depth: number): string {
  const recording = { ...startRecording(1, "hostile", { checksum: 0, folder: "data/" }), commands: ["@"] };
  return JSON.stringify(recording).replace('"@"', '{"act":'.repeat(depth) + "{}" + "}".repeat(depth));
}

const MB = 1024 * 1024;

/**
 * Gzip bytes that inflate to `text` followed by spaces up to `inflatedBytes`
 * in all (JSON allows any amount of space after a value): about 1 KB of gzip
 * a megabyte inflated. The same deflate block of a megabyte of spaces is
 * repeated, so the file is built in a moment; its trailer's checksum is
 * left as zeros, which nothing reads that stops where it should.
 */
export function gzipBomb(text: string, inflatedBytes: number): Uint8Array<ArrayBuffer> {
  // Each block ends on a byte boundary (a full flush) and refers to nothing before it, so blocks can be
  // strung together; the last one, empty, ends the stream.
  const flush = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const head = deflateRawSync(new TextEncoder().encode(text), flush);
  const block = deflateRawSync(new Uint8Array(MB).fill(0x20), flush);
  const blocks = Math.ceil(Math.max(0, inflatedBytes - text.length) / MB);
  const header = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];
  const end = [3, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const out = new Uint8Array(header.length + head.length + blocks * block.length + end.length);
  out.set(header, 0);
  out.set(head, header.length);
  for (let k = 0; k < blocks; k++) out.set(block, header.length + head.length + k * block.length);
  out.set(end, out.length - end.length);
  return out;
}

/** A FIFO at `path` (by `mkfifo`; Deno has no call for it). */
export async function makeFifo(path: string): Promise<void> {
  const made = await new Deno.Command("mkfifo", { args: [path] }).output();
  if (!made.success) throw new Error(`mkfifo failed: ${new TextDecoder().decode(made.stderr)}`);
}

/** A new game's save (JSON text) by `rules`, seed 1, with its recording (no commands yet). */
export function newGameSave(rules: Rules): string {
  return encodeSave(
    newGame(rules, 1),
    { checksum: dataChecksum(rules), folder: "data/" },
    "hostile",
    new Date(0),
    startRecording(1, "hostile", { checksum: dataChecksum(rules), folder: "data/" }),
  );
}

/**
 * `json` (a save's or a replay's text) with `copies` of `item` (JSON text)
 * first in its list `where`: the state's message log, or the recording's
 * commands.
 */
export function withCopies(json: string, where: "log" | "commands", item: string, copies: number): string {
  const at = (where === "log" ? /"log":\[/ : /"commands":\[/).exec(json);
  if (!at) throw new Error(`no ${where} in the text`);
  const end = at.index + at[0].length;
  const rest = json.slice(end);
  if (copies === 0) return json;
  return json.slice(0, end) + new Array(copies).fill(item).join(",") + (rest.startsWith("]") ? "" : ",") +
    rest;
}

/**
 * A new game's save (JSON text, with its recording) whose list `where` (see
 * {@link withCopies}) holds copies of `item` until the whole text is `bytes`
 * long: a few hundred kilobytes of gzip, and as many small values as the
 * text can hold.
 */
export function denseSave(rules: Rules, bytes: number, where: "log" | "commands", item: string): string {
  const save = newGameSave(rules);
  return withCopies(save, where, item, Math.max(0, Math.floor((bytes - save.length) / (item.length + 1))));
}

/**
 * `text` followed by spaces (JSON takes any after its value) until
 * JavaScript holds it in `held` bytes: one a character, two once one is
 * past Latin-1, as the readers count it (src/content/untrusted_json.ts).
 */
export function paddedTo(text: string, held: number): string {
  const perChar = heldBytes(text) > text.length ? 2 : 1;
  return text + " ".repeat(Math.max(0, Math.floor(held / perChar) - text.length));
}

/** How many values JSON `text` holds (each list, object, text, number, true, false and null). */
export function valuesIn(text: string): number {
  const count = (value: unknown): number =>
    value !== null && typeof value === "object"
      ? Object.values(value).reduce((n: number, inner) => n + count(inner), 1)
      : 1;
  return count(JSON.parse(text));
}

/** An object of `keys` keys (`"k0"`, `"k1"`…), each holding 0. */
export function manyKeys(keys: number): string {
  return `{${Array.from({ length: keys }, (_, k) => `"k${k}":0`).join(",")}}`;
}

/**
 * A bot's game by `rules` from `seed`, recorded, played for `turns` turns
 * or until the command that would end it (a save holds a game in progress).
 */
export function botGame(
  rules: Rules,
  seed: number,
  turns: number,
): { state: GameState; recording: Recording } {
  const play = (most: number) => {
    const state = newGame(rules, seed);
    const recording = startRecording(seed, "bench", { checksum: dataChecksum(rules), folder: "data/" });
    const bot = new Bot();
    while (state.turn < turns && recording.commands.length < most && !isGameOver(state)) {
      const command = bot.decide(state, rules), before = state.turn;
      playCommand(state, rules, command);
      record(recording, command, state, before);
    }
    return { state, recording };
  };
  const game = play(Infinity);
  // Ended: the same game again, but for the command that ended it.
  return isGameOver(game.state) ? play(game.recording.commands.length - 1) : game;
}

/**
 * The recording of a bot's game by `rules` that ends (the player dies or
 * leaves) within `turns` turns, from the first seed from 1 whose game does,
 * then `wait` after `wait` up to `commands` commands in all: a few tens of
 * kilobytes of gzip. No game records a command after its end.
 */
export function lateReplay(rules: Rules, commands: number, turns = 200): Recording {
  for (let seed = 1; seed < 1000; seed++) {
    const state = newGame(rules, seed);
    const recording = startRecording(seed, "hostile", { checksum: dataChecksum(rules), folder: "data/" });
    const bot = new Bot();
    while (!isGameOver(state) && state.turn < turns) {
      const command = bot.decide(state, rules), before = state.turn;
      playCommand(state, rules, command);
      record(recording, command, state, before);
    }
    if (!isGameOver(state)) continue;
    const wait: Command = { act: { type: "wait" } };
    const more = Math.max(0, commands - recording.commands.length);
    return { ...recording, commands: [...recording.commands, ...new Array<Command>(more).fill(wait)] };
  }
  throw new Error(`no bot game of these rules ends within ${turns} turns`);
}
