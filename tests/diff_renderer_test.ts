import { deepEqual, equal, ok } from "node:assert/strict";
import { Rng } from "../src/engine/mod.ts";
import { Attr, CellBuffer, DiffRenderer, SYNC_BEGIN, SYNC_END } from "../src/terminal/mod.ts";
import { sameScreen, VtScreen } from "./support/vt_screen.ts";

Deno.test("an unchanged frame writes nothing at all", () => {
  const r = new DiffRenderer("truecolor");
  const buf = new CellBuffer(10, 3);
  ok(r.render(buf).length > 0);
  equal(r.render(buf), "");
});

Deno.test("one changed cell: cursor move, one SGR and the glyph, inside synchronized output", () => {
  const r = new DiffRenderer("truecolor");
  const buf = new CellBuffer(10, 3);
  r.render(buf);
  buf.set(4, 1, "@", 0xffffff, 0xc8b432);
  // The first frame left the pen with no attributes, on black: only the colours are sent.
  equal(r.render(buf), `${SYNC_BEGIN}\x1b[2;5H\x1b[38;2;255;255;255;48;2;200;180;50m@${SYNC_END}`);
});

Deno.test("the first frame, and the first after invalidate, resets the pen before it sets what it needs", () => {
  const r = new DiffRenderer("truecolor");
  const buf = new CellBuffer(1, 1);
  buf.set(0, 0, "@", 0xff0000, 0x0000ff, Attr.Bold);
  const first = `${SYNC_BEGIN}\x1b[H\x1b[0;1;38;2;255;0;0;48;2;0;0;255m@${SYNC_END}`;
  equal(r.render(buf), first);
  r.invalidate();
  equal(r.render(buf), first);
});

Deno.test("adjacent changes share one cursor move and one SGR; a short gap the pen draws as it is is written over, others jumped", () => {
  const r = new DiffRenderer("truecolor");
  const buf = new CellBuffer(12, 2);
  r.render(buf);
  buf.text(2, 0, "ab", 0x102030);
  buf.set(6, 0, "c", 0x102030, 0);
  buf.set(11, 0, "d", 0x102030, 0);
  equal(r.render(buf), `${SYNC_BEGIN}\x1b[1;3H\x1b[38;2;16;32;48mab  c\x1b[4Cd${SYNC_END}`);
});

Deno.test("only the colour that changed is sent again", () => {
  const r = new DiffRenderer("truecolor");
  const buf = new CellBuffer(4, 1);
  r.render(buf);
  buf.set(0, 0, "x", 0xff0000, 0);
  buf.set(1, 0, "y", 0xff0000, 0x0000ff);
  equal(r.render(buf), `${SYNC_BEGIN}\x1b[H\x1b[38;2;255;0;0mx\x1b[48;2;0;0;255my${SYNC_END}`);
});

Deno.test("256 and 16 colour depths send palette indices; no colour sends none", () => {
  const buf = new CellBuffer(1, 1);
  buf.set(0, 0, "#", 0xffffff, 0xc8b432);
  equal(new DiffRenderer("256").render(buf), `${SYNC_BEGIN}\x1b[H\x1b[0;38;5;231;48;5;179m#${SYNC_END}`);
  equal(new DiffRenderer("16").render(buf), `${SYNC_BEGIN}\x1b[H\x1b[0;97;43m#${SYNC_END}`);
  buf.attrs[0] = Attr.Dim;
  equal(new DiffRenderer("none").render(buf), `${SYNC_BEGIN}\x1b[H\x1b[0;2m#${SYNC_END}`);
});

Deno.test("a colour change invisible at the terminal's depth writes nothing", () => {
  const r = new DiffRenderer("16");
  const buf = new CellBuffer(2, 1);
  r.render(buf);
  buf.bg[0] = 0x010101; // still black in 16 colours
  equal(r.render(buf), "");
});

Deno.test("random frames replayed on an emulator always show exactly the buffer", async () => {
  const rng = Rng.fromSeed(5);
  const colors = [0x000000, 0xffffff, 0xc8b432, 0x323296, 0x826e32];
  for (const [w, h] of [[80, 24], [13, 7], [1, 1]]) {
    const r = new DiffRenderer("truecolor");
    const vt = new VtScreen(w, h);
    const buf = new CellBuffer(w, h);
    for (let frame = 0; frame < 40; frame++) {
      const changes = rng.int(0, frame % 5 === 0 ? w * h : 20);
      for (let k = 0; k < changes; k++) {
        buf.set(
          rng.int(0, w - 1),
          rng.int(0, h - 1),
          "@#.>~ "[rng.int(0, 5)],
          colors[rng.int(0, 4)],
          colors[rng.int(0, 4)],
          rng.int(0, 15),
        );
      }
      await vt.apply(r.render(buf));
      sameScreen(vt, buf);
    }
    equal(vt.modes.synchronizedOutputMode, false);
  }
});

Deno.test("after invalidate or a size change the whole frame is written again", async () => {
  const r = new DiffRenderer("truecolor");
  const buf = new CellBuffer(5, 2);
  r.render(buf);
  r.invalidate();
  const vt = new VtScreen(5, 2);
  await vt.apply("?".repeat(5 * 2));
  await vt.apply(r.render(buf));
  sameScreen(vt, buf);
  const bigger = new CellBuffer(6, 3);
  const vt2 = new VtScreen(6, 3);
  await vt2.apply("?".repeat(6 * 3));
  await vt2.apply(r.render(bigger));
  sameScreen(vt2, bigger);
});

/** The SGR that makes the pen a blank frame left (no attributes, on black) draw white. */
const WHITE = "\x1b[38;2;255;255;255m";

Deno.test("a wide character takes two cells, goes out once, and is sent again whole when it or a cell it covers changes", async () => {
  const r = new DiffRenderer("truecolor");
  const vt = new VtScreen(6, 1);
  const buf = new CellBuffer(6, 1);
  const step = async (expected: string, cells: string[]) => {
    const out = r.render(buf);
    equal(out, expected === "" ? "" : `${SYNC_BEGIN}${expected}${SYNC_END}`);
    await vt.apply(out);
    sameScreen(vt, buf);
    deepEqual([...Array(6).keys()].map((i) => buf.cellText(i)), cells);
  };
  await vt.apply(r.render(buf));
  buf.text(1, 0, "あ", 0xffffff);
  await step(`\x1b[1;2H${WHITE}あ`, [" ", "あ", "", " ", " ", " "]);
  await step("", [" ", "あ", "", " ", " ", " "]);
  // The cursor is after it (two cells on): two backspaces.
  buf.text(1, 0, "い", 0xffffff);
  await step(`\b\bい`, [" ", "い", "", " ", " ", " "]);
  // Narrow over its first half: the second half is blanked, in the buffer as on any terminal.
  buf.text(1, 0, "x", 0xffffff);
  await step(`\b\bx `, [" ", "x", " ", " ", " ", " "]);
  buf.text(3, 0, "うa", 0xffffff);
  await step(`うa`, [" ", "x", " ", "う", "", "a"]);
  // Narrow over its second half: the first half is blanked. (After the last column the cursor is placed again.)
  buf.set(4, 0, "z", 0xffffff, 0);
  await step(`\x1b[1;4H z`, [" ", "x", " ", " ", "z", "a"]);
  // A wide character over two narrow ones; then only its second cell's colour changes.
  buf.text(4, 0, "え", 0xffffff);
  await step(`\bえ`, [" ", "x", " ", " ", "え", ""]);
  buf.fg[5] = 0xff0000;
  await step(`\x1b[1;5Hえ`, [" ", "x", " ", " ", "え", ""]);
});

Deno.test("a wide character that does not fit at the right edge is not drawn", async () => {
  const r = new DiffRenderer("truecolor");
  const vt = new VtScreen(4, 2);
  const buf = new CellBuffer(4, 2);
  await vt.apply(r.render(buf));
  buf.text(0, 0, "abcあ", 0xffffff);
  buf.text(2, 1, "い", 0xffffff);
  buf.text(0, 1, "q", 0xffffff);
  equal(buf.rowText(0), "abc ");
  equal(buf.rowText(1), "q い");
  const out = r.render(buf);
  equal(out, `${SYNC_BEGIN}\x1b[H${WHITE}abc\v\rq い${SYNC_END}`);
  await vt.apply(out);
  sameScreen(vt, buf);
});

Deno.test("a combining mark stays on its letter's cell, and a lone one sits on a dotted circle", async () => {
  const r = new DiffRenderer("truecolor");
  const vt = new VtScreen(5, 1);
  const buf = new CellBuffer(5, 1);
  await vt.apply(r.render(buf));
  buf.text(0, 0, "e\u0301x\u0301", 0xffffff);
  deepEqual([0, 1, 2].map((i) => buf.cellText(i)), ["e\u0301", "x\u0301", " "]);
  let out = r.render(buf);
  equal(out, `${SYNC_BEGIN}\x1b[H${WHITE}e\u0301x\u0301${SYNC_END}`);
  await vt.apply(out);
  sameScreen(vt, buf);
  equal(r.render(buf), "", "the same graphemes again: nothing to write");
  buf.text(0, 0, "a\u0301", 0xffffff);
  out = r.render(buf);
  equal(out, `${SYNC_BEGIN}\ra\u0301${SYNC_END}`);
  await vt.apply(out);
  sameScreen(vt, buf);
  buf.text(3, 0, "\u0301", 0xffffff);
  equal(buf.cellText(3), "\u25cc\u0301");
  await vt.apply(r.render(buf));
  sameScreen(vt, buf);
});

Deno.test("text that is not printable is drawn as its visible escape; a glyph not one column wide as ?, a bare accent on a circle", () => {
  const buf = new CellBuffer(30, 2);
  buf.text(0, 0, "a\x1b[2J\u202eb\u200b", 0xffffff);
  equal(buf.rowText(0).trimEnd(), "a\\x1b[2J\\u{202e}b\\u{200b}");
  for (
    const [x, glyph] of [[0, "◽"], [1, "🐉"], [2, "\x1b"], [3, "\u0301"], [4, "ab"], [5, 0x9b]] as const
  ) {
    buf.set(x, 1, glyph, 0xffffff, 0);
  }
  buf.set(6, 1, "e\u0301", 0xffffff, 0);
  equal(buf.rowText(1).trimEnd(), "???\u25cc\u0301??e\u0301");
});

Deno.test("random frames of wide, combining, escaped and plain text replayed on an emulator always show exactly the buffer", async () => {
  const rng = Rng.fromSeed(11);
  const colors = [0x000000, 0xffffff, 0xc8b432, 0x323296];
  const texts = ["@", "竜", "e\u0301", "ab", "オーク", "\x1b[2J", "x\u200by", "🐉!", "\u0301", " "];
  for (const [w, h] of [[20, 6], [7, 3], [2, 2]]) {
    const r = new DiffRenderer("truecolor");
    const vt = new VtScreen(w, h);
    const buf = new CellBuffer(w, h);
    for (let frame = 0; frame < 60; frame++) {
      if (frame % 20 === 0) buf.clear();
      for (let k = rng.int(0, 12); k > 0; k--) {
        const x = rng.int(-1, w - 1), y = rng.int(0, h - 1);
        const text = texts[rng.int(0, texts.length - 1)];
        if (rng.int(0, 3) === 0) buf.set(x, y, text, colors[rng.int(0, 3)], colors[rng.int(0, 3)]);
        else buf.text(x, y, text, colors[rng.int(0, 3)], rng.int(0, 1) ? undefined : colors[rng.int(0, 3)]);
        if (rng.int(0, 5) === 0) {
          buf.recolor(rng.int(0, w - 1), y, colors[rng.int(0, 3)], colors[rng.int(0, 3)]);
        }
      }
      await vt.apply(r.render(buf));
      sameScreen(vt, buf);
    }
  }
});

Deno.test("frames changed a little at a time, at every colour depth, replayed on an emulator show exactly the buffer, also after another writer and invalidate", async () => {
  const rng = Rng.fromSeed(17);
  // Colours apart in truecolor that some depths show as one (two near blacks, two near yellows).
  const colors = [0x000000, 0x010101, 0xffffff, 0xc8b432, 0xc8b433, 0x323296, 0x826e32, 0x00ff00];
  const pick = () => colors[rng.int(0, colors.length - 1)];
  const attrs = [0, 0, 0, Attr.Bold, Attr.Dim, Attr.Underline, Attr.Reverse, Attr.Bold | Attr.Underline];
  for (const depth of ["truecolor", "256", "16", "none"] as const) {
    for (const [w, h] of [[80, 24], [9, 4]]) {
      const r = new DiffRenderer(depth);
      const vt = new VtScreen(w, h);
      const buf = new CellBuffer(w, h);
      for (let frame = 0; frame < 150; frame++) {
        for (let k = rng.int(0, 6); k > 0; k--) {
          const x = rng.int(0, w - 1), y = rng.int(0, h - 1);
          switch (rng.int(0, 4)) {
            case 0: // a patch of light and shadow: backgrounds only
              for (let dy = 0; dy < 3; dy++) {
                for (let dx = 0; dx < 4; dx++) if (rng.int(0, 1)) buf.fillBg(x + dx, y + dy, 1, 1, pick());
              }
              break;
            case 1: // something moves: a glyph, maybe with an attribute
              buf.set(x, y, "@o. #"[rng.int(0, 4)], pick(), pick(), attrs[rng.int(0, attrs.length - 1)]);
              break;
            case 2: // a line of text, now and then a wide or combined character in it
              buf.text(
                x,
                y,
                ["You hit the orc.", "オーク", "e\u0301!", "   "][rng.int(0, 3)],
                pick(),
                pick(),
              );
              break;
            case 3: // blanks recoloured: a foreground nobody sees, or attributes that show
              buf.recolor(x, y, pick(), pick(), attrs[rng.int(0, attrs.length - 1)]);
              break;
            default:
              buf.set(x, y, " ", pick(), buf.bg[y * w + x]);
          }
        }
        if (frame % 37 === 36) {
          // Something else wrote: the pen and cursor moved, cells changed; the app invalidates.
          await vt.apply("\x1b[0;4;7;38;2;9;9;9;48;2;9;9;9m\x1b[2;2HXY");
          r.invalidate();
        }
        const out = r.render(buf);
        ok(!out.includes("\n"), "never a line feed (the tty may turn it into a return and a line feed)");
        await vt.apply(out);
        equal(vt.scrolled, 0, "never a scroll");
        sameScreen(vt, buf, depth);
      }
    }
  }
});
