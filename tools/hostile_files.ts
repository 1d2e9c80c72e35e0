/**
 * Hostile files as a stranger would craft them, built in memory in a
 * moment: saves, score tables, replays and data files nested far too deep,
 * and gzip that inflates to gigabytes. Shared by the bench and the tests.
 */
import { constants, deflateRawSync } from "node:zlib";
import { encodeSave, startRecording } from "../src/store/mod.ts";
import { dataChecksum, newGame, type Rules } from "../src/engine/mod.ts";

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
