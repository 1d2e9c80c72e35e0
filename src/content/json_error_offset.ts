/**
 * Where JSON text first goes wrong. JSON.parse says what is wrong but not
 * always where; this walks the text with the JSON grammar and returns the
 * offset of the first character that cannot belong there.
 *
 * @module
 */

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The offset of the first error in `text`, or -1 when it is valid JSON. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (at: number): never => {
    throw at;
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) fail(i);
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail(i);
      if (text[i] === "\\") {
        i++;
        if (text[i] === "u") {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? "")) fail(i + k);
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "")) fail(i);
      }
      i++;
    }
    if (i >= text.length) fail(i);
    i++;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === "{") {
      i++;
      space();
      if (text[i] === "}") return void i++;
      for (;;) {
        space();
        if (text[i] !== '"') fail(i);
        string();
        space();
        if (text[i] !== ":") fail(i);
        i++;
        value();
        space();
        if (text[i] === "}") return void i++;
        if (text[i] !== ",") fail(i);
        i++;
      }
    }
    if (c === "[") {
      i++;
      space();
      if (text[i] === "]") return void i++;
      for (;;) {
        value();
        space();
        if (text[i] === "]") return void i++;
        if (text[i] !== ",") fail(i);
        i++;
      }
    }
    if (c === '"') return string();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) fail(i);
    i = NUMBER.lastIndex;
  };
  try {
    value();
    space();
    return i < text.length ? i : -1;
  } catch (at) {
    if (typeof at === "number") return at;
    throw at;
  }
}
