/**
 * The program's warm-up game (src/app/warm_up.ts): played off screen once,
 * as the title first shows and before its first key is read, within its
 * time, and leaving nothing behind that the player's game could see.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { warmUp } from "../src/app/mod.ts";
import { Bot, isGameOver, newGame, playCommand, stateChecksum } from "../src/engine/mod.ts";
import { keyEvent } from "../src/terminal/mod.ts";
import { bundledContent } from "./support/content.ts";
import { delveSession } from "./support/delve_session.ts";

const content = await bundledContent();

/** The checksum of seed 7 after 150 of the bot's commands, played in-process. */
function botGame(): number {
  const state = newGame(content.rules, 7);
  const bot = new Bot();
  for (let k = 0; k < 150 && !isGameOver(state); k++) {
    playCommand(state, content.rules, bot.decide(state, content.rules));
  }
  return stateChecksum(state);
}

Deno.test("the warm-up plays the bot's commands through a session of its own, and a game played after it is the game played before it", async () => {
  const before = botGame();
  const { turns } = await warmUp(content, { columns: 80, rows: 24, colorDepth: "256" }, 60, Infinity);
  ok(turns >= 50, `${turns} turns of 60 commands`);
  equal(botGame(), before);
});

Deno.test("the warm-up records its games as the player's is recorded, a checksum every hundredth turn", async () => {
  const { turns, checks } = await warmUp(
    content,
    { columns: 80, rows: 24, colorDepth: "256" },
    450,
    Infinity,
  );
  ok(turns >= 400, `${turns} turns of 450 commands`);
  // A game the bot loses part way starts another, whose turns count from 0 again.
  ok(checks >= 3 && checks <= Math.floor(turns / 100), `${checks} checksums in ${turns} turns`);
});

Deno.test("the warm-up stops at its time, however many commands were asked for", async () => {
  const started = performance.now();
  const { turns } = await warmUp(content, { columns: 80, rows: 24, colorDepth: "256" }, 1_000_000, 30);
  ok(turns < 1_000_000, `${turns} turns`);
  // Its last command may run past the time: the bound is loose, the million commands are not.
  ok(performance.now() - started < 5_000);
});

Deno.test("the program runs its warm-up once, with the title on the screen and before the title's first key", async () => {
  const seen: string[] = [];
  const { terminal, app } = await delveSession({
    warmUp: () => {
      seen.push([...Array(24).keys()].map((y) => app.screen.rowText(y)).join("\n"));
      // The key already typed waits for the warm-up: the title is still up, no game begun.
      seen.push(app.game === undefined ? "no game" : "a game");
      return Promise.resolve();
    },
  });
  terminal.input(keyEvent("n"));
  const running = app.run();
  for (let k = 0; k < 200 && !app.game; k++) await new Promise((r) => setTimeout(r, 10));
  ok(app.game, "the key started a game after the warm-up");
  terminal.input(keyEvent("Escape"));
  for (let k = 0; k < 200 && app.game; k++) await new Promise((r) => setTimeout(r, 10));
  terminal.input(keyEvent("q"));
  await running;
  equal(seen.length, 2, "once, though the title showed twice");
  ok(seen[0].includes("[N] Play a new game"), seen[0]);
  deepEqual(seen[1], "no game");
});
