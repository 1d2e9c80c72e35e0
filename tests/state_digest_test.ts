import { equal, notEqual } from "node:assert/strict";
import { newGame, playerOf, stateDigest } from "../src/engine/mod.ts";
import { dataStamp, decodeSave, encodeSave } from "../src/store/mod.ts";
import { bundledContent } from "./support/content.ts";

const content = await bundledContent();
const { rules } = content;

Deno.test("a state and its structured copy have one digest; the message log does not count", () => {
  const game = newGame(rules, 3);
  const copy = structuredClone(game);
  copy.log = [];
  equal(stateDigest(copy), stateDigest(game));
});

Deno.test("objects built in another key order have the digest of the original, as a loaded game must", () => {
  const game = newGame(rules, 3);
  const player = playerOf(game);
  const reordered = Object.fromEntries(Object.entries(player).reverse());
  const copy = { ...game, entities: game.entities.map((e) => (e === player ? reordered : e)) } as typeof game;
  equal(stateDigest(copy), stateDigest(game));
});

Deno.test("a saved and loaded game has the digest of the game it saved", () => {
  const game = newGame(rules, 5);
  const loaded = decodeSave(JSON.parse(encodeSave(game, dataStamp(content), "test", new Date(0))), rules);
  equal(stateDigest(loaded), stateDigest(game));
});

Deno.test("one changed number, text, tile, RNG word, entity order or turn changes the digest", () => {
  const game = newGame(rules, 3);
  const base = stateDigest(game);
  const changes: ((s: typeof game) => void)[] = [
    (s) => playerOf(s).fighter!.hp--,
    (s) => (playerOf(s).name += "x"),
    (s) => (s.map.tiles[s.map.tiles.length >> 1] ^= 1),
    (s) => (s.map.explored[0] ^= 1),
    (s) => (s.rng[0] = (s.rng[0] + 1) | 0),
    (s) => s.entities.reverse(),
    (s) => (s.turn += 1),
  ];
  for (const change of changes) {
    const copy = structuredClone(game);
    change(copy);
    notEqual(stateDigest(copy), base, change.toString());
  }
  const moved = structuredClone(game);
  const a = moved.entities[0], b = moved.entities[1];
  [a.x, b.x] = [b.x, a.x];
  if (a.x !== b.x) notEqual(stateDigest(moved), base, "two entities' x swapped");
});
