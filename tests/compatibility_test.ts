/**
 * The compatibility policy (CONTRIBUTING.md, Saves and replays outlive the
 * data): games recorded with Delve's own data by each release
 * (tests/fixtures/release_games/VERSION/, bot games recorded with `deno task
 * sim --record` and a save, with the end of each game as that release
 * played it in ends.json) play back exactly by today's engine, each by its
 * own rules, found by their checksum among the versions Delve comes with
 * (data/versions/); and a release's save continues after a re-balance of
 * data/. A change to what the engine does with the same data breaks them:
 * such a change comes behind a data word whose default keeps the old way.
 * (The tutorials' replays: tests/replay_fixtures_test.ts.)
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { dataChecksum, stateChecksum } from "../src/engine/mod.ts";
import {
  bundledArchive,
  continueRecording,
  decodeSave,
  playRecording,
  readSave,
  recordedData,
  savedReplay,
  summarizeSave,
} from "../src/store/mod.ts";
import { readRecording, replayMain } from "../src/commands/mod.ts";
import { InProcessRunner } from "../src/worker/mod.ts";
import { captureConsole } from "./support/console_capture.ts";
import { changeData, copyOfDelveData, loadedData, UPDATES } from "./support/changed_data.ts";
import { titleSession } from "./support/title_session.ts";

const RELEASES = fileURLToPath(new URL("./fixtures/release_games/", import.meta.url));

/** Each release's folder of recorded games. */
const releases = [...Deno.readDirSync(RELEASES)].filter((e) => e.isDirectory).map((e) => e.name).sort();

/** How a game ended as its release played it. */
interface End {
  readonly turn: number;
  readonly floor: number;
  readonly stateChecksum: number;
}

/** A copy of data/ re-balanced, as the next release's may be: loaded as `data/`, the folder it stands for. */
async function rebalanced(): Promise<{ dir: string; label: string }> {
  const dir = await copyOfDelveData("delve-rebalanced-");
  await changeData(dir, UPDATES["an orc's HP"]);
  return { dir, label: "data/" };
}

Deno.test("there are recorded games of a release, of Delve's own data, to hold today's engine to", () => {
  ok(releases.length >= 1, "a folder a release");
  for (const release of releases) {
    const files = [...Deno.readDirSync(join(RELEASES, release))].map((e) => e.name);
    ok(files.filter((f) => f.endsWith(".replay.json.gz")).length >= 3, `${release}: three games or more`);
    ok(files.some((f) => f.endsWith(".save.json.gz")), `${release}: a save`);
  }
});

Deno.test("every release's recorded games play back exactly by their own rules, after a re-balance of data/", async () => {
  const { dir } = await rebalanced();
  const archive = bundledArchive();
  for (const release of releases) {
    const folder = join(RELEASES, release);
    const ends: Record<string, End> = JSON.parse(await Deno.readTextFile(join(folder, "ends.json")));
    const games = [...Deno.readDirSync(folder)].map((e) => e.name).filter((f) =>
      f.endsWith(".replay.json.gz")
    );
    for (const game of games.sort()) {
      const file = join(folder, game);
      const recording = await readRecording(file);
      const { checksum } = recordedData(recording);
      const kept = await archive.read(checksum);
      ok(kept, `${release}/${game}: its data (${checksum}) is among the versions Delve comes with`);
      equal(dataChecksum(kept.content.rules), checksum);
      const end = playRecording(recording, kept.content.rules);
      const got = { turn: end.turn, floor: end.floor, stateChecksum: stateChecksum(end) };
      // A release's folder without the end of a game: the line to add (played by that release's code).
      deepEqual(
        got,
        ends[game],
        `${release}/${game} ends as it did: ends.json's "${game}": ${JSON.stringify(got)}`,
      );
      // And as a player replays it, with the data as it is now.
      const { result, out, err } = await captureConsole(() => replayMain([file, "--check", "--data", dir]));
      deepEqual(
        [result, [...out, ...err]],
        [0, [
          `replay OK: ${recording.commands.length} commands, turn ${end.turn}, dungeon level ${end.floor}`,
        ]],
      );
    }
  }
});

Deno.test("every release's save continues after a re-balance of data/, by its own rules, and its replay stays whole", async () => {
  const { dir, label } = await rebalanced();
  const now = await loadedData(dir, label);
  for (const release of releases) {
    const saves = [...Deno.readDirSync(join(RELEASES, release))].map((e) => e.name)
      .filter((f) => f.endsWith(".save.json.gz"));
    for (const name of saves) {
      const read = await readSave(join(RELEASES, release, name));
      if (read.kind !== "read") throw new Error(`${release}/${name} cannot be read`);
      const summary = summarizeSave(read.json);
      const kept = await bundledArchive().read(summary.data!.checksum);
      ok(kept, `${release}/${name}: its data is among the versions Delve comes with`);
      const saved = decodeSave(read.json, kept.content.rules);
      const recording = continueRecording(savedReplay(read.json), summary.data);
      equal(
        stateChecksum(playRecording(recording, kept.content.rules)),
        stateChecksum(saved),
        "its replay plays back to it",
      );

      const t = await titleSession(
        (path) => copyFile(join(RELEASES, release, name), path),
        { makeRunner: (rules) => new InProcessRunner(rules) },
        now,
      );
      const title = t.text();
      ok(
        title.includes(`Saved game: seed ${saved.seed}, dungeon level ${saved.floor}, turn ${saved.turn}`),
        title,
      );
      ok(title.includes(`Made with an older version of data/, from ${kept.since.slice(0, 10)}.`), title);
      await t.press("c");
      equal(
        dataChecksum(t.app.game!.content.rules),
        summary.data!.checksum,
        "played by its own rules, unasked",
      );
      await t.press("x", ".", "Escape", "y");
      const after = await readSave(t.savePath);
      if (after.kind !== "read") throw new Error("the continued game was not saved");
      const continued = decodeSave(after.json, kept.content.rules);
      ok(continued.turn > saved.turn, "it went on");
      equal(
        summarizeSave(after.json).data?.checksum,
        summary.data!.checksum,
        "saved as made with its own data",
      );
      const whole = continueRecording(savedReplay(after.json));
      equal(whole.version, 4, "its replay goes on in today's format");
      equal(
        stateChecksum(playRecording(whole, kept.content.rules)),
        stateChecksum(continued),
        "and plays back from the release's first turn to today's last",
      );
      await t.press("q");
      equal(await t.running, "quit");
    }
  }
});
