/**
 * Persistent floors and the goal (docs/rules.md, Persistent floors; A goal),
 * with the JSON-only mod tests/fixtures/mods/floors/ (three floors, an amulet
 * on floor 3): floors kept as they were left, up stairs both ways, seeds per
 * floor, leaving the dungeon with and without the goal, the save.
 */
import { deepEqual, equal, notEqual, ok } from "node:assert/strict";
import { loadContent } from "../src/content/mod.ts";
import { decodeSave, encodeSave } from "../src/store/mod.ts";
import {
  cloneState,
  floorSeed,
  type GameState,
  isGameOver,
  newGame,
  playCommand,
  playerOf,
  playPlayerAction,
  Rng,
  scoreOf,
  stateChecksum,
  stateProblems,
  Tile,
} from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";

const MOD = new URL("./fixtures/mods/floors/", import.meta.url);
const { rules } = await loadContent(MOD, "tests/fixtures/mods/floors/");
const tutorial = (await bundledContent()).rules;

/** Stands the player on the down (or up) stairs and takes them, as a whole turn. */
function take(state: GameState, way: "descend" | "ascend"): void {
  const p = playerOf(state);
  const at = way === "descend" ? state.map.stairs : state.map.upStairs!;
  // A monster on the stairs steps aside for the test: only the stairs matter here.
  for (const e of state.entities) if (e !== p && e.x === at.x && e.y === at.y && e.blocksMovement) e.x = p.x;
  Object.assign(p, at);
  ok(playCommand(state, rules, { act: { type: way } }), `${way} on floor ${state.floor}`);
}

/** What a floor is made of, ids aside (they count from where the game got to). */
function layout(state: GameState) {
  return {
    tiles: [...state.map.tiles],
    stairs: state.map.stairs,
    upStairs: state.map.upStairs,
    things: state.entities.slice(1).map((e) => [e.template, e.x, e.y]),
  };
}

Deno.test("the tutorial rules keep no floor: no up stairs, no kept floors, no new field in the state", () => {
  const s = newGame(tutorial, 5);
  Object.assign(playerOf(s), s.map.stairs);
  ok(playPlayerAction(s, tutorial, { type: "descend" }));
  deepEqual([s.floor, "keptFloors" in s, "upStairs" in s.map, "escaped" in s.chronicle], [
    2,
    false,
    false,
    false,
  ]);
  ok(!s.map.tiles.includes(Tile.UpStairs));
  equal(playPlayerAction(s, tutorial, { type: "ascend" }), undefined, "no way up");
});

Deno.test("floor seeds differ by depth and by game, and are whole 32-bit numbers", () => {
  const seeds = new Set([1, 2, 3].flatMap((floor) => [7, 8].map((seed) => floorSeed(seed, floor))));
  equal(seeds.size, 6);
  for (const seed of seeds) ok(Number.isInteger(seed) && seed >= 0 && seed <= 0xffff_ffff);
});

Deno.test("each floor is the same whatever the game did before reaching it", () => {
  const a = newGame(rules, 11), b = newGame(rules, 11);
  deepEqual(layout(a), layout(b), "floor 1");
  // b's own RNG has moved on (as fights and monsters draw from it): the floors' seeds have not.
  b.rng = Rng.fromSeed(999).state();
  take(a, "descend");
  take(b, "descend");
  deepEqual(layout(a), layout(b), "floor 2");
  notEqual(a.rng.join(), b.rng.join());
});

Deno.test("a floor left is found as it was: map, what was seen, monsters with their HP, items", () => {
  const s = newGame(rules, 4);
  const floor1 = s.map;
  const monster = s.entities.find((e) => e.ai)!;
  monster.fighter!.hp = 1;
  take(s, "descend");
  equal(s.floor, 2);
  const p = playerOf(s);
  deepEqual([p.x, p.y], [s.map.upStairs!.x, s.map.upStairs!.y], "arrived on the up stairs");
  const kept = structuredClone(s.keptFloors!.find((k) => k.floor === 1)!);
  for (let n = 0; n < 20; n++) playCommand(s, rules, { act: { type: "wait" } });
  deepEqual(s.keptFloors!.find((k) => k.floor === 1), kept, "nothing on floor 1 acted meanwhile");
  const floor2 = layout(s);
  take(s, "ascend");
  equal(s.floor, 1);
  deepEqual([p.x, p.y], [s.map.stairs.x, s.map.stairs.y], "arrived on the down stairs");
  deepEqual([...s.map.tiles], [...floor1.tiles]);
  ok(floor1.explored.every((v, i) => !v || s.map.explored[i]), "every cell seen is remembered");
  equal(s.entities.find((e) => e.id === monster.id)?.fighter?.hp, 1);
  deepEqual(s.keptFloors!.map((k) => k.floor), [2]);
  take(s, "descend");
  deepEqual(layout(s).tiles, floor2.tiles);
  deepEqual(stateProblems(s, rules), []);
});

Deno.test("the stairs heal only on a floor's first arrival: up and down again is no rest", () => {
  const s = newGame(rules, 4);
  const p = playerOf(s);
  take(s, "descend");
  take(s, "ascend");
  p.fighter!.hp = 1;
  take(s, "descend");
  equal(p.fighter!.hp, 1);
});

Deno.test("the goal item lies on its floor once, and on no other", () => {
  const s = newGame(rules, 9);
  const goals = () => s.entities.filter((e) => e.template === "amulet").length;
  equal(goals(), 0);
  take(s, "descend");
  equal(goals(), 0);
  take(s, "descend");
  equal([s.floor, goals()].join(), "3,1");
});

Deno.test("floor 1's up stairs lead out: without the goal the game is over, left; with it, won, with the bonus", () => {
  const left = newGame(rules, 3);
  take(left, "ascend");
  deepEqual([left.chronicle.escaped, isGameOver(left)], ["left", true]);
  equal(left.log.at(-1)!.text, "You climb out into the daylight, empty-handed.");
  equal(playCommand(left, rules, { act: { type: "wait" } }), undefined, "nothing more is played");

  const won = newGame(rules, 3);
  take(won, "descend");
  take(won, "descend");
  const amulet = won.entities.find((e) => e.template === "amulet")!;
  Object.assign(playerOf(won), { x: amulet.x, y: amulet.y });
  ok(playCommand(won, rules, { act: { type: "pickup" } }));
  take(won, "ascend");
  take(won, "ascend");
  take(won, "ascend");
  deepEqual([won.chronicle.escaped, isGameOver(won)], ["won", true]);
  equal(won.log.at(-1)!.text, "You climb out into the daylight with the Amulet of the Deep!");
  const asLeft = { ...won, chronicle: { ...won.chronicle, escaped: "left" as const } };
  equal(scoreOf(won, rules.score, rules.goal) - scoreOf(asLeft, rules.score, rules.goal), 5000);
});

Deno.test("a game of three floors saves and loads whole, the same to the checksum, and a copy too", () => {
  const s = newGame(rules, 21);
  take(s, "descend");
  take(s, "descend");
  take(s, "ascend");
  equal(stateChecksum(cloneState(s)), stateChecksum(s));
  const json = encodeSave(s, { checksum: 0, folder: "mod" }, "test", new Date(0));
  const loaded = decodeSave(JSON.parse(json), rules);
  equal(stateChecksum(loaded), stateChecksum(s));
  deepEqual(loaded.keptFloors!.map((k) => k.floor), [1, 3]);
  take(loaded, "descend");
  equal(
    loaded.entities.filter((e) => e.template === "amulet").length,
    1,
    "floor 3 found again, its amulet alone",
  );
  deepEqual(stateProblems(loaded, rules), []);
});

Deno.test("a save of an older version (no kept floors) loads as a game of one floor and goes on", () => {
  const s = newGame(rules, 5);
  delete s.map.upStairs;
  delete s.keptFloors;
  // The up stairs tile as a version 3 save never held it: plain floor.
  const save = JSON.parse(encodeSave(s, { checksum: 0, folder: "mod" }, "old", new Date(0)));
  save.version = 3;
  const loaded = decodeSave(save, rules);
  equal(loaded.keptFloors, undefined);
  take(loaded, "descend");
  deepEqual([loaded.floor, loaded.keptFloors!.map((k) => k.floor)], [2, [1]]);
});
