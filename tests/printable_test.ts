import { sayJson } from "../src/cli/mod.ts";
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  displayWidth,
  firstNonPrintable,
  fitWidth,
  graphemes,
  printable,
  printableLines,
} from "../src/text/mod.ts";
import { clipText, padText } from "../src/ui/mod.ts";

Deno.test("every control, bidi, zero-width and invisible code point is shown as its visible escape", () => {
  const cases: [string, string][] = [
    ["\x00", "\\x00"],
    ["\x07", "\\x07"],
    ["\t", "\\x09"],
    ["\n", "\\x0a"],
    ["\x1b", "\\x1b"],
    ["\x7f", "\\x7f"],
    ["\x80", "\\x80"],
    ["\x9b", "\\x9b"],
    ["\x9f", "\\x9f"],
    ["\u00ad", "\\xad"],
    ["\u061c", "\\u{61c}"],
    ["\u180e", "\\u{180e}"],
    ["\u200b", "\\u{200b}"],
    ["\u200c", "\\u{200c}"],
    ["\u200d", "\\u{200d}"],
    ["\u200e", "\\u{200e}"],
    ["\u200f", "\\u{200f}"],
    ["\u2028", "\\u{2028}"],
    ["\u2029", "\\u{2029}"],
    ...[
      0x202a,
      0x202b,
      0x202c,
      0x202d,
      0x202e,
      0x2060,
      0x2061,
      0x2062,
      0x2063,
      0x2064,
      0x2066,
      0x2067,
      0x2068,
      0x2069,
    ]
      .map((cp): [string, string] => [String.fromCodePoint(cp), `\\u{${cp.toString(16)}}`]),
    ["\ufe0f", "\\u{fe0f}"],
    ["\ufeff", "\\u{feff}"],
    ["\ud800", "\\u{d800}"],
    ["\udfff", "\\u{dfff}"],
    ["\u{e0041}", "\\u{e0041}"],
    ["\u{10ffff}", "\\u{10ffff}"],
  ];
  for (const [raw, shown] of cases) {
    equal(printable(`a${raw}b`), `a${shown}b`, JSON.stringify(raw));
    equal(firstNonPrintable(`ok ${raw}`), shown);
  }
  equal(printable("\x1b]0;pwned\x07"), "\\x1b]0;pwned\\x07");
});

Deno.test("printable text comes back as it was, and printing twice changes nothing", () => {
  for (const text of ["Orc", "Ünïcödé ñ", "オーク戦士", "🐉 dragon", "e\u0301", "─│┌░▒", "𝔸", "\ue000"]) {
    equal(printable(text), text);
    equal(firstNonPrintable(text), undefined);
  }
  const once = printable("a\x1b[2J\u202eb\ud800");
  equal(printable(once), once);
  equal(printableLines("one\x1b\ntwo\u202e\n"), "one\\x1b\ntwo\\u{202e}\n", "line breaks kept between lines");
});

Deno.test("display width: wide characters two columns, combining marks none, escapes as wide as they are shown", () => {
  deepEqual(
    ["abc", "オーク", "e\u0301", "🐉", "◽", "─", "\x1b", "\u200b", "\u0301"].map(displayWidth),
    [3, 6, 1, 2, 2, 1, 4, 8, 1],
  );
  deepEqual(graphemes("aé竜"), [{ text: "a", width: 1 }, { text: "é", width: 1 }, { text: "竜", width: 2 }]);
  equal(fitWidth("竜の巣", 5), "竜の", "a wide character is never cut in half");
  equal(fitWidth("竜の巣", 5, true), "の巣");
  equal(fitWidth("plain", 3), "pla");
});

Deno.test("clipping and padding measure columns", () => {
  equal(clipText("オーク戦士", 7), "オーク…");
  equal(clipText("オーク戦士", 10), "オーク戦士");
  equal(clipText("/a/竜/file.txt", 9, true), "…file.txt");
  equal(padText("竜", 4), "竜  ");
  equal(displayWidth(padText("オーク", 10)), 10);
});

Deno.test("sayJson writes JSON a parser reads back whole, with nothing past ASCII a terminal could obey", () => {
  const value = { a: "x\u202e\u001b[2J é 🐉 \u0085", n: [1, 2.5] };
  const lines: string[] = [];
  const log = console.log;
  console.log = (line: string) => lines.push(line);
  try {
    sayJson(value);
  } finally {
    console.log = log;
  }
  equal(lines.length, 1);
  ok(/^[\x20-\x7e]*$/.test(lines[0]), lines[0]);
  deepEqual(JSON.parse(lines[0]), value);
});
