/**
 * The one reader of every JSON file Delve reads (data files, saves, high
 * scores, replays): a file from a stranger, which must never crash, hang or
 * swamp the game. In order, each step bounded and linear in the file:
 *
 * 1. only a regular file is opened, and at most `maxBytes` of it read
 *    ({@link readBoundedFile});
 * 2. gzip is inflated as a stream, stopping past `maxInflatedBytes`
 *    ({@link gunzipBounded});
 * 3. the bytes must be UTF-8, strictly;
 * 4. one iterative pass checks the JSON grammar, refuses nesting deeper
 *    than `maxDepth` and finds repeated and `__proto__` keys
 *    ({@link scanJson}) — before JSON.parse, zod or anything recursive sees
 *    the text;
 * 5. JSON.parse.
 *
 * Every failure is a {@link JsonProblem} value, never an exception; each
 * caller words it for its reader (a modder's one line, a player's sentence).
 *
 * @module
 */
import { type FileRefusal, readBoundedFile } from "./bounded_file.ts";
import { gunzipBounded } from "./bounded_gunzip.ts";
import { type KeyProblem, lineColumn, scanJson } from "./json_scan.ts";

export type { KeyProblem } from "./json_scan.ts";

/** How much of a kind of file is taken. */
export interface JsonLimits {
  /** The most bytes the file may hold on disk (gzipped, when it is gzip). */
  readonly maxBytes: number;
  /** The deepest nesting of lists and objects taken; the outermost is depth 1. */
  readonly maxDepth: number;
  /** Set for gzip files: the most bytes the file may inflate to. Unset: the file is plain text. */
  readonly maxInflatedBytes?: number;
}

/** A place in a text, both from 1. */
export interface TextPlace {
  readonly line: number;
  readonly column: number;
}

/** Why a JSON file was not taken. */
export type JsonProblem =
  | Exclude<FileRefusal, { kind: "missing" }>
  /** The file holds no bytes at all. */
  | { readonly kind: "empty" }
  /** A gzip file that is not whole gzip data. */
  | { readonly kind: "not_gzip" }
  /** A gzip file that inflates to more than `limit` bytes. */
  | { readonly kind: "too_large_inflated"; readonly limit: number }
  | { readonly kind: "not_utf8" }
  /** Lists and objects nested deeper than `limit`: `at` is the bracket one level too deep. */
  | { readonly kind: "too_deep"; readonly limit: number; readonly at: TextPlace }
  /** Not JSON: where it first goes wrong, and what JSON.parse says of it. */
  | { readonly kind: "syntax"; readonly at: TextPlace; readonly message: string };

/** JSON text as read. */
export type JsonTextRead =
  /** The value, and the problems JSON.parse keeps quiet about (for the caller to report or refuse). */
  | { readonly kind: "read"; readonly json: unknown; readonly keyProblems: readonly KeyProblem[] }
  | { readonly kind: "refused"; readonly problem: JsonProblem };

/** A JSON file as read: {@link JsonTextRead}, or no file there at all. */
export type JsonFileRead = JsonTextRead | { readonly kind: "missing" };

const refused = (problem: JsonProblem): { kind: "refused"; problem: JsonProblem } => ({
  kind: "refused",
  problem,
});

/** Reads the JSON file at `path` within `limits`; never throws for anything the file holds. */
export async function readUntrustedJson(path: string | URL, limits: JsonLimits): Promise<JsonFileRead> {
  const file = await readBoundedFile(path, limits.maxBytes);
  if (file.kind === "missing") return file;
  if (file.kind !== "bytes") return refused(file);
  return await untrustedJsonOf(file.bytes, limits);
}

/**
 * The JSON a file's `bytes` hold, read as {@link readUntrustedJson} reads a
 * file (for bytes kept elsewhere: a row of a database); never throws.
 */
export async function untrustedJsonOf(
  bytes: Uint8Array<ArrayBuffer>,
  limits: JsonLimits,
): Promise<JsonTextRead> {
  if (bytes.length > limits.maxBytes) return refused({ kind: "too_large", limit: limits.maxBytes });
  if (bytes.length === 0) return refused({ kind: "empty" });
  let chunks: readonly Uint8Array[] = [bytes];
  if (limits.maxInflatedBytes !== undefined) {
    const inflated = await gunzipBounded(bytes, limits.maxInflatedBytes);
    if (inflated.kind === "not_gzip") return refused(inflated);
    if (inflated.kind === "too_large") return refused({ kind: "too_large_inflated", limit: inflated.limit });
    chunks = inflated.chunks;
  }
  let text = "";
  try {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const parts = chunks.map((chunk) => decoder.decode(chunk, { stream: true }));
    text = parts.join("") + decoder.decode();
  } catch {
    return refused({ kind: "not_utf8" });
  }
  return parseUntrustedJson(text, limits.maxDepth);
}

/** Parses JSON `text` nested at most `maxDepth` deep; never throws. */
export function parseUntrustedJson(text: string, maxDepth: number): JsonTextRead {
  const scan = scanJson(text, maxDepth);
  if (scan.kind === "too_deep") {
    return refused({ kind: "too_deep", limit: maxDepth, at: lineColumn(text, scan.offset) });
  }
  let json: unknown;
  try {
    // After a good scan, only for the value; after a bad one, only for the engine's words (JSON.parse
    // stops where the scan did, no deeper than it was allowed to go).
    json = JSON.parse(text);
  } catch (e) {
    const at = lineColumn(text, scan.kind === "syntax" ? scan.offset : 0);
    return refused({ kind: "syntax", at, message: parseMessage(e as Error) });
  }
  if (scan.kind === "ok") return { kind: "read", json, keyProblems: scan.keyProblems };
  // The scan follows the JSON grammar to the letter: it and JSON.parse never disagree, but if they did the
  // scan's word would stand.
  return refused({ kind: "syntax", at: lineColumn(text, scan.offset), message: "Unexpected token" });
}

/** What JSON.parse says is wrong, without the position and the snippet of the file it quotes. */
function parseMessage(e: Error): string {
  return e.message
    .replace(/, (?:\.\.\.)?"[\s\S]*" is not valid JSON$/, "")
    .replace(/ in JSON[\s\S]*$/, "")
    // The engine may quote a control character from the file: show it escaped.
    // deno-lint-ignore no-control-regex
    .replace(/[\x00-\x1f\x7f]/g, (c) => JSON.stringify(c).slice(1, -1));
}

/**
 * What is wrong with a file, in the one form every refusal takes: what was
 * expected and what was found (the caller puts the file's name in front).
 * `noun` names the kind of file in the size limits ("a save of at most
 * 16 MB").
 */
export function describeJsonProblem(problem: JsonProblem, noun = "file"): string {
  const place = ({ line, column }: TextPlace) => `line ${line}, column ${column}`;
  switch (problem.kind) {
    case "os":
      return `cannot read: ${problem.reason}`;
    case "not_file":
      return `expected a file, found ${problem.found}`;
    case "too_large":
      return `expected a ${noun} of at most ${bytesInWords(problem.limit)}, found ${
        problem.size === undefined ? "more" : bytesInWords(problem.size)
      }`;
    case "empty":
      return "expected JSON, found an empty file";
    case "not_gzip":
      return "expected whole gzip data, found damaged or cut-short data";
    case "too_large_inflated":
      return `expected a ${noun} of at most ${bytesInWords(problem.limit)} once inflated, found more`;
    case "not_utf8":
      return "expected UTF-8 text, found bytes that are not UTF-8";
    case "too_deep":
      return `at ${place(problem.at)}: expected lists and objects nested at most ${problem.limit} deep, ` +
        "found deeper";
    case "syntax":
      return `invalid JSON at ${place(problem.at)}: ${problem.message}`;
  }
}

/** A number of bytes in words: "512 KB", "8 MB", "1.5 GB". */
export function bytesInWords(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes, unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
