import { deepEqual, equal, ok } from "node:assert/strict";
import { Rng } from "../src/engine/rng.ts";
import { Attr, CellBuffer } from "../src/terminal/cell_buffer.ts";
import { DiffRenderer, SYNC_BEGIN, SYNC_END } from "../src/terminal/diff_renderer.ts";
import { VtScreen } from "./support/vt_screen.ts";

function sameScreen(vt: VtScreen, buf: CellBuffer): void {
  for (let i = 0; i < buf.width * buf.height; i++) {
    const where = `cell (${i % buf.width}, ${Math.floor(i / buf.width)})`;
    equal(vt.glyphs[i], buf.cellText(i), where);
    equal(vt.fg[i], buf.fg[i], `${where} fg`);
    equal(vt.bg[i], buf.bg[i], `${where} bg`);
    equal(vt.attrs[i], buf.attrs[i], `${where} attrs`);
  }
}

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
  equal(r.render(buf), `${SYNC_BEGIN}\x1b[2;5H\x1b[0;38;2;255;255;255;48;2;200;180;50m@${SYNC_END}`);
});

Deno.test("adjacent changes share one cursor move; same colours share one SGR; gaps jump forward", () => {
  const r = new DiffRenderer("truecolor");
  const buf = new CellBuffer(10, 2);
  r.render(buf);
  buf.text(2, 0, "ab", 0x102030);
  buf.set(6, 0, "c", 0x102030, 0);
  equal(r.render(buf), `${SYNC_BEGIN}\x1b[1;3H\x1b[0;38;2;16;32;48;48;2;0;0;0mab\x1b[2Cc${SYNC_END}`);
});

Deno.test("only the colour that changed is sent again", () => {
  const r = new DiffRenderer("truecolor");
  const buf = new CellBuffer(4, 1);
  r.render(buf);
  buf.set(0, 0, "x", 0xff0000, 0);
  buf.set(1, 0, "y", 0xff0000, 0x0000ff);
  equal(
    r.render(buf),
    `${SYNC_BEGIN}\x1b[1;1H\x1b[0;38;2;255;0;0;48;2;0;0;0mx\x1b[48;2;0;0;255my${SYNC_END}`,
  );
});

Deno.test("256 and 16 colour depths send palette indices; no colour sends none", () => {
  const buf = new CellBuffer(1, 1);
  buf.set(0, 0, "#", 0xffffff, 0xc8b432);
  equal(new DiffRenderer("256").render(buf), `${SYNC_BEGIN}\x1b[1;1H\x1b[0;38;5;231;48;5;179m#${SYNC_END}`);
  equal(new DiffRenderer("16").render(buf), `${SYNC_BEGIN}\x1b[1;1H\x1b[0;97;43m#${SYNC_END}`);
  buf.attrs[0] = Attr.Dim;
  equal(new DiffRenderer("none").render(buf), `${SYNC_BEGIN}\x1b[1;1H\x1b[0;2m#${SYNC_END}`);
});

Deno.test("a colour change invisible at the terminal's depth writes nothing", () => {
  const r = new DiffRenderer("16");
  const buf = new CellBuffer(2, 1);
  r.render(buf);
  buf.bg[0] = 0x010101; // still black in 16 colours
  equal(r.render(buf), "");
});

Deno.test("random frames replayed on an emulator always show exactly the buffer", () => {
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
      vt.apply(r.render(buf));
      sameScreen(vt, buf);
    }
    deepEqual(vt.modes.get("2026"), false);
  }
});

Deno.test("after invalidate or a size change the whole frame is written again", () => {
  const r = new DiffRenderer("truecolor");
  const buf = new CellBuffer(5, 2);
  r.render(buf);
  r.invalidate();
  const vt = new VtScreen(5, 2);
  vt.glyphs.fill("?");
  vt.apply(r.render(buf));
  sameScreen(vt, buf);
  const bigger = new CellBuffer(6, 3);
  const vt2 = new VtScreen(6, 3);
  vt2.glyphs.fill("?");
  vt2.apply(r.render(bigger));
  sameScreen(vt2, bigger);
});
