/**
 * The generator's budget (src/content/limits.ts): a floor as large as the
 * data may ask for, every room attempt big enough to hold its full draw of
 * monsters and items, generated and filled; and the bundled floor beside it.
 * Tests show such data is taken and the save of it reads back; this says
 * how long a floor of it takes to make.
 */
import { MAP_BUDGET } from "../src/content/limits.ts";
import type { Rules } from "../src/engine/rules.ts";
import { newGame } from "../src/engine/state.ts";
import { benchContent } from "./app_cases.ts";

const { rules } = await benchContent();

/**
 * The bundled rules on the largest floor the budget allows, filled to the
 * most a room may draw, with rooms of `min`..`max`: 16..17 holds the most
 * things, 3..3 places the most rooms (and tunnels).
 */
export function worstBudgetRules(base: Rules, min: number, max: number): Rules {
  const full = [{ floor: 0, value: MAP_BUDGET.perRoom }];
  return {
    ...base,
    dungeon: {
      width: MAP_BUDGET.side,
      height: MAP_BUDGET.side,
      maxRooms: MAP_BUDGET.roomAttempts,
      roomMinSize: min,
      roomMaxSize: max,
    },
    spawn: { ...base.spawn, maxMonstersPerRoom: full, maxItemsPerRoom: full },
  };
}

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
