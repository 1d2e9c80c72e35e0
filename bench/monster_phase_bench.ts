/**
 * The monster phase with every monster hunting the player (all cells marked
 * in view): 20 monsters on 80x43, 1,000 on 256x256, 10,000 on 1024x1024.
 * "compute" is the phase itself (the code the worker runs); "round trip"
 * is a real turn through the AI worker: post, compute, answer, replay.
 */
import { WorkerRunner } from "../src/app/monster_runner.ts";
import { loadContent } from "../src/content/load_content.ts";
import { emptyChronicle } from "../src/engine/chronicle.ts";
import type { Entity } from "../src/engine/entity.ts";
import { runMonsterPhase } from "../src/engine/monster_phase.ts";
import type { GameState } from "../src/engine/state.ts";
import { instantiate } from "../src/engine/templates.ts";
import { benchDungeon, benchMosaic, benchOpenDungeon, floorCells, floorShare } from "./bench_maps.ts";

const { rules } = await loadContent(new URL("../data/", import.meta.url), "data/");

type MapKind = "dungeon" | "open";

/**
 * A "dungeon" is 80x43 floors (joined into a mosaic when larger), about a
 * quarter floor; "open" is the tunnel-crossed worst case (88% floor).
 */
function huntingState(width: number, height: number, monsters: number, kind: MapKind): GameState {
  const map = width === 80
    ? benchDungeon(7)
    : kind === "dungeon"
    ? benchMosaic(width, height, 70, true)
    : benchOpenDungeon(width, height, 7);
  const cells = floorCells(map, monsters * 3, 11);
  const taken = new Set<number>();
  const entities: Entity[] = [];
  for (const [x, y] of cells) {
    if (taken.has(y * width + x) || entities.length > monsters) continue;
    taken.add(y * width + x);
    const id = entities.length;
    entities.push(instantiate(rules.templates[id === 0 ? "player" : "orc"], id, x, y));
  }
  if (entities.length !== monsters + 1) throw new Error(`only ${entities.length - 1} monsters placed`);
  map.visible.fill(1);
  return {
    seed: 1,
    rng: [1, 2, 3, 4],
    turn: 0,
    floor: 1,
    map,
    entities,
    playerId: 0,
    nextId: entities.length,
    log: [],
    chronicle: emptyChronicle(),
  };
}

// 1,000 and 10,000 on the same 1024x1024 map show how the cost grows with monsters alone.
const SCALES: [number, number, number, MapKind][] = [
  [80, 43, 20, "dungeon"],
  [256, 256, 1000, "dungeon"],
  [1024, 1024, 1000, "dungeon"],
  [1024, 1024, 10_000, "dungeon"],
  [1024, 1024, 10_000, "open"],
];

for (const [width, height, monsters, kind] of SCALES) {
  const state = huntingState(width, height, monsters, kind);
  const pristine = structuredClone(state.entities);
  const reset = () => {
    state.entities = structuredClone(pristine);
    state.rng = [1, 2, 3, 4];
  };
  const group = `${monsters} monsters on ${width}x${height} ${kind} (${
    Math.round(floorShare(state.map) * 100)
  }% floor)`;
  Deno.bench({
    name: `compute: ${group}`,
    group,
    baseline: true,
    fn: (b) => {
      reset();
      b.start();
      runMonsterPhase(state, rules);
      b.end();
    },
  });
  const runner = new WorkerRunner(rules, 10_000);
  // Time a loaded worker, not its cold start (turns meanwhile run in-process).
  if (!(await runner.ready)) throw new Error("the AI worker did not load");
  Deno.bench({
    name: `round trip via the worker: ${group}`,
    group,
    fn: async (b) => {
      reset();
      b.start();
      await runner.run(state);
      b.end();
    },
  });
  globalThis.addEventListener("unload", () => {
    // Every timed turn must have been the worker's, or the figure is not a round trip.
    if (runner.faults.length > 0) console.error(`${group}: worker faults ${runner.faults.join(", ")}`);
    const inWorker = runner.workerMs / runner.workerTurns;
    console.log(
      `${group}: ${runner.workerTurns} turns answered by the worker, ${inWorker.toFixed(2)} ms each in it`,
    );
    runner.close();
  });
}
