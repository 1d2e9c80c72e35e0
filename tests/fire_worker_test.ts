/**
 * Fire, gas and the AI worker (docs/rules.md, Fire; Gas): a game with grass burning and gas drifting,
 * played with the worker and in-process, is the same game after every
 * turn, its fire and gas to the cell: the worker's patches carry them.
 */
import { deepEqual, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import {
  burningCells,
  cloneState,
  type GameState,
  gasCells,
  ignite,
  newGame,
  playerOf,
  releaseGas,
  setTile,
  Tile,
} from "../src/engine/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { both, waits } from "./support/worker_games.ts";

const { rules } = await loadContent(new URL("../data/", import.meta.url), "data/");

/** Seed `seed`'s first floor with every floor cell within 6 of the player grass, and one of them alight. */
function burningGame(seed: number): GameState {
  const state = newGame(rules, seed);
  const { map } = state, p = playerOf(state);
  for (let y = Math.max(0, p.y - 6); y <= Math.min(map.height - 1, p.y + 6); y++) {
    for (let x = Math.max(0, p.x - 6); x <= Math.min(map.width - 1, p.x + 6); x++) {
      if (map.tiles[y * map.width + x] === Tile.Floor) setTile(map, x, y, Tile.Grass);
    }
  }
  const lit = [...map.tiles.keys()].find((i) => map.tiles[i] === Tile.Grass && i !== p.y * map.width + p.x)!;
  ok(ignite(map, rules, lit));
  ok(releaseGas(map, rules, "confusion", p, 12), "a cloud on the player, to stumble about in");
  return state;
}

Deno.test("a burning, gassy game played with the worker and in-process is the same game, its fire and gas to the cell, after every turn", async () => {
  const worker = new WorkerRunner(rules, { timeoutMs: 5000 });
  ok(await worker.ready);
  const local = new InProcessRunner(rules);
  let burnt = 0;
  try {
    for (const seed of [1, 2]) {
      const start = burningGame(seed);
      const games = [cloneState(start), cloneState(start)] as const;
      for (const action of waits(25)) {
        await both({ act: action }, games, [worker, local]);
        deepEqual([...(games[0].map.fire ?? [])], [...(games[1].map.fire ?? [])]);
        deepEqual(burningCells(games[0].map), burningCells(games[1].map));
        deepEqual([...(games[0].map.gas ?? [])], [...(games[1].map.gas ?? [])]);
        deepEqual(gasCells(games[0].map), gasCells(games[1].map));
      }
      burnt += games[0].map.tiles.filter((t) => t === Tile.BurntFloor).length;
    }
    deepEqual(worker.faults, []);
    ok(worker.stats.workerTurns > 40, `the worker played the turns (${worker.stats.workerTurns})`);
  } finally {
    worker.close();
  }
  ok(burnt > 10, `the fire spread (${burnt} cells burnt)`);
});
