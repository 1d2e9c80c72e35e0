/**
 * Climbing out of the dungeon, the whole program on a headless terminal
 * with the floors mod (tests/fixtures/mods/floors/): `<` on floor 1 asks
 * first; leaving without the goal ends the game as "left the dungeon",
 * carrying it out from floor 3 wins (a victory screen, the score's bonus,
 * the scores and the morgue file say so), and either way the save is gone.
 */
import { equal, match, ok } from "node:assert/strict";
import { readScores } from "../src/store/mod.ts";
import { loadContent } from "../src/content/mod.ts";
import { type GameState, playerOf } from "../src/engine/mod.ts";
import { titleSession } from "./support/title_session.ts";

const content = await loadContent(new URL("./fixtures/mods/floors/", import.meta.url), "floors/");

/** Puts the player on `at` (stairs, an item), clearing a monster that stood there. */
function standOn(state: GameState, at: { x: number; y: number }): void {
  const p = playerOf(state);
  state.entities = state.entities.filter((e) =>
    e === p || !(e.blocksMovement && e.x === at.x && e.y === at.y)
  );
  Object.assign(p, { x: at.x, y: at.y });
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

Deno.test("< on floor 1 asks; n stays, y leaves: the game ends as left the dungeon, its save deleted", async () => {
  const t = await titleSession(undefined, {}, content);
  await t.press("n");
  const game = t.app.game!;
  equal(game.state.map.upStairs?.x, playerOf(game.state).x, "a new game starts on floor 1's up stairs");
  await t.press("<");
  match(t.gameText(), /These stairs lead out of the dungeon/);
  await t.press("n");
  equal(game.state.chronicle.escaped, undefined, "any key but y stays");
  await t.press(".", "Escape");
  ok(await exists(t.savePath), "a game in progress is saved");
  await t.press("c");
  const again = t.app.game!;
  standOn(again.state, again.state.map.upStairs!);
  await t.press("<", "y");
  equal(again.state.chronicle.escaped, "left");
  match(t.gameText(), /You left the dungeon without the goal after \d+ turns/);
  ok(!(await exists(t.savePath)), "the save is deleted, as after a death");
  const scores = await readScores(`${t.dir}/scores.json`);
  ok(scores.kind === "read");
  equal(scores.scores[0].cause, "left the dungeon");
  equal(scores.scores[0].won, undefined);
  await t.press("Enter", "q");
  await t.running;
});

Deno.test("down to floor 3, the amulet picked up, back up and out: a victory, marked in the scores and the morgue file", async () => {
  const t = await titleSession(undefined, {}, content);
  await t.press("n");
  const game = t.app.game!, state = game.state;
  for (const floor of [2, 3]) {
    standOn(state, state.map.stairs);
    await t.press(">");
    equal(state.floor, floor);
  }
  const amulet = state.entities.find((e) => e.template === "amulet")!;
  standOn(state, amulet);
  await t.press("g");
  ok(playerOf(state).inventory!.items.includes(amulet), "carried");
  for (const floor of [2, 1]) {
    standOn(state, state.map.upStairs!);
    await t.press("<");
    equal(state.floor, floor);
  }
  standOn(state, state.map.upStairs!);
  await t.press("<", "y");
  equal(state.chronicle.escaped, "won");
  const screen = t.gameText();
  match(screen, /Victory/);
  match(screen, /You won! Escaped with the Amulet of the Deep in \d+ turns/);
  match(screen, /Score: \d+/);
  match(screen, /Morgue file: /);
  ok(!(await exists(t.savePath)), "the save is deleted");
  const scores = await readScores(`${t.dir}/scores.json`);
  ok(scores.kind === "read");
  equal(scores.scores[0].won, true);
  equal(scores.scores[0].cause, "escaped with the Amulet of the Deep");
  ok(
    scores.scores[0].score >= 5000 + 3 * 1000 - 100,
    "the goal's bonus counts, and the deepest floor reached",
  );
  equal(scores.scores[0].depth, 3);
  const morgue = [...Deno.readDirSync(`${t.dir}/morgue`)].find((f) => f.name.endsWith(".txt"))!;
  match(
    await Deno.readTextFile(`${t.dir}/morgue/${morgue.name}`),
    /Won: Escaped with the Amulet of the Deep after/,
  );
  await t.press("Enter");
  match(t.text(), /Won: escaped with the Amule/, "the title's high scores mark it");
  await t.press("q");
  await t.running;
});
