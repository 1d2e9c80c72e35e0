/**
 * Daily games (docs/options.md, Daily games): the day's seed from the UTC
 * date, the same everywhere; the first daily game of a day is scored and
 * marked, a second is played unscored; the mark rides in the save and
 * shows in the morgue file.
 */
import { deepEqual, equal, notEqual, ok, throws } from "node:assert/strict";
import {
  addScoreOf,
  dailyLine,
  dailySeed,
  parseCli,
  type RecordPlaces,
  utcDate,
  writeMorgueOf,
} from "../src/app/mod.ts";
import { dataStamp, encodeSave, readScores, summarizeSave } from "../src/store/mod.ts";
import { UsageError } from "../src/cli/mod.ts";
import { MAX_SEED, newGame } from "../src/engine/mod.ts";
import { bundledContent } from "./support/content.ts";

const content = await bundledContent();

Deno.test("the day's seed comes from the UTC date alone: the same all day everywhere, another the next day", () => {
  equal(utcDate(new Date("2026-11-24T23:59:59+00:00")), "2026-11-24");
  equal(
    utcDate(new Date("2026-11-25T00:30:00+02:00")),
    "2026-11-24",
    "a clock east of Greenwich, still the 24th in UTC",
  );
  equal(dailySeed("2026-11-24"), dailySeed("2026-11-24"));
  notEqual(dailySeed("2026-11-24"), dailySeed("2026-11-25"));
  ok(dailySeed("2026-11-24") >= 0 && dailySeed("2026-11-24") <= MAX_SEED);
});

Deno.test("--daily on the command line; with --seed it is refused in one line", () => {
  deepEqual(
    parseCli(["--daily"]).kind === "play" && (parseCli(["--daily"]) as { daily?: boolean }).daily,
    true,
  );
  throws(
    () => parseCli(["--daily", "--seed", "3"]),
    (e) => e instanceof UsageError && /--daily and --seed/.test(e.message),
  );
});

Deno.test("the day's first daily game is scored and marked; a second that day is not, and says so", async () => {
  const dir = await Deno.makeTempDir({ prefix: "delve-daily-" });
  try {
    const places = (scored: boolean): RecordPlaces => ({
      morgueDir: `${dir}/morgue`,
      scoresPath: `${dir}/scores.json`,
      version: "9.9.9",
      now: () => new Date("2026-11-24T12:00:00Z"),
      daily: { date: "2026-11-24", scored },
    });
    const state = newGame(content.rules, dailySeed("2026-11-24"));
    const first = await addScoreOf(places(true), state, content, "killed by an Orc");
    equal(first.rank, 1);
    const read = await readScores(`${dir}/scores.json`);
    ok(read.kind === "read");
    deepEqual([read.scores[0].daily, read.dailies], ["2026-11-24", ["2026-11-24"]]);
    const second = await addScoreOf(places(false), state, content, "killed by an Orc");
    deepEqual(second, { unscored: true });
    const after = await readScores(`${dir}/scores.json`);
    equal(after.kind === "read" && after.scores.length, 1, "the second went into no table");
    const morgue = await writeMorgueOf(places(false), state, content);
    ok("path" in morgue);
    ok((await Deno.readTextFile(morgue.path)).includes("Daily game of 2026-11-24 (played unscored)"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a daily game's save keeps its mark; another game's has none", () => {
  const state = newGame(content.rules, 7);
  const at = new Date("2026-11-24T12:00:00Z");
  const daily = JSON.parse(
    encodeSave(state, dataStamp(content), "9.9.9", at, undefined, { date: "2026-11-24", scored: false }),
  );
  deepEqual(summarizeSave(daily).daily, { date: "2026-11-24", scored: false });
  equal(summarizeSave(JSON.parse(encodeSave(state, dataStamp(content), "9.9.9", at))).daily, undefined);
});

Deno.test("the title's daily line fits 80 columns with the longest seed, scored or not", () => {
  for (const scored of [true, false]) {
    const line = dailyLine({ date: "2026-11-24", scored }, MAX_SEED);
    ok(line.length <= 78, line);
  }
});
