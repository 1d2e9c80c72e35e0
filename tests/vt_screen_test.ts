/**
 * The test terminal reads back what a terminal shows: the tests that replay
 * the renderer's bytes on it can only fail if it sees scrolls, wide and
 * combined characters, colours and attributes as a terminal does.
 */
import { equal, throws } from "node:assert/strict";
import { Attr } from "../src/terminal/mod.ts";
import { VtScreen } from "./support/vt_screen.ts";

Deno.test("the test terminal counts a line fed or wrapped past the bottom and a reverse index at the top as scrolls, and nothing else", async () => {
  const vt = new VtScreen(4, 3);
  await vt.apply("\x1b[?1049h\x1b[2;1H\v\x1bM");
  equal(vt.scrolled, 0, "a switch of screen and moves inside it are no scroll");
  await vt.apply("\x1b[3;1Hab\v");
  equal(vt.scrolled, 1);
  equal(vt.glyphs.join(""), "    ab      ", "the rows moved up");
  await vt.apply("\x1b[H\x1bM");
  equal(vt.scrolled, 2);
  await vt.apply("\x1b[3;1Habcd");
  equal(vt.scrolled, 2, "the last column waits to wrap");
  await vt.apply("e");
  equal(vt.scrolled, 3, "and wraps with the next character");
});

Deno.test("the test terminal shows a wide character over two cells, a combining mark on its letter, and each cell's colours and attributes", async () => {
  const vt = new VtScreen(5, 1);
  await vt.apply("\x1b[38;5;9;48;2;1;2;3;1;4m竜e\u0301\x1b[0;2;7m🐉");
  equal(vt.glyphs.join("|"), "竜||e\u0301|🐉|");
  equal(vt.fg[0], 9, "a palette colour reads as its index");
  equal(vt.bg[1], 0x010203, "a true colour as 0xRRGGBB, also on a wide character's second cell");
  equal(vt.attrs[2], Attr.Bold | Attr.Underline);
  equal(vt.attrs[3], Attr.Dim | Attr.Reverse);
  uncoloured(vt, 3);
  await vt.apply("\r\x1b[2J");
  equal(vt.glyphs.join(""), "     ", "a cell never written reads as a space");
});

/** Cell `i` of `vt` has no colour set: it reads white on black. */
function uncoloured(vt: VtScreen, i: number): void {
  equal(vt.fg[i], 0xffffff);
  equal(vt.bg[i], 0x000000);
}

Deno.test("the test terminal refuses to be read before a write is parsed", async () => {
  const vt = new VtScreen(2, 1);
  const written = vt.apply("x");
  throws(() => vt.glyphs, /await apply/);
  throws(() => vt.x, /await apply/);
  await written;
  equal(vt.glyphs[0], "x");
  equal(vt.x, 1);
});
