/**
 * The picture a terminal last showed (src/terminal/shown_picture.ts), drawn
 * whole on a blank screen that joins late: checked on xterm.js's emulator
 * cell by cell, and followed by the frames after it.
 */
import { equal } from "node:assert/strict";
import { Rng } from "../src/engine/mod.ts";
import { Attr, CellBuffer, DiffRenderer, ShownPicture } from "../src/terminal/mod.ts";
import { sameScreen, VtScreen } from "./support/vt_screen.ts";

Deno.test("before any frame the picture draws nothing", () => {
  equal(new ShownPicture().redraw(), "");
});

Deno.test("a screen that joins late, drawn the picture, shows the frame and then follows the frames after it", async () => {
  const rng = Rng.fromSeed(5);
  const colors = [0x000000, 0x203040, 0xffffff, 0xc8b432, 0x00ff00];
  const pick = () => colors[rng.int(0, colors.length - 1)];
  const texts = ["@", "You hit the orc.", "オーク", "e\u0301!", "#.#", "   "];
  for (const depth of ["truecolor", "256", "16"] as const) {
    const renderer = new DiffRenderer(depth);
    const picture = new ShownPicture();
    const buf = new CellBuffer(30, 8);
    const screens: VtScreen[] = [];
    for (let frame = 0; frame < 40; frame++) {
      for (let k = rng.int(1, 5); k > 0; k--) {
        const attrs = [0, Attr.Bold, Attr.Underline, Attr.Reverse][rng.int(0, 3)];
        buf.text(rng.int(0, 29), rng.int(0, 7), texts[rng.int(0, texts.length - 1)], pick(), pick(), attrs);
      }
      const bytes = renderer.render(buf);
      picture.keep(buf, depth);
      for (const screen of screens) await screen.apply(bytes);
      if (frame % 8 === 3) {
        // A page arrives: drawn whole from the picture, and the renderer's pen and cursor are no longer its.
        const late = new VtScreen(30, 8);
        await late.apply(picture.redraw());
        screens.push(late);
        renderer.loseTrack();
      }
      for (const screen of screens) sameScreen(screen, buf, depth);
    }
    equal(screens.length, 5);
  }
});

Deno.test("the picture is a copy: drawing the next frame into the buffer does not change it", async () => {
  const buf = new CellBuffer(10, 2);
  buf.text(0, 0, "kept", 0xffffff, 0x000000);
  const picture = new ShownPicture();
  picture.keep(buf, "truecolor");
  const kept = new CellBuffer(10, 2);
  kept.copyFrom(buf);
  buf.text(0, 0, "gone", 0xff0000, 0x000000);
  const screen = new VtScreen(10, 2);
  await screen.apply(picture.redraw());
  sameScreen(screen, kept);
});
