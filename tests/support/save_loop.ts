/**
 * Saves over and over (a growing game) until killed; a test kills it with
 * SIGKILL at random moments and checks that a whole save is always there.
 */
import { dataStamp, encodeSave, writeSave } from "../../src/store/mod.ts";
import { loadContent } from "../../src/content/mod.ts";
import { isGameOver, newGame, playCommand } from "../../src/engine/mod.ts";

const [path] = Deno.args;
const content = await loadContent(
  new URL("../../data/rulesets/tcod/", import.meta.url),
  "data/rulesets/tcod/",
);
const { rules } = content;
let state = newGame(rules, 3);
console.log("ready");
for (let k = 0;; k++) {
  playCommand(state, rules, { act: { type: "wait" } });
  // A game that ended is never saved (the game saves none, and a save of one is refused): the next one is.
  if (isGameOver(state)) {
    state = newGame(rules, 3 + k);
    continue;
  }
  await writeSave(path, encodeSave(state, dataStamp(content), "test", new Date()));
}
