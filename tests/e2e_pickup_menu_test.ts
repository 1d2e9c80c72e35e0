/**
 * The pick-up menu in Delve's own game, played in a real terminal (tmux):
 * two things dropped on one cell, `g` lists them, a letter picks one up,
 * and `g` on the one left takes it at once.
 */
import { ok } from "node:assert/strict";
import { assertRestored, DENO, quit, startGame } from "./support/e2e_game.ts";
import { TmuxPane } from "./support/tmux.ts";

const MENU = "Select an item to pick up";

Deno.test("e2e: Delve's game, two things on the cell: g opens the pick-up menu, b takes the second, g the last", async () => {
  await using pane = await TmuxPane.open(80, 24);
  await startGame(pane, 2051, `"${DENO}" task play`);
  // The Fighter's (startGame's choice) starting sword (a) and armour (b), dropped where the player stands.
  await pane.keys("d", "a");
  await pane.waitFor((s) => s.includes("You drop") || s.includes("dropped"), "the sword dropped");
  await pane.keys("d", "b");
  const menu = await (async () => {
    await pane.keys("g");
    return await pane.waitFor((s) => s.includes(MENU), "the pick-up menu");
  })();
  ok(menu.includes("(a) Leather Armor") && menu.includes("(b) Short Sword"), menu);
  await pane.keys("b");
  const after = await pane.waitFor(
    (s) => !s.includes(MENU) && s.includes("Short Sword"),
    "the sword picked up",
  );
  ok(/picked up the Short Sword/i.test(after), after);
  await pane.keys("g");
  const last = await pane.waitFor((s) => /picked up the Leather Armor/i.test(s), "the armour, at once");
  ok(!last.includes(MENU), last);
  await quit(pane);
  await assertRestored(pane, 0);
});
