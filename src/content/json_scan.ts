/**
 * One linear, iterative pass over JSON text before anything recursive
 * touches it (JSON.parse's value, zod, the engine): where the text first
 * goes wrong, whether it nests deeper than a limit, and the problems
 * JSON.parse keeps quiet about — two equal keys in one object (the last
 * silently wins; a modder who pastes a template twice deserves to hear about
 * it) and `__proto__` keys (which validation would silently drop) — and
 * whether it holds more values, or an object more keys, than a limit: what
 * JSON.parse and zod cost grows with the values and keys, not the bytes
 * (`[{},{},…]` is 3 bytes a value, and each value a JavaScript object of
 * over a hundred bytes as JSON.parse makes it; an object of a million keys
 * costs more again, and its keys are each held to be compared).
 *
 * The scan keeps one small frame per open list or object (at most the depth
 * limit of them) and builds a key's JSON path only when it reports a problem
 * there, so its time grows with the length of the text, never with the
 * square of its depth.
 *
 * @module
 */
import { jsonPath } from "./problems.ts";

/** A key problem: where (JSON path), and what, ready to follow the path. */
export interface KeyProblem {
  readonly path: string;
  readonly message: string;
}

/** What a scan found. */
export type JsonScan =
  /** The text is JSON no deeper than the limit; JSON.parse takes it. */
  | { readonly kind: "ok"; readonly keyProblems: readonly KeyProblem[] }
  /** The first character (by offset) that cannot belong to JSON there. */
  | { readonly kind: "syntax"; readonly offset: number }
  /** The bracket that opens one level more than the limit allows. */
  | { readonly kind: "too_deep"; readonly offset: number }
  /** The first value past the limit of values. */
  | { readonly kind: "too_many"; readonly offset: number }
  /** The first key past the limit of keys in one object. */
  | { readonly kind: "too_many_keys"; readonly offset: number };

/** One open list or object. */
interface Frame {
  /** The keys seen so far in an object (a list while there are few); undefined in a list. */
  keys: string[] | Set<string> | undefined;
  /** The key (object) or index (list) of the value being read in it. */
  slot: string | number;
  /** The keys read so far in an object. */
  count: number;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** A run of spaces, tabs and carriage returns: skipped at once, a file padded with megabytes of them too. */
const BLANKS = /[ \t\r]*/y;
/** A run of a text's plain characters (no quote, backslash or control character), skipped at once. */
// deno-lint-ignore no-control-regex
const PLAIN = /[^"\\\x00-\x1f]*/y;
const HEX_DIGIT = /^[0-9a-fA-F]$/;

/** Most objects have a few keys: a list is searched faster than a set is made. */
const FEW_KEYS = 16;

/** Whether `frame` (an object) already had the key `name`; adds it. */
function seen(frame: Frame, name: string): boolean {
  const keys = frame.keys!;
  if (keys instanceof Set) {
    if (keys.has(name)) return true;
    keys.add(name);
    return false;
  }
  if (keys.includes(name)) return true;
  keys.push(name);
  if (keys.length > FEW_KEYS) frame.keys = new Set(keys);
  return false;
}

/** Thrown inside the scan at the first offset that cannot belong; caught before it returns. */
class Stop {
  constructor(readonly scan: JsonScan) {}
}

const fail = (offset: number): never => {
  throw new Stop({ kind: "syntax", offset });
};

/**
 * Scans `text` as JSON with lists and objects nested at most `maxDepth`
 * deep (the outermost is depth 1), at most `maxValues` values in all
 * (each list, object, text, number, `true`, `false` and `null` is one; keys
 * are not) and at most `maxKeys` keys in any one object. Key problems are
 * listed only for text that is otherwise good: each repeated key (at its
 * second appearance) and each `__proto__` key.
 */
export function scanJson(text: string, maxDepth: number, maxValues = Infinity, maxKeys = Infinity): JsonScan {
  const length = text.length;
  const stack: Frame[] = [];
  const keyProblems: KeyProblem[] = [];
  let i = 0;
  let line = 1;
  let values = 0;

  const space = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x0a) {
        line++;
        i++;
      } else if (c === 0x20 || c === 0x09 || c === 0x0d) {
        BLANKS.lastIndex = i;
        BLANKS.test(text);
        i = BLANKS.lastIndex;
      } else return;
    }
  };
  /** Reads the string at `i` (its opening quote); returns whether it held an escape. */
  const string = (): boolean => {
    let escaped = false;
    for (i++; i < length; i++) {
      PLAIN.lastIndex = i;
      PLAIN.test(text);
      i = PLAIN.lastIndex;
      if (i >= length) break;
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return escaped;
      }
      if (c < 0x20) fail(i);
      if (c === 0x5c) {
        escaped = true;
        i++;
        const e = text[i];
        if (e === "u") {
          for (let k = 1; k <= 4; k++) if (!HEX_DIGIT.test(text[i + k] ?? "")) fail(i + k);
          i += 4;
        } else if (e === undefined || !'"\\/bfnrt'.includes(e)) fail(i);
      }
    }
    return fail(i);
  };
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) fail(i);
  };
  /** The path of the value being read in the innermost open list or object. */
  const pathHere = () => jsonPath(stack.map((f) => f.slot));
  const open = (keys: string[] | undefined) => {
    if (stack.length >= maxDepth) throw new Stop({ kind: "too_deep", offset: i });
    stack.push({ keys, slot: 0, count: 0 });
    i++;
  };
  /** Reads a key and its colon in the innermost object, at `i` after any space. */
  const key = (frame: Frame) => {
    if (text.charCodeAt(i) !== 0x22) fail(i);
    const start = i;
    if (++frame.count > maxKeys) throw new Stop({ kind: "too_many_keys", offset: start });
    const escaped = string();
    const name = escaped ? JSON.parse(text.slice(start, i)) as string : text.slice(start + 1, i - 1);
    frame.slot = name;
    if (seen(frame, name)) {
      keyProblems.push({
        path: pathHere(),
        message: `expected each key once, found ${JSON.stringify(name)} again on line ${line}`,
      });
    } else if (name === "__proto__") {
      keyProblems.push({ path: pathHere(), message: "expected a key other than __proto__" });
    }
    space();
    if (text.charCodeAt(i) !== 0x3a) fail(i);
    i++;
  };

  try {
    // Each turn reads one value at `i`; a list or object opened there is read by the turns after it.
    for (;;) {
      space();
      if (++values > maxValues && i < length) throw new Stop({ kind: "too_many", offset: i });
      const c = text[i];
      if (c === "{" || c === "[") {
        open(c === "{" ? [] : undefined);
        space();
        const close = c === "{" ? "}" : "]";
        if (text[i] !== close) {
          if (c === "{") key(stack[stack.length - 1]);
          continue;
        }
        stack.pop();
        i++;
      } else if (c === '"') string();
      else if (c === "t") literal("true");
      else if (c === "f") literal("false");
      else if (c === "n") literal("null");
      else {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text)) fail(i);
        i = NUMBER.lastIndex;
      }
      // The value is read: close what it ends, up to the next value.
      for (;;) {
        const frame = stack[stack.length - 1];
        space();
        if (!frame) {
          if (i < length) fail(i);
          return { kind: "ok", keyProblems };
        }
        const d = text[i];
        if (d === ",") {
          i++;
          if (frame.keys) {
            space();
            key(frame);
          } else frame.slot = (frame.slot as number) + 1;
          break;
        }
        if (d !== (frame.keys ? "}" : "]")) fail(i);
        stack.pop();
        i++;
      }
    }
  } catch (e) {
    if (e instanceof Stop) return e.scan;
    throw e;
  }
}

/** Line and column (from 1) of a character offset, as an editor counts them. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1, start = 0;
  for (let at = text.indexOf("\n"); at >= 0 && at < offset; at = text.indexOf("\n", at + 1)) {
    line++;
    start = at + 1;
  }
  return { line, column: offset - start + 1 };
}
