import { deepEqual, equal } from "node:assert/strict";
import { cameraOrigin, computeLayout, wrapText } from "../src/ui/mod.ts";

Deno.test("80x50 gives the full layout: map rows 0-42, panel rows 43-49", () => {
  const l = computeLayout(80, 50, 80, 43);
  deepEqual([l.tooSmall, l.compact], [false, false]);
  deepEqual(l.map, { x: 0, y: 0, width: 80, height: 43 });
  deepEqual(l.panel, { x: 0, y: 43, width: 80, height: 7 });
});

Deno.test("80x24 gives a 20-row map view over a 4-row compact panel", () => {
  const l = computeLayout(80, 24, 80, 43);
  deepEqual([l.tooSmall, l.compact, l.map.height, l.panel.y, l.panel.height], [false, true, 20, 20, 4]);
});

Deno.test("taller terminals show the whole map and give the rest to the panel", () => {
  const l = computeLayout(120, 60, 80, 43);
  deepEqual([l.map.height, l.map.width, l.panel.height], [43, 80, 17]);
});

Deno.test("below 80x24 the layout is too small", () => {
  equal(computeLayout(79, 24, 80, 43).tooSmall, true);
  equal(computeLayout(80, 23, 80, 43).tooSmall, true);
});

Deno.test("the camera centres the player but never scrolls past the map", () => {
  const view = { x: 0, y: 0, width: 80, height: 20 };
  deepEqual(cameraOrigin(view, 80, 43, { x: 40, y: 2 }), { x: 0, y: 0 });
  deepEqual(cameraOrigin(view, 80, 43, { x: 40, y: 21 }), { x: 0, y: 11 });
  deepEqual(cameraOrigin(view, 80, 43, { x: 40, y: 42 }), { x: 0, y: 23 });
  deepEqual(cameraOrigin(view, 200, 43, { x: 150, y: 30 }), { x: 110, y: 20 });
  deepEqual(cameraOrigin({ x: 0, y: 0, width: 80, height: 43 }, 80, 43, { x: 70, y: 40 }), { x: 0, y: 0 });
});

Deno.test("word wrap breaks at spaces, splits over-long words, honours newlines", () => {
  deepEqual(wrapText("Hello and welcome, adventurer, to yet another dungeon!", 40), [
    "Hello and welcome, adventurer, to yet",
    "another dungeon!",
  ]);
  deepEqual(wrapText("abcdefghij xy", 4), ["abcd", "efgh", "ij", "xy"]);
  deepEqual(wrapText("one\ntwo", 10), ["one", "two"]);
});
