/**
 * The one reader of every JSON file Delve reads (data files, saves, high
 * scores, replays): a file from a stranger, which must never crash, hang or
 * swamp the game. In order, each step bounded and linear in the file:
 *
 * 1. only a regular file is opened, and at most `maxBytes` of it read
 *    ({@link readBoundedFile});
 * 2. gzip is inflated as a stream, stopping past `maxInflatedBytes`
 *    ({@link gunzipBounded});
 * 3. the bytes must be UTF-8, strictly, decoded as they come (each piece of
 *    inflated bytes let go once it is text);
 * 4. one iterative pass checks the JSON grammar, refuses nesting deeper
 *    than `maxDepth` and more values than `maxValues`, and finds repeated
 *    and `__proto__` keys ({@link scanJson}) — before JSON.parse, zod or
 *    anything recursive sees the text;
 * 5. JSON.parse.
 *
 * So what reading a file costs is bounded by its limits: the text, whose
 * inflated size is counted as the program holds it ({@link heldBytes}: a
 * byte a character, or two once one character is past Latin-1), twice
 * while its pieces are joined, and the values JSON.parse makes of it (over
 * a hundred bytes for each object or list) and a schema copies.
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
  /**
   * The most values taken (each list, object, text, number, `true`, `false`
   * and `null` is one): what JSON.parse and the schemas cost grows with them.
   */
  readonly maxValues: number;
  /** The most keys one object may have (each costs more than a value: see json_scan.ts). */
  readonly maxKeys: number;
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
  /** More than `limit` values: `at` is the first one past it. */
  | { readonly kind: "too_many_values"; readonly limit: number; readonly at: TextPlace }
  /** An object of more than `limit` keys: `at` is the first one past it. */
  | { readonly kind: "too_many_keys"; readonly limit: number; readonly at: TextPlace }
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

/** A character past Latin-1: a text holding one is held two bytes a character. */
// deno-lint-ignore no-control-regex
const WIDE = /[^\x00-\xff]/;

/**
 * The bytes JavaScript holds `text` in: one a character while every one is
 * Latin-1, else two (UTF-16). What a gzip file inflates to is counted so, as
 * text, against its limit: a file's few characters past Latin-1 cannot
 * double what its text costs. The writers count the same, so the game never
 * writes what its reader refuses.
 */
export function heldBytes(text: string): number {
  return WIDE.test(text) ? 2 * text.length : text.length;
}

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
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const parts: string[] = [];
  const most = limits.maxInflatedBytes;
  let chars = 0, wide = false;
  /** Thrown when the text, as held, passes the inflated limit. */
  const tooLarge = { kind: "too_large_inflated", limit: most ?? 0 } as const;
  // Decoded as it comes: inflated bytes are let go once they are text, never held all at once beside it.
  const decode = (chunk: Uint8Array) => {
    const part = decoder.decode(chunk, { stream: true });
    chars += part.length;
    wide ||= WIDE.test(part);
    if (most !== undefined && (wide ? 2 : 1) * chars > most) throw tooLarge;
    parts.push(part);
  };
  try {
    if (most === undefined) decode(bytes);
    else {
      const inflated = await gunzipBounded(bytes, most, decode);
      if (inflated.kind === "not_gzip") return refused(inflated);
      if (inflated.kind === "too_large") {
        return refused({ kind: "too_large_inflated", limit: inflated.limit });
      }
    }
    parts.push(decoder.decode());
  } catch (e) {
    if (e === tooLarge) return refused(tooLarge);
    if (e instanceof TypeError) return refused({ kind: "not_utf8" });
    throw e;
  }
  const text = parts.join("");
  parts.length = 0;
  return parseUntrustedJson(text, limits);
}

/**
 * Parses JSON `text` within `limits` (nested at most `maxDepth` deep, and
 * of at most `maxValues` values and `maxKeys` keys an object: those not
 * given are not limited); never throws.
 */
export function parseUntrustedJson(
  text: string,
  limits: Pick<JsonLimits, "maxDepth"> & Partial<Pick<JsonLimits, "maxValues" | "maxKeys">>,
): JsonTextRead {
  const { maxDepth, maxValues = Infinity, maxKeys = Infinity } = limits;
  const scan = scanJson(text, maxDepth, maxValues, maxKeys);
  if (scan.kind === "too_deep") {
    return refused({ kind: "too_deep", limit: maxDepth, at: lineColumn(text, scan.offset) });
  }
  if (scan.kind === "too_many") {
    return refused({ kind: "too_many_values", limit: maxValues, at: lineColumn(text, scan.offset) });
  }
  if (scan.kind === "too_many_keys") {
    return refused({ kind: "too_many_keys", limit: maxKeys, at: lineColumn(text, scan.offset) });
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
    case "too_many_values":
      return `at ${place(problem.at)}: expected a ${noun} of at most ${
        problem.limit.toLocaleString("en-US")
      } values (lists, objects, texts, numbers), found more`;
    case "too_many_keys":
      return `at ${place(problem.at)}: expected objects of at most ${
        problem.limit.toLocaleString("en-US")
      } keys, found one with more`;
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
