import { equal, ok } from "node:assert/strict";
import { displayWidth, graphemes, SHOWN_VALUE_COLUMNS, shownValue } from "../src/text/mod.ts";

/** The part of a shown value before its length. */
function ends(shown: string): string {
  return shown.replace(/ \([\d,]+ characters\)$/, "");
}

Deno.test("a long value of wide characters is shown within the line's columns as drawn", () => {
  for (const unit of ["字", "é", "👨‍👩‍👧", "a字"]) {
    const value = unit.repeat(500);
    const shown = ends(shownValue(value));
    ok(displayWidth(shown) <= SHOWN_VALUE_COLUMNS, `${unit}: ${displayWidth(shown)} columns`);
    ok(shown.includes("…"), unit);
    ok(
      displayWidth(shown) >= SHOWN_VALUE_COLUMNS / 2 - 1,
      `${unit}: only ${displayWidth(shown)} columns kept`,
    );
  }
});

Deno.test("a long value is cut between graphemes, never inside one", () => {
  for (const unit of ["e\u0301", "🇫🇷", "\u{1f44d}\u{1f3fd}"]) {
    const [start, end] = ends(shownValue(unit.repeat(200))).split("…");
    ok(graphemes(start).every((g) => g.text === unit), JSON.stringify(start));
    ok(graphemes(end).every((g) => g.text === unit), JSON.stringify(end));
  }
});

Deno.test("a value as long as the line is shown whole, one longer by its ends and its length", () => {
  const line = "x".repeat(SHOWN_VALUE_COLUMNS);
  equal(shownValue(line), line);
  equal(shownValue(line + "y", { quoted: true }), `"${"x".repeat(39)}…${"x".repeat(38)}y" (81 characters)`);
});
