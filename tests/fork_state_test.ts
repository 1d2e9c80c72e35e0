/**
 * A branch's copy of the game (engine `forkState`): the AI worker plays the
 * player's likely next commands on copies that share what play never
 * changes in place, kept floors among it. Whatever a branch plays, the game
 * it was copied from is unchanged, and the branch plays as a whole copy
 * would.
 */
import { equal } from "node:assert/strict";
import {
  Bot,
  cloneState,
  type Command,
  forkState,
  type GameState,
  isGameOver,
  keepsFloors as keeps,
  newGame,
  playCommand,
  playerOf,
  type Rules,
  stateDigest,
} from "../src/engine/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import { delveContent } from "./support/content.ts";

/** The commands a branch plays: the bot's next few, and every step and the stairs either way. */
function branchCommands(state: GameState, rules: Rules): Command[] {
  const copy = cloneState(state), bot = new Bot(), commands: Command[] = [];
  for (let k = 0; k < 5 && !isGameOver(copy); k++) {
    const command = bot.decide(copy, rules);
    commands.push(command);
    playCommand(copy, rules, command);
  }
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1]]) {
    commands.push({ act: { type: "bump", dx, dy } });
  }
  return [...commands, { act: { type: "descend" } }, { act: { type: "ascend" } }, { act: { type: "wait" } }];
}

/**
 * Plays a bot's game of `rules`, branching every few commands; checks each
 * branch leaves the game alone. The number of branches, or, where the rules
 * keep floors, of those that went up to a floor the game keeps.
 */
function branchesLeaveTheGame(rules: Rules, seed: number, commands: number): number {
  const game = newGame(rules, seed), bot = new Bot();
  let branches = 0, floorsChanged = 0;
  for (let n = 0; n < commands && !isGameOver(game); n++) {
    if (n % 7 === 0) {
      const before = stateDigest(game), whole = cloneState(game);
      const branch = forkState(game);
      for (const command of branchCommands(game, rules)) {
        playCommand(branch, rules, command);
        playCommand(whole, rules, command);
      }
      // Then to a kept floor and back, where the rules keep floors: up to the one above (shared with the
      // game the branch was copied from) when there is one, else down and back up; a few turns on each.
      for (const copy of [branch, whole]) {
        if (isGameOver(copy)) continue;
        const goUp = copy.floor > 1 && copy.map.upStairs !== undefined;
        const there = goUp ? copy.map.upStairs! : copy.map.stairs;
        Object.assign(playerOf(copy), { x: there.x, y: there.y });
        playCommand(copy, rules, { act: { type: goUp ? "ascend" : "descend" } });
        for (let k = 0; k < 3 && !isGameOver(copy); k++) playCommand(copy, rules, { act: { type: "wait" } });
        const back = goUp ? copy.map.stairs : copy.map.upStairs;
        if (!back || isGameOver(copy)) continue;
        Object.assign(playerOf(copy), { x: back.x, y: back.y });
        playCommand(copy, rules, { act: { type: goUp ? "descend" : "ascend" } });
      }
      if (game.floor > 1 && keeps(rules)) floorsChanged++;
      equal(stateDigest(game), before, `seed ${seed}, command ${n}: the game the branch was copied from`);
      equal(
        stateDigest(branch),
        stateDigest(whole),
        `seed ${seed}, command ${n}: the branch plays as a copy`,
      );
      branches++;
    }
    // Down a floor now and then: the floors left are kept, and branches go back up to them.
    if (n % 60 === 30 && !isGameOver(game)) {
      Object.assign(playerOf(game), { x: game.map.stairs.x, y: game.map.stairs.y });
      playCommand(game, rules, { act: { type: "descend" } });
      continue;
    }
    playCommand(game, rules, bot.decide(game, rules));
  }
  return keeps(rules) ? floorsChanged : branches;
}

Deno.test("a branch played on a copy sharing the kept floors leaves the game it was copied from unchanged, up and down the stairs too", async () => {
  // Delve's own game keeps its floors; the bot goes down them, and each branch goes down and back up.
  const { rules } = await delveContent();
  let changed = 0;
  for (const seed of [2, 6]) changed += branchesLeaveTheGame(rules, seed, 400);
  equal(changed > 20, true, `${changed} branches went up to a kept floor`);
});

Deno.test("branches of each tutorial's games leave them unchanged", async () => {
  for (const name of ["tcod", "rotjs", "roguebasin", "zircon"]) {
    const { rules } = await loadContent(new URL(`../data/rulesets/${name}/`, import.meta.url), name);
    branchesLeaveTheGame(rules, 3, 150);
  }
});
