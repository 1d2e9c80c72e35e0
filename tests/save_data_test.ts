/**
 * A save knows the data it was made with. Continued by a program started
 * with other data, it is played by its own if that is a bundled folder (the
 * title says so and asks first), or refused in one line naming the folder;
 * a save from before saves said so is taken as made with the data at hand.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { dirname } from "node:path";
import { InProcessRunner } from "../src/worker/mod.ts";
import { replayMain, simulate } from "../src/commands/mod.ts";
import { captureConsole } from "./support/console_capture.ts";
import {
  continueRecording,
  dataStamp,
  decodeSave,
  encodeSave,
  gzip,
  playRecording,
  readSave,
  record,
  recordedData,
  savedReplay,
  startRecording,
  summarizeSave,
  userDir,
} from "../src/store/mod.ts";
import { type Content, loadContent } from "../src/content/mod.ts";
import { dataChecksum, newGame, playCommand, type Rules, stateChecksum } from "../src/engine/mod.ts";
import { bundledContent, copyOfData, DATA_LABEL } from "./support/content.ts";
import { type TitleSession, titleSession } from "./support/title_session.ts";

const ours = await bundledContent();
const rotjs = await loadContent(new URL("../data/rulesets/rotjs/", import.meta.url), "data/rulesets/rotjs/");

/** Writes a save of a game of `content` four turns in (with its recording), as `version` if given. */
async function saveMadeWith(path: string, content: Content, version?: number): Promise<void> {
  const { rules } = content;
  const state = newGame(rules, 9);
  const recording = startRecording(9, "test", { checksum: dataChecksum(rules), folder: "test/" });
  for (let k = 0; k < 4; k++) {
    const turnBefore = state.turn;
    playCommand(state, rules, { act: { type: "wait" } });
    record(recording, { act: { type: "wait" } }, state, turnBefore);
  }
  const json = JSON.parse(encodeSave(state, dataStamp(content), "test", new Date(0), recording));
  if (version !== undefined) {
    json.version = version;
    delete json.data;
  }
  await Deno.writeFile(path, await gzip(JSON.stringify(json)));
}

/** Waits (however busy the machine) until the title shows `text`; the title as it then is. */
async function titleShows(t: TitleSession, text: string): Promise<string> {
  for (let k = 0; k < 500 && !t.text().includes(text); k++) await t.tick();
  return t.text();
}

/** A title session whose runners note the rules they were made for. */
function session(before: (path: string) => Promise<void>) {
  const runnersFor: Rules[] = [];
  const made = titleSession(before, {
    makeRunner: (rules) => (runnersFor.push(rules), new InProcessRunner(rules)),
  });
  return { made, runnersFor };
}

Deno.test("a save made with a bundled rule set: the title says so, asks, and plays it by those rules throughout", async () => {
  const { made: started, runnersFor } = session((path) => saveMadeWith(path, rotjs));
  const t = await started;
  const made = "Saved game: seed 9, dungeon level 1, turn 4 (made with data/rulesets/rotjs/)";
  ok((await titleShows(t, made)).includes(made), t.text());
  await t.press("c");
  ok(t.text().includes("This save was made with the data in data/rulesets/rotjs/,"), t.text());
  ok(t.text().includes(`not ${DATA_LABEL}: continue it with that data?`), t.text());
  equal(t.app.game, undefined, "nothing is played before the player says yes");
  await t.press("y");
  const game = t.app.game!;
  const rotjsSum = dataChecksum(rotjs.rules);
  equal(dataChecksum(game.content.rules), rotjsSum, "the game plays by the rules it was made with");
  deepEqual(runnersFor.map(dataChecksum), [rotjsSum], "and so do its monsters");
  equal(game.state.turn, 4);
  await t.press(".", "Escape");
  const read = await readSave(t.savePath);
  if (read.kind !== "read") throw new Error("no save");
  equal(summarizeSave(read.json).data?.checksum, rotjsSum, "saved as made with that data still");
  const saved = decodeSave(read.json, rotjs.rules);
  equal(saved.turn, 5);
  const recording = continueRecording(savedReplay(read.json));
  equal(recordedData(recording).checksum, rotjsSum);
  equal(stateChecksum(playRecording(recording, rotjs.rules)), stateChecksum(saved), "its replay plays back");
  await t.press("q");
  equal(await t.running, "quit");
});

Deno.test("declining the offer goes back to the title and plays nothing", async () => {
  const { made, runnersFor } = session((path) => saveMadeWith(path, rotjs));
  const t = await made;
  await titleShows(t, "(made with data/rulesets/rotjs/)");
  await t.press("c", "n");
  equal(t.app.game, undefined);
  ok(!t.text().includes("continue it with that data?"), "the popup is gone");
  ok(t.text().includes("[C] Continue last game"), t.text());
  deepEqual(runnersFor, []);
  await t.press("q");
  equal(await t.running, "quit");
});

Deno.test("a save made with data that is not bundled is refused in one line naming the folder; the file stays", async () => {
  const dir = await copyOfData("delve-other-data-");
  const entities = JSON.parse(await Deno.readTextFile(`${dir}/entities.json`));
  entities.orc.fighter.hp = 11;
  await Deno.writeTextFile(`${dir}/entities.json`, JSON.stringify(entities));
  const mine = await loadContent(userDir(dir), "mods/mine/");
  let before: Uint8Array | undefined;
  const { made, runnersFor } = session(async (path) => {
    await saveMadeWith(path, mine);
    before = await Deno.readFile(path);
  });
  const t = await made;
  const sum = dataChecksum(mine.rules);
  const other = 'The saved game was made with other data: play it with --data "mods/mine/"';
  ok((await titleShows(t, other)).includes(other), t.text());
  ok(!t.text().includes("[C] Continue"), t.text());
  await t.press("c");
  // The popup's lines, inside its frame, joined.
  const text = t.text().split("\n").filter((row) => row.split("│").length === 3)
    .map((row) => row.split("│")[1].trim()).join(" ");
  ok(text.includes("Failed to load save:"), t.text());
  ok(
    text.includes(
      `this save was made with other data (data ${sum}): play it with --data "mods/mine/"`,
    ),
    t.text(),
  );
  equal(t.app.game, undefined);
  deepEqual(runnersFor, []);
  deepEqual(await Deno.readFile(t.savePath), before, "the save is untouched");
  await t.press("Escape", "q");
  equal(await t.running, "quit");
});

Deno.test("a version 2 save (no data named) is taken as made with the data at hand", async () => {
  const t = await titleSession((path) => saveMadeWith(path, ours, 2));
  ok((await titleShows(t, "Saved game: seed 9, dungeon level 1, turn 4")).includes("turn 4"), t.text());
  ok(!t.text().includes("made with"), t.text());
  await t.press("c");
  equal(t.app.game?.state.turn, 4);
  await t.press("Escape", "q");
  equal(await t.running, "quit");
});

Deno.test("a new game over a save of data kept nowhere asks as for any save, then keeps that save aside", async () => {
  const dir = await copyOfData("delve-other-data-");
  const game = JSON.parse(await Deno.readTextFile(`${dir}/game.json`));
  game.sightRadius = 7;
  await Deno.writeTextFile(`${dir}/game.json`, JSON.stringify(game));
  const mine = await loadContent(userDir(dir), "mods/mine/");
  const t = await titleSession((path) => saveMadeWith(path, mine));
  await titleShows(t, "made with other data");
  await t.press("n");
  const asked = t.text();
  ok(asked.includes("Abandon the saved game (depth 1, turn 4)? y/n"), asked);
  ok(asked.includes("It cannot be continued here: it is kept aside"), asked);
  equal(t.app.game, undefined, "nothing moved, nothing started, before the player says yes");
  ok((await readSave(t.savePath)).kind === "read", "the save is where it was");
  await t.press("y");
  const kept = [...Deno.readDirSync(`${dirname(t.savePath)}/kept`)].map((e) => e.name)
    .filter((name) => name.includes(".unreadable-"));
  equal(kept.length, 1, `kept aside: ${kept}`);
  await t.press("Escape", "q");
  equal(await t.running, "quit");
});

Deno.test("replay --check plays a replay by the bundled rule set it was recorded with, unasked", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-replay-" });
  const recording = startRecording(9, "test", dataStamp(rotjs));
  const end = simulate(rotjs, 9, 300, recording);
  await Deno.writeFile(`${dir}/rotjs.gz`, await gzip(JSON.stringify(recording)));
  const { result, out } = await captureConsole(() => replayMain([`${dir}/rotjs.gz`, "--check"]));
  equal(result, 0);
  deepEqual(out, [
    `replay OK: ${recording.commands.length} commands, turn ${end.turns}, dungeon level ${end.depth}`,
  ]);
});
