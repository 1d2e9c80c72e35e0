/**
 * The title in a real terminal (tmux): no `[C]` before there is a game to
 * continue, and a new game never takes a saved game's place unasked: the
 * one abandoned goes to the high scores, its morgue file and replay kept.
 */
import { equal, match, ok } from "node:assert/strict";
import { MORGUE_REPLAY_EXT } from "../src/store/mod.ts";
import { assertRestored, saveFile, startGame } from "./support/e2e_game.ts";
import { TmuxPane } from "./support/tmux.ts";

for (const rows of [24, 50]) {
  Deno.test(`e2e 80x${rows}: no [C] before a save; New game over a save asks "Abandon…? y/n": n keeps it, y abandons it to the high scores`, async () => {
    await using pane = await TmuxPane.open(80, rows);
    const seed = 4800 + rows;
    const title = await startGame(pane, seed, undefined, false);
    ok(title.includes("No saved game yet.") && !title.includes("[C] Continue"), title);
    await pane.keys("n");
    await pane.waitFor((s) => s.includes("Dungeon level: 1"), "the game");
    await pane.keys(".", ".", "Escape");
    const saved = await pane.waitFor((s) => s.includes("[C] Continue last game"), "the title with a save");
    const turn = saved.match(new RegExp(`Saved game: seed ${seed}, dungeon level 1, turn (\\d+)`))?.[1];
    ok(turn !== undefined && Number(turn) > 0, saved);
    const before = await Deno.readFile(saveFile(pane));
    // Any key but y keeps the saved game as it was.
    await pane.keys("n");
    await pane.waitFor(
      (s) => s.includes(`Abandon the saved game (depth 1, turn ${turn})? y/n`),
      "the question",
    );
    await pane.keys("x");
    await pane.waitFor((s) => !s.includes("Abandon the saved game"), "the question gone");
    ok((await pane.screen()).includes(`Saved game: seed ${seed}, dungeon level 1, turn ${turn}`));
    equal((await Deno.readFile(saveFile(pane))).length, before.length);
    ok((await Deno.readFile(saveFile(pane))).every((b, i) => b === before[i]), "the save is untouched");
    // y abandons it: a new game begins, and says where the old one is kept.
    await pane.keys("n");
    await pane.waitFor((s) => s.includes("Abandon the saved game"), "the question again");
    await pane.keys("y");
    // The log says where the old one is kept (the panel shows the end of it, however it is wrapped).
    const log = (s: string) => s.split("\n").map((row) => row.slice(21)).join("").replace(/\s+/g, "");
    await pane.waitFor(
      (s) => s.includes("Dungeon level: 1") && log(s).includes("Thesavedgamewasabandoned:seethehighscores"),
      "the new game",
    );
    const morgue = [...Deno.readDirSync(`${pane.dir}/data/delve/morgue`)].map((e) => e.name);
    ok(
      morgue.some((f) => f.endsWith(".txt")) && morgue.some((f) => f.endsWith(MORGUE_REPLAY_EXT)),
      morgue.join(),
    );
    await pane.keys("Escape");
    const after = await pane.waitFor((s) => s.includes("Saved game: seed"), "the title");
    match(
      after,
      new RegExp(`\\b${turn}\\s+${seed}\\s+\\S+\\s+abandoned`),
      "the table lists the game, abandoned",
    );
    await pane.keys("q");
    await assertRestored(pane, 0);
  });
}

Deno.test("e2e 80x24: ? on the title lists its keys, as in a game; any key closes the list", async () => {
  await using pane = await TmuxPane.open(80, 24);
  const title = await startGame(pane, 4860, undefined, false);
  await pane.keys("?");
  const help = await pane.waitFor((s) => s.includes("Keys: Delve"), "the title's help");
  for (const said of ["play a new game", "continue the saved game", "quit"]) ok(help.includes(said), help);
  await pane.keys("x");
  await pane.waitFor((s) => s === title, "the title as it was");
  await pane.keys("q");
  await assertRestored(pane, 0);
});
