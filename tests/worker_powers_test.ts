/**
 * The item powers in the AI worker: a game that reads, zaps, wears and
 * drinks them plays the same with the monsters in the worker as in-process,
 * the worker's copy checked by digest after every turn.
 */
import { deepEqual, ok } from "node:assert/strict";
import {
  type Action,
  type GameState,
  instantiate,
  isAlive,
  newGame,
  playerOf,
  Rng,
} from "../src/engine/mod.ts";
import { InProcessRunner, WorkerRunner } from "../src/worker/mod.ts";
import { snapshot, turn } from "./support/faulty_game.ts";
import { powersContent } from "./support/powers_mod.ts";

const { rules } = await powersContent();

/** Everything the mod can do, carried from the start (the pack holds 26: the worn two and these). */
const KIT = [
  "lightning_wand",
  "summon_scroll",
  "teleport_scroll",
  "chaos_scroll",
  "mapping_scroll",
  "vitality_amulet",
  "protection_ring",
  "health_potion",
  "blink_potion",
  "sight_ring",
  "clairvoyance_potion",
  "lightning_wand",
];

function equip(state: GameState): void {
  for (const id of KIT) {
    playerOf(state).inventory!.items.push(instantiate(rules.templates[id], state.nextId++, 0, 0));
  }
}

/** The next action: every fourth turn one of the items after the worn two in turn (aimed at a foe in view), else a step. */
function nextAction(state: GameState, n: number, rng: Rng): Action {
  const player = playerOf(state);
  const items = player.inventory!.items;
  if (n % 4 === 0 && items.length > 2) {
    const slot = 2 + (n / 4) % (items.length - 2);
    const { map } = state;
    const foe = state.entities.find((e) =>
      e !== player && isAlive(e) && map.visible[e.y * map.width + e.x] === 1
    );
    const target = foe ? { x: foe.x, y: foe.y } : { x: player.x + 1, y: player.y };
    return { type: "use", item: slot, target };
  }
  return { type: "bump", dx: rng.int(-1, 1), dy: rng.int(-1, 1) };
}

Deno.test("a game of item powers plays the same with the worker as in-process, its copy checked every turn", async () => {
  let used = 0;
  for (const seed of [4, 9]) {
    const viaWorker = newGame(rules, seed), inProcess = newGame(rules, seed);
    equip(viaWorker);
    equip(inProcess);
    const worker = new WorkerRunner(rules, { checkEvery: 1 }), local = new InProcessRunner(rules);
    ok(await worker.ready, "the worker loaded");
    const rng = Rng.fromSeed(seed);
    let timed = 0;
    try {
      for (let n = 0; n < 120 && playerOf(viaWorker).fighter!.hp > 0; n++) {
        const action = nextAction(viaWorker, n, rng);
        if (await turn(viaWorker, worker, action)) {
          timed++;
          if (action.type === "use") used++;
        }
        await turn(inProcess, local, action);
        deepEqual(snapshot(viaWorker), snapshot(inProcess));
      }
      deepEqual(
        [worker.faults, worker.stats.workerTurns],
        [[], timed],
        "the worker's copy matched every turn",
      );
    } finally {
      worker.close();
    }
    ok(viaWorker.known && viaWorker.known.length > 0, "something was learnt");
  }
  ok(used > 10, `the items were used (${used})`);
});
