/**
 * The simulator's speed: one bot game of at most 500 turns per iteration,
 * seeds cycling, so games per second is 1 / the time per iteration.
 */
import { simulate } from "../src/app/sim.ts";
import { loadContent } from "../src/content/load_content.ts";

const content = await loadContent(new URL("../data/", import.meta.url), "data/");
let seed = 1;
Deno.bench({
  name: "one bot game (≤ 500 turns)",
  group: "simulator",
  fn: () => void simulate(content, seed++, 500),
});
