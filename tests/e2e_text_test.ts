/**
 * Wide text in a real terminal (tmux), which measures every character
 * itself: a mod's welcome message in Japanese is wrapped by its columns,
 * starts where the log starts and leaves the panel beside it in place.
 */
import { equal, ok } from "node:assert/strict";
import stringWidth from "string-width";
import { copyOfData } from "./support/content.ts";
import { DENO, quit } from "./support/e2e_game.ts";
import { TmuxPane } from "./support/tmux.ts";

/** 30 characters, 60 columns: one more than the compact log's 59. */
const WELCOME = "ようこそ、冒険者よ。地下迷宮の奥深くへ進め。竜が待っている！";

Deno.test("e2e 80x24: a welcome in Japanese wraps by columns in the log, and the panel beside it stays", async () => {
  const dir = await copyOfData("delve-e2e-text-");
  const game = JSON.parse(await Deno.readTextFile(`${dir}/game.json`));
  game.messages.welcome.text = WELCOME;
  await Deno.writeTextFile(`${dir}/game.json`, JSON.stringify(game));
  await using pane = await TmuxPane.open(80, 24);
  await pane.run(
    `XDG_DATA_HOME=${pane.dir}/data "${DENO}" task play --data ${dir} --seed 7 2> ${pane.dir}/stderr`,
  );
  await pane.waitFor((s) => s.includes("[N] Play a new game"), "the title screen");
  await pane.keys("n");
  const screen = await pane.waitFor((s) => s.includes("Dungeon level: 1") && s.includes("竜"), "the welcome");
  const rows = screen.split("\n").slice(0, 24);
  for (const row of rows) ok(stringWidth(row) <= 80, `a row wider than the terminal: ${row}`);
  const logRows = rows.filter((row) => /[\u3000-\uffef]/.test(row));
  equal(logRows.length, 2, rows.join("\n"));
  for (const row of logRows) {
    equal(row.search(/\S/), 21, `the log starts at column 21: ${row}`);
    ok(stringWidth(row.trimEnd()) <= 80);
  }
  equal(logRows.map((r) => r.trim()).join(""), WELCOME, "the whole message, in order");
  ok(rows[21].startsWith("Dungeon level: 1"), rows[21]);
  ok(rows[20].slice(0, 20).includes("HP: 30/30"), rows[20]);
  await quit(pane);
  await Deno.remove(dir, { recursive: true });
});
