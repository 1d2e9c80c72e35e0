/**
 * Updating the game is safe: saves and replays made with a data folder go
 * on by the rules they were made with after the folder changes, as an
 * update of the game changes `data/` (docs/playing.md, Saves): a monster's
 * HP, a new item, a template removed, a rule of the engine turned on by its
 * data word. The old save is on the title as any save, with a line saying
 * which data it was made with and when, and continues by its own rules
 * (its monsters and its saves too); its replay, the last game's and a
 * morgue file's play back by `deno task replay`; a new game takes the new
 * data. (The server's side: tests/server_versions_test.ts.)
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import type { Content } from "../src/content/mod.ts";
import {
  dataChecksum,
  type GameState,
  isWalkable,
  newGame,
  playCommand,
  playerOf,
  type Rules,
  stateChecksum,
} from "../src/engine/mod.ts";
import {
  continueRecording,
  decodeSave,
  MORGUE_REPLAY_EXT,
  playRecording,
  readSave,
  savedReplay,
  summarizeSave,
} from "../src/store/mod.ts";
import { replayMain } from "../src/commands/mod.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { captureConsole } from "./support/console_capture.ts";
import { changeData, copyOfDelveData, loadedData, UPDATES } from "./support/changed_data.ts";
import { type TitleSession, titleSession } from "./support/title_session.ts";

/** The files of a player's games, all in `folder`. */
function filesIn(folder: string) {
  return {
    savePath: join(folder, "savegame.json.gz"),
    recordPath: join(folder, "last-game.replay.json.gz"),
    morgueDir: join(folder, "morgue"),
    scoresPath: join(folder, "scores.json"),
  };
}

/**
 * A modder's data folder: Delve's own, its player renamed (so it is not the
 * bundled data/, which Delve keeps the versions of itself), and floor 1
 * peopled with kobolds whatever Delve's balance, so the old game has some.
 */
async function modFolder(): Promise<string> {
  const data = await copyOfDelveData("delve-update-data-");
  await changeData(data, ({ entities, spawn }) => {
    entities.player.name = "Delver";
    spawn.monsters[0].weights = { kobold: 100, rat: 1 };
    spawn.maxMonstersPerRoom[0].value = 3;
  });
  return data;
}

/**
 * A title session on `content` with its files in `folder`, new games started as Fighters; its runners play by
 * the rules they are given.
 */
function session(folder: string, content: Content): Promise<TitleSession> {
  return titleSession(undefined, {
    ...filesIn(folder),
    makeRunner: (rules) => new InProcessRunner(rules),
    // Delve's own data asks a new game's background: given, N starts the game unasked.
    background: "fighter",
  }, content);
}

/** A free floor cell beside the player. */
function besidePlayer(state: GameState): { x: number; y: number } {
  const p = playerOf(state);
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1], [1, -1], [-1, 1]]) {
    const [x, y] = [p.x + dx, p.y + dy];
    if (isWalkable(state.map, x, y) && !state.entities.some((e) => e.x === x && e.y === y)) return { x, y };
  }
  throw new Error("no free cell beside the player");
}

/** `deno task replay FILE --check --data DIR`: its exit status and what it said. */
async function replayCheck(file: string, data: string): Promise<{ code: number; said: string }> {
  const { result, out, err } = await captureConsole(() => replayMain([file, "--check", "--data", data]));
  return { code: result, said: [...out, ...err].join("\n") };
}

/** The game saved at `path`: its state by `rules`, and the data it names. */
async function savedGame(path: string, rules: Rules): Promise<{ state: GameState; checksum?: number }> {
  const read = await readSave(path);
  if (read.kind !== "read") throw new Error(`no save at ${path}`);
  return { state: decodeSave(read.json, rules), checksum: summarizeSave(read.json).data?.checksum };
}

/**
 * With the data `before`: a game abandoned for a new one (its replay kept
 * in the morgue folder), and that one saved. Delve's own game asks before
 * Esc saves and leaves.
 */
async function gamesMadeWith(folder: string, before: Content): Promise<void> {
  const t = await session(folder, before);
  await t.press("n", "x", "Escape", "y");
  await t.press("n", "y", "x", "x", "Escape", "y", "q");
  equal(await t.running, "quit");
}

/** `state` played by `rules`, its first kobold at 1 HP beside the player struck until it dies: what it leaves. */
function koboldKilled(state: GameState, rules: Rules): string {
  const kobold = state.entities.find((e) => e.template === "kobold" && e.layer === "actor")!;
  kobold.fighter!.hp = 1;
  const player = playerOf(state);
  const beside = besidePlayer(state);
  [kobold.x, kobold.y] = [beside.x, beside.y];
  const [dx, dy] = [kobold.x - player.x, kobold.y - player.y];
  for (let k = 0; k < 100 && kobold.layer !== "corpse"; k++) {
    playCommand(state, rules, { act: { type: "melee", dx, dy } });
    if (player.fighter!.hp <= 0) throw new Error("the player died first");
  }
  equal(kobold.layer, "corpse", "the kobold died");
  return state.entities.includes(kobold) ? "its corpse" : "nothing";
}

for (const [update, change] of Object.entries(UPDATES)) {
  Deno.test(`after an update of the data (${update}) the old save continues by its rules, every old replay plays back, and a new game takes the new data`, async () => {
    const folder = await Deno.makeTempDir({ prefix: "delve-update-" });
    const data = await modFolder();
    const before = await loadedData(data, "mods/mine/");
    await gamesMadeWith(folder, before);
    const files = filesIn(folder);
    const old = await savedGame(files.savePath, before.rules);
    equal(old.checksum, dataChecksum(before.rules));

    await changeData(data, change);
    const after = await loadedData(data, "mods/mine/");
    const [was, now] = [dataChecksum(before.rules), dataChecksum(after.rules)];
    ok(was !== now, "the update changed the rules");

    const t = await session(folder, after);
    const title = t.text();
    ok(
      title.includes(`Saved game: Fighter, seed ${old.state.seed}, dungeon level 1, turn ${old.state.turn}`),
      title,
    );
    ok(title.includes("Made with an older version of mods/mine/, from 2026-11-21."), title);
    ok(title.includes("[C] Continue last game"), title);
    await t.press("c");
    const game = t.app.game!;
    equal(dataChecksum(game.content.rules), was, "the old game plays by the rules it was made with, unasked");
    equal(game.state.turn, old.state.turn);
    ok(
      game.state.entities.some((e) => e.template === "kobold"),
      "its kobolds are there, whatever the data says now",
    );
    if (update.startsWith("a rule")) {
      // The old game's rules leave corpses, though the data now says the dead leave nothing; a new game's do not.
      equal(koboldKilled(structuredClone(game.state), game.content.rules), "its corpse");
      equal(koboldKilled(newGame(after.rules, game.state.seed), after.rules), "nothing");
    }
    await t.press(".", ".", "Escape", "y");
    const continued = await savedGame(files.savePath, before.rules);
    equal(continued.checksum, was, "saved as made with the old data still");
    ok(continued.state.turn > old.state.turn);

    // Every replay plays back by its own rules, the program started with the new data.
    const read = await readSave(files.savePath);
    if (read.kind !== "read") throw new Error("no save");
    const recording = continueRecording(savedReplay(read.json));
    equal(stateChecksum(playRecording(recording, before.rules)), stateChecksum(continued.state));
    const lastGame = await replayCheck(files.recordPath, data);
    deepEqual([lastGame.code, /^replay OK: /.test(lastGame.said)], [0, true], lastGame.said);
    const morgueReplays = [...Deno.readDirSync(files.morgueDir)].map((e) => e.name)
      .filter((name) => name.endsWith(MORGUE_REPLAY_EXT));
    equal(morgueReplays.length, 1, "the abandoned game's replay, kept beside its morgue file");
    const dead = await replayCheck(join(files.morgueDir, morgueReplays[0]), data);
    deepEqual([dead.code, /^replay OK: /.test(dead.said)], [0, true], dead.said);

    // A new game is the new data's.
    await t.press("n");
    ok(t.text().includes("Abandon the saved game"), t.text());
    await t.press("y");
    equal(dataChecksum(t.app.game!.content.rules), now, "a new game plays by the data as it is now");
    await t.press("Escape", "y", "q");
    equal(await t.running, "quit");
    equal((await savedGame(files.savePath, after.rules)).checksum, now);
  });
}

Deno.test("a save whose data is kept nowhere is told in one line naming the data; it is never moved unasked", async () => {
  const folder = await Deno.makeTempDir({ prefix: "delve-update-" });
  const data = await modFolder();
  const before = await loadedData(data, "mods/mine/");
  await gamesMadeWith(folder, before);
  // The versions kept beside the save are gone (deleted by hand): the old data is nowhere.
  await Deno.remove(join(folder, "data-versions"), { recursive: true });
  await changeData(data, UPDATES["an orc's HP"]);
  const t = await session(folder, await loadedData(data, "mods/mine/"));
  const sum = dataChecksum(before.rules);
  ok(
    t.text().includes('The saved game was made with a version of "mods/mine/" kept nowhere here'),
    t.text(),
  );
  ok(!t.text().includes("[C] Continue"), t.text());
  await t.press("c");
  const popup = t.text().replace(/[│\s]+/g, " ");
  ok(
    popup.includes(
      `this save was made with a version of "mods/mine/" (data ${sum}) kept nowhere here`,
    ),
    popup,
  );
  const bytes = await Deno.readFile(filesIn(folder).savePath);
  await t.press("Escape", "n");
  ok(t.text().includes("Abandon the saved game (depth 1, turn"), t.text());
  await t.press("x");
  deepEqual(
    await Deno.readFile(filesIn(folder).savePath),
    bytes,
    "any key but y leaves the save where it was",
  );
  await t.press("q");
  equal(await t.running, "quit");
});
