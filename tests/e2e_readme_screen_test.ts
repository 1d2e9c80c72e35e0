/**
 * The screen the README shows is the game's own: `deno task play --seed 7`
 * in a real terminal (tmux) of 80x24, N for a new game, a for the Fighter and h three times,
 * captured and compared line for line with the README's text block.
 */
import { equal, ok } from "node:assert/strict";
import { TmuxPane } from "./support/tmux.ts";
import { DENO, quit, startGame } from "./support/e2e_game.ts";

/** Lines without the trailing blank ones (tmux drops each line's trailing spaces itself). */
const trimmed = (text: string) => text.replace(/\s+$/, "");

Deno.test("the README's screen is what deno task play --seed 7 shows at 80x24 after N, a and h, h, h", async () => {
  const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));
  const shown = /^```text\n([\s\S]*?)^```$/m.exec(readme)?.[1];
  ok(shown, "the README shows a screen in a text block");
  ok(readme.includes("`deno task play --seed 7` at 80x24"), "and says how it was taken");
  await using pane = await TmuxPane.open(80, 24);
  // In colour, as a player's terminal shows it (the test run sets NO_COLOR, which draws the HP bar in text).
  await startGame(pane, 7, `env -u NO_COLOR "${DENO}" task play`);
  for (const turn of [1, 2, 3]) {
    await pane.keys("h");
    await pane.waitFor((s) => new RegExp(`\\bTurn ${turn}\\b`).test(s), `turn ${turn}`);
  }
  const screen = await pane.waitFor((s) => s.includes("Turn 3"), "the third turn's frame");
  equal(trimmed(screen), trimmed(shown));
  await quit(pane);
});
