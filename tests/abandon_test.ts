/**
 * Nothing lost by a key press on the title: a new game asks before it takes
 * a saved (or unsaved) game's place; the game abandoned goes to the high
 * scores, its morgue file and replay kept in the morgue folder; Continue is
 * offered only for a game that can be loaded, and the title says why not.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import {
  dataStamp,
  decodeSave,
  encodeSave,
  MORGUE_REPLAY_EXT,
  playRecording,
  readSave,
  readScores,
} from "../src/store/mod.ts";
import { readRecording } from "../src/commands/mod.ts";
import type { GameState } from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";
import { titleSession } from "./support/title_session.ts";
import { shownMessages } from "./support/ui_harness.ts";

const content = await bundledContent();
const { rules } = content;

/** A game as plain data, for comparing. */
const plain = (s: GameState) => JSON.parse(encodeSave(s, dataStamp(content), "t", new Date(0))).state;

/** The title's popup lines (inside its frame), joined by spaces. */
function popupText(screen: string): string {
  return screen.split("\n").filter((row) => row.split("│").length === 3)
    .map((row) => row.split("│")[1].trim()).join(" ");
}

/** A title session whose save holds a game of a few turns; resolves with the saved game. */
async function withSavedGame() {
  const t = await titleSession();
  await t.tick();
  await t.press("n", ".", ".", "l", "Escape");
  const read = await readSave(t.savePath);
  ok(read.kind === "read", "saved");
  return { t, saved: decodeSave(read.json, rules), bytes: await Deno.readFile(t.savePath) };
}

Deno.test("New game with a save asks to abandon it (depth, turn); any key but y keeps it as it was", async () => {
  const { t, saved, bytes } = await withSavedGame();
  ok(saved.turn > 0);
  await t.press("n");
  equal(t.app.game === undefined, true, "no game started");
  const popup = popupText(t.text());
  ok(popup.includes(`Abandon the saved game (depth ${saved.floor}, turn ${saved.turn})? y/n`), t.text());
  ok(popup.includes("It goes to the high scores; its morgue file and replay are kept."), t.text());
  await t.press("n");
  ok(!popupText(t.text()).includes("Abandon"), "the popup closed");
  equal(t.app.game === undefined, true, "still no game");
  deepEqual(await Deno.readFile(t.savePath), bytes, "the save is untouched");
  await t.press("c");
  equal(t.app.game?.state.turn, saved.turn, "Continue brings the same game back");
  await t.press("Escape", "q");
  await t.running;
});

Deno.test("y abandons: high scores say abandoned, the morgue file too, and the replay kept beside it plays back to the saved game", async () => {
  const { t, saved } = await withSavedGame();
  await t.press("n", "y");
  const game = t.app.game!;
  equal(game.state.turn, 0, "a new game began");
  const said = shownMessages(game).map((e) => e.text).join("\n");
  const morgueDir = `${t.dir}/morgue`;
  const files = [...Deno.readDirSync(morgueDir)].map((e) => e.name).sort();
  equal(files.length, 2, files.join());
  const [text, replay] = [
    files.find((f) => f.endsWith(".txt"))!,
    files.find((f) => f.endsWith(MORGUE_REPLAY_EXT))!,
  ];
  equal(
    replay.slice(0, -MORGUE_REPLAY_EXT.length),
    text.slice(0, -".txt".length),
    "the replay beside its morgue file",
  );
  ok(
    said.includes(`The saved game was abandoned: see the high scores, and the morgue folder ${morgueDir}`),
    said,
  );
  match(
    await Deno.readTextFile(`${morgueDir}/${text}`),
    new RegExp(`Abandoned on dungeon level ${saved.floor} after ${saved.turn} turns\\.`),
  );
  deepEqual(plain(playRecording(await readRecording(`${morgueDir}/${replay}`), rules)), plain(saved));
  const scores = await readScores(`${t.dir}/scores.json`);
  ok(scores.kind === "read");
  deepEqual(scores.scores.map((s) => [s.cause, s.turns, s.depth, s.seed]), [[
    "abandoned",
    saved.turn,
    saved.floor,
    saved.seed,
  ]]);
  await t.press("Escape");
  ok(t.text().includes("Saved game: seed 31, dungeon level 1, turn 0"), "the new game in the save's place");
  ok(t.text().includes("abandoned"), "the table on the title shows the cause");
  await t.press("q");
  await t.running;
});

Deno.test("a replay that cannot be kept stops the abandoning: the save stays as it was and no game starts", async () => {
  const { t, bytes } = await withSavedGame();
  await t.press("q");
  await t.running;
  // The morgue folder's place is taken by a file: nothing can be kept there.
  await Deno.writeTextFile(`${t.dir}/morgue`, "not a folder");
  const again = await titleSession(undefined, {
    savePath: t.savePath,
    morgueDir: `${t.dir}/morgue`,
    scoresPath: `${t.dir}/scores.json`,
  });
  await again.tick();
  await again.press("n", "y");
  equal(again.app.game === undefined, true, "no game started");
  const popup = popupText(again.text());
  ok(popup.includes("The old game was not abandoned: its replay could not be kept"), again.text());
  deepEqual(await Deno.readFile(t.savePath), bytes, "the save is untouched");
  equal((await readScores(`${t.dir}/scores.json`)).kind === "read", true);
  await again.press("x", "q");
  await again.running;
});

Deno.test("with the save in use, New game after an unsaved game asks to abandon that one, and keeps it the same way", async () => {
  const t = await titleSession(undefined, { saveInUse: { pid: 4242 } });
  await t.tick();
  await t.press("n", "l", ".", "Escape");
  const turn = t.text().match(/Unsaved game: seed 31, dungeon level 1, turn (\d+)/)?.[1];
  ok(turn !== undefined, t.text());
  await t.press("n");
  ok(popupText(t.text()).includes(`Abandon the unsaved game (depth 1, turn ${turn})? y/n`), t.text());
  await t.press("y");
  equal(t.app.game?.state.turn, 0);
  const files = [...Deno.readDirSync(`${t.dir}/morgue`)].map((e) => e.name);
  equal(files.filter((f) => f.endsWith(".txt") || f.endsWith(MORGUE_REPLAY_EXT)).length, 2, files.join());
  const scores = await readScores(`${t.dir}/scores.json`);
  deepEqual(scores.kind === "read" && scores.scores.map((s) => s.cause), ["abandoned"]);
  equal((await readSave(t.savePath)).kind, "missing", "no save written: it is the other program's");
  await t.press("Escape", "q");
  await t.running;
});

Deno.test("the title offers [C] Continue only for a save it can load, and otherwise says why in one line", async () => {
  const cases: [string, (path: string) => Promise<void>, Record<string, unknown>, string, boolean][] = [
    ["none", async () => {}, {}, "No saved game yet.", false],
    [
      "unreadable",
      (path) => Deno.writeTextFile(path, "garbage"),
      {},
      "The saved game cannot be read: expected whole gzip data, found damaged",
      false,
    ],
    ["in use", async () => {}, { saveInUse: { pid: 77 } }, "The save is in use (by process 77)", false],
  ];
  for (const [name, before, options, line, offered] of cases) {
    const t = await titleSession(before, options);
    await t.tick();
    const rows = t.text().split("\n");
    ok(rows.some((r) => r.includes(line)), `${name}: ${t.text()}`);
    equal(rows.some((r) => r.includes("[C] Continue")), offered, `${name}: ${t.text()}`);
    ok(rows.some((r) => r.includes("[N] Play a new game")) && rows.some((r) => r.includes("[Q] Quit")));
    await t.press("q");
    await t.running;
  }
  const { t } = await withSavedGame();
  ok(t.text().includes("[C] Continue last game"), t.text());
  await t.press("q");
  await t.running;
});
