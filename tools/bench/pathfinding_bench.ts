/**
 * Paths: `findPath` between 100 fixed pairs of floor cells, on 80x43 floors
 * and a 256x256 dungeon, with rot.js `Path.AStar` (8 directions) on the same
 * pairs in the same run; and a Dijkstra distance map over 256x256.
 */
import {
  distanceMapOurs,
  largePathCase,
  meanPathLength,
  pathOurs,
  pathRot,
  smallPathCase,
} from "./engine_cases.ts";

const small = smallPathCase();
const large = largePathCase();

console.log(
  `paths: mean length ${meanPathLength(small).toFixed(1)} steps on 80x43, ${
    meanPathLength(large).toFixed(1)
  } on 256x256`,
);

Deno.bench({ name: "findPath 80x43", group: "path 80x43", baseline: true, fn: pathOurs(small) });
Deno.bench({ name: "rot.js AStar 80x43", group: "path 80x43", fn: pathRot(small) });
Deno.bench({ name: "findPath 256x256", group: "path 256x256", baseline: true, fn: pathOurs(large) });
Deno.bench({ name: "rot.js AStar 256x256", group: "path 256x256", fn: pathRot(large) });
Deno.bench({ name: "distanceMap 256x256 (whole map)", group: "dijkstra", fn: distanceMapOurs(large) });
