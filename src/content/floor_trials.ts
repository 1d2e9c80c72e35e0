/**
 * The floors a data folder makes, tried on many seeds before `validate`
 * calls it good: a new game on each seed, going down to each floor where a
 * plan begins (and the goal's floor). The generators never stop a game (a cave
 * that leaves no room is grown again, then a clearing stands in), so a
 * problem here is a bug in them, said in one line rather than left for a
 * player to meet.
 *
 * @module
 */
import { enterFloor, newGame, type Rules } from "../engine/mod.ts";

/** Seeds tried on a map of the usual size; fewer on a larger map, so the trials stay quick. */
export const FLOOR_TRIAL_SEEDS = 50;
/** The fewest seeds tried, however large the map. */
const FEWEST_TRIAL_SEEDS = 4;
/** Cells generated in all over the trials of one floor, about: what keeps a large map's trials quick. */
const TRIAL_CELLS = 2_000_000;

/** How many seeds the trials use for a map of `cells` cells. */
export function trialSeeds(cells: number): number {
  return Math.max(FEWEST_TRIAL_SEEDS, Math.min(FLOOR_TRIAL_SEEDS, Math.floor(TRIAL_CELLS / cells)));
}

/** The floors worth a trial with the JSON path that decides each: floor 1, each plan's first, the goal's. */
function trialFloors(rules: Rules): [number, string][] {
  const floors = new Map<number, string>([[1, "$.map"]]);
  (rules.floorPlans ?? []).forEach((plan, i) => floors.set(plan.from, `$.map.floors[${i}]`));
  if (rules.goal) floors.set(rules.goal.floor, "$.dungeon.goal.floor");
  return [...floors].sort((a, b) => a[0] - b[0]);
}

/**
 * One line per floor that some seed cannot make (the first such seed),
 * naming `gameLabel` (the game.json the map words are in) and the plan's
 * path. Each seed is one game going down through the floors tried, so each
 * floor is made once a seed; a floor that stops ends that seed's game.
 */
export function floorTrialProblems(gameLabel: string, rules: Rules): string[] {
  const problems = new Map<number, string>();
  const seeds = trialSeeds(rules.dungeon.width * rules.dungeon.height);
  const floors = trialFloors(rules);
  for (let seed = 1; seed <= seeds; seed++) {
    let state;
    for (const [floor, path] of floors) {
      try {
        if (!state) state = newGame(rules, seed);
        if (floor > 1) enterFloor(state, rules, floor);
      } catch (e) {
        if (!problems.has(floor)) {
          problems.set(
            floor,
            `${gameLabel}: ${path}: expected a floor ${floor} every seed makes (tried ${seeds}), ` +
              `found seed ${seed} stopping with "${e instanceof Error ? e.message : String(e)}"`,
          );
        }
        break;
      }
    }
  }
  return [...problems].sort((a, b) => a[0] - b[0]).map(([, line]) => line);
}
