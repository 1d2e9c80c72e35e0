import { equal } from "node:assert/strict";
import { moveLength, moveText } from "../src/terminal/mod.ts";
import { VtScreen } from "./support/vt_screen.ts";

Deno.test("every cursor move lands where it was asked to, in as many bytes as moveLength says", async () => {
  const [w, h] = [12, 5];
  // A terminal for each target, all written at once (each write is parsed on a later turn of the loop).
  const screens = [...Array(w * h).keys()].map(() => new VtScreen(w, h));
  for (let from = -1; from < w * h; from++) {
    // from -1: the cursor's place is not known.
    const cx = from < 0 ? -1 : from % w, cy = from < 0 ? -1 : Math.floor(from / w);
    const moves = screens.map((vt, to) => {
      const x = to % w, y = Math.floor(to / w);
      const text = moveText(cx, cy, x, y);
      // Not known: the emulator's cursor is anywhere but there.
      if (from < 0) vt.moveTo((x + 5) % w, (y + 2) % h);
      else vt.moveTo(cx, cy);
      return { x, y, vt, text, shown: vt.apply(text) };
    });
    for (const { x, y, vt, text, shown } of moves) {
      await shown;
      equal(`${vt.x},${vt.y}`, `${x},${y}`, `from ${cx},${cy} by ${JSON.stringify(text)}`);
      equal(text.length, moveLength(cx, cy, x, y), JSON.stringify(text));
    }
  }
});

Deno.test("the shortest move is chosen: none, a return, a line down or up, backspaces, a column, or the absolute place", () => {
  equal(moveText(3, 2, 3, 2), "");
  equal(moveText(7, 2, 0, 2), "\r");
  equal(moveText(7, 2, 0, 3), "\v\r");
  equal(moveText(7, 2, 8, 2), "\x1b[C");
  equal(moveText(7, 2, 5, 2), "\b\b");
  equal(moveText(7, 2, 3, 2), "\x1b[4D");
  equal(moveText(7, 2, 7, 1), "\x1bM");
  equal(moveText(7, 2, 6, 4), "\x1b[2B\b");
  equal(moveText(70, 2, 5, 2), "\x1b[6G");
  equal(moveText(70, 2, 9, 20), "\x1b[21;10H");
  equal(moveText(-1, -1, 0, 0), "\x1b[H");
  equal(moveText(-1, -1, 0, 4), "\x1b[5H");
});
