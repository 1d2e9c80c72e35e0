/**
 * Thousands of random turns with monsters, checking after every one what
 * must always hold: nobody in a wall or off the map, no two blockers on a
 * cell, HP within [0, max], ids unique, the view equal to the player's FOV.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import type { Action } from "../src/engine/actions.ts";
import { computeFov } from "../src/engine/fov.ts";
import { isWalkable } from "../src/engine/game_map.ts";
import { Rng } from "../src/engine/rng.ts";
import { type GameState, newGame, playerOf } from "../src/engine/state.ts";
import { instantiate } from "../src/engine/templates.ts";
import { isGameOver, playerTurn } from "../src/engine/turn.ts";
import { bundledContent } from "./support/content.ts";

const { rules } = await bundledContent();

function checkInvariants(state: GameState, where: string): void {
  const { map } = state;
  const blockers = new Set<number>();
  const ids = new Set<number>();
  for (const e of state.entities) {
    ok(!ids.has(e.id), `${where}: id ${e.id} twice`);
    ids.add(e.id);
    ok(isWalkable(map, e.x, e.y), `${where}: ${e.name} #${e.id} in a wall or off the map at ${e.x},${e.y}`);
    if (e.fighter) {
      ok(e.fighter.hp >= 0 && e.fighter.hp <= e.fighter.maxHp, `${where}: ${e.name} hp ${e.fighter.hp}`);
    }
    if (e.blocksMovement) {
      const cell = e.y * map.width + e.x;
      ok(!blockers.has(cell), `${where}: two blockers on ${e.x},${e.y}`);
      blockers.add(cell);
      ok(e.fighter && e.fighter.hp > 0, `${where}: a dead blocker`);
    }
    if (e.layer === "corpse") equal(e.ai, undefined, `${where}: a corpse with an AI`);
  }
  const p = playerOf(state);
  deepEqual(
    map.visible,
    computeFov(map.transparent, map.width, map.height, p.x, p.y, rules.sightRadius),
    where,
  );
}

/** Every item's id, on the floor or carried. */
function itemIds(state: GameState): Set<number> {
  const carried = state.entities.flatMap((e) => e.inventory?.items ?? []);
  return new Set([...state.entities.filter((e) => e.layer === "item"), ...carried].map((e) => e.id));
}

function randomAction(state: GameState, rng: Rng): Action {
  const p = playerOf(state);
  const carried = p.inventory!.items.length;
  switch (rng.int(0, 9)) {
    case 0:
      return { type: "wait" };
    case 1:
      return { type: "pickup" };
    case 2:
      return { type: "drop", item: rng.int(0, carried) };
    case 3:
      return {
        type: "use",
        item: rng.int(0, carried),
        target: { x: p.x + rng.int(-4, 4), y: p.y + rng.int(-4, 4) },
      };
    default:
      return { type: "bump", dx: rng.int(-1, 1), dy: rng.int(-1, 1) };
  }
}

Deno.test("random turns over 60 seeded games (about 3,000) keep every invariant; items are conserved", () => {
  let turns = 0, deaths = 0, used = 0;
  for (let seed = 0; seed < 60; seed++) {
    const state = newGame(rules, seed);
    const rng = Rng.fromSeed(1000 + seed);
    // Hand out one of each item so uses happen often.
    for (const t of ["health_potion", "lightning_scroll", "confusion_scroll", "fireball_scroll", "sword"]) {
      playerOf(state).inventory!.items.push(instantiate(rules.templates[t], state.nextId++, 0, 0));
    }
    for (let k = 0; k < 100 && !isGameOver(state); k++) {
      const before = itemIds(state);
      const action = randomAction(state, rng);
      const tookTime = playerTurn(state, rules, action);
      const after = itemIds(state);
      const where = `seed ${seed} turn ${k} (${JSON.stringify(action)})`;
      ok([...after].every((id) => before.has(id)), `${where}: an item appeared`);
      const gone = before.size - after.size;
      ok(gone === 0 || (gone === 1 && action.type === "use" && tookTime), `${where}: ${gone} items vanished`);
      used += gone;
      ok(playerOf(state).inventory!.items.length <= 26, `${where}: inventory over capacity`);
      checkInvariants(state, where);
      turns++;
    }
    deaths += state.entities.filter((e) => e.layer === "corpse").length;
  }
  ok(turns > 2500 && deaths > 10 && used > 30, `${turns} turns, ${deaths} deaths, ${used} items used`);
});
