/**
 * Ways to damage a file as a careless tool or a hostile hand would: bit
 * flips, truncation, deep nesting, huge numbers, control characters,
 * repeated keys and values of the wrong kind. Each takes the file's bytes or
 * text and a seeded generator, so a damaged file is reproduced from its seed.
 *
 * @module
 */
import type { Rng } from "../../src/engine/mod.ts";

/** A mutation of JSON text. */
export type TextMutation = (text: string, rng: Rng) => string;

/** A mutation of raw bytes (the file as stored, gzip or not). */
export type ByteMutation = (bytes: Uint8Array, rng: Rng) => Uint8Array;

/** Flips one to eight random bits. */
export function flipBits(bytes: Uint8Array, rng: Rng): Uint8Array {
  const out = bytes.slice();
  if (out.length === 0) return out;
  for (let n = rng.int(1, 8); n > 0; n--) out[rng.int(0, out.length - 1)] ^= 1 << rng.int(0, 7);
  return out;
}

/** Cuts the file short anywhere, to nothing at worst. */
export function truncate(bytes: Uint8Array, rng: Rng): Uint8Array {
  return bytes.slice(0, rng.int(0, Math.max(0, bytes.length - 1)));
}

/** Offsets where a JSON value starts: after `:`, `[` or `,` (outside strings). */
function valueStarts(text: string): number[] {
  const starts: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === ":" || c === "[" || c === ",") {
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The extent of the JSON value starting at `start` (after spaces), as [from, to). */
function valueAt(text: string, start: number): [number, number] {
  let i = start;
  while (" \t\r\n".includes(text[i] ?? "x")) i++;
  const from = i;
  let depth = 0;
  let inString = false;
  for (; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') {
        inString = false;
        if (depth === 0) return [from, i + 1];
      }
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      if (depth === 0) return [from, i];
      if (--depth === 0) return [from, i + 1];
    } else if (c === "," && depth === 0) return [from, i];
  }
  return [from, i];
}

/** Replaces one random JSON value with `make(old)`. */
function replaceValue(text: string, rng: Rng, make: (old: string) => string): string {
  const starts = valueStarts(text);
  if (starts.length === 0) return make(text);
  const [from, to] = valueAt(text, starts[rng.int(0, starts.length - 1)]);
  return text.slice(0, from) + make(text.slice(from, to)) + text.slice(to);
}

/** A value nested up to 200,000 levels deep, closed or left open. */
export function nestDeep(text: string, rng: Rng): string {
  const depth = [10, 1_000, 200_000][rng.int(0, 2)];
  const [open, close] = rng.int(0, 1) ? ["[", "]"] : ['{"a":', "}"];
  const closed = rng.int(0, 3) > 0;
  return replaceValue(text, rng, () => open.repeat(depth) + "0" + (closed ? close.repeat(depth) : ""));
}

const HUGE = [
  "1e308",
  "-1e308",
  "1e400",
  "9007199254740993",
  "-9007199254740993",
  "4294967296",
  "-1",
  "0.5",
  "-0",
];

/** A number somewhere becomes huge, negative, fractional or beyond a double. */
export function hugeNumber(text: string, rng: Rng): string {
  return replaceValue(text, rng, () => HUGE[rng.int(0, HUGE.length - 1)]);
}

const UNSAFE = [
  "\\u001b[2J",
  "\\u001b]0;owned\\u0007",
  "\\u009b31m",
  "\\u202e",
  "\\u200b",
  "\\u0085",
  "\\u0000",
  "\\ud800",
];

/** A string somewhere gains an escape sequence, a C1 control, a bidi override or a zero-width character. */
export function controlCharacters(text: string, rng: Rng): string {
  return replaceValue(text, rng, (old) => {
    const unsafe = UNSAFE[rng.int(0, UNSAFE.length - 1)];
    return old.startsWith('"') ? `"${unsafe}${old.slice(1)}` : `"${unsafe}"`;
  });
}

const WRONG_KINDS = ["null", "true", '""', "[]", "{}", '"x"', "[[]]", '{"__proto__":{"polluted":1}}'];

/** A value somewhere becomes another kind of value. */
export function wrongKind(text: string, rng: Rng): string {
  return replaceValue(text, rng, () => WRONG_KINDS[rng.int(0, WRONG_KINDS.length - 1)]);
}

/** A key somewhere appears twice in its object. */
export function repeatKey(text: string, rng: Rng): string {
  const keys = [...text.matchAll(/"([A-Za-z_$][\w$]*)":/g)];
  if (keys.length === 0) return text;
  const match = keys[rng.int(0, keys.length - 1)];
  const at = match.index + match[0].length;
  const [from, to] = valueAt(text, at);
  return `${text.slice(0, to)},${match[0]}${text.slice(from, to)}${text.slice(to)}`;
}

/** A number somewhere moves a little (by up to 10 either way): the file may still look right. */
export function nudgeNumber(text: string, rng: Rng): string {
  const numbers = [...text.matchAll(/(?<=[:\[,]\s*)-?\d+(?=\s*[,\]}])/g)];
  if (numbers.length === 0) return text;
  const match = numbers[rng.int(0, numbers.length - 1)];
  const nudged = Number(match[0]) + rng.int(-10, 10);
  return text.slice(0, match.index) + String(nudged) + text.slice(match.index + match[0].length);
}

/** Every text mutation, by name. */
export const TEXT_MUTATIONS: Readonly<Record<string, TextMutation>> = {
  nestDeep,
  hugeNumber,
  controlCharacters,
  wrongKind,
  repeatKey,
  nudgeNumber,
};

/** Every byte mutation, by name. */
export const BYTE_MUTATIONS: Readonly<Record<string, ByteMutation>> = { flipBits, truncate };
