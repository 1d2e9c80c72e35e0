import { equal } from "node:assert/strict";
import { Rng } from "../src/engine/mod.ts";
import { ANY, Attr, Pen } from "../src/terminal/mod.ts";
import { VtScreen } from "./support/vt_screen.ts";

Deno.test("each pen change makes the terminal draw what the cell needs, in as many bytes as cost says", async () => {
  const rng = Rng.fromSeed(3);
  const pen = new Pen("truecolor");
  const changes = 2000;
  // One row, a cell for each change: the changes go out as one stream, each followed by the cell it draws.
  const vt = new VtScreen(changes, 1);
  const attrs = [0, Attr.Bold, Attr.Dim, Attr.Underline, Attr.Reverse, Attr.Bold | Attr.Reverse, ANY];
  const drawn: { attr: number; fg: number; bg: number }[] = [];
  let stream = "";
  for (let k = 0; k < changes; k++) {
    const attr = attrs[rng.int(0, attrs.length - 1)];
    const fg = attr === ANY || rng.int(0, 4) === 0 ? ANY : [0xff0000, 0x00ff00, 0xffffff][rng.int(0, 2)];
    const bg = [0x000000, 0x0000ff][rng.int(0, 1)];
    const cost = pen.cost(attr, fg, bg);
    const text = pen.change(attr, fg, bg);
    equal(text.length, cost, JSON.stringify(text));
    equal(pen.cost(attr, fg, bg), 0, "the pen holds it now");
    stream += `${text}${attr === ANY ? " " : "x"}`;
    drawn.push({ attr, fg, bg });
  }
  await vt.apply(stream);
  for (const [k, { attr, fg, bg }] of drawn.entries()) {
    equal(vt.bg[k], bg, `change ${k}`);
    if (attr === ANY) {
      // A blank cell: any attributes that show nothing on a space.
      equal(vt.attrs[k] & (Attr.Underline | Attr.Reverse), 0, `change ${k}`);
    } else {
      equal(vt.attrs[k], attr, `change ${k}`);
      if (fg !== ANY) equal(vt.fg[k], fg, `change ${k}`);
    }
  }
});

Deno.test("the pen sends only what changes: an attribute off by its own code, a colour alone, nothing for a blank's foreground", () => {
  // Colours as the renderer hands them over: quantized, here to 256-colour indices.
  const [white, red, black, blue] = [231, 196, 16, 21];
  const pen = new Pen("256");
  equal(pen.change(Attr.Bold, white, black), "\x1b[0;1;38;5;231;48;5;16m");
  equal(pen.change(0, white, black), "\x1b[22m");
  equal(pen.change(0, red, black), "\x1b[38;5;196m");
  equal(pen.change(ANY, ANY, black), "");
  equal(pen.change(Attr.Underline, red, black), "\x1b[4m");
  // A blank cell under an underline: the underline goes.
  equal(pen.change(ANY, ANY, black), "\x1b[24m");
  pen.forget();
  equal(pen.change(ANY, ANY, blue), "\x1b[0;48;5;21m");
});
