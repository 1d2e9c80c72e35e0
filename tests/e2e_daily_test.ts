/**
 * `deno task play --daily` in a real terminal (docs/options.md, Daily
 * games): the title names the day's game, and the game is played on the
 * day's seed, which the character window shows.
 */
import { ok } from "node:assert/strict";
import { dailySeed, utcDate } from "../src/app/mod.ts";
import { assertRestored, DENO, quit } from "./support/e2e_game.ts";
import { TmuxPane } from "./support/tmux.ts";

for (const rows of [24, 50]) {
  Deno.test(`e2e 80x${rows}: --daily names the day's game on the title and plays the day's seed`, async () => {
    await using pane = await TmuxPane.open(80, rows);
    const d = pane.dir;
    const today = utcDate(new Date());
    await pane.run(
      `stty -g > ${d}/before; XDG_DATA_HOME=${d}/data "${DENO}" task play --data data/rulesets/tcod --daily ` +
        `2> ${d}/stderr; echo $? > ${d}/exit; stty -g > ${d}/after`,
    );
    const title = await pane.waitFor((s) => s.includes("[N] Play a new game"), "the title");
    // Near midnight the day may turn between the two clocks: either date is the program's.
    const days = [today, utcDate(new Date())];
    const named = days.find((day) =>
      title.includes(`Daily game of ${day}, seed ${dailySeed(day)}: the day's first is scored.`)
    );
    ok(named, title);
    await pane.keys("n");
    await pane.waitFor((s) => s.includes("@") && s.includes("Dungeon level: 1"), "the game");
    await pane.keys("c");
    await pane.waitFor(
      (s) => s.includes(`Seed: ${dailySeed(named!)}`),
      "the day's seed in the character window",
    );
    await pane.keys("Escape");
    await quit(pane);
    await assertRestored(pane, 0);
  });
}
