/**
 * The generator's budget (src/content/limits.ts): a floor as large as the
 * data may ask for, every room attempt big enough to hold its full draw of
 * monsters and items, generated and filled; and the bundled floor beside it.
 * Tests show such data is taken and the save of it reads back; this says
 * how long a floor of it takes to make.
 */
import { MAP_BUDGET } from "../../src/content/mod.ts";
import { newGame } from "../../src/engine/mod.ts";
import { benchContent, worstBudgetRules } from "./app_cases.ts";

const { rules } = await benchContent();

let seed = 0;
Deno.bench({
  name: "a new floor: bundled 80x43",
  group: "floor",
  baseline: true,
  fn: () => void newGame(rules, seed++),
});
const { side, roomAttempts, perRoom } = MAP_BUDGET;
for (const [min, max, what] of [[16, 17, "the most things"], [3, 3, "the most rooms"]] as const) {
  const worst = worstBudgetRules(rules, min, max);
  Deno.bench({
    name:
      `a new floor at the budget, ${what}: ${side}x${side}, ${roomAttempts} rooms of ${min}..${max}, ${perRoom}+${perRoom} a room`,
    group: "floor",
    n: 10,
    fn: () => void newGame(worst, seed++),
  });
}
