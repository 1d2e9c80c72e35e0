/**
 * The server's bounded memory of strangers (src/server/recency_map.ts):
 * never more keys than its cap, the stalest forgotten first, and a key set
 * again counted as fresh.
 */
import { deepEqual, equal, throws } from "node:assert/strict";
import { RecencyMap } from "../src/server/mod.ts";

Deno.test("a recency map holds at most its cap, forgetting the key set longest ago", () => {
  const map = new RecencyMap<string, number>(3);
  for (const [k, v] of [["a", 1], ["b", 2], ["c", 3]] as const) map.set(k, v);
  map.set("a", 10); // a is now the freshest: b is the stalest
  map.set("d", 4);
  equal(map.size, 3);
  equal(map.get("b"), undefined, "the stalest went");
  deepEqual(["a", "c", "d"].map((k) => map.get(k)), [10, 3, 4]);
});

Deno.test("a recency map forgets its stalest keys while they are stale, and looks no further", () => {
  const map = new RecencyMap<string, number>(10);
  for (const [k, v] of [["old", 1], ["older-looking", 9], ["new", 2]] as const) map.set(k, v);
  const asked: string[] = [];
  map.forgetStalest((value, key) => {
    asked.push(key);
    return value < 5;
  });
  deepEqual(asked, ["old", "older-looking"], "it stopped at the first fresh one");
  equal(map.get("old"), undefined);
  equal(map.get("new"), 2, "a stale value behind a fresh one is kept until its turn");
});

Deno.test("a recency map refuses a cap that is not a whole number from 1", () => {
  throws(() => new RecencyMap(0), /keys kept: expected a whole number from 1, found 0/);
  throws(() => new RecencyMap(1.5), /found 1.5/);
});
