/**
 * FOV: one call per iteration, cycling through 200 floor cells, on 80x43
 * floors and on a 1024x1024 map tiled with such floors (same structure, only
 * the size differs), at radius 8 and unlimited; rot.js PreciseShadowcasting
 * on the same cells in the same run.
 */
import * as ROT from "rot-js";
import { computeFov } from "../src/engine/fov.ts";
import type { GameMap } from "../src/engine/game_map.ts";
import { benchDungeon, benchMosaic, floorCells } from "./bench_maps.ts";

interface Case {
  map: GameMap;
  cells: [number, number][];
}

// Ten 80x43 floors with 20 origins each: 200 floor cells.
const small: Case[] = Array.from({ length: 10 }, (_, k) => {
  const map = benchDungeon(k + 1);
  return { map, cells: floorCells(map, 20, k) };
});
const large: Case = (() => {
  const map = benchMosaic(1024, 1024, 1000);
  return { map, cells: floorCells(map, 200, 5) };
})();

function ours(cases: Case[], radius: number): () => void {
  const outs = cases.map((c) => new Uint8Array(c.map.width * c.map.height));
  const perCase = cases[0].cells.length;
  let n = 0;
  return () => {
    const k = Math.floor(n / perCase) % cases.length;
    const { map, cells } = cases[k];
    const [x, y] = cells[n % perCase];
    computeFov(map.transparent, map.width, map.height, x, y, radius, outs[k]);
    n++;
  };
}

function rot(cases: Case[], radius: number): () => void {
  const fovs = cases.map(({ map }) =>
    new ROT.FOV.PreciseShadowcasting((x, y) =>
      x >= 0 && y >= 0 && x < map.width && y < map.height && map.transparent[y * map.width + x] === 1
    )
  );
  const perCase = cases[0].cells.length;
  let n = 0, lit = 0;
  return () => {
    const k = Math.floor(n / perCase) % cases.length;
    const [x, y] = cases[k].cells[n % perCase];
    fovs[k].compute(x, y, radius, () => lit++);
    n++;
  };
}

Deno.bench({ name: "computeFov r=8, 80x43", group: "fov r8 80x43", baseline: true, fn: ours(small, 8) });
Deno.bench({ name: "rot.js PreciseShadowcasting r=8, 80x43", group: "fov r8 80x43", fn: rot(small, 8) });
Deno.bench({ name: "computeFov r=8, 1024x1024", group: "fov r8 1024", baseline: true, fn: ours([large], 8) });
Deno.bench({ name: "rot.js PreciseShadowcasting r=8, 1024x1024", group: "fov r8 1024", fn: rot([large], 8) });
Deno.bench({
  name: "computeFov unlimited, 80x43",
  group: "fov unlimited 80x43",
  baseline: true,
  fn: ours(small, 0),
});
Deno.bench({
  name: "rot.js PreciseShadowcasting r=80 (whole map), 80x43",
  group: "fov unlimited 80x43",
  fn: rot(small, 80),
});
