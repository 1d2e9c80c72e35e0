import { deepEqual } from "node:assert/strict";
import { lineCells, rayCells } from "../src/engine/mod.ts";

const xy = (cells: readonly { x: number; y: number }[]) => cells.map((c) => `${c.x},${c.y}`).join(" ");

Deno.test("a line leaves out its start, ends on its end, and steps one cell at a time", () => {
  deepEqual(xy(lineCells({ x: 0, y: 0 }, { x: 3, y: 0 })), "1,0 2,0 3,0");
  deepEqual(xy(lineCells({ x: 0, y: 0 }, { x: -2, y: -2 })), "-1,-1 -2,-2");
  deepEqual(xy(lineCells({ x: 0, y: 0 }, { x: 4, y: 2 })), "1,1 2,1 3,2 4,2");
  deepEqual(xy(lineCells({ x: 0, y: 0 }, { x: 1, y: 3 })), "0,1 1,2 1,3");
  deepEqual(lineCells({ x: 5, y: 5 }, { x: 5, y: 5 }), []);
  for (const to of [{ x: 7, y: -3 }, { x: -5, y: 9 }, { x: 2, y: 11 }]) {
    let at = { x: 0, y: 0 };
    for (const cell of lineCells(at, to)) {
      deepEqual(Math.max(Math.abs(cell.x - at.x), Math.abs(cell.y - at.y)), 1, "one step");
      at = cell;
    }
    deepEqual(at, to);
  }
});

Deno.test("a ray goes through the aimed cell and on beyond it, as long as asked", () => {
  deepEqual(xy(rayCells({ x: 0, y: 0 }, { x: 2, y: 1 }, 6)), "1,1 2,1 3,2 4,2 5,3 6,3");
  deepEqual(xy(rayCells({ x: 3, y: 3 }, { x: 3, y: 1 }, 4)), "3,2 3,1 3,0 3,-1");
  deepEqual(xy(rayCells({ x: 0, y: 0 }, { x: 5, y: 0 }, 2)), "1,0 2,0", "shorter than the aim: cut short");
  deepEqual(rayCells({ x: 1, y: 1 }, { x: 1, y: 1 }, 5), []);
});
