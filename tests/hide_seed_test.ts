/**
 * `--hide-seed` (docs/options.md, Hidden seeds): until the game ends, no
 * screen or file but the save names the seed; the save keeps the choice.
 */
import { equal, ok } from "node:assert/strict";
import { dataStamp, encodeSave, summarizeSave } from "../src/store/mod.ts";
import { themeFromContent } from "../src/app/mod.ts";
import { newGame } from "../src/engine/mod.ts";
import { morgueText } from "../src/ui/mod.ts";
import { bundledContent } from "./support/content.ts";
import { appOn, feed, screenText } from "./support/ui_harness.ts";
import { assertRestored, DENO, saveFile } from "./support/e2e_game.ts";
import { TmuxPane } from "./support/tmux.ts";

const content = await bundledContent();

Deno.test("the character window and a morgue file written during the game keep a hidden seed hidden", async () => {
  const state = newGame(content.rules, 4242);
  const app = appOn(state, content.rules, undefined, 80, 24, { hideSeed: true });
  await feed(app, "c");
  const text = screenText(app).join("\n");
  ok(text.includes("Seed: hidden until the game ends") && !text.includes("4242"), text);
  const info = { version: "9.9.9", now: new Date("2026-11-24T12:00:00Z"), hideSeed: true };
  const morgue = morgueText(state, content.rules, themeFromContent(content), info);
  ok(morgue.includes("seed hidden until the game ends") && !morgue.includes("4242"));
  state.entities.find((e) => e.id === state.playerId)!.fighter!.hp = 0; // once it ends, the seed is told
  ok(morgueText(state, content.rules, themeFromContent(content), info).includes("seed 4242"));
});

Deno.test("the save keeps the seed hidden from the title", () => {
  const state = newGame(content.rules, 4242);
  const json = JSON.parse(
    encodeSave(state, dataStamp(content), "9.9.9", new Date(), undefined, undefined, true),
  );
  equal(summarizeSave(json).hideSeed, true);
});

Deno.test("e2e 80x24: --hide-seed keeps the seed off the title, the character window and a morgue file's name, and writes no replay before the end", async () => {
  await using pane = await TmuxPane.open(80, 24);
  const d = pane.dir;
  await pane.run(
    `stty -g > ${d}/before; XDG_DATA_HOME=${d}/data "${DENO}" task play --data data/rulesets/tcod --seed 4242 ` +
      `--hide-seed 2> ${d}/stderr; echo $? > ${d}/exit; stty -g > ${d}/after`,
  );
  await pane.waitFor((s) => s.includes("[N] Play a new game"), "the title");
  await pane.keys("n");
  await pane.waitFor((s) => s.includes("@") && s.includes("Dungeon level: 1"), "the game");
  await pane.keys("c");
  const window = await pane.waitFor((s) => s.includes("Seed: hidden"), "the character window");
  ok(!window.includes("4242"), window);
  // A morgue file written now: its name, told in the log, must not tell the seed either.
  await pane.keys("m");
  const told = await pane.waitFor((s) => /morgue-\d/.test(s), "the morgue file's path in the log");
  ok(!told.includes("4242") && !told.includes("seed"), told);
  const names = [...Deno.readDirSync(`${d}/data/delve/morgue`)].map((e) => e.name);
  ok(names.length === 1 && !names[0].includes("4242"), names.join(", "));
  await pane.keys("Escape", "Escape");
  const title = await pane.waitFor((s) => s.includes("[C] Continue last game"), "the title");
  ok(title.includes("Saved game: seed hidden") && !title.includes("4242"), title);
  await pane.keys("q");
  await assertRestored(pane, 0);
  ok((await Deno.stat(saveFile(pane))).isFile, "the game is saved");
  const replay = `${d}/data/delve/last-game.replay.json.gz`;
  ok(!(await Deno.stat(replay).then(() => true, () => false)), "no replay written: it would name the seed");
});
