/**
 * The simulator's speed: one bot game of at most 500 turns per iteration,
 * seeds cycling, so games per second is 1 / the time per iteration.
 */
import { simulate } from "../../src/commands/mod.ts";
import { benchContent, SIM_GAME_TURNS } from "./app_cases.ts";

const content = await benchContent();
let seed = 1;
Deno.bench({
  name: "one bot game (≤ 500 turns)",
  group: "simulator",
  fn: () => void simulate(content, seed++, SIM_GAME_TURNS),
});
