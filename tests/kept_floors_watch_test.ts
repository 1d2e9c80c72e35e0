import { deepEqual } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { newGame, playCommand, playerOf } from "../src/engine/mod.ts";
import { KeptFloorWatch } from "../tools/fuzz/kept_floors.ts";

const { rules } = await loadContent(new URL("./fixtures/mods/floors/", import.meta.url), "floors/");

Deno.test("the fuzzer's watch on kept floors: quiet while they stay as left, names one changed behind the player's back", () => {
  const state = newGame(rules, 9);
  const watch = new KeptFloorWatch(1);
  const down = () => {
    const p = playerOf(state);
    for (const e of state.entities) {
      if (e !== p && e.x === state.map.stairs.x && e.y === state.map.stairs.y) e.x = p.x;
    }
    Object.assign(p, state.map.stairs);
    playCommand(state, rules, { act: { type: "descend" } });
  };
  deepEqual(watch.problems(state), []);
  down();
  deepEqual(watch.problems(state), [], "floor 1 kept as left");
  down();
  deepEqual(watch.problems(state), [], "floors 1 and 2 kept");
  playCommand(state, rules, { act: { type: "wait" } });
  deepEqual(watch.problems(state), [], "a turn on floor 3 changes no kept floor");
  const kept = state.keptFloors!.find((k) => k.floor === 1)!;
  kept.entities.find((e) => e.layer === "item" || e.ai)!.x += 1;
  deepEqual(watch.problems(state), ["kept floor 1 changed while the player was on floor 3"]);
});
