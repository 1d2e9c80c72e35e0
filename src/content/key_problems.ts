/**
 * Problems JSON.parse keeps quiet about: two equal keys in one object (the
 * last silently wins; a modder who pastes a template twice deserves to hear
 * about it) and `__proto__` keys (which validation would silently drop).
 * Scans JSON text already known to parse.
 *
 * @module
 */
import { jsonPath } from "./problems.ts";

interface Frame {
  readonly path: (string | number)[];
  readonly keys: Set<string> | undefined;
  /** The key or index the next value goes under. */
  slot: string | number;
  expectKey: boolean;
}

/** A key problem: where (JSON path), and what, ready to follow the path. */
export interface KeyProblem {
  readonly path: string;
  readonly message: string;
}

/** Each repeated key (at its second appearance) and each `__proto__` key. */
export function findKeyProblems(text: string): KeyProblem[] {
  const found: KeyProblem[] = [];
  const stack: Frame[] = [];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") line++;
    const top = stack.at(-1);
    if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        const path = jsonPath([...top.path, key]);
        if (top.keys.has(key)) {
          found.push({ path, message: `expected each key once, found "${key}" again on line ${line}` });
        } else if (key === "__proto__") found.push({ path, message: "expected a key other than __proto__" });
        top.keys.add(key);
        top.slot = key;
        top.expectKey = false;
      }
      i = j;
    } else if (ch === "{" || ch === "[") {
      const path = top ? [...top.path, top.slot] : [];
      stack.push({ path, keys: ch === "{" ? new Set() : undefined, slot: 0, expectKey: ch === "{" });
    } else if (ch === "}" || ch === "]") {
      stack.pop();
    } else if (ch === "," && top) {
      if (top.keys) top.expectKey = true;
      else top.slot = (top.slot as number) + 1;
    }
  }
  return found;
}
